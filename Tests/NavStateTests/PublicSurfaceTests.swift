import Foundation
import Testing

/// Every public type is a promise kept for ever: the count per product may
/// shrink, and grows only by changing the numbers here, on purpose.
///
/// Counted from the sources: each `public` struct, enum, class, protocol,
/// actor or typealias, nested ones included. `import NavState` brings the
/// model's types too (`@_exported import NavStateModel`). Counts on
/// 2026-11-24: NavStateModel 29, NavState 21 (50 an app sees with
/// `import NavState`), NavStateNavigator 4, NavStateUI 2, NavStateTooling 10.
@Suite("Public surface")
struct PublicSurfaceTests {
    static let ceilings: [(modules: [String], most: Int)] = [
        (["NavStateModel", "NavState"], 51),
        (["NavStateNavigator"], 4),
        (["NavStateUI"], 2),
        (["NavStateTooling"], 10),
    ]

    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The public types declared in a module's sources, by name.
    static func publicTypes(in module: String) throws -> [String] {
        let directory = sources.appendingPathComponent(module)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        let declaration = #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)/#
        var names: [String] = []
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                if let match = try declaration.firstMatch(in: String(line)) { names.append(String(match.1)) }
            }
        }
        return names.sorted()
    }

    @Test func noProductGrowsItsPublicTypesUnnoticed() throws {
        for (modules, most) in Self.ceilings {
            let names = try modules.flatMap { try Self.publicTypes(in: $0) }
            #expect(names.count <= most, "\(modules): \(names.count) public types, more than \(most): \(names)")
        }
    }

    /// The counter sees what it must: a nested type, an attribute before
    /// `public`, `final`; not `package`, not an extension.
    @Test func theCounterFindsDeclarationsAndNothingElse() throws {
        let model = try Self.publicTypes(in: "NavStateModel")
        #expect(model.contains("SceneState"))
        #expect(model.contains("DestinationRegistry"))
        let store = try Self.publicTypes(in: "NavState")
        #expect(store.contains("NavStore"))
        #expect(store.contains("Configuration"), "a nested type")
        #expect(!store.contains("SceneListingPlan"), "a package type")
        #expect(try Self.publicTypes(in: "NavStateSQLite").isEmpty, "the SQLite layer is package only")
    }
}
