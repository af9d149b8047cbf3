import Foundation
import NavState
import Testing

@Suite("Crash-loop guard")
struct CrashLoopGuardTests {
    /// Each launch is a new store instance on the same file, as after a
    /// process death.
    private func launch(_ path: String, options: RestoreOptions = RestoreOptions()) async throws -> RestoredScene {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        return try await store.restore(scene: "main", registry: DestinationRegistry(), options: options)
    }

    private func saveRevisions(_ path: String, count: Int) throws {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 1...count {
            state.root.append(StoreFixtures.entry(String(index)))
            try store.save(state, scene: "main")
        }
    }

    @Test func unconfirmedRevisionIsSkippedAfterTheLimitThenThePreviousOneAndThenNothing() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try saveRevisions(path, count: 2)
        // Launches 1 and 2 restore the head and crash before confirming.
        for _ in 0..<2 {
            let restored = try await launch(path)
            #expect(restored.report.revision == 2)
            #expect(restored.report.skipped.isEmpty)
        }
        // Launch 3 steps back one revision, and says why.
        let third = try await launch(path)
        #expect(third.report.revision == 1)
        #expect(third.report.skipped.map(\.revision) == [2])
        #expect(third.report.skipped.first?.unconfirmedRestores == 2)
        #expect(third.state.root.count == 1)
        // Launch 4 crashes on revision 1 too; launch 5 has nothing left.
        _ = try await launch(path)
        let fifth = try await launch(path)
        #expect(fifth.report.outcome == .allRevisionsSkipped)
        #expect(fifth.report.revision == nil)
        #expect(fifth.report.skipped.map(\.revision) == [2, 1])
        #expect(fifth.state.isEmpty)
    }

    @Test func confirmedLaunchesNeverStepBack() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try saveRevisions(path, count: 3)
        for _ in 0..<5 {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
            #expect(restored.report.revision == 3)
            #expect(restored.report.isComplete)
            try store.confirmRestore(restored)
        }
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.unconfirmedRestores(scene: "main").isEmpty)
    }

    @Test func aNewSaveAfterRecoveryIsRestoredAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try saveRevisions(path, count: 2)
        _ = try await launch(path)
        _ = try await launch(path)
        let recovered = try await launch(path)
        #expect(recovered.report.revision == 1)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.confirmRestore(recovered)
        try store.save(SceneState(root: [StoreFixtures.entry("9")]), scene: "main")
        let next = try await launch(path)
        #expect(next.report.revision == 3)
        #expect(next.report.skipped.isEmpty)
    }

    @Test func limitIsConfigurable() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try saveRevisions(path, count: 2)
        let options = RestoreOptions(crashLoopLimit: 1)
        #expect(try await launch(path, options: options).report.revision == 2)
        #expect(try await launch(path, options: options).report.revision == 1)
        await #expect(throws: NavStoreError.self) {
            _ = try await launch(path, options: RestoreOptions(crashLoopLimit: 0))
        }
    }

    @Test func sceneNeverSavedRestoresEmpty() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.outcome == .noSavedState)
        #expect(restored.state.isEmpty)
        try store.confirmRestore(restored)
    }
}
