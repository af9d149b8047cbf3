// swift-tools-version: 6.1
import PackageDescription

// NavState's benchmarks, kept in their own package so the library's users and
// its CI never build GRDB. Run everything with `bash Benchmarks/run.sh`.
let package = Package(
    name: "NavStateBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named, so the identity does not depend on what the checkout folder is called.
        .package(name: "NavState", path: ".."),
        // A peer: how a GRDB user would keep one record per scene.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The raw sqlite3 floor and the blob peer call SQLite directly.
        .systemLibrary(name: "CBenchSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // What the benchmark and the instruction count share: the route
        // type every contender stores, and the raw sqlite3 floor.
        .target(
            name: "BenchSupport",
            dependencies: [
                "CBenchSQLite",
                .product(name: "NavState", package: "NavState"),
                .product(name: "NavStateTooling", package: "NavState"),
            ]
        ),
        .executableTarget(
            name: "NavStateBench",
            dependencies: [
                "BenchSupport",
                "CBenchSQLite",
                .product(name: "NavState", package: "NavState"),
                .product(name: "NavStateNavigator", package: "NavState"),
                .product(name: "NavStateTooling", package: "NavState"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
