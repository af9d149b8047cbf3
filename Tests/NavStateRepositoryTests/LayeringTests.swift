import Foundation
import Testing

/// The layers are what Package.swift says: every module a target's sources
/// import, of this package or of a dependency, is one the target declares
/// (SwiftPM builds an undeclared one when something else pulls it in, so
/// the compiler does not catch it), and the arrows CONTRIBUTING.md shows
/// are the manifest's.
@Suite("Layering")
struct LayeringTests {
    private static let root = RepositoryFiles.root

    /// A target of the manifest: its kind, its folder and what it declares
    /// it depends on (targets, and the modules of products).
    struct Target: Equatable {
        var name: String
        var kind: String
        var path: String
        var dependencies: [String]
    }

    /// The targets of a manifest's text. Each starts with `.target(`,
    /// `.executableTarget(`, `.testTarget(` or `.systemLibrary(`; its
    /// `dependencies:` list names targets as strings and products as
    /// `.product(name:package:)`, whose module here has the product's name.
    static func targets(ofManifest text: String) throws -> [Target] {
        let start = #/\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"(\w+)"/#
        let starts = text.matches(of: start)
        var found: [Target] = []
        for (index, match) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
            let body = String(text[match.range.upperBound..<end])
            let kind = String(match.1), name = String(match.2)
            var dependencies: [String] = []
            if let list = try #/dependencies:\s*\[([^\]]*)\]/#.firstMatch(in: body) {
                // Comments inside the list may quote names; they are not dependencies.
                let code = list.1.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1).first ?? "" }.joined(separator: "\n")
                dependencies = code.matches(of: #/(?:\.product\(name:\s*)?"(\w+)"(?:,\s*package:\s*"[\w-]+"\))?/#).map { String($0.1) }
            }
            let folder = kind == "testTarget" ? "Tests" : "Sources"
            let path = try #/path:\s*"([^"]+)"/#.firstMatch(in: body).map { String($0.1) } ?? "\(folder)/\(name)"
            found.append(Target(name: name, kind: kind, path: path, dependencies: dependencies))
        }
        return found
    }

    /// The modules a Swift source imports, whatever its attributes and
    /// access level (`@testable import`, `public import`, `@_spi(X) import`).
    static func imports(inSource text: String) -> Set<String> {
        let line = #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/#.anchorsMatchLineEndings()
        return Set(text.matches(of: line).map { String($0.1) })
    }

    /// Each target's imports of modules the manifest knows (its targets and
    /// the products it uses) that it does not declare, as "Target imports
    /// Module"; Foundation and the system's modules are not the manifest's.
    static func undeclaredImports(targets: [Target], sources: [String: [String]]) -> [String] {
        let known = Set(targets.map(\.name)).union(targets.flatMap(\.dependencies))
        var found: [String] = []
        for target in targets {
            let imported = (sources[target.name] ?? []).reduce(into: Set<String>()) { $0.formUnion(imports(inSource: $1)) }
            for module in imported.sorted() where known.contains(module) && module != target.name && !target.dependencies.contains(module) {
                found.append("\(target.name) imports \(module)")
            }
        }
        return found
    }

    static func manifest() throws -> [Target] {
        try targets(ofManifest: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    /// The text of every Swift file under a target's folder.
    static func sources(of target: Target) throws -> [String] {
        try RepositoryFiles.swiftTexts(under: root.appendingPathComponent(target.path))
    }

    @Test func everyImportIsDeclaredInTheManifest() throws {
        let targets = try Self.manifest()
        #expect(targets.count > 20, "the manifest's targets were not found: \(targets.map(\.name))")
        var sources: [String: [String]] = [:]
        for target in targets { sources[target.name] = try Self.sources(of: target) }
        #expect(sources.values.joined().count > 150, "the sources were not found")
        #expect(Self.undeclaredImports(targets: targets, sources: sources) == [])
    }

    @Test func aPlantedUndeclaredImportIsFound() throws {
        let targets = try Self.manifest()
        let ui = try #require(targets.first { $0.name == "NavStateUI" })
        #expect(!ui.dependencies.contains("NavStateSQLite"))
        let planted = ["NavStateUI": ["import Foundation\n@_spi(Tooling) public import NavStateSQLite\n"]]
        #expect(Self.undeclaredImports(targets: targets, sources: planted) == ["NavStateUI imports NavStateSQLite"])
        // Foundation and modules of no target are the system's, not the manifest's.
        #expect(Self.undeclaredImports(targets: targets, sources: ["NavStateUI": ["import SwiftUI\nimport Foundation\n"]]) == [])
    }

    @Test func theManifestIsReadAsWritten() throws {
        let text = """
            .target(name: "A"),
            .target(
                name: "B",
                dependencies: [
                    "A", // "C" in a comment is not one
                    .product(name: "Logging", package: "swift-log"),
                ],
                path: "Elsewhere/B"
            ),
            .testTarget(name: "BTests", dependencies: ["B"]),
            """
        #expect(try Self.targets(ofManifest: text) == [
            Target(name: "A", kind: "target", path: "Sources/A", dependencies: []),
            Target(name: "B", kind: "target", path: "Elsewhere/B", dependencies: ["A", "Logging"]),
            Target(name: "BTests", kind: "testTarget", path: "Tests/BTests", dependencies: ["B"]),
        ])
    }

    /// The arrows between the targets in Sources/, one line per target with
    /// what of this package it depends on, as CONTRIBUTING.md shows them.
    static func layers(of targets: [Target]) -> String {
        let libraries = targets.filter { $0.kind != "testTarget" && $0.path.hasPrefix("Sources/") }
        let names = Set(libraries.map(\.name)).union(targets.filter { $0.kind == "systemLibrary" }.map(\.name))
        return libraries.map { target in
            let below = target.dependencies.filter { names.contains($0) }
            return below.isEmpty ? target.name : "\(target.name) <- \(below.joined(separator: ", "))"
        }.joined(separator: "\n")
    }

    @Test func contributingShowsTheManifestsLayers() throws {
        let contributing = try String(contentsOf: Self.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let block = try #require(
            try #/<!-- layers: [^\n]*-->\n```\n(.*?)\n```/#.dotMatchesNewlines().firstMatch(in: contributing),
            "CONTRIBUTING.md has no block after `<!-- layers: … -->`")
        let expected = Self.layers(of: try Self.manifest())
        #expect(String(block.1) == expected, "CONTRIBUTING.md's layers differ from Package.swift's; they are:\n\(expected)")
    }
}
