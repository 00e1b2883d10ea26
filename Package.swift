// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Dynamics",
    // The worker pool uses the standard library's Synchronization module (atomics).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
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
        .testTarget(name: "dynamicsTests", dependencies: ["dynamics"]),
    ],
    swiftLanguageModes: [.v6]
)
