import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateSQLite
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A suspended store holds no SQLite lock and touches nothing: what an app
/// in an App Group container needs so iOS does not kill it while it is
/// suspended (0xdead10cc).
@Suite("Store suspension")
struct StoreSuspensionTests {
    private func state(_ count: Int) -> SceneState<NavEntry> {
        SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }

    @Test func aSuspendedStoreRefusesEveryCallWithATypedErrorUntilItResumes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try await store.save(state(3), scene: "main")

        await store.suspend()
        #expect(store.isSuspended)
        await #expect(throws: NavStateError.suspended(path: path)) { try await store.save(self.state(4), scene: "main") }
        await #expect(throws: NavStateError.suspended(path: path)) { _ = try await store.load(scene: "main") }
        #expect(throws: NavStateError.suspended(path: path)) { _ = try store.scenes() }

        store.resume()
        #expect(!store.isSuspended)
        let saved = try await store.save(state(4), scene: "main")
        #expect(saved.revision == 2)
        #expect(try await store.load(scene: "main")?.state == state(4))
    }

    @Test func aSuspendedStoreLeavesNoTransactionOpen() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in 1...50 { try await store.save(state(count), scene: "main") }
        _ = try await store.load(scene: "main")
        await store.suspend()

        // Another connection can take the write lock at once and truncate
        // the WAL, which it cannot while any reader or writer of ours is
        // inside a transaction.
        let other = try SQLiteConnection(path: path, mode: .readWrite(create: false), busyTimeoutMilliseconds: 0)
        try other.execute("BEGIN IMMEDIATE; COMMIT")
        let statement = try other.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try statement.step())
        #expect(statement.int(at: 0) == 0, "the checkpoint was blocked by an open transaction")
        statement.reset()
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(wal == 0)

        store.resume()
        #expect(try await store.load(scene: "main")?.revision == 50)
    }

    /// The time runs out while a save waits for another process's lock (an
    /// extension writing the same file): the wait ends at once, the save
    /// fails as suspended, and no lock is taken. With a busy timeout of a
    /// minute, a wait that did not end would fail this test as `busy`.
    @Test func suspendingImmediatelyEndsAWaitForALock() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        var configuration = StoreFixtures.quiet()
        configuration.busyTimeout = .seconds(60)
        let store = try NavStore(path: path, configuration: configuration)
        try await store.save(state(1), scene: "main")
        let other = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        try other.execute("BEGIN IMMEDIATE")
        let next = state(2)
        let saving = Task.detached { () -> NavStateError? in
            do throws(NavStateError) {
                _ = try store.save(next, scene: "main") as SaveResult
                return nil
            } catch {
                return error
            }
        }
        // Let the save reach its wait, then the time runs out.
        try await Task.sleep(for: .milliseconds(200))
        store.suspendImmediately()
        // The save ends while the other connection still holds its lock:
        // long before the busy timeout, which would also end it (as busy,
        // which the store would report as suspended too).
        let ended = Locked(false)
        let watchdog = Task.detached {
            try? await Task.sleep(for: .seconds(20))
            if !ended.withLock({ $0 }) { Issue.record("the save still waits for the lock 20 s after the suspension") }
        }
        #expect(await saving.value == .suspended(path: path))
        ended.withLock { $0 = true }
        watchdog.cancel()
        #expect(store.isSuspended)
        try other.execute("ROLLBACK")
        // Nothing was written, and after the resume the save lands.
        store.resume()
        #expect(try await store.load(scene: "main")?.state == state(1))
        #expect(try await store.save(state(2), scene: "main").revision == 2)
    }
}
