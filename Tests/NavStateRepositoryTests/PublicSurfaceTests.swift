import Foundation
import Testing

/// Every public type is a promise kept for ever: the count per product may
/// shrink, and grows only by changing the numbers here, on purpose (the
/// commit that changes one says why; the CHANGELOG lists the types).
///
/// Counted from the sources: each `public` struct, enum, class, protocol,
/// actor or typealias, nested ones included. What an app sees with
/// `import NavState` is the store's own types and the model types
/// NavState/Exports.swift re-exports one by one, with their nested types.
/// NavStateTooling also exports the whole model, for tools.
@Suite("Public surface")
struct PublicSurfaceTests {
    /// The most public types an app sees with `import NavState`: 36, and
    /// the one error every part throws, with its `Code` (issue 45).
    static let appFacingCeiling = 38
    /// The most public types a SwiftUI app sees with `import NavStateUI`,
    /// all it writes: NavStateUI's own and what it re-exports, nested
    /// types included.
    static let swiftUIFacingCeiling = 35
    static let ceilings: [(modules: [String], most: Int)] = [
        // The navigator and the tools throw `NavStateError` (issue 45).
        (["NavStateNavigator"], 7),
        (["NavStateUI"], 2),
        (["NavStateScenes"], 3),
        // The four coordinators, and what a scene delegate forwards to
        // (SceneConnection, HandoffActivity; issue 43).
        (["NavStateUIKit"], 6),
        (["NavStateTooling"], 7),
    ]

    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// A public type, and the type it is nested in (by an extension or a
    /// declaration), if any.
    struct Declared: Hashable {
        var name: String
        var parent: String?
    }

