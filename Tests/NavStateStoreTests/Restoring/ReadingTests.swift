import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Reading a file creates nothing beside it and works where nothing can be
/// written: a database pulled off a device, a bug-report attachment.
@Suite("Reading without writing", .serialized)
struct ReadingTests {
    private let navstate = CommandRunner.navstate
    private let readCommands = [["scenes"], ["show", "main"], ["history", "main"], ["check"], ["stats"], ["schema"]]

    /// Every file in the directory with its bytes.
    private func snapshot(_ directory: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            files[name] = FileManager.default.contents(atPath: directory.path(name)) ?? Data()
        }
        return files
    }

    private func closedFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        // Built-in types only, so `check` finds nothing to drop and exits 0.
        try store.save(SceneState(
            stack: [StoreFixtures.entry("1"), NavEntry(tag: "String", payload: "\"a\"")],
            presentations: [Presentation(method: .managedSheet, destination: StoreFixtures.entry("2"), stack: [StoreFixtures.entry("3")])],
            checkpoints: [Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 0)]), scene: "main")
        return path
    }

    @Test func readCommandsLeaveNoWALOrSHMBehind() throws {
        let directory = try TemporaryDirectory()
        let path = try closedFile(in: directory)
        let before = try snapshot(directory)
        #expect(before.keys.sorted() == ["db.sqlite"])
        for command in readCommands {
            let output = try navstate.run(command + ["--db", path])
            #expect(output.status == 0, "\(command): \(output.stderr)")
            #expect(try snapshot(directory) == before, "\(command) changed the directory")
        }
    }

    /// What a copy pulled off a device can hold beside the database.
    enum Companions: CaseIterable {
        /// Nothing: the app closed the file cleanly.
        case none
        /// A WAL the app never checkpointed, without its `-shm`.
        case walOnly
        /// A WAL and a `-shm` the reading user cannot open.
        case walAndUnreadableSHM
    }

    @Test(arguments: Companions.allCases)
    func readCommandsWorkInAReadOnlyDirectory(companions: Companions) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        if companions == .none {
            _ = try closedFile(in: directory)
        } else {
            // Copied while the app still has the file open: the "late"
            // scene is only in the WAL.
            let source = try TemporaryDirectory()
            let live = try NavStore(path: try closedFile(in: source), configuration: StoreFixtures.quiet())
            try live.save(SceneState(stack: [StoreFixtures.entry("42")]), scene: "late")
            let suffixes = companions == .walOnly ? ["", "-wal"] : ["", "-wal", "-shm"]
            for suffix in suffixes {
                try FileManager.default.copyItem(atPath: source.path("db.sqlite") + suffix, toPath: path + suffix)
            }
            withExtendedLifetime(live) {}
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            #expect(chmod(directory.path(name), name.hasSuffix("-shm") ? 0o600 : 0o644) == 0)
        }
        #expect(chmod(directory.url.path, 0o555) == 0)
        defer { _ = chmod(directory.url.path, 0o755) }
        // A private temporary directory, to see that a copy read is removed.
        let temporary = try TemporaryDirectory()
        #expect(chmod(temporary.url.path, 0o777) == 0)
        let before = try snapshot(directory)
        for command in readCommands {
            let output = try Unprivileged.run(navstate, command + ["--db", path], environment: ["TMPDIR": temporary.url.path])
            #expect(output.status == 0, "\(command) \(companions): \(output.stderr)")
            #expect(try snapshot(directory) == before, "\(command) changed the directory")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).isEmpty, "a copy was left behind")
        }
        let scenes = try Unprivileged.run(navstate, ["scenes", "--db", path], environment: ["TMPDIR": temporary.url.path])
        #expect(scenes.text.contains("late") == (companions != .none), "\(companions): \(scenes.text)")
    }

    @Test func aReaderOpenedBeforeAWriterSeesTheWritersSaves() throws {
        let directory = try TemporaryDirectory()
        let path = try closedFile(in: directory)
        let reader = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        #expect(try reader.load(scene: "main")?.revision == 1)
        let writer = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for index in 0..<5 {
            try writer.save(SceneState(stack: [StoreFixtures.entry("\(index)")]), scene: "main")
            #expect(try reader.load(scene: "main")?.revision == index + 2)
        }
        #expect(throws: NavStateError.readOnly(path: path)) {
            try reader.save(SceneState(), scene: "main")
        }
    }

    @Test func scenesDuringAnotherProcessesWritesNeverFailsBusy() throws {
        let directory = try TemporaryDirectory()
        let path = try closedFile(in: directory)
        let writer = try HelperProcess.start(["save", path, "busy", "400"])
        var failures: [String] = []
        for _ in 0..<25 {
            let output = try navstate.run(["scenes", "--db", path])
            if output.status != 0 { failures.append(output.stderr) }
        }
        _ = try writer.finish()
        #expect(writer.status == 0)
        #expect(failures.isEmpty, "\(failures.prefix(2))")
    }
}

/// Runs a command as `nobody` when the tests run as root, who ignores modes.
enum Unprivileged {
    static func run(
        _ runner: CommandRunner, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> CommandRunner.Output {
        guard geteuid() == 0 else { return try runner.run(arguments, environment: environment) }
        let setpriv = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        return try setpriv.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", runner.executable.path] + arguments,
            environment: environment)
    }
}
