import Foundation
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A test that runs a child process fails after a time limit instead of
/// hanging the suite: the sanitizer run once stopped for twenty minutes on
/// a crashed tool whose backtracer kept the test's pipes open.
@Suite("Command runner")
struct CommandRunnerTests {
    private let shell = CommandRunner(executable: URL(fileURLWithPath: "/bin/sh"))

    @Test func aCommandPastItsTimeLimitIsKilledAndSaysSo() throws {
        let started = Date()
        let output = try shell.run(["-c", "echo started; sleep 30"], timeLimit: 1)
        #expect(output.status == CommandRunner.timedOutStatus)
        #expect(output.text == "started\n")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aChildLeftHoldingThePipesDoesNotHangTheRun() throws {
        let started = Date()
        // The shell exits at once; the sleep it leaves behind keeps stdout open.
        let output = try shell.run(["-c", "echo done; sleep 30 & exit 3"])
        #expect(output.status == 3)
        #expect(output.text == "done\n")
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
