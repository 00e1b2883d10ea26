// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Dynamics",
    // The worker pool uses the standard library's Synchronization module (atomics).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DynamicsCore", targets: ["DynamicsCore"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "UIKitCompatibility", targets: ["UIKitCompatibility"]),
        .library(name: "DynamicsProfiles", targets: ["DynamicsProfiles"]),
        .library(name: "DynamicsRendering", targets: ["DynamicsRendering"]),
        .executable(name: "dynamics", targets: ["dynamics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs of DynamicsCore and Dynamics.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // Property-based tests over random scenes and call sequences (tests only).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CBLAS",
            path: "Sources/CBLAS",
            providers: [.apt(["libblas-dev"])]
        ),
        // Static inline C helpers for the hot kernels: a cache prefetch hint and lane transposes.
        .target(name: "CKernelSupport"),
        .target(
            name: "DynamicsCore",
            dependencies: ["CBLAS", "CKernelSupport"]
        ),
        // The UIKit-shaped facade: animator, items, behaviors.
        .target(
            name: "Dynamics",
            dependencies: ["DynamicsCore", "CKernelSupport"]
        ),
        // UI-prefixed aliases of the facade's names, so that iOS files compile with an import change.
        .target(
            name: "UIKitCompatibility",
            dependencies: ["Dynamics"]
        ),
        .target(
            name: "DynamicsProfiles",
            dependencies: ["DynamicsCore", "Dynamics"]
        ),
        // Pictures and players: SVG frames and self-contained HTML replays.
        .target(
            name: "DynamicsRendering",
            dependencies: ["DynamicsCore"]
        ),
        // Counts heap allocations for `dynamics bench`; linked into the command line only.
        .target(name: "CAllocationCounter"),
        .executableTarget(
            name: "dynamics",
            dependencies: [
                "DynamicsProfiles",
                "DynamicsRendering",
                "CAllocationCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "DynamicsCoreTests", dependencies: ["DynamicsCore"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "UIKitCompatibility"]),
        .testTarget(name: "DynamicsRenderingTests", dependencies: ["DynamicsRendering"]),
        .testTarget(name: "PropertyTests", dependencies: [
            "Dynamics", "DynamicsCore", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "DynamicsProfilesTests", dependencies: ["DynamicsProfiles"]),
        .testTarget(name: "dynamicsTests", dependencies: ["dynamics", "Dynamics", "CAllocationCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
