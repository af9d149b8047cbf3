import Foundation
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Whole outputs compared with files in `Tests/NavStateCLITests/Golden/`, as
/// swift-argument-parser's `AssertExecuteCommand` compares a command's
/// whole output.
///
/// Regenerate every file after an intended change with
/// `scripts/update-golden.sh` (it runs these tests with
/// `NAVSTATE_UPDATE_GOLDEN=1`), then read the diff before committing it.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["NAVSTATE_UPDATE_GOLDEN"] == "1"
    }

    /// A command's whole result as one text: the command line, the exit
    /// status, stdout and stderr, with the temporary directory's path
    /// written as `<dir>`.
    static func transcript(_ arguments: [String], _ output: CommandRunner.Output, directory: String) -> String {
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: directory, with: "<dir>")
        }
        var text = "$ navstate " + clean(arguments.joined(separator: " ")) + "\n"
        text += "status: \(output.status)\n"
        text += "--- stdout\n" + clean(output.text)
        if !output.text.isEmpty && !output.text.hasSuffix("\n") { text += "\n(no newline at end)\n" }
        text += "--- stderr\n" + clean(output.stderr)
        return text
    }

    /// Compares `text` with the golden file `name`, or writes it when
    /// updating.
    static func expect(_ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name + ".txt")
        if isUpdating {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden file \(name).txt; run scripts/update-golden.sh", sourceLocation: sourceLocation)
            return
        }
        guard text != expected else { return }
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        let gotLine = line < got.count ? String(got[line]) : "<end>"
        let wantLine = line < want.count ? String(want[line]) : "<end>"
        Issue.record(
            "\(name).txt differs at line \(line + 1):\n  expected: \(wantLine)\n  got:      \(gotLine)\n\(text)",
            sourceLocation: sourceLocation)
    }
}
