// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Dynamics",
    products: [
        .library(name: "DynamicsCore", targets: ["DynamicsCore"]),
        .library(name: "DynamicsProfiles", targets: ["DynamicsProfiles"]),
        .executable(name: "dynamics", targets: ["dynamics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CBLAS",
            path: "Sources/CBLAS",
            providers: [.apt(["libblas-dev"])]
        ),
        .target(
            name: "DynamicsCore",
            dependencies: ["CBLAS"]
        ),
        .target(
            name: "DynamicsProfiles",
            dependencies: ["DynamicsCore"]
        ),
        .executableTarget(
            name: "dynamics",
            dependencies: [
                "DynamicsProfiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "DynamicsCoreTests", dependencies: ["DynamicsCore"]),
        .testTarget(name: "DynamicsProfilesTests", dependencies: ["DynamicsProfiles"]),
    ],
    swiftLanguageModes: [.v6]
)
