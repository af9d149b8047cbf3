import Foundation
import Testing

/// Every public type is a promise kept for ever: the count each product's
/// import brings may shrink, and grows only by changing the numbers here,
/// on purpose (the commit that changes one says why; the CHANGELOG lists
/// the types).
///
/// Counted from the sources, Apple-only code included: each `public`
/// struct, enum, class, protocol, actor or typealias, nested ones
/// included, of the product's module and of what its Exports.swift
/// re-exports (a module whole, or a type with the types nested in it).
/// That every type a public member names is among them is
/// ClosedSurfaceTests'.
@Suite("Public surface")
struct PublicSurfaceTests {
    /// The public types `import P` brings, for each product P: today's
    /// counts. `NavState` brings the store's types and the model's an app
    /// names, with the one error every part throws and its `Code`; every
    /// other product brings NavState whole, and its own; the tooling
    /// brings the whole model and the store's reports, for tools.
    static let ceilings: [String: Int] = [
        "NavState": 42,
        "NavStateUI": 45,
        "NavStateNavigator": 53,
        "NavStateUIKit": 59,
        "NavStateTooling": 45,
        "NavStateTesting": 45,
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

    /// The text of every Swift file of a module.
    static func texts(of module: String) throws -> [String] {
        try RepositoryFiles.swiftTexts(under: sources.appendingPathComponent(module))
    }

    /// The public types declared in these sources.
    static func declarations(inTexts texts: [String]) throws -> [Declared] {
        let declaration = #/^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)/#
        let topLevel = #/^(?:(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|package\s+)?(?:final\s+)?(?:struct|enum|class|protocol|actor|extension)\s+(\w+))/#
        var found: [Declared] = []
        for text in texts {
            var context: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let text = String(line)
                if let match = try declaration.firstMatch(in: text) {
                    found.append(Declared(name: String(match.2), parent: match.1.isEmpty ? nil : context))
                }
                if let match = try topLevel.firstMatch(in: text) { context = String(match.1) }
            }
        }
        return found
    }

    /// The public types declared in a module's sources.
    static func declarations(in module: String) throws -> [Declared] {
        try declarations(inTexts: texts(of: module))
    }

    static func publicTypes(in module: String) throws -> [String] {
        try declarations(in: module).map(\.name).sorted()
    }

    /// What `module`'s Exports.swift re-exports: modules whole, and types
    /// one by one with the module each comes from.
    static func reexports(by module: String) throws -> (modules: [String], types: [(module: String, name: String)]) {
        let url = sources.appendingPathComponent("\(module)/Exports.swift")
        guard FileManager.default.fileExists(atPath: url.path) else { return ([], []) }
        let exports = try String(contentsOf: url, encoding: .utf8)
        let whole = #/(?m)^@_exported\s+public\s+import\s+(\w+)\s*$/#
        let one = #/@_exported\s+public\s+import\s+\w+\s+(\w+)\.(\w+)/#
        return (exports.matches(of: whole).map { String($0.1) }, exports.matches(of: one).map { (String($0.1), String($0.2)) })
    }

    /// The public types `import product` brings, by name: `declarations`
    /// gives a module's (the real sources', or planted ones).
    static func typesBrought(
        by product: String,
        declarations: (String) throws -> [Declared] = { try PublicSurfaceTests.declarations(in: $0) }
    ) throws -> [String] {
        var modules: [String] = [], pending = [product]
        var types: [(module: String, name: String)] = []
        while let module = pending.popLast() {
            guard !modules.contains(module) else { continue }
            modules.append(module)
            let exported = try reexports(by: module)
            pending += exported.modules
            types += exported.types
        }
        var names = try modules.flatMap { try declarations($0) }.map(\.name)
        for (module, name) in types where !modules.contains(module) {
            names += try declarations(module).filter { ($0.parent ?? $0.name) == name }.map(\.name)
        }
        return names.sorted()
    }

    /// Each product whose import brings more public types than its
    /// ceiling, with the count and the names.
    static func overCeilings(
        declarations: (String) throws -> [Declared] = { try PublicSurfaceTests.declarations(in: $0) }
    ) throws -> [String] {
        try ceilings.keys.sorted().compactMap { product in
            let names = try typesBrought(by: product, declarations: declarations)
            let most = ceilings[product] ?? 0
            return names.count > most ? "import \(product): \(names.count) public types, more than \(most): \(names)" : nil
        }
    }

    @Test func noProductGrowsItsPublicTypesUnnoticed() throws {
        #expect(try Self.overCeilings() == [])
        for (product, most) in Self.ceilings {
            let count = try Self.typesBrought(by: product).count
            #expect(count == most, "import \(product): \(count) public types, the ceiling \(most) is not today's count")
        }
    }

    @Test func aPlantedPublicTypeGoesOverTheCeiling() throws {
        let planted: (String) throws -> [Declared] = { module in
            try Self.declarations(inTexts: Self.texts(of: module) + (module == "NavState" ? ["public struct Planted {}\n"] : []))
        }
        let over = try Self.overCeilings(declarations: planted)
        // NavState's own, and every product that brings NavState whole.
        #expect(over.count == 5 && over.allSatisfy { $0.contains("Planted") }, "\(over)")
        #expect(try !Self.typesBrought(by: "NavStateTooling", declarations: planted).contains("Planted"), "the tooling does not bring NavState")
    }

    @Test func aSwiftUIAppSeesTheFaceAndNavState() throws {
        let types = try Self.typesBrought(by: "NavStateUI")
        #expect(types.contains("DestinationRegistry") && types.contains("NavigationPart") && types.contains("RestoreOptions")
                && types.contains("NavStore"), "the counter sees the face and what it re-exports")
        #expect(!types.contains("SceneNavigator") && !types.contains("SceneSummary"), "\(types)")
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
        let code = #/public static var (\w+): NavStateError\.Code \{ \.init\("(\w+)"\)/#
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
        let count = try Self.typesBrought(by: "NavState").count
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
        let app = try Self.typesBrought(by: "NavState")
        #expect(app.contains("SceneState") && app.contains("NavStore"))
        #expect(app.contains("Step"), "nested in a re-exported model type")
        #expect(try Self.declarations(in: "NavState").contains(Declared(name: "Configuration", parent: "NavStore")),
                "nested through an extension")
        #expect(!app.contains("PathRepresentation"), "a model type for tools")
    }
}
