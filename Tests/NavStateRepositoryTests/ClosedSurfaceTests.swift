import Foundation
import Testing

/// What a product's public members name, an app that imports only that
/// product can name: no member takes or returns a type its import does not
/// bring. Read from the compiler's symbol graphs of the modules this test
/// run was built with (`swift-symbolgraph-extract`, public symbols, no
/// SPI), so a generic constraint, a default argument's type or an
/// extension in another module counts as the compiler sees it. Linux has
/// no SwiftUI or UIKit, so the faces' Apple-only members are not in these
/// graphs; their types are counted by PublicSurfaceTests from the sources.
@Suite("Closed surface")
struct ClosedSurfaceTests {
    static let modules = [
        "NavStateModel", "NavStateReports", "NavState", "NavStateScenes",
        "NavStateUI", "NavStateNavigator", "NavStateUIKit", "NavStateTooling", "NavStateTesting",
    ]
    static let products = ["NavState", "NavStateUI", "NavStateNavigator", "NavStateUIKit", "NavStateTooling", "NavStateTesting"]

    struct Graph: Codable {
        var symbols: [Symbol]
    }

    struct Symbol: Codable {
        struct Identifier: Codable { var precise: String }
        struct Kind: Codable { var identifier: String }
        struct Fragment: Codable {
            var kind: String
            var spelling: String
            var preciseIdentifier: String?
        }

        var identifier: Identifier
        var kind: Kind
        var pathComponents: [String]
        var declarationFragments: [Fragment]?
    }

    /// The folder of the modules this test binary was built with, and the
    /// target they were built for.
    static func builtModules() throws -> (folder: URL, target: String) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("NavState.swiftmodule").path) {
                // .build/<target>/debug/Modules
                return (modules, folder.deletingLastPathComponent().lastPathComponent)
            }
            folder.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Modules beside \(executable.path)"])
    }

    /// Every module's symbol graphs, by file name: "NavState" for its own
    /// symbols, "NavState@NavStateModel" for its extensions of another
    /// module's types.
    static func graphs() throws -> [String: Graph] {
        let (modules, target) = try builtModules()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("surface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        for module in Self.modules {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swift-symbolgraph-extract", "-module-name", module, "-I", modules.path, "-target", target,
                "-output-dir", output.path, "-minimum-access-level", "public",
            ]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "swift-symbolgraph-extract \(module)")
        }
        var graphs: [String: Graph] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            graphs[String(file.dropLast(".symbols.json".count))] = try JSONDecoder().decode(Graph.self, from: data)
        }
        return graphs
    }

    /// What `import product` brings: modules whole, and types one by one
    /// (with their members and the types nested in them).
    static func brought(by product: String) throws -> (modules: Set<String>, types: Set<String>) {
        var modules: Set<String> = [], types: Set<String> = [], pending = [product]
        while let module = pending.popLast() {
            guard modules.insert(module).inserted else { continue }
            let exported = try PublicSurfaceTests.reexports(by: module)
            pending += exported.modules
            types.formUnion(exported.types.map { "\($0.module).\($0.name)" })
        }
        return (modules, types)
    }

    /// Each type of the package a public member of `product`'s surface
    /// names that `import product` does not bring, as "Type, named by
    /// member". The surface: the symbols of every module the import
    /// brings (their extensions of other modules' types included), and
    /// the members of each type it brings one by one.
    static func leaks(of product: String, in graphs: [String: Graph]) throws -> [String] {
        let (modules, types) = try brought(by: product)
        var declared: [String: (module: String, path: [String])] = [:]
        for (file, graph) in graphs {
            let module = String(file.split(separator: "@")[0])
            for symbol in graph.symbols { declared[symbol.identifier.precise] = (module, symbol.pathComponents) }
        }
        func nameable(_ module: String, _ path: [String]) -> Bool {
            modules.contains(module) || path.first.map { types.contains("\(module).\($0)") } == true
        }
        var found: Set<String> = []
        for (file, graph) in graphs {
            let parts = file.split(separator: "@").map(String.init)
            for symbol in graph.symbols {
                let onSurface = modules.contains(parts[0]) || (parts.count == 1 && nameable(parts[0], symbol.pathComponents))
                guard onSurface else { continue }
                for fragment in symbol.declarationFragments ?? [] where fragment.kind == "typeIdentifier" {
                    guard let usr = fragment.preciseIdentifier, Self.modules.contains(where: { usr.hasPrefix("s:\($0.utf8.count)\($0)") }) else { continue }
                    let member = symbol.pathComponents.joined(separator: ".")
                    guard let (module, path) = declared[usr] else {
                        found.insert("\(fragment.spelling) (not public), named by \(member)")
                        continue
                    }
                    if !nameable(module, path) { found.insert("\(module).\(path.joined(separator: ".")), named by \(member)") }
                }
            }
        }
        return found.sorted()
    }

    @Test func everyTypeAMemberNamesIsBroughtByItsProduct() throws {
        let graphs = try Self.graphs()
        #expect(graphs["NavState"].map { $0.symbols.count > 50 } == true, "the store's symbols: \(graphs.keys.sorted())")
        for product in Self.products {
            #expect(try Self.leaks(of: product, in: graphs) == [], "import \(product)")
        }
    }

    @Test func aPlantedMemberNamingATypeOfNoExportIsFound() throws {
        var graphs = try Self.graphs()
        // A store member returning a report of the tooling's (NavStateReports).
        let summary = try #require(graphs["NavStateReports"]?.symbols.first { $0.pathComponents == ["SceneSummary"] })
        let planted = Symbol(
            identifier: .init(precise: "s:8NavState0A5StoreC7plantedSSvp"), kind: .init(identifier: "swift.property"),
            pathComponents: ["NavStore", "planted"],
            declarationFragments: [
                .init(kind: "keyword", spelling: "var", preciseIdentifier: nil),
                .init(kind: "typeIdentifier", spelling: "SceneSummary", preciseIdentifier: summary.identifier.precise),
            ])
        graphs["NavState"]?.symbols.append(planted)
        #expect(try Self.leaks(of: "NavState", in: graphs) == ["NavStateReports.SceneSummary, named by NavStore.planted"])
        // NavStateUI brings NavState whole, and with it the planted member.
        #expect(try Self.leaks(of: "NavStateUI", in: graphs) == ["NavStateReports.SceneSummary, named by NavStore.planted"])
        // The tooling brings the reports: nothing leaks there.
        #expect(try Self.leaks(of: "NavStateTooling", in: graphs) == [])
    }
}
