import Foundation

/// The `NavStateTestHelper` executable, run as a separate process.
///
/// `@unchecked Sendable`: a test hands it to a thread of its own to wait for
/// it (`offThePool`); `Process` and `Pipe` are safe to use from one thread
/// at a time, which is all the tests do.
final class HelperProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()

    static func start(_ arguments: [String]) throws -> HelperProcess {
        let helper = HelperProcess()
        helper.process.executableURL = CommandRunner.builtProduct("NavStateTestHelper")
        helper.process.arguments = arguments
        helper.process.standardOutput = helper.output
        try helper.process.run()
        return helper
    }

    /// Waits for the process and returns what it printed.
    func finish() throws -> String {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends SIGKILL.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    var status: Int32 { process.terminationStatus }

    /// Whether a signal ended it (after `finish()`).
    var wasKilled: Bool { process.terminationReason == .uncaughtSignal }
}

/// Runs blocking work (waiting for a process, reading a large file) on a
/// thread of its own: on the two threads of the cooperative pool it would
/// stall every other test running beside this one.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
