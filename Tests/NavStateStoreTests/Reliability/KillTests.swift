import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestHelper
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A writer killed with SIGKILL at random moments, again and again: after
/// every kill the file is sound, the last acknowledged revision loads
/// exactly, and no partly written revision is ever visible.
///
/// `swift test` runs a quick count; `scripts/kill-test.sh` sets
/// `NAVSTATE_KILL_ROUNDS` for the long run.
@Suite("Kill test", .serialized)
struct KillTests {
    static var rounds: Int {
        ProcessInfo.processInfo.environment["NAVSTATE_KILL_ROUNDS"].flatMap(Int.init) ?? Sanitizers.rounds(20, underSanitizer: 8)
    }

    @Test func killedWriterNeverLeavesAPartialOrLostRevision() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("kill.sqlite")
        var acknowledgedTotal = 0
        var killsDuringWork = 0
        var lastAcknowledged = 0
        var checkedRevisions = 0
        for round in 0..<Self.rounds {
            let writer = Process()
            writer.executableURL = CommandRunner.builtProduct("NavStateTestHelper")
            writer.arguments = ["churn", db, "main", "full"]
            let pipe = Pipe()
            writer.standardOutput = pipe
            try writer.run()
            // Wait for the first acknowledgement, so the kill lands while the
            // writer is saving however slowly the machine starts processes.
            var early = Data()
            let deadline = Date().addingTimeInterval(20)
            while !String(decoding: early, as: UTF8.self).contains("ack "), Date() < deadline, writer.isRunning {
                early.append(pipe.fileHandleForReading.availableData)
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...60)))
            let killedAt = NavStateTestHelper.monotonicNanoseconds()
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(writer.terminationReason == .uncaughtSignal, "round \(round): the writer ended on its own")
            let output = String(decoding: early + pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(!output.contains("error"), "round \(round): \(output.suffix(300))")
            let acks = output.split(separator: "\n").compactMap { line -> (revision: Int, at: UInt64)? in
                let fields = line.split(separator: " ")
                guard fields.count == 3, fields[0] == "ack", let revision = Int(fields[1]), let at = UInt64(fields[2]) else { return nil }
                return (revision, at)
            }
            let acknowledged = acks.map(\.revision)
            acknowledgedTotal += acknowledged.count
            // The kill landed while the writer was saving when its last
            // acknowledgement came moments before: a writer saving in a loop
            // acknowledges every few hundred microseconds, one that stalled
            // or had finished would be seconds behind.
            if let last = acks.last, killedAt >= last.at, killedAt - last.at < 20_000_000 { killsDuringWork += 1 }
            lastAcknowledged = acknowledged.last ?? lastAcknowledged

            let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
            #expect(try store.integrityCheck() == [], "round \(round)")
            guard let head = try await store.load(scene: "main") else {
                #expect(lastAcknowledged == 0, "round \(round): acknowledged \(lastAcknowledged) but nothing loads")
                continue
            }
            // At most one save can have committed after its acknowledgement was printed.
            #expect(head.revision >= lastAcknowledged && head.revision <= lastAcknowledged + 1, "round \(round)")
            #expect(head.state == ChurnState.state(revision: head.revision), "round \(round): head is not what was saved")
            if lastAcknowledged > 0 {
                let acked = try await store.load(scene: "main", revision: lastAcknowledged)
                #expect(acked?.state == ChurnState.state(revision: lastAcknowledged), "round \(round)")
            }
            // Every kept revision is whole.
            for summary in try store.history(scene: "main").suffix(40) {
                #expect(try await store.load(scene: "main", revision: summary.revision)?.state
                        == ChurnState.state(revision: summary.revision), "round \(round) revision \(summary.revision)")
                checkedRevisions += 1
            }
            lastAcknowledged = head.revision
        }
        #expect(killsDuringWork > Self.rounds / 2, "most kills should land while the writer is saving")
        print("kill test: \(Self.rounds) kills (\(killsDuringWork) while saving), \(acknowledgedTotal) acknowledged revisions, \(checkedRevisions) revision loads verified")
    }
}
