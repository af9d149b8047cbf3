import Foundation
import NavStateReports
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Another process replacing the store's files by rename, the database
/// first and its `-wal` a moment later (issue 63), while the app opens the
/// store in that window: SQLite's reads come up short
/// (`SQLITE_IOERR_SHORT_READ`, "disk I/O error"). The open looks again and
/// reads the new files once both are in place, or says the `-wal` changed
/// when they never are; SQLite's wording never reaches the app.
@Suite("Files renamed over a store being opened")
struct RenameWindowTests {
    /// The app's file (three saves, still open in the app) and another
    /// store's (five saves, open in the replacing process), both with a
    /// `-wal` holding frames.
    private func twoFiles(_ directory: TemporaryDirectory) async throws -> (app: NavStore, other: NavStore, path: String, otherPath: String) {
        let path = directory.path("app.sqlite"), otherPath = directory.path("other.sqlite")
        let app = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in 1...3 { try await app.save(SceneState.integers(count), scene: "main") }
        let other = try NavStore(path: otherPath, configuration: StoreFixtures.quiet())
        for count in 1...5 { try await other.save(SceneState.integers(count + 10), scene: "main") }
        return (app, other, path, otherPath)
    }

    @Test func anOpenInTheWindowReadsTheNewFilesOnceTheirWALFollows() async throws {
        let directory = try TemporaryDirectory()
        let (app, other, path, otherPath) = try await twoFiles(directory)
        #expect(rename(otherPath, path) == 0)
        // The -wal follows 50 ms later, while the open is looking.
        let follows = Thread { usleep(50_000); _ = rename(otherPath + "-wal", path + "-wal") }
        follows.start()
        let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let head = try #require(try reopened.load(scene: "main"))
        #expect(head.revision == 5 && head.state == SceneState.integers(15), "the new files, whole")
        #expect(try await reopened.save(SceneState.integers(9), scene: "main").revision == 6)
        withExtendedLifetime((app, other)) {}
    }

    @Test func anOpenInAWindowThatNeverClosesSaysTheWALChanged() async throws {
        let directory = try TemporaryDirectory()
        let (app, other, path, otherPath) = try await twoFiles(directory)
        #expect(rename(otherPath, path) == 0)
        var configuration = StoreFixtures.quiet()
        configuration.busyTimeout = .milliseconds(200)
        do {
            let reopened = try NavStore(path: path, configuration: configuration)
            // SQLite may read what it can; whatever it then meets is typed.
            _ = try reopened.load(scene: "main")
            Issue.record("the open read a database beside another's -wal")
        } catch {
            #expect(error.code == .walChanged, "\(error)")
            #expect(!error.description.contains("disk I/O error") && error.sqliteExtendedCode == nil)
        }
        withExtendedLifetime((app, other)) {}
    }
}
