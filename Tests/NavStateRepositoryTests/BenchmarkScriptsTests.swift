import Foundation
import Testing

/// The commands docs/benchmarks.md gives for counting (`check-budgets.sh`,
/// `count-instructions.sh`) name operations the budgets hold, and the
/// comparison script refuses one they do not, before it builds anything.
/// The counts themselves are CI's budgets step.
@Suite("Benchmark scripts")
struct BenchmarkScriptsTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The operations of Benchmarks/budgets.txt.
    private static func budgetOperations() throws -> Set<String> {
        let budgets = try String(contentsOf: root.appendingPathComponent("Benchmarks/budgets.txt"), encoding: .utf8)
        return Set(budgets.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard !line.hasPrefix("#"), fields.count == 4 else { return nil }
            return String(fields[0])
        })
    }

    @Test func theDocsCommandsNameOperationsTheBudgetsHold() throws {
        let operations = try Self.budgetOperations()
        #expect(operations.contains("save-10") && operations.contains("save-tab"), "\(operations)")
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/benchmarks.md"), encoding: .utf8)
        var commands = 0
        for line in docs.split(separator: "\n") {
            let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            var words = command.split(separator: " ").map(String.init)
            guard words.count >= 2, words[0] == "bash",
                  ["Benchmarks/check-budgets.sh", "Benchmarks/count-instructions.sh"].contains(words[1]) else { continue }
            commands += 1
            words.removeFirst(2)
            if words.first == "--base" { words.removeFirst(min(2, words.count)) }
            for word in words where !word.hasPrefix("--") {
                #expect(operations.contains(word), "docs/benchmarks.md: \(line)")
            }
        }
        #expect(commands >= 4, "the Budgets section's commands")
    }

    @Test func countInstructionsRefusesAnOperationTheBudgetsDoNotHold() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.root.appendingPathComponent("Benchmarks/count-instructions.sh").path, "save-10", "no-such-operation"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("no operation 'no-such-operation'"), "\(message)")
    }
}
