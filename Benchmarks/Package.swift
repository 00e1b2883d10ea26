// swift-tools-version: 6.2
import PackageDescription

// A nested package, so that `swift test` at the top level never builds the benchmark harness.
let package = Package(
    name: "DynamicsBenchmarks",
    dependencies: [
        .package(name: "Dynamics", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DynamicsCore", package: "Dynamics"),
                .product(name: "DynamicsProfiles", package: "Dynamics"),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
