import Foundation
import Testing

/// No SQL text is built from input: every value reaches SQLite as a bound
/// parameter.
@Suite("Source safety")
struct SourceSafetyTests {
    private static let sources: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    private func swiftFiles() throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files
    }

    /// The SQL fragments statements may be composed of: constants, each a
    /// literal that interpolates nothing (`theSharedFragmentsAreConstants`).
    static let sharedFragments = ["scenesWithHeadRows"]

    /// Every string literal of a Swift source that reads as SQL and
    /// interpolates a value (anything but a shared fragment), multi-line
    /// literals included.
    static func interpolatedSQL(in text: String) throws -> [String] {
        let sql = try NSRegularExpression(pattern: #"\b(SELECT|INSERT|UPDATE|DELETE|PRAGMA|CREATE|DROP|ALTER|REPLACE|VACUUM|BEGIN|COMMIT)\b"#)
        // Multi-line literals first, then single-line ones in what is left.
        let multiLine = try NSRegularExpression(pattern: #"\"\"\"[\s\S]*?\"\"\""#)
        let singleLine = try NSRegularExpression(pattern: #""(?:[^"\\\n]|\\.)*""#)
        var offenders: [String] = []
        var rest = text
        for expression in [multiLine, singleLine] {
            let range = NSRange(rest.startIndex..., in: rest)
            for match in expression.matches(in: rest, range: range) {
                guard let literalRange = Range(match.range, in: rest) else { continue }
                let literal = String(rest[literalRange])
                let literalNSRange = NSRange(literal.startIndex..., in: literal)
                let values = sharedFragments.reduce(literal) { $0.replacingOccurrences(of: "\\(\($1))", with: "") }
                if sql.firstMatch(in: literal, range: literalNSRange) != nil && values.contains("\\(") {
                    offenders.append(literal)
                }
            }
            rest = expression.stringByReplacingMatches(in: rest, range: range, withTemplate: "\"\"")
        }
        return offenders
    }

    @Test func theScanFindsInterpolatedSQLOnOneLineAndOnMany() throws {
        let oneLine = #"let s = "SELECT * FROM scene WHERE name = '\(name)'""#
        let manyLines = "let s = \"\"\"\n    UPDATE scene\n    SET name = '\\(name)'\n    \"\"\"\n"
        let bound = #"let s = "SELECT * FROM scene WHERE name = ?1"; let t = "scene \(name)""#
        #expect(try Self.interpolatedSQL(in: oneLine).count == 1)
        #expect(try Self.interpolatedSQL(in: manyLines).count == 1)
        #expect(try Self.interpolatedSQL(in: bound).isEmpty)
        let composed = #"let s = "SELECT s.id \(scenesWithHeadRows) WHERE s.name = ?1""#
        let composedWithAValue = #"let s = "SELECT s.id \(scenesWithHeadRows) WHERE s.name = '\(name)'""#
        #expect(try Self.interpolatedSQL(in: composed).isEmpty)
        #expect(try Self.interpolatedSQL(in: composedWithAValue).count == 1)
    }

    @Test func theSharedFragmentsAreConstants() throws {
        for name in Self.sharedFragments {
            var declarations: [String] = []
            for file in try swiftFiles() {
                let text = try String(contentsOf: file, encoding: .utf8)
                let declaration = try NSRegularExpression(pattern: "static let \(name) = (\"\"\"[\\s\\S]*?\"\"\"|\"[^\"\\n]*\")")
                for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    guard let range = Range(match.range(at: 1), in: text) else { continue }
                    declarations.append(String(text[range]))
                }
            }
            #expect(declarations.count == 1, "\(name) is declared once, as a literal: \(declarations)")
            #expect(declarations.allSatisfy { !$0.contains("\\(") }, "\(name) interpolates nothing")
        }
    }

    @Test func noSQLStringIsBuiltByInterpolation() throws {
        let files = try swiftFiles()
        #expect(files.count > 20)
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            offenders += try Self.interpolatedSQL(in: text).map { "\(file.lastPathComponent): \($0)" }
        }
        #expect(offenders.isEmpty, "SQL built by interpolation:\n\(offenders.joined(separator: "\n"))")
    }

    @Test func theOnlySQLBuiltByConcatenationTakesOurOwnIntegers() throws {
        var concatenations: [String] = []
        for file in try swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("\"PRAGMA") && line.contains("+") {
                concatenations.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(concatenations.allSatisfy { $0.contains("+ String(") }, "\(concatenations)")
        #expect(concatenations.count == 2, "\(concatenations)")
    }

    /// The store runs every SQL statement: above it, only the store
    /// fuzzer, which tampers with files on purpose, sees the SQLite layer
    /// or a connection, and Package.swift keeps it from the tooling.
    @Test func onlyTheStoreRunsSQL() throws {
        let allowed: Set<String> = ["NavState", "NavStateSQLite", "StoreFuzzer"]
        for file in try swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let target = file.pathComponents.drop { $0 != "Sources" }.dropFirst().first ?? ""
            if text.contains("import NavStateSQLite") || text.contains("withConnection(") {
                #expect(allowed.contains(target), "\(file.path) reaches SQLite")
            }
        }
        let manifest = try String(
            contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let tooling = try #require(manifest.range(
            of: #"\.target\(\s*name: "NavStateTooling",\s*dependencies: \[[^\]]*\]"#, options: .regularExpression))
        #expect(manifest[tooling].contains("\"NavState\""), "the target's dependencies were not found")
        #expect(!manifest[tooling].contains("NavStateSQLite"), "NavStateTooling depends on the SQLite layer")
    }

    /// The model's tests, and the support they share with every level,
    /// see the model alone, as the model sees nothing above it.
    @Test func theModelsTestsDependOnTheModelAlone() throws {
        let root = Self.sources.deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in ["NavStateModelTests", "NavStateTestSupport"] {
            let declaration = try #require(manifest.range(
                of: #"name: "\#(target)",\s*dependencies: \[[^\]]*\]"#, options: .regularExpression), "\(target)")
            let names = manifest[declaration].matches(of: #/"(NavState\w*)"/#).map { String($0.1) }.filter { $0 != target }
            #expect(Set(names).isSubset(of: ["NavStateModel", "NavStateTestSupport"]), "\(target) depends on \(names)")
            #expect(names.contains("NavStateModel"), "\(target)'s dependencies were not found")
        }
        for folder in ["NavStateModelTests", "NavStateTestSupport"] {
            let directory = root.appendingPathComponent("Tests").appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                let imports = text.matches(of: #/(?m)^(?:@testable )?import (NavState\w*)$/#).map { String($0.1) }
                #expect(Set(imports).isSubset(of: ["NavStateModel", "NavStateTestSupport"]), "\(file.lastPathComponent) imports \(imports)")
            }
        }
    }

    @Test func onlyTheSQLiteLayerImportsTheCModule() throws {
        for file in try swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("import CNavStateSQLite") {
                #expect(file.deletingLastPathComponent().lastPathComponent == "NavStateSQLite", "\(file.path)")
            }
        }
    }
}
