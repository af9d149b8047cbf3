import Foundation
import Testing

/// Every Swift block in README.md, docs/*.md and the DocC articles says, in an HTML comment on
/// the line before it, how it is known to work:
///
/// - `<!-- compiled: Snippets/F.swift -->`: the block holds `F`'s
///   `// snippet.show` … `// snippet.end` region, and its other lines are
///   `F`'s too (the declarations above the region); `<!-- compiled:
///   Snippets/F.swift#id -->`: its `// docs: id` … `// docs.end` region,
///   less the region's indentation. `swift build` compiles every snippet.
/// - `<!-- type-checked: scripts/typecheck-recipes.sh -->`: the script
///   type-checks it against Apple's SDKs (it picks the blocks by this line);
///   `<!-- type-checked: scripts/typecheck-library-recipes.sh L -->`: that
///   script does, against library `L`'s own sources.
/// - `<!-- example: Examples/…/F.swift#id -->`: the sample app's code, its
///   `// docs: id` region (scripts/typecheck-examples.sh type-checks it).
/// - `<!-- sketch: why -->`: not compiled, and why not.
///
/// Blocks in other languages (shell commands, JSON, SQL, output) are not
/// code a user compiles.
@Suite("Documentation code")
struct DocumentationCodeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Block: CustomStringConvertible {
        var document: String
        var line: Int
        var marker: String?
        var code: String
        var description: String { "\(document):\(line)" }
    }

    /// The articles scripts/typecheck-recipes.sh reads its recipes from.
    static let navigatorArticles = [
        "Sources/NavStateNavigator/NavStateNavigator.docc/TheNavigatorInASwiftUIApp.md",
        "Sources/NavStateNavigator/NavStateNavigator.docc/WindowsTheLaunchAndTheBackground.md",
    ]

    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let sources = root.appendingPathComponent("Sources")
        let catalogs = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().flatMap { module in
            let catalog = "Sources/\(module)/\(module).docc"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
            return files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return ["README.md"] + docs + catalogs
    }

    /// The Swift blocks of a document, each with the comment line before it.
    static func blocks(in document: String) throws -> [Block] {
        let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            .components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```swift" else { continue }
            var previous = index - 1
            while previous >= 0 && lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
            let marker = previous >= 0 && lines[previous].hasPrefix("<!-- ") && lines[previous].hasSuffix(" -->")
                ? String(lines[previous].dropFirst(5).dropLast(4)) : nil
            let start = index + 1
            var end = start
            while end < lines.count && lines[end] != "```" { end += 1 }
            blocks.append(Block(document: document, line: index + 1, marker: marker, code: lines[start..<end].joined(separator: "\n")))
            index = end
        }
        return blocks
    }

    /// The region of a snippet a `compiled:` marker names, dedented.
    static func region(_ reference: String) throws -> String? {
        let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
        let lines = try String(contentsOf: root.appendingPathComponent(parts[0]), encoding: .utf8).components(separatedBy: "\n")
        let (open, close) = parts.count == 2 ? ("// docs: \(parts[1])", "// docs.end") : ("// snippet.show", "// snippet.end")
        guard let first = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == open }) else { return nil }
        guard let last = lines[(first + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == close }) else { return nil }
        let indent = lines[first].prefix { $0 == " " }.count
        return lines[(first + 1)..<last]
            .map { $0.prefix(indent).allSatisfy { $0 == " " } ? String($0.dropFirst(min(indent, $0.count))) : $0 }
            .joined(separator: "\n")
    }

    @Test func everySwiftBlockIsCompiledTypeCheckedOrASketchWithAReason() throws {
        var seen = 0
        for document in try Self.documents() {
            for block in try Self.blocks(in: document) {
                seen += 1
                guard let marker = block.marker else {
                    Issue.record("\(block): a Swift block with no marker (compiled:, type-checked: or sketch:)")
                    continue
                }
                if marker.hasPrefix("compiled: ") {
                    let reference = String(marker.dropFirst("compiled: ".count))
                    let region = try #require(try Self.region(reference), "\(block): no region \(reference)")
                    if reference.contains("#") {
                        #expect(region == block.code, "\(block) is not \(reference) as it compiles")
                    } else {
                        // A README block shows the snippet's region with the
                        // declarations above it: every line is the file's.
                        let file = try String(contentsOf: Self.root.appendingPathComponent(reference), encoding: .utf8)
                        let fileLines = Set(file.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
                        let missing = block.code.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                            .filter { !$0.isEmpty && !fileLines.contains($0) }
                        #expect(block.code.contains(region) && missing.isEmpty, "\(block) is not \(reference) as it compiles: \(missing)")
                    }
                } else if marker == "type-checked: scripts/typecheck-recipes.sh" {
                    #expect(Self.navigatorArticles.contains(block.document), "\(block): the script reads the navigator's two SwiftUI articles only")
                } else if marker.hasPrefix("type-checked: scripts/typecheck-library-recipes.sh ") {
                    let library = String(marker.dropFirst("type-checked: scripts/typecheck-library-recipes.sh ".count))
                    let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/typecheck-library-recipes.sh"), encoding: .utf8)
                    #expect(block.document == "Sources/NavStateNavigator/NavStateNavigator.docc/ComingFromOtherLibraries.md" && script.contains("    \(library))"), "\(block): the script has no \(library)")
                } else if marker.hasPrefix("example: Examples/") {
                    // The sample app's code, which scripts/typecheck-examples.sh
                    // type-checks for iOS and macOS.
                    let reference = String(marker.dropFirst("example: ".count))
                    #expect(reference.contains("#"), "\(block): name the region")
                    #expect(try Self.region(reference) == block.code, "\(block) is not \(reference) as it is")
                } else if marker.hasPrefix("sketch: ") {
                    #expect(marker.count > "sketch: ".count + 15, "\(block): say why it is not compiled")
                } else {
                    Issue.record("\(block): unknown marker \(marker)")
                }
            }
        }
        #expect(seen >= 30, "the scan finds the documents' Swift blocks")
    }

    /// The type-check script takes exactly the blocks marked for it.
    @Test func theTypeCheckScriptPicksTheMarkedBlocks() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/typecheck-recipes.sh"), encoding: .utf8)
        #expect(script.contains("<!-- type-checked: scripts/typecheck-recipes.sh -->"))
        let marked = try Self.navigatorArticles.flatMap { try Self.blocks(in: $0) }.filter { $0.marker == "type-checked: scripts/typecheck-recipes.sh" }
        #expect(script.contains("assert len(blocks) == \(marked.count)"))
    }

    /// The library recipes' sections name the release the script checks.
    @Test func theLibraryRecipesNameTheReleaseTheScriptChecks() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/typecheck-library-recipes.sh"), encoding: .utf8)
        let integration = try String(contentsOf: Self.root.appendingPathComponent("Sources/NavStateNavigator/NavStateNavigator.docc/ComingFromOtherLibraries.md"), encoding: .utf8)
        let releases = script.matches(of: #/release=([0-9.]+);\s+module=(\w+);/#).map { (String($0.1), String($0.2)) }
        #expect(releases.count == 3)
        for (release, module) in releases {
            #expect(integration.contains("\(module) \(release)'s source"), "the recipes' article should name \(module) \(release)")
        }
    }

    /// The region reader sees what it must: an indented region, dedented,
    /// and a marker that names no region is refused.
    @Test func theRegionReaderDedents() throws {
        let region = try #require(try Self.region("Snippets/RestoreDoc.swift#tree"))
        #expect(region.hasPrefix("let tabs = "))
        #expect(try Self.region("Snippets/RestoreDoc.swift#no-such-region") == nil)
    }
}
