import Foundation
import NavState
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
            root: [StoreFixtures.entry("1"), NavEntry(tag: "String", payload: "\"a\"")],
            presentations: [Presentation(method: .managedSheet, destination: StoreFixtures.entry("2"), stack: [StoreFixtures.entry("3")])],
            checkpoints: [Checkpoint(name: "sheet", stack: 1, index: 0)]), scene: "main")
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

    @Test func readCommandsWorkInAReadOnlyDirectory() throws {
        for withWAL in [false, true] {
            let directory = try TemporaryDirectory()
            let path = try closedFile(in: directory)
            if withWAL {
                // A WAL the app never checkpointed, copied off the device without its -shm.
                let live = try NavStore(path: path, configuration: StoreFixtures.quiet())
                try live.save(SceneState(root: [StoreFixtures.entry("42")]), scene: "late")
                let copy = TemporaryDirectory.sibling(of: directory)
                try FileManager.default.copyItem(atPath: path, toPath: copy + "/db.sqlite")
                try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "/db.sqlite-wal")
                try FileManager.default.removeItem(atPath: path)
                try FileManager.default.removeItem(atPath: path + "-wal")
                try? FileManager.default.removeItem(atPath: path + "-shm")
                try FileManager.default.moveItem(atPath: copy + "/db.sqlite", toPath: path)
                try FileManager.default.moveItem(atPath: copy + "/db.sqlite-wal", toPath: path + "-wal")
                try FileManager.default.removeItem(atPath: copy)
                withExtendedLifetime(live) {}
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
                #expect(chmod(directory.path(name), 0o644) == 0)
            }
            #expect(chmod(directory.url.path, 0o555) == 0)
            defer { _ = chmod(directory.url.path, 0o755) }
            let before = try snapshot(directory)
            for command in readCommands {
                let output = try Unprivileged.run(navstate, command + ["--db", path])
                #expect(output.status == 0, "\(command) withWAL=\(withWAL): \(output.stderr)")
                #expect(try snapshot(directory) == before, "\(command) changed the directory")
            }
            if withWAL {
                let scenes = try Unprivileged.run(navstate, ["scenes", "--db", path])
                #expect(scenes.text.contains("late"), "the WAL's commit was not read: \(scenes.text)")
            }
        }
    }

    @Test func aReaderOpenedBeforeAWriterSeesTheWritersSaves() throws {
        let directory = try TemporaryDirectory()
        let path = try closedFile(in: directory)
        let reader = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        #expect(try reader.load(scene: "main")?.revision == 1)
        let writer = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for index in 0..<5 {
            try writer.save(SceneState(root: [StoreFixtures.entry("\(index)")]), scene: "main")
            #expect(try reader.load(scene: "main")?.revision == index + 2)
        }
        #expect(throws: NavStoreError.readOnly(path: path)) {
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
    static func run(_ runner: CommandRunner, _ arguments: [String]) throws -> CommandRunner.Output {
        guard geteuid() == 0 else { return try runner.run(arguments) }
        let setpriv = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        return try setpriv.run(["--reuid=65534", "--regid=65534", "--clear-groups", runner.executable.path] + arguments)
    }
}

extension TemporaryDirectory {
    /// A fresh directory beside the temporary ones, for moving files through.
    static func sibling(of directory: TemporaryDirectory) -> String {
        let path = directory.url.path + "-side"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
