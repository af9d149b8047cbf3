// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NavState",
    // The releases with NavigationStack. Every API the code uses exists there
    // (docs/platforms.md; PlatformFloorTests keeps the audit true).
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // The store, the model and the restore rules: from iOS 16 / macOS 13.
        .library(name: "NavState", targets: ["NavState"]),
        // SceneNavigator, the live model of one scene: Observation, so
        // iOS 17 / macOS 14. Its own product, so that an iOS 16 app linking
        // the store links no class that names an iOS 17 protocol.
        .library(name: "NavStateNavigator", targets: ["NavStateNavigator"]),
        // The iOS 16 SwiftUI face: the app's own state saved per window
        // (restoresNavigation); empty where there is no SwiftUI.
        .library(name: "NavStateUI", targets: ["NavStateUI"]),
        // UIKit glue for SceneNavigator: navigation and tab bar controllers
        // kept in step with a scene; empty where there is no UIKit.
        .library(name: "NavStateUIKit", targets: ["NavStateUIKit"]),
        // Inspection and repair, for tools and tests, not apps.
        .library(name: "NavStateTooling", targets: ["NavStateTooling"]),
        // An app's own restoration tests: round trips, saved states of past
        // releases, a lint of the registry. Linked by test targets only.
        .library(name: "NavStateTesting", targets: ["NavStateTesting"]),
        .executable(name: "navstate", targets: ["NavStateCLI"]),
    ],
    // Each floor is the oldest release with the APIs NavState uses and a
    // manifest Swift 6.0 (Xcode 16) reads: SwiftPM passes over releases
    // whose swift-tools-version is newer than its own, so a newer floor
    // (swift-log 1.9 needs tools 6.1, 1.10.1 tools 6.2) would make the
    // package unresolvable there. docs/platforms.md, "Xcode and Swift".
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Tests only, and its manifest needs tools 6.1 (Xcode 16.3): SwiftPM
        // does not resolve a dependency package's test-only dependencies,
        // so an app that adds NavState never fetches it.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation`; a command plugin, never
        // part of an app's build.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNavStateSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The layers, each a target so the compiler keeps the arrows one way:
        // NavStateModel (navigation, wire format, restore rules) and
        // NavStateSQLite (knows nothing of navigation) are joined by the
        // store, NavState, which is what an app imports. NavStateTooling
        // holds what only tools need.
        .target(name: "NavStateModel"),
        // What the store reports of its file to tools (listings, stored
        // revisions, damage, prune results): store concepts, kept out of
        // the model and out of what `import NavState` shows an app.
        .target(name: "NavStateReports", dependencies: ["NavStateModel"]),
        .target(
            name: "NavStateSQLite",
            dependencies: ["CNavStateSQLite"]
        ),
        .target(
            name: "NavState",
            dependencies: [
                "NavStateModel",
                "NavStateReports",
                "NavStateSQLite",
                .product(name: "Logging", package: "swift-log"),
            ],
            // Apple's privacy manifest: the store reads file metadata
            // (`stat`, `lstat`, `fstat`), a required-reason API, for its own
            // files only (docs/platforms.md, "App Store privacy manifest").
            // Nothing reads the bundle at run time.
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // Tools' public face over the store: it runs no SQL of its own, so
        // it does not see the SQLite layer.
        .target(
            name: "NavStateTooling",
            dependencies: [
                "NavStateModel",
                "NavStateReports",
                "NavState",
                .product(name: "Logging", package: "swift-log"),
            ],
            // It reads a store's file sizes (`attributesOfItem`).
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // What an app's tests check of its own types; no test framework
        // imported, so XCTest and Swift Testing both use it.
        .target(name: "NavStateTesting", dependencies: ["NavState", "NavStateModel", "NavStateTooling"]),
        // The core under every face, platform-neutral and without
        // Observation: a window's scene, its restore, confirmation, saves,
        // background work and queued links.
        .target(
            name: "NavStateScenes",
            dependencies: [
                "NavState",
                "NavStateModel",
                // WindowScenes lists the file's scenes to know a window's.
                "NavStateReports",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The iOS 16 face: the app's own state bound to a scene.
        .target(
            name: "NavStateUI",
            dependencies: ["NavState", "NavStateModel", "NavStateScenes"]
        ),
        // The navigator joins the store to Observation; nothing below it
        // imports Observation.
        .target(
            name: "NavStateNavigator",
            dependencies: [
                "NavState",
                "NavStateModel",
                "NavStateScenes",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Its reconciliation (StackChange) is platform-neutral and tested
        // on Linux; the coordinators are UIKit only.
        .target(
            name: "NavStateUIKit",
            dependencies: [
                "NavState", "NavStateModel", "NavStateNavigator", "NavStateScenes",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Migrations/*.sql are the only definition of the schema. This tool
        // turns them into Swift (scripts/embed-migrations.sh); the output is
        // committed, so an app's build runs no plugin.
        .executableTarget(name: "EmbedMigrationsTool"),
        .executableTarget(
            name: "NavStateCLI",
            dependencies: [
                "NavState",
                "NavStateModel",
                "NavStateNavigator",
                "NavStateReports",
                "NavStateTooling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // DatabaseOptions sets the store's log level.
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The store fuzzer (scripts/fuzz.sh builds it with libFuzzer); an
        // ordinary build replays saved inputs, and the tests run its corpus.
        .executableTarget(
            name: "StoreFuzzer",
            dependencies: [
                "NavState", "NavStateModel", "NavStateSQLite", "NavStateTooling",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/StoreFuzzer"
        ),
        // The in-process fuzz targets, one binary (scripts/fuzz.sh builds it
        // with libFuzzer; an ordinary build replays inputs, and the tests
        // run every corpus through it).
        .executableTarget(
            name: "Fuzzers",
            dependencies: ["NavState", "NavStateModel", "NavStateTooling"],
            path: "Fuzz/Fuzzers"
        ),
        // What Benchmarks/check-budgets.sh counts (instructions, system
        // calls) per save, restore, launch and main-actor change; here, not
        // in the Benchmarks package, so that CI builds it with the release
        // build it already makes, and it reaches the faces' package core.
        .executableTarget(
            name: "NavStateBudgets",
            // The tooling, NavStateUI and NavStateUIKit are linked in, unused, so
            // that CI's release build links every library product once, as an
            // app that ships it does (a release link of the tooling once failed
            // where debug builds did not, 88e10ac).
            dependencies: [
                "CNavStateSQLite", "NavState", "NavStateModel", "NavStateNavigator", "NavStateScenes",
                "NavStateTooling", "NavStateUI", "NavStateUIKit",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/Budgets"
        ),
        // What an app links, weighed by scripts/size-budget.sh: the
        // QuickStart snippet (a symbolic link to it) built with the NavState
        // product alone, and again with NavStateUI beside it.
        .executableTarget(name: "SizeNavState", dependencies: ["NavState"], path: "Benchmarks/Size/NavState"),
        .executableTarget(
            name: "SizeNavStateUI",
            dependencies: ["NavState", "NavStateUI"],
            path: "Benchmarks/Size/NavStateUI"
        ),
        // A second process for the store's multi-process tests.
        .executableTarget(
            name: "NavStateTestHelper",
            dependencies: [
                "NavState",
                "NavStateTooling",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/NavStateTestHelper"
        ),
        // The tests, one target per layer, so they show the same arrows as
        // the code: each depends on its layer and those below it, and on the
        // support for its level.
        .target(
            name: "NavStateTestSupport",
            dependencies: ["NavStateModel", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/NavStateTestSupport"
        ),
        .target(
            name: "NavStoreTestSupport",
            dependencies: [
                "NavState", "NavStateModel", "NavStateSQLite", "NavStateTestSupport",
                // FaultyDisk, the VFS that fails on purpose.
                "CNavStateSQLite",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/NavStoreTestSupport"
        ),
        .testTarget(
            name: "NavStateModelTests",
            dependencies: [
                "NavStateModel", "NavStateTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NavStateStoreTests",
            dependencies: [
                "NavState", "NavStateModel", "NavStateReports", "NavStateSQLite", "NavStateTestSupport", "NavStoreTestSupport",
                // Tests inspect files the way tools do (load exactly as
                // saved, list, prune), run a second process, and replay the
                // store fuzzer's corpus.
                "NavStateTooling", "NavStateTestHelper", "EmbedMigrationsTool", "StoreFuzzer", "Fuzzers",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NavStateToolingTests",
            dependencies: [
                "NavStateTooling", "NavState", "NavStateModel", "NavStateTestSupport", "NavStoreTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NavStateScenesTests",
            dependencies: [
                "NavStateScenes", "NavState", "NavStateModel", "NavStateReports", "NavStateTooling",
                "NavStateTestSupport", "NavStoreTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "NavStateNavigatorTests",
            dependencies: [
                "NavStateNavigator", "NavStateScenes", "NavState", "NavStateModel", "NavStateReports", "NavStateTooling",
                "NavStateTestSupport", "NavStoreTestSupport",
                // A second connection holds a lock the navigator's save waits for.
                "NavStateSQLite",
                // Log levels of the records a test reads.
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NavStateUIKitTests",
            dependencies: [
                "NavStateUIKit", "NavStateModel", "NavStateNavigator", "NavState", "NavStateReports",
                "NavStateTestSupport", "NavStoreTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NavStateCLITests",
            dependencies: [
                "NavStateCLI", "NavState", "NavStateModel", "NavStateTooling", "NavStateSQLite", "NavStateTesting",
                "NavStateTestSupport", "NavStoreTestSupport",
                // An app saving to the file the commands read.
                "NavStateTestHelper",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Read from the source tree by CLIGoldenTests, not bundled.
            exclude: ["Golden"]
        ),
        .testTarget(name: "NavStateTestingTests", dependencies: ["NavStateTesting", "NavState", "NavStateTooling"]),
        // Checks of the repository itself: sources, docs, manifest, and the
        // version the tooling reports.
        .testTarget(name: "NavStateRepositoryTests", dependencies: ["NavState", "NavStateTooling"]),
    ],
    swiftLanguageModes: [.v6]
)

// Settings every target shares, set once so no target drifts.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
