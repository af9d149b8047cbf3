import Foundation
import NavState
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
        SceneState(root: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }

    @Test func aSuspendedStoreRefusesEveryCallWithATypedErrorUntilItResumes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try await store.save(state(3), scene: "main")

        await store.suspend()
        #expect(store.isSuspended)
        await #expect(throws: NavStoreError.suspended(path: path)) { try await store.save(self.state(4), scene: "main") }
        await #expect(throws: NavStoreError.suspended(path: path)) { _ = try await store.load(scene: "main") }
        #expect(throws: NavStoreError.suspended(path: path)) { _ = try store.scenes() }

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
}
