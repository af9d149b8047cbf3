import Foundation
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The reading commands on a file an app saves to at full speed from
/// another process, deleting and pruning scenes as it goes (issue 63): each
/// command reads one snapshot of the file, so a healthy file is never
/// reported damaged or inconsistent, and a scene never vanishes between
/// two of a command's reads. In the same run a real inconsistency is still
/// found.
@Suite("Tools on a live file")
struct LiveFileTests {
    static let mainHead = """
        scene_id = (SELECT id FROM scene WHERE name = 'main') \
        AND number = (SELECT max(number) FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'main'))
        """

    @Test func theReadingCommandsTellTheTruthWhileAnAppSaves() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("live.sqlite"), stop = folder.path("stop")
        let writer = try HelperProcess.start(["live", path, stop])
        defer { _ = FileManager.default.createFile(atPath: stop, contents: nil) }
        // The app's first saves.
        let deadline = Date().addingTimeInterval(30)
        while (try? CommandRunner.navstate.run(["show", "main", "--db", path]).status) != 0, Date() < deadline {
            usleep(10_000)
        }
        let commands = [
            ["check"], ["scenes"], ["show", "main"], ["history", "main"], ["export", "main"], ["stats"],
            // Revisions of `main` are pruned as the app goes; `still`'s stay.
            ["diff", "still", "1", "3"],
        ]
        let rounds = Sanitizers.rounds(30, underSanitizer: 6)
        var failures: [String] = []
        for round in 0..<rounds {
            for command in commands {
                let output = try CommandRunner.navstate.run(command + ["--db", path])
                let text = String(decoding: output.stdout, as: UTF8.self)
                if output.status != 0 || text.contains("inconsistent") {
                    failures.append("round \(round), \(command.joined(separator: " ")): exit \(output.status) \(text.prefix(200)) \(output.stderr.prefix(200))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rounds * commands.count): \(failures.prefix(5))")
        #expect(FileManager.default.createFile(atPath: stop, contents: nil))
        let said = try await offThePool { try writer.finish() }
        let saves = Int(said.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "") ?? 0
        #expect(saves > 20, "the app saved all along: \(said)")
        // A real inconsistency, in the same run: reported, exit 1.
        try Tamper.run(path, "UPDATE revision SET entry_count = entry_count + 1 WHERE \(Self.mainHead)")
        let check = try CommandRunner.navstate.run(["check", "--db", path])
        #expect(check.status == 1)
        #expect(String(decoding: check.stdout, as: UTF8.self).contains("inconsistent: its head row counts"))
    }
}
