import Foundation
import Testing

/// An error's details are named by the labels of the call that makes it
/// (`throw .conflict(scene:expected:actual:)`), and its code's message reads
/// them by name (`d["expected"]`): the compiler checks neither against the
/// other. This does, over the sources: every detail a message reads is
/// given by every call that makes an error of its code, and no call gives
/// one that nothing reads (the accessors read `path`, `scene`, `revision`
/// and `damage`).
@Suite("Error details")
struct ErrorDetailsTests {
    /// Each code and the names its message reads, from the tables.
    static func messages(in texts: [String]) -> [String: Set<String>] {
        let line = #/public static var (\w+): NavStateError\.Code \{ \.init\("\w+"\) \{ (\w+) in (.*)\} \}/#
        var found: [String: Set<String>] = [:]
        for text in texts {
            for match in text.matches(of: line) {
                let variable = String(match.2)
                let read = variable == "_" ? [] : String(match.3).matches(of: #/\b(\w+)(?:\[|\.text\(|\.int\(|\.value\()"(\w*)"/#)
                    .filter { $0.1 == variable }.map { String($0.2) }
                found[String(match.1)] = Set(read)
            }
        }
        return found
    }

    /// The labels of the arguments of the call whose `(` is at `open`, at
    /// its top level; `""` for an unlabelled one.
    static func labels(in text: Substring, from open: String.Index) -> [String] {
        var depth = 0, labels: [String] = [], current = "", index = open, inString = false
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
                if depth == 1 { index = text.index(after: index); continue }
            } else if ")]}".contains(character) {
                depth -= 1
                if depth == 0 { labels.append(current); break }
            } else if character == ",", depth == 1 {
                labels.append(current)
                current = ""
                index = text.index(after: index)
                continue
            }
            if depth >= 1 { current.append(character) }
            index = text.index(after: index)
        }
        return labels.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map { argument in
            argument.firstMatch(of: #/^(\w+):\s/#).map { String($0.1) } ?? ""
        }
    }

    /// Each call that makes an error whose details do not match its code's
    /// message: `throw .code(…)`, `NavStateError.code(…)`, `.failure(.code(…))`.
    static func mismatches(messages: [String: Set<String>], sources: [(name: String, text: String)]) -> [String] {
        let accessors: Set<String> = ["path", "scene", "revision", "damage"]
        var found: [String] = []
        for (name, text) in sources {
            for call in text.matches(of: #/(?:throw \.|NavStateError\.|\.failure\(\.)(\w+)\(/#) {
                guard let read = messages[String(call.1)] else { continue }
                let open = text.index(before: call.range.upperBound)
                let given = Set(labels(in: text[...], from: open))
                let missing = read.subtracting(given), unread = given.subtracting(read).subtracting(accessors)
                if !missing.isEmpty || !unread.isEmpty {
                    found.append("\(name): \(call.1) given \(given.sorted()), its message reads \(read.sorted())")
                }
            }
        }
        return found
    }

    static func sources() throws -> [(name: String, text: String)] {
        let folder = RepositoryFiles.root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [(name: String, text: String)] = []
        while let url = files.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            found.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        return found
    }

    @Test func everyCallGivesTheDetailsItsCodesMessageReads() throws {
        let sources = try Self.sources()
        let messages = Self.messages(in: sources.filter { $0.name.hasSuffix("Codes.swift") }.map(\.text))
        #expect(messages.count >= 78, "the tables' codes are read: \(messages.count)")
        #expect(messages["conflict"] == ["scene", "expected", "actual"])
        let calls = sources.filter { !$0.name.hasSuffix("Codes.swift") }
        #expect(Self.mismatches(messages: messages, sources: calls) == [])
    }

    @Test func aCallWithAMisspeltDetailIsFound() {
        let messages = ["conflict": Set(["scene", "expected", "actual"])]
        let planted = [("Save.swift", #"throw .conflict(scene: name, expected: head, actaul: number)"#)]
        #expect(Self.mismatches(messages: messages, sources: planted) == [
            #"Save.swift: conflict given ["actaul", "expected", "scene"], its message reads ["actual", "expected", "scene"]"#,
        ])
        let nested = [("Load.swift", #"return .failure(.conflict(scene: f(a, b), expected: [1, 2].count, actual: "x,y".count))"#)]
        #expect(Self.mismatches(messages: messages, sources: nested) == [])
    }
}
