// swift-tools-version: 6.0
import PackageDescription

// A complete SwiftUI app on NavState: a tab bar with a stack in each tab (a
// split view on iPad and the Mac), a managed sheet with its own stack, deep
// links, several windows, the shared store and the crash-loop guard's
// report. `ShopCore` is platform-neutral and tested on Linux (`.ci/run`);
// `ShopApp` is SwiftUI, empty where there is none, and type-checked for
// iOS 17 and macOS 14 by `scripts/typecheck-examples.sh`.
let package = Package(
    name: "Examples",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "ShopCore", targets: ["ShopCore"]),
        .library(name: "ShopApp", targets: ["ShopApp"]),
        .library(name: "ShopUIKit", targets: ["ShopUIKit"]),
        .library(name: "Adoption", targets: ["Adoption"]),
    ],
    dependencies: [
        // Named, so the identity does not depend on what the checkout folder is called.
        .package(name: "NavState", path: ".."),
    ],
    targets: [
        .target(
            name: "ShopCore",
            dependencies: [
                .product(name: "NavState", package: "NavState"),
                .product(name: "NavStateNavigator", package: "NavState"),
            ]
        ),
        .target(
            name: "ShopApp",
            dependencies: [
                "ShopCore",
                .product(name: "NavStateUI", package: "NavState"),
            ]
        ),
        // The same shop as a UIKit app, on NavStateUIKit's coordinators.
        .target(
            name: "ShopUIKit",
            dependencies: [
                "ShopCore",
                .product(name: "NavStateUIKit", package: "NavState"),
            ]
        ),
        // What an app adds to adopt NavStateUI, case by case (README.md
        // quotes each file; AdoptionCostTests counts the lines). Type-checked
        // for iOS 16.0 by scripts/typecheck-examples.sh.
        .target(
            name: "Adoption",
            dependencies: ["AdoptionFeatures", .product(name: "NavStateUI", package: "NavState")]
        ),
        // A feature package's public routes, as a real tab-bar app keeps
        // them (FeatureTabs.swift adopts them): Swift 6 language mode, not
        // Sendable, nothing of NavState imported. Built on Linux too.
        .target(
            name: "AdoptionFeatures",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(name: "ShopCoreTests", dependencies: ["ShopCore"]),
        // The shop's own restoration tests (NavStateTesting): its routes'
        // round trips, the saved states of two past releases (Fixtures/,
        // read from the source tree), the registry's lint; in Swift
        // Testing and in XCTest.
        .testTarget(
            name: "ShopRestorationTests",
            dependencies: ["ShopCore", .product(name: "NavStateTesting", package: "NavState")],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
