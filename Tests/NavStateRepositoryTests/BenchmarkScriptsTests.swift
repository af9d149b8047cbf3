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

    /// check-size.sh's verdict on figures it is given: more than 1% over a
    /// ceiling of Benchmarks/sizes.txt fails, within 1% passes, a program
    /// with no ceiling fails.
    @Test(arguments: [(1.02, Int32(1), "OVER by"), (1.005, Int32(0), " ok")])
    func checkSizeJudgesAgainstTheCeilings(factor: Double, status: Int32, verdict: String) throws {
        let sizes = try String(contentsOf: Self.root.appendingPathComponent("Benchmarks/sizes.txt"), encoding: .utf8)
        let ceiling = try #require(sizes.split(separator: "\n").first { $0.hasPrefix("SizeNavState ") }
            .flatMap { $0.split(separator: " ").last }.flatMap { Int($0) })
        #expect(ceiling > 1_000_000)
        let figures = "SizeNavState \(Int(Double(ceiling) * factor))\n"
        let (code, output) = try Self.run(["Benchmarks/check-size.sh", "--judge"], input: figures)
        #expect(code == status, "\(output)")
        #expect(output.contains("SizeNavState") && output.contains(verdict), "\(output)")
        let (unknown, said) = try Self.run(["Benchmarks/check-size.sh", "--judge"], input: "NoSuchProgram 10\n")
        #expect(unknown == 1 && said.contains("NO CEILING"), "\(said)")
    }

    /// A script of the repository run by bash with `input`: its status and
    /// what it printed, both streams.
    private static func run(_ arguments: [String], input: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent(arguments[0]).path] + arguments.dropFirst()
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
