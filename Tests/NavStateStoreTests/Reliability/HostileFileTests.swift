import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Files an app may find where its database should be. Each gives a typed
/// error and stays byte-identical; when the app asks for recovery the file is
/// moved aside intact and a fresh store starts.
@Suite("Hostile files")
struct HostileFileTests {
    /// The database with a saved scene, closed so everything is in the main file.
    private func savedDatabase(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for index in 0..<200 {
            try store.save(SceneState(stack: (0...index % 30).map { StoreFixtures.entry("\"\(index)-\($0)-padding-padding-padding\"") }), scene: "scene-\(index % 7)")
        }
        return path
    }

    private func expectRecovery(_ path: String, original: Data, matching: (NavStateError) -> Bool) throws {
        let (store, recovery) = try NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        let report = try #require(recovery, "no recovery was reported")
        #expect(matching(report.error), "unexpected error \(report.error)")
        let movedTo = try #require(report.movedTo, "the file was not moved aside")
        #expect(FileManager.default.contents(atPath: movedTo) == original, "the file was not moved aside intact")
        #expect(try store.scenes().isEmpty)
        #expect(try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func emptyFileStartsFreshWithoutRecovery() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let (store, recovery) = try NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        #expect(recovery == nil)
        #expect(try store.save(SceneState(), scene: "main").revision == 1)
    }

