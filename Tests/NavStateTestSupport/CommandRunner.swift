import Foundation

/// Runs a binary built next to the test bundle (`navstate`,
/// `NavStateTestHelper`) and collects what it printed, as
/// swift-argument-parser's own tests do.
struct CommandRunner {
    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String

        init(status: Int32, stdout: Data, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        init(status: Int32, stdout: Data, stderr: Data) {
            self.init(status: status, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
        }

        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    let executable: URL

    static let navstate = CommandRunner(executable: builtProduct("navstate"))

    /// What a command may take before the test gives up on it: a command
    /// that hangs (or a crash whose backtracer keeps the pipes open) fails
    /// its test instead of hanging the suite.
    static let timeLimit: TimeInterval = 120

    /// Runs with `arguments`, in `directory`, with extra environment and
    /// optional standard input. Past `timeLimit` the process is killed and
    /// the output so far is returned with status `timedOutStatus`.
    func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: Data? = nil,
        timeLimit: TimeInterval = CommandRunner.timeLimit
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
        // A crash report from the runtime's backtracer is of no use here,
        // and the backtracer can outlive the process holding its pipes.
        process.environment?["SWIFT_BACKTRACE"] = "enable=no"
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes while the process runs, so a full pipe never blocks it.
        let errors = PipeCollector(stderr.fileHandleForReading)
        let out = PipeCollector(stdout.fileHandleForReading)
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(timeLimit)
        var status = Self.exitStatus(of: process)
        while status == nil, Date() < deadline {
            usleep(5_000)
            status = Self.exitStatus(of: process)
        }
        guard let status else {
            kill(pid, SIGKILL)
            return Output(status: Self.timedOutStatus, stdout: out.finish(by: .now()), stderr: errors.finish(by: .now()))
        }
        // Whatever still holds the pipes open after the process ended (a
        // child it left behind) is given a few seconds, not forever.
        let drained = DispatchTime.now() + 5
        let output = Output(status: status, stdout: out.finish(by: drained), stderr: errors.finish(by: drained))
        // Once the pipes closed, Foundation reports the exit at once: wait
        // for that, so it lets go of the process and its pipes.
        if out.isClosed && errors.isClosed { process.waitUntilExit() }
        return output
    }

    /// The status of a run that passed its time limit.
    static let timedOutStatus: Int32 = -1

    /// The exit status of `pid` once it has ended (128 + the signal for one
    /// a signal ended, as a shell reports it), without reaping it: on Linux
    /// Foundation's `Process` reports an exit only once every copy of its
    /// pipes is closed, which a child left behind can delay for ever.
    private static func exitStatus(of process: Process) -> Int32? {
        if !process.isRunning {
            // Foundation has reaped it.
            return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        }
        let pid = process.processIdentifier
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return nil }
        #if canImport(Glibc)
        let (child, code) = (info._sifields._sigchld.si_pid, info._sifields._sigchld.si_status)
        #else
        let (child, code) = (info.si_pid, info.si_status)
        #endif
        guard child == pid else { return nil }
        return info.si_code == CLD_EXITED ? code : 128 + code
    }

    /// A product built next to the test bundle, or in
    /// `NAVSTATE_TEST_PRODUCTS` when that directory holds it: the
    /// sanitizer runs start the normal build's helper (and, under
    /// ThreadSanitizer, its `navstate`), so the hundreds of child processes
    /// the suite starts run at full speed while the test process itself is
    /// checked (scripts/sanitizers.sh).
    static func builtProduct(_ name: String) -> URL {
        if let directory = ProcessInfo.processInfo.environment["NAVSTATE_TEST_PRODUCTS"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
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
private final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
            done.signal()
        }
    }

    /// Whether the pipe reached its end, as `finish(by:)` found.
    private(set) var isClosed = false

    /// What was read, once the pipe closed or `deadline` passed.
    func finish(by deadline: DispatchTime) -> Data {
        let closed = done.wait(timeout: deadline) == .success
        lock.lock()
        defer { lock.unlock() }
        isClosed = closed
        return data
    }
}
