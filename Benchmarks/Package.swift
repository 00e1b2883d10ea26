// swift-tools-version: 6.2
import PackageDescription

// A nested package, so that `swift test` at the top level never builds the benchmark harness.
let package = Package(
    name: "DynamicsBenchmarks",
    dependencies: [
        .package(name: "Dynamics", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        // The interposer the harness counts with: the benchmarks install a hook into it that counts
        // the allocations of the engine's thread alone.
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DynamicsCore", package: "Dynamics"),
                .product(name: "DynamicsProfiles", package: "Dynamics"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                "ThreadAllocationCounter",
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(name: "ThreadAllocationCounter", path: "Benchmarks/ThreadAllocationCounter"),
    ],
    swiftLanguageModes: [.v6]
)
