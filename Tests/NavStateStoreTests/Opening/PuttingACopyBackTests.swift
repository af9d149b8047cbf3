import Foundation
import NavStateReports
@_spi(Tooling) import NavState
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Putting a copy of the store's file back (a backup, a customer's file
/// for support), each way TheStoresFile.md's "Putting a copy back" names.
@Suite("Putting a copy back")
struct PuttingACopyBackTests {
    /// A closed store at `path` whose head of `main` is `SceneState.integers(count)`:
    /// the last close folded its `-wal` into the file.
    private func closedFile(_ path: String, saves: ClosedRange<Int>) async throws {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in saves { try await store.save(SceneState.integers(count), scene: "main") }
    }

    /// An app's store open on `app.sqlite` (three saves), and a closed
    /// copy of another file beside it (five saves, `integers(15)` at its head).
    private func runningAppAndACopy(_ directory: TemporaryDirectory) async throws -> (app: NavStore, path: String, copy: String) {
        let path = directory.path("app.sqlite"), copy = directory.path("copy.sqlite")
        try await closedFile(copy, saves: 11...15)
        let app = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in 1...3 { try await app.save(SceneState.integers(count), scene: "main") }
        return (app, path, copy)
    }

    @Test func aCopyPutBackWithTheAppClosedIsWhatTheNextOpenReads() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite"), backup = directory.path("backup.sqlite")
        try await closedFile(path, saves: 1...3)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        try FileManager.default.copyItem(atPath: path, toPath: backup)
        try await closedFile(path, saves: 4...6)
        // Put back, with no process holding the store open.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: backup, toPath: path)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let head = try #require(try store.load(scene: "main"))
        #expect(head.revision == 3 && head.state == SceneState.integers(3))
    }

    @Test func aCopyRenamedOverARunningAppsFileIsSeenAndTheNextOpenReadsIt() async throws {
        let directory = try TemporaryDirectory()
        let (app, path, copy) = try await runningAppAndACopy(directory)
        // The copy's database renamed over the file; it has no -wal, so the
        // running app's -wal goes.
        #expect(rename(copy, path) == 0)
        #expect(unlink(path + "-wal") == 0)
        await #expect(throws: NavStateError.fileMoved(path: path)) { try await app.save(SceneState.integers(4), scene: "main") }
        let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let head = try #require(try reopened.load(scene: "main"))
        #expect(head.revision == 5 && head.state == SceneState.integers(15))
        withExtendedLifetime(app) {}
    }

    @Test func aCopyWrittenOverTheFileARunningAppHoldsIsNotSeen() async throws {
        let directory = try TemporaryDirectory()
        let (app, path, copy) = try await runningAppAndACopy(directory)
        // Bytes copied into the very file the app's connection holds.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        // Nothing tells the store: its next save is acknowledged.
        #expect(try await app.save(SceneState.integers(4), scene: "main").revision > 0)
        withExtendedLifetime(app) {}
    }
}
