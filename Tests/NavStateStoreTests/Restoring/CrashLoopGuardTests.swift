import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Crash-loop guard")
struct CrashLoopGuardTests {
    /// Each launch is a new store instance on the same file, as after a
    /// process death.
    private func launch(_ path: String, options: RestoreOptions = RestoreOptions()) async throws -> (state: SceneState<AnyDestination>, report: RestoreReport) {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        return try await store.restore(scene: "main", registry: DestinationRegistry(), options: options)
    }

    private func saveRevisions(_ path: String, count: Int) throws {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 1...count {
            state.contentStack.append(StoreFixtures.entry(String(index)))
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
        #expect(third.state.contentStack.count == 1)
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
            try await store.confirmRestore(restored.report)
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
        try await store.confirmRestore(recovered.report)
        try await store.save(SceneState(stack: [StoreFixtures.entry("9")]), scene: "main")
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
        await #expect(throws: NavStateError.invalidRestoreOptions(crashLoopLimit: 0, fallbackRevisions: 2)) {
            _ = try await launch(path, options: RestoreOptions(crashLoopLimit: 0))
        }
        await #expect(throws: NavStateError.invalidRestoreOptions(crashLoopLimit: 2, fallbackRevisions: -1)) {
            _ = try await launch(path, options: RestoreOptions(fallbackRevisions: -1))
        }
    }

    @Test func sceneNeverSavedRestoresEmpty() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.outcome == .noSavedState)
        #expect(restored.state.isEmpty)
        try await store.confirmRestore(restored.report)
    }
}

@Suite("Crash-loop guard in a long-lived app")
struct CrashLoopGuardLimitTests {
    @Test func anAppCrashingAtEveryLaunchCrashesAtMostSixTimesThenStartsEmpty() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 1...20 {
            state.contentStack.append(StoreFixtures.entry("\(index)"))
            try await writer.save(state, scene: "main")
        }
        var restoredRevisions: [Int?] = []
        for _ in 0..<8 {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
            restoredRevisions.append(restored.report.revision)
            if restored.report.revision == nil {
                #expect(restored.report.outcome == .allRevisionsSkipped)
                #expect(restored.state.isEmpty)
                #expect(restored.report.skipped.map(\.revision) == [20, 19, 18])
            }
        }
        #expect(restoredRevisions == [20, 20, 19, 19, 18, 18, nil, nil])
    }

    @Test func fallbackRevisionsIsConfigurable() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for index in 1...5 { try await writer.save(SceneState(stack: [StoreFixtures.entry("\(index)")]), scene: "main") }
        let options = RestoreOptions(crashLoopLimit: 1, fallbackRevisions: 0)
        let first = try await writer.restore(scene: "main", registry: DestinationRegistry(), options: options)
        #expect(first.report.revision == 5)
        let second = try await writer.restore(scene: "main", registry: DestinationRegistry(), options: options)
        #expect(second.report.outcome == .allRevisionsSkipped)
        await #expect(throws: NavStateError.self) {
            try await writer.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(fallbackRevisions: -1))
        }
    }

    @Test func aRevisionThatCannotLoadCountsAsAFailedLaunchAndIsSkippedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        do {
            let writer = try NavStore(path: path, configuration: StoreFixtures.quiet())
            for index in 1...3 { try await writer.save(SceneState(stack: [StoreFixtures.entry("\(index)")]), scene: "main") }
        }
        let third = try Tamper.read(path, scene: "main", revision: 3)
        try Tamper.rewrite(path, scene: "main", revision: 3, slots: third.slots, layout: "not json")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(throws: NavStateError.self) { try store.load(scene: "main") }
        let first = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(first.report.revision == 2)
        #expect(first.state.contentStack.map { $0.as(Int.self) } == [2])
        #expect(first.report.skipped.count == 1)
        #expect(first.report.skipped.first?.revision == 3)
        #expect(first.report.skipped.first?.damage == .unreadableLayout)
        // The next launch does not try revision 3 again.
        try await store.confirmRestore(first.report)
        let second = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(second.report.revision == 2)
        #expect(second.report.skipped.map(\.revision) == [3])
    }
}

/// Damage SQLite itself finds while a restore reads (a row whose cell is
/// malformed, not one whose contents NavState rejects).
@Suite("Restore over damaged pages")
struct RestoreOverDamagedPagesTests {
    @Test func aChainSQLiteCannotReadCountsItsRevisionsAsFailedLaunches() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sqlite")
        do {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            for depth in 1...3 {
                try await store.save(SceneState(stack: (1...depth).map { StoreFixtures.entry(String($0)) }), scene: "main")
            }
        }
        // Revision 1 is the full row revisions 2 and 3 build on.
        try Tamper.breakFirstRow(ofTable: "revision", in: path)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var outcome = "returned"
        do {
            let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
            outcome = "restored \(restored.report.outcome) \(restored.report.skipped.map(\.revision))"
        } catch {
            outcome = "threw \(error)"
        }
        let attempts = try store.unconfirmedRestores(scene: "main").map { "\($0.revision):\($0.count)" }
        #expect(outcome.hasPrefix("threw") && outcome.contains("malformed"), "\(outcome)")
        // The revisions whose chain could not be read used up their launches.
        #expect(attempts == ["3:2", "2:2"], "\(attempts)")
    }
}
