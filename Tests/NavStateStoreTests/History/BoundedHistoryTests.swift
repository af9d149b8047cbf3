import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Bounded history")
struct BoundedHistoryTests {
    private func growingStates(_ count: Int) -> [SceneState<NavEntry>] {
        (1...count).map { SceneState(stack: (0..<($0 % 7 + 1)).map { StoreFixtures.entry("\($0)") } + [StoreFixtures.entry("\"\($0)\"")]) }
    }

    @Test func savesKeepTheLastTwentyRevisionsWithoutAPrune() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let states = growingStates(2_000)
        for state in states { try store.save(state, scene: "main") }
        #expect(try store.history(scene: "main").map(\.revision) == Array(1981...2000))
        for revision in 1981...2000 {
            #expect(try store.load(scene: "main", revision: revision)?.state == states[revision - 1])
        }
        #expect(try store.load(scene: "main", revision: 1980) == nil)
        // Older rows go too: what stays is the kept revisions, the rows the
        // oldest one is a change on top of (at most 64) and up to 64 saves'
        // worth not yet forgotten.
        #expect(try store.stats().revisions <= 20 + 64 + 64)
    }

    @Test func keptRevisionsIsConfigurableAndNilKeepsEverything() async throws {
        var five = StoreFixtures.quiet()
        five.keptRevisions = 5
        let bounded = try NavStore.inMemory(configuration: five)
        let unbounded = try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision())
        for state in growingStates(50) {
            try await bounded.save(state, scene: "main")
            try await unbounded.save(state, scene: "main")
        }
        #expect(try bounded.history(scene: "main").map(\.revision) == Array(46...50))
        // Crash-loop counts of removed revisions go with them.
        let directory = try TemporaryDirectory()
        let counted = try NavStore(path: directory.path("db.sqlite"), configuration: five)
        for (index, state) in growingStates(64).enumerated() {
            try await counted.save(state, scene: "main")
            if index < 61 { _ = try await counted.restore(scene: "main", registry: DestinationRegistry()) }
        }
        // Saves forget in batches, every 64th revision: at 64 the kept ones are 60...64.
        let counts = try counted.unconfirmedRestores(scene: "main").map(\.revision)
        #expect(counts.sorted() == [60, 61], "\(counts)")
        #expect(try unbounded.history(scene: "main").count == 50)
    }

    @Test func savingTheHeadsStateCreatesNoRevision() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let state = StoreFixtures.richState()
        #expect(try store.save(state, scene: "main").revision == 1)
        let again = try store.save(state, scene: "main")
        #expect(again.revision == 1)
        #expect(!again.isNewRevision)
        #expect(again.rowsWritten == 0)
        // The same through a store that has not cached the head.
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try NavStore(path: path, configuration: StoreFixtures.quiet()).save(state, scene: "main")
        let fresh = try NavStore(path: path, configuration: StoreFixtures.quiet()).save(state, scene: "main")
        #expect(fresh.revision == 1 && !fresh.isNewRevision)
        // A changed layout alone is a new revision.
        var marked = state
        marked.checkpoints.append(Checkpoint(name: "top", stack: .root, entriesKept: 2))
        #expect(try store.save(marked, scene: "main").revision == 2)
        // An optimistic save of an unchanged state still checks the head.
        #expect(throws: NavStateError.conflict(scene: "main", expected: 1, actual: 2)) {
            try store.save(marked, scene: "main", expectedHead: 1)
        }
    }

    @Test func restoringThenSavingTheSameStateDoesNotResetTheCrashLoopGuard() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try await NavStore(path: path, configuration: StoreFixtures.quiet())
            .save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        for launch in 1...2 {
            // Each launch restores, saves what it restored as apps do on
            // their first change notification, then crashes.
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
            #expect(restored.report.revision == 1, "launch \(launch)")
            let saved = try await store.save(restored.state, scene: "main")
            #expect(saved.revision == 1 && !saved.isNewRevision)
        }
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let third = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(third.report.outcome == .allRevisionsSkipped)
        #expect(third.report.skipped.map(\.revision) == [1])
    }
}
