// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NavState",
    products: [
        .library(name: "NavState", targets: ["NavState"]),
        .executable(name: "navstate", targets: ["NavStateCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CNavStateSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "NavState",
            dependencies: [
                "CNavStateSQLite",
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["EmbedMigrations"]
        ),
        // Migrations/*.sql are the only definition of the schema; this plugin
        // compiles them into the library so no file is looked up at run time.
        .executableTarget(name: "EmbedMigrationsTool"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["EmbedMigrationsTool"]
        ),
        .executableTarget(
            name: "NavStateCLI",
            dependencies: [
                "NavState",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A second process for the store's multi-process tests.
        .executableTarget(
            name: "NavStateTestHelper",
            dependencies: [
                "NavState",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "NavStateTests",
            dependencies: [
                "NavState",
                "NavStateCLI",
                "NavStateTestHelper",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Settings every target shares, set once so no target drifts.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