    @Test func truncatedDatabaseIsATypedErrorAndRecovers() throws {
        let directory = try TemporaryDirectory()
        let path = try savedDatabase(in: directory)
        let whole = try #require(StoreFixtures.bytes(of: path))
        #expect(whole.count > 8192)
        let truncated = whole.prefix(whole.count / 2)
        try truncated.write(to: URL(fileURLWithPath: path))
        #expect(throws: NavStateError.self) {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            for index in 0..<7 { _ = try store.load(scene: "scene-\(index)") }
            if try !store.integrityCheck().isEmpty { throw NavStateError.corrupt(path: path, message: "integrity") }
        }
        #expect(StoreFixtures.bytes(of: path) == truncated)
        try expectRecovery(path, original: truncated) { error in
            error.code == .corrupt || error.code == .notADatabase
        }
    }

    @Test func randomBytesAreATypedErrorAndRecover() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: NavStateError.notADatabase(path: path)) {
            _ = try NavStore(path: path, configuration: StoreFixtures.quiet())
        }
        #expect(StoreFixtures.bytes(of: path) == garbage)
        try expectRecovery(path, original: garbage) { $0 == .notADatabase(path: path) }
    }

    @Test func anotherAppsDatabaseIsRefusedAndRecoversWithoutLosingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try SQLiteFile.create(path, sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        let original = try #require(StoreFixtures.bytes(of: path))
        #expect(throws: NavStateError.foreignDatabase(path: path)) {
            _ = try NavStore(path: path, configuration: StoreFixtures.quiet())
        }
        #expect(StoreFixtures.bytes(of: path) == original)
        try expectRecovery(path, original: original) { $0 == .foreignDatabase(path: path) }
    }

    @Test func newerSchemaIsRefusedAndRecoversWithoutLosingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try SQLiteFile.create(path, sql: "PRAGMA application_id = 1312904787; PRAGMA user_version = 99; CREATE TABLE future (x);")
        let original = try #require(StoreFixtures.bytes(of: path))
        #expect(throws: NavStateError.newerSchema(path: path, found: 99, known: SchemaMigration.latestVersion)) {
            _ = try NavStore(path: path, configuration: StoreFixtures.quiet())
        }
        #expect(StoreFixtures.bytes(of: path) == original)
        #expect(NavStateError.newerSchema(path: path, found: 99, known: 2).description.contains("Upgrade NavState to read it"))
        try expectRecovery(path, original: original) {
            $0 == .newerSchema(path: path, found: 99, known: SchemaMigration.latestVersion)
        }
    }

    @Test func recoveryNeverOverwritesAnEarlierMovedFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var moved: Set<String> = []
        for round in 0..<3 {
            let garbage = Data("garbage \(round) ".utf8) + Data(repeating: UInt8(round + 1), count: 600)
            try garbage.write(to: URL(fileURLWithPath: path))
            let (_, recovery) = try NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
            let movedTo = try #require(recovery?.movedTo)
            #expect(FileManager.default.contents(atPath: movedTo) == garbage)
            moved.insert(movedTo)
            try FileManager.default.removeItem(atPath: path)
        }
        #expect(moved.count == 3)
    }

    @Test func fullDiskFailsTheSaveAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = StoreFixtures.quiet()
        configuration.maximumPageCount = 40
        configuration.limits.payloadBytes = 1_000_000
        configuration.limits.sceneBytes = 10_000_000
        let store = try NavStore(path: path, configuration: configuration)
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        try store.checkpointWAL()
        let before = try #require(StoreFixtures.bytes(of: path))
        let big = SceneState(stack: [NavEntry(tag: "String", payload: "\"" + String(repeating: "x", count: 400_000) + "\"")])
        #expect(throws: NavStateError.diskFull(path: path)) {
            try store.save(big, scene: "main")
        }
        #expect(StoreFixtures.bytes(of: path) == before)
        #expect(try store.history(scene: "main").count == 1)
        #expect(try store.load(scene: "main")?.state.contentStack == [StoreFixtures.entry("1")])
        #expect(try store.integrityCheck() == [])
        // Smaller saves still work once the big one is gone.
        #expect(try store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main").revision == 2)
    }

    /// Root ignores file modes, so these run the helper as `nobody` when the
    /// tests run as root.
    private func openAsUnprivileged(_ path: String) throws -> String {
        var arguments = ["open", path]
        var executable = CommandRunner.builtProduct("NavStateTestHelper")
        if geteuid() == 0 {
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
            executable = URL(fileURLWithPath: "/usr/bin/setpriv")
        }
        return try CommandRunner(executable: executable).run(arguments).text
    }

    private func unprivilegedDirectory() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        // The helper's user must be able to reach the directory.
        #expect(chmod(directory.url.path, 0o777) == 0)
        var parent = directory.url.deletingLastPathComponent()
        while parent.path != "/" {
            var info = stat()
            if stat(parent.path, &info) == 0 && info.st_mode & 0o001 == 0 { _ = chmod(parent.path, info.st_mode | 0o001) }
            parent = parent.deletingLastPathComponent()
        }
        return directory
    }

    @Test func readOnlyFileIsATypedErrorAndStaysByteIdentical() throws {
        let directory = try unprivilegedDirectory()
        let path = try savedDatabase(in: directory)
        #expect(chmod(path, 0o444) == 0)
        let before = try #require(StoreFixtures.bytes(of: path))
        let output = try openAsUnprivileged(path)
        #expect(output.hasPrefix("error"), "a read-only file was written: \(output)")
        #expect(output.contains("cannot be written") || output.contains("cannot be opened"), "\(output)")
        #expect(StoreFixtures.bytes(of: path) == before)
    }

    @Test func readOnlyDirectoryIsATypedErrorAndStaysByteIdentical() throws {
        let directory = try unprivilegedDirectory()
        let path = try savedDatabase(in: directory)
        #expect(chmod(path, 0o666) == 0)
        let before = try #require(StoreFixtures.bytes(of: path))
        #expect(chmod(directory.url.path, 0o555) == 0)
        defer { _ = chmod(directory.url.path, 0o755) }
        let output = try openAsUnprivileged(path)
        #expect(output.hasPrefix("error"), "\(output)")
        #expect(StoreFixtures.bytes(of: path) == before)
        let missing = try openAsUnprivileged(directory.path("new.sqlite"))
        #expect(missing.contains("cannot be written"), "\(missing)")
    }

    @Test(.disabled(if: Sanitizers.threadSanitizerRuns, "a child under a file-size limit"))
    func aFileSizeLimitIsDiskFullNotARawIOError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let helper = CommandRunner.builtProduct("NavStateTestHelper").path
        // SIGXFSZ ignored, as an app's runtime would: the write fails with EFBIG.
        let shell = CommandRunner(executable: URL(fileURLWithPath: "/bin/bash"))
        let output = try shell.run(["-c", "trap '' XFSZ; ulimit -f 128; exec \"$0\" save \"$1\" main 500", helper, path])
        #expect(output.text.contains("saved 1"), "\(output.text.suffix(200)) \(output.stderr)")
        let error = output.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(error.hasPrefix("error") && error.contains("is full"), "\(error)")
        // What was acknowledged is still there.
        let acknowledged = output.text.split(separator: "\n").filter { $0.hasPrefix("saved ") }.count
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.load(scene: "main")?.revision == acknowledged)
    }
}