    /// The public types declared in a module's sources.
    static func declarations(in module: String) throws -> [Declared] {
        let directory = sources.appendingPathComponent(module)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        let declaration = #/^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)/#
        let topLevel = #/^(?:(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|package\s+)?(?:final\s+)?(?:struct|enum|class|protocol|actor|extension)\s+(\w+))/#
        var found: [Declared] = []
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            var context: String?
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                let text = String(line)
                if let match = try declaration.firstMatch(in: text) {
                    found.append(Declared(name: String(match.2), parent: match.1.isEmpty ? nil : context))
                }
                if let match = try topLevel.firstMatch(in: text) { context = String(match.1) }
            }
        }
        return found
    }

    static func publicTypes(in module: String) throws -> [String] {
        try declarations(in: module).map(\.name).sorted()
    }

    /// The model types NavState re-exports, by name.
    static func reexported() throws -> Set<String> {
        Set(try reexports(by: "NavState").filter { $0.module == "NavStateModel" }.map(\.name))
    }

    /// The types `module`'s Exports.swift re-exports one by one, with the
    /// module each comes from.
    static func reexports(by module: String) throws -> [(module: String, name: String)] {
        let exports = try String(contentsOf: sources.appendingPathComponent("\(module)/Exports.swift"), encoding: .utf8)
        let line = #/@_exported\s+public\s+import\s+\w+\s+(\w+)\.(\w+)/#
        return exports.matches(of: line).map { (String($0.1), String($0.2)) }
    }

    /// What `import NavStateUI` brings: its own types, and the types it
    /// re-exports with the types nested in them.
    static func swiftUIFacingTypes() throws -> [String] {
        var names = try publicTypes(in: "NavStateUI")
        for (module, name) in try reexports(by: "NavStateUI") {
            names += try declarations(in: module).filter { ($0.parent ?? $0.name) == name }.map(\.name)
        }
        return names.sorted()
    }

    @Test func aSwiftUIAppSeesAtMostItsCeilingOfTypes() throws {
        let types = try Self.swiftUIFacingTypes()
        #expect(types.count <= Self.swiftUIFacingCeiling, "import NavStateUI: \(types.count) public types: \(types)")
        #expect(types.contains("DestinationRegistry") && types.contains("NavigationPart") && types.contains("RestoreOptions"),
                "the counter sees the face and what it re-exports")
        #expect(!types.contains("NavStore") && !types.contains("SceneNavigator"), "\(types)")
    }

    /// What `import NavState` brings: the store's types, and the re-exported
    /// model types with the types nested in them.
    static func appFacingTypes() throws -> [String] {
        let exported = try reexported()
        let model = try declarations(in: "NavStateModel").filter { exported.contains($0.parent ?? $0.name) }
        return (model + (try declarations(in: "NavState"))).map(\.name).sorted()
    }

    @Test func noProductGrowsItsPublicTypesUnnoticed() throws {
        let app = try Self.appFacingTypes()
        #expect(app.count <= Self.appFacingCeiling, "import NavState: \(app.count) public types, more than \(Self.appFacingCeiling): \(app)")
        for (modules, most) in Self.ceilings {
            let names = try modules.flatMap { try Self.publicTypes(in: $0) }
            #expect(names.count <= most, "\(modules): \(names.count) public types, more than \(most): \(names)")
        }
    }

    /// The calls an app may make on a store without `await`: none of them
    /// waits on the file. Every other call is `async`, or for tools
    /// (`@_spi(Tooling)`).
    static let synchronousAppCalls: Set<String> = ["inMemory", "defaultURL", "check", "suspendImmediately", "resume"]

    /// The store's public functions and initialisers that are not `async`
    /// and not for tools, by name.
    static func synchronousStoreCalls() throws -> Set<String> {
        let directory = sources.appendingPathComponent("NavState")
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        let declaration = #/(?m)^\s*(@[^\n]*?\s)?public\s+(?:static\s+|convenience\s+|mutating\s+)*(func\s+(\w+)|init)([^{]*)\{/#
        var names: Set<String> = []
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: declaration) {
                let attributes = match.1.map(String.init) ?? ""
                let signature = String(match.4)
                guard !attributes.contains("_spi"), !signature.contains(" async") else { continue }
                // An error's kinds are values made, not calls on a file.
                guard !signature.hasSuffix("-> NavStateError ") else { continue }
                names.insert(match.3.map(String.init) ?? "init")
            }
        }
        return names
    }

    @Test func anAppCallsNothingThatBlocksOnTheFile() throws {
        let found = try Self.synchronousStoreCalls()
        // Initialisers of configuration values, not of the store.
        let blocking = found.subtracting(Self.synchronousAppCalls).subtracting(["init"])
        #expect(blocking.isEmpty, "public synchronous store calls: \(blocking.sorted())")
        #expect(found.isSuperset(of: ["inMemory", "check"]), "the scan sees the store's synchronous calls")
    }

    /// The error types the public functions and initialisers of `modules`
    /// throw, by name.
    static func thrown(by modules: [String]) throws -> Set<String> {
        let thrown = #/throws\((\w+)\)/#
        var names: Set<String> = []
        for module in modules {
            let directory = sources.appendingPathComponent(module)
            guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
            let declaration = #/(?m)^\s*(@[^\n]*?\s)?public\s+(?:static\s+|convenience\s+|mutating\s+)*(?:func\s+\w+|init\??)([^{]*)\{/#
            while let url = enumerator.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                for match in try String(contentsOf: url, encoding: .utf8).matches(of: declaration) {
                    guard !(match.1.map(String.init) ?? "").contains("_spi") else { continue }
                    for error in match.2.matches(of: thrown) { names.insert(String(error.1)) }
                }
            }
        }
        return names
    }

    /// Every product throws one error type, `NavStateError`, whose codes
    /// can grow (issue 45): an app catches one type whatever it calls, the
    /// store, the registry, a scene state, the navigator, a UIKit
    /// coordinator or the tools. (`DropReason` and `Damage` are reasons in
    /// reports, never thrown.)
    @Test func everyProductThrowsOneErrorType() throws {
        let modules = ["NavStateModel", "NavState", "NavStateNavigator", "NavStateUI", "NavStateUIKit", "NavStateTooling"]
        for module in modules {
            let thrown = try Self.thrown(by: [module])
            #expect(thrown.isSubset(of: ["NavStateError"]), "\(module) throws \(thrown.sorted())")
        }
        #expect(try Self.thrown(by: modules) == ["NavStateError"])
    }

    /// No two kinds share a code's name, across every module that adds
    /// kinds to `NavStateError`: two static members of one name in two
    /// modules would compile, and make every use of the name ambiguous.
    @Test func everyCodeIsNamedOnce() throws {
        let code = #/public static let (\w+) = Self\("(\w+)"\)/#
        var names: [String] = []
        guard let enumerator = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil) else { return }
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            for match in try String(contentsOf: url, encoding: .utf8).matches(of: code) {
                #expect(match.1 == match.2, "the code \(match.2) is spelt as its member \(match.1)")
                names.append(String(match.2))
            }
        }
        #expect(names.count >= 70, "the codes of every module are found: \(names.count)")
        #expect(Set(names).count == names.count, "\(Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
    }

    /// CONTRIBUTING.md gives the count an app sees, as it is.
    @Test func theLayersGiveTheCount() throws {
        let text = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let count = try Self.appFacingTypes().count
        #expect(text.contains("\(count) public types\n") || text.contains("\(count) public types "),
                "CONTRIBUTING.md should say \(count) public types")
    }

    /// The counter sees what it must: a nested type, an attribute before
    /// `public`, `final`; not `package`, not an extension; a re-export by
    /// name, with what is nested in it, and not a model type left out.
    @Test func theCounterFindsDeclarationsAndNothingElse() throws {
        let model = try Self.publicTypes(in: "NavStateModel")
        #expect(model.contains("SceneState"))
        #expect(model.contains("DestinationRegistry"))
        let store = try Self.publicTypes(in: "NavState")
        #expect(store.contains("NavStore"))
        #expect(store.contains("Configuration"), "a nested type")
        #expect(!store.contains("SceneListingPlan"), "a package type")
        #expect(try Self.publicTypes(in: "NavStateSQLite").isEmpty, "the SQLite layer is package only")
        let app = try Self.appFacingTypes()
        #expect(app.contains("SceneState") && app.contains("NavStore"))
        #expect(app.contains("Step"), "nested in a re-exported model type")
        #expect(try Self.declarations(in: "NavState").contains(Declared(name: "Configuration", parent: "NavStore")),
                "nested through an extension")
        #expect(!app.contains("PathRepresentation"), "a model type for tools")
    }
}
