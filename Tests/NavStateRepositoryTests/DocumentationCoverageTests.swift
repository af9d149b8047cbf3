import Foundation
import Testing

/// Every public symbol of the libraries has a doc comment: declarations and
/// the cases of public enums. (`swift package generate-documentation … 
/// --warnings-as-errors` in `.ci/run` checks that every link in them holds.)
@Suite("Documentation coverage")
struct DocumentationCoverageTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Requirements whose documentation comes from the protocol.
    private static let inherited = [
        "init(from decoder", "func encode(to encoder", "var description: String", "static func == ", "func hash(into",
        "var body: some View",
    ]

    /// Public declarations and public-enum cases of `text` with no `///`
    /// comment above them (attributes in between are allowed).
    static func undocumented(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        var depth = 0
        var publicEnumDepths: [Int] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let isPublicDeclaration = trimmed.range(of: #"^(@[\w()., *]+\s+)*public\s"#, options: .regularExpression) != nil
                && !trimmed.contains("public import") && !trimmed.contains("public extension")
                && !inherited.contains(where: trimmed.contains)
            let isPublicEnumCase = publicEnumDepths.last == depth
                && trimmed.range(of: #"^case [a-zA-Z]\w*"#, options: .regularExpression) != nil
            if isPublicDeclaration || isPublicEnumCase {
                var above = index - 1
                while above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    found.append("\(index + 1): \(trimmed)")
                }
            }
            if trimmed.range(of: #"^public (indirect )?enum "#, options: .regularExpression) != nil {
                publicEnumDepths.append(depth + 1)
            }
            for character in line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" {
                if character == "{" { depth += 1 }
                if character == "}" {
                    if publicEnumDepths.last == depth { publicEnumDepths.removeLast() }
                    depth -= 1
                }
            }
        }
        return found
    }

    @Test func theScanFindsAnUndocumentedSymbol() {
        let text = """
            /// A thing.
            public enum Thing {
                /// Documented.
                case one
                case two
            }
            public var bare = 1
            """
        #expect(Self.undocumented(in: text) == ["5: case two", "7: public var bare = 1"])
    }

    @Test(arguments: ["NavStateModel", "NavStateReports", "NavStateSQLite", "NavState", "NavStateTooling", "NavStateScenes", "NavStateUI"])
    func everyPublicSymbolIsDocumented(module: String) throws {
        let directory = Self.sources.appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var found: [String] = []
        var files = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            found += Self.undocumented(in: text).map { "\(url.lastPathComponent):\($0)" }
        }
        #expect(files > 0)
        #expect(found.isEmpty, "undocumented public symbols:\n\(found.joined(separator: "\n"))")
    }

    /// Every library product an app links has a DocC catalog whose landing
    /// page lists each of its top-level public types, and the Swift Package
    /// Index builds it (`.spi.yml`).
    @Test(arguments: ["NavState", "NavStateNavigator", "NavStateUI", "NavStateUIKit", "NavStateTooling"])
    func everyProductHasACatalogListingItsTypes(module: String) throws {
        let catalog = Self.sources.appendingPathComponent("\(module)/\(module).docc/\(module).md")
        let landing = try String(contentsOf: catalog, encoding: .utf8)
        let declaration = #/(?m)^(?:@[^\n]*?\s)?public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor)\s+(\w+)/#
        guard let files = FileManager.default.enumerator(at: Self.sources.appendingPathComponent(module), includingPropertiesForKeys: nil) else { return }
        var types: [String] = []
        // Types only SwiftUI or UIKit builds: a catalog that is built on
        // Linux too (.ci/run) cannot link them, and names them in code font.
        var appleOnly: Set<String> = []
        while let url = files.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let found = text.matches(of: declaration).map { String($0.1) }
            types += found
            if text.contains("#if canImport(SwiftUI)") || text.contains("#if canImport(UIKit)") { appleOnly.formUnion(found) }
        }
        for type in types {
            let linked = landing.contains("``\(type)``") || landing.contains("``/\(module)/\(type)``")
            let named = appleOnly.contains(type) && landing.contains("`\(type)`")
            #expect(linked || named, "\(module).docc does not list \(type)")
        }
        let spi = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent(".spi.yml"), encoding: .utf8)
        let targets = try #require(spi.split(separator: "\n").first { $0.contains("documentation_targets") })
        #expect(targets.contains(" \(module),") || targets.contains(" \(module)]") || targets.contains("[\(module),"), ".spi.yml builds no documentation for \(module)")
    }
}
