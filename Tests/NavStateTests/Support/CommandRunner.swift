import Foundation

/// Runs a binary built next to the test bundle (`navstate`,
/// `NavStateTestHelper`) and collects what it printed, as
/// swift-argument-parser's own tests do.
struct CommandRunner {
    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String

        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    let executable: URL

    static let navstate = CommandRunner(executable: builtProduct("navstate"))

    /// Runs with `arguments`, in `directory`, with extra environment and
    /// optional standard input.
    func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: Data? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var merged = ProcessInfo.processInfo.environment
        merged["NAVSTATE_DB"] = nil
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes while the process runs, so a full pipe never blocks it.
        let errors = ErrorCollector(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out, stderr: errors.finish())
    }

    /// A product built next to the test bundle.
    static func builtProduct(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent(name)
    }
}

/// Reads a pipe on a background thread until it closes.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
