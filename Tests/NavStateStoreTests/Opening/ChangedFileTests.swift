import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Files changed under a writing store that has them open: its `-wal`
/// deleted or replaced, the file cut short in place, another store's file
/// renamed over it. SQLite keeps writing through its descriptors, so each
/// save would be acknowledged and then lost when the process ends (an iOS
/// app's process ends without closing anything); the store notices first.
@Suite("Files changed under a store")
struct ChangedFileTests {
    private func state(_ count: Int) -> SceneState<NavEntry> {
        SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }

    private func savedStore(_ path: String, revisions: Int = 3) throws -> NavStore {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in 1...revisions { try store.save(state(count), scene: "main") }
        return store
    }

    @Test func aDeletedWALFailsTheNextSaveAndKeepsEveryAcknowledgedOne() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try savedStore(path)
        #expect(unlink(path + "-wal") == 0)
        let error = NavStateError.walChanged(path: path)
        await #expect(throws: error) { try await store.save(self.state(4), scene: "main") }
        await #expect(throws: error) { try await store.load(scene: "main") }
        // What the error says to do: open the store again. Every save it
        // acknowledged is there, though the first store is still alive.
        let next = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let head = try #require(try await next.load(scene: "main"))
        #expect(head.revision == 3 && head.state == state(3))
        #expect(try await next.save(state(4), scene: "main").revision == 4)
        withExtendedLifetime(store) {}
    }

    @Test func aReplacedWALFailsTheNextSave() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try savedStore(path)
        #expect(unlink(path + "-wal") == 0)
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data()))
        await #expect(throws: NavStateError.walChanged(path: path)) {
            try await store.save(self.state(4), scene: "main")
        }
        let next = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await next.load(scene: "main")?.state == state(3))
        withExtendedLifetime(store) {}
    }

    /// Issue 42: a `-wal` moved away (not deleted) kept its name, so the
    /// watch (which looked for a `-wal` without one) saw nothing, and saves
    /// went on being acknowledged into the moved file: after a kill, the
    /// file held no NavState data.
    @Test func aWALMovedAwayFailsTheNextSaveAndKeepsEveryAcknowledgedOne() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try savedStore(path)
        #expect(rename(path + "-wal", directory.path("elsewhere")) == 0)
        await #expect(throws: NavStateError.walChanged(path: path)) {
            try await store.save(self.state(4), scene: "main")
        }
        let next = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let head = try #require(try await next.load(scene: "main"))
        #expect(head.revision == 3 && head.state == state(3))
        withExtendedLifetime(store) {}
    }

    /// Issue 42: after its files changed, `shared(path:)` handed out the
    /// same detached store for the rest of the process, so every save
    /// failed although the error said to open the store again.
    @Test(arguments: [false, true])
    func theSharedStoreOfAPathOpensAfreshOnceItsFilesChanged(recovering: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let first = try await NavStore.shared(path: path, configuration: StoreFixtures.quiet(), recovering: recovering)
        try await first.save(state(1), scene: "main")
        #expect(unlink(path + "-wal") == 0)
        await #expect(throws: NavStateError.walChanged(path: path)) {
            try await first.save(self.state(2), scene: "main")
        }
        let second = try await NavStore.shared(path: path, configuration: StoreFixtures.quiet(), recovering: recovering)
        #expect(second !== first)
        #expect(try await second.save(state(2), scene: "main").revision == 2)
        let third = try await NavStore.shared(path: path, configuration: StoreFixtures.quiet(), recovering: recovering)
        #expect(third === second, "a sound store stays shared")
    }

    @Test func aFileCutShortFailsTheNextSaveAndRecoveryStartsAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try savedStore(path)
        _ = try store.checkpointWAL()
        try await store.save(state(4), scene: "main")
        #expect(truncate(path, 0) == 0)
        let error = NavStateError.fileCutShort(path: path)
        await #expect(throws: error) { try await store.save(self.state(5), scene: "main") }
        // Cut part-way through a page, its header still there: still noticed.
        let other = directory.path("other.sqlite")
        let second = try savedStore(other, revisions: 30)
        _ = try second.checkpointWAL()
        #expect(truncate(other, 4096 + 1000) == 0)
        await #expect(throws: NavStateError.fileCutShort(path: other)) {
            try await second.save(self.state(31), scene: "main")
        }
        // What the error says to do: openRecovering, and the store works.
        let (recovered, _) = try await NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        let saved = try await recovered.save(state(2), scene: "main")
        #expect(try await recovered.load(scene: "main")?.revision == saved.revision)
        withExtendedLifetime(store) {}
    }

    /// Issue 42: a file whose size was not a whole number of pages when a
    /// store opened it (bytes appended by a partial copy or a sync) could
    /// never be saved to, and neither `openRecovering` nor `navstate repair`
    /// fixed it. SQLite ignores the tail; the store saves, and its own
    /// checkpoints bring the file back to whole pages.
    @Test func aFileWithBytesPastItsLastPageIsSavedToAndHealed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        do {
            let store = try savedStore(path)
            _ = try store.checkpointWAL()
        }
        let size = try #require(FileIdentity(Array(path.utf8CString))).size
        #expect(truncate(path, off_t(size + 100)) == 0)
        for round in 0..<3 {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            #expect(try await store.save(state(4 + round), scene: "main").revision == 4 + round)
            _ = try store.checkpointWAL()
        }
        let healed = try #require(FileIdentity(Array(path.utf8CString))).size
        #expect(healed % 4096 == 0, "checkpoints write whole pages: \(healed)")
        let (recovered, recovery) = try await NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        #expect(recovery == nil, "the file was sound: nothing set aside")
        #expect(try await recovered.load(scene: "main")?.state == state(6))
    }

    /// A file cut part-way through a page and left so (the process was
    /// killed): the next launch's `openRecovering` gives a store that saves,
    /// whatever of the file could be kept.
    @Test func aFileCutPartWayAndLeftSoRecoversAtTheNextLaunch() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        do {
            let store = try savedStore(path, revisions: 30)
            _ = try store.checkpointWAL()
            #expect(truncate(path, 4096 + 1000) == 0)
            await #expect(throws: NavStateError.fileCutShort(path: path)) {
                try await store.save(self.state(31), scene: "main")
            }
        }
        let (recovered, _) = try await NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        let saved = try await recovered.save(state(2), scene: "main")
        #expect(try await recovered.load(scene: "main")?.revision == saved.revision)
    }

    /// The store's own checkpoints grow and shrink the file; none of that
    /// looks like a cut.
    @Test func aStoreThatGrowsAndShrinksItsFileIsNeverTakenAsCut() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for round in 0..<3 {
            for count in 0..<300 {
                try store.save(SceneState(stack: (0...count % 40).map { StoreFixtures.entry("\"\(round)-\($0)-\(String(repeating: "x", count: 200))\"") }), scene: "s\(count % 7)")
            }
            _ = try store.checkpointWAL()
            for scene in 0..<7 { try store.delete(scene: "s\(scene)") }
            #expect(try store.purge())
        }
        #expect(try store.save(state(1), scene: "main").revision == 1)
    }

    /// Another NavState file renamed over this one, with this store's
    /// `-wal` still at the path: a new store on the path reads the new file
    /// as it is, and none of the old store's frames.
    @Test(arguments: [true, false])
    func aFileRenamedOverIsReadAsItIsAndTheOldWALIsNotReplayed(oldStoreNoticedFirst: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let old = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        for count in 1...40 { try await old.save(state(count), scene: "old-\(count % 4)") }
        #expect(ReadingSource.walHoldsFrames(path), "the old store's saves must still be in its -wal")
        let other = directory.path("other.sqlite")
        do {
            let writer = try NavStore(path: other, configuration: StoreFixtures.quiet())
            try await writer.save(state(5), scene: "main")
            try await writer.save(state(6), scene: "settings")
        }
        #expect(rename(other, path) == 0)
        if oldStoreNoticedFirst {
            await #expect(throws: NavStateError.fileMoved(path: path)) { try await old.save(self.state(2), scene: "old-0") }
        }
        let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await reopened.scenes().map(\.scene) == ["main", "settings"])
        #expect(try await reopened.load(scene: "main")?.state == state(5))
        #expect(try reopened.integrityCheck().isEmpty)
        // And the old store keeps refusing.
        await #expect(throws: NavStateError.fileMoved(path: path)) { try await old.save(self.state(2), scene: "old-0") }
    }

    /// As an app ends: killed, nothing closed. Every save acknowledged
    /// before or after the change is there at the next launch; none after
    /// a cut is acknowledged.
    @Test(arguments: ["delete-wal", "truncate"])
    func aProcessKilledAfterTheChangeLosesNoAcknowledgedSave(change: String) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let helper = try HelperProcess.start(["change-and-die", path, "main", change])
        let output = try await offThePool { try helper.finish() }
        #expect(helper.wasKilled)
        let lines = output.split(separator: "\n")
        let acknowledged = lines.compactMap { $0.hasPrefix("saved ") ? Int($0.dropFirst(6)) : nil }
        #expect(acknowledged == [1, 2, 3], "\(output)")
        #expect(lines.filter { $0.hasPrefix("error ") }.count == 3, "\(output)")
        if change == "delete-wal" {
            let next = try NavStore(path: path, configuration: StoreFixtures.quiet())
            #expect(try await next.load(scene: "main")?.state == state(3))
        }
    }
}
