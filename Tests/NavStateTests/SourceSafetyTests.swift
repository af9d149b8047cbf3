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

    @Test func noSQLStringIsBuiltByInterpolation() throws {
        let sql = try NSRegularExpression(pattern: #"\b(SELECT|INSERT|UPDATE|DELETE|PRAGMA|CREATE|DROP|ALTER|REPLACE|VACUUM)\b"#)
        let files = try swiftFiles()
        #expect(files.count > 20)
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                let range = NSRange(line.startIndex..., in: line)
                guard sql.firstMatch(in: line, range: range) != nil else { continue }
                if line.contains("\\(") {
                    offenders.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
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

    @Test func onlyTheSQLiteLayerImportsTheCModule() throws {
        for file in try swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("import CNavStateSQLite") {
                #expect(file.deletingLastPathComponent().lastPathComponent == "SQLite", "\(file.path)")
            }
        }
    }
}
