import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// What a layout may hold: `Limits.stacksPerScene` and
/// `Limits.nestingDepth` refuse more on save, and a file that holds more
/// (tampered) is damage on read, so no launch spends its time checking
/// tens of thousands of tabs.
@Suite("Layout limits")
struct LayoutLimitTests {
    private func tabs(_ count: Int) -> NavContainer<NavEntry> {
        .tabs(NavTabs(ids: (0..<count).map { "tab-\($0)" }))
    }

    private func nested(_ depth: Int) -> NavContainer<NavEntry> {
        (0..<depth).reduce(NavContainer<NavEntry>.stack([StoredFixtures.entry])) { inner, _ in
            .tabs(NavTabs([NavTab("t", inner)]))
        }
    }

    @Test func aSaveOverTheStackLimitIsRefused() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        #expect(try store.save(SceneState(content: tabs(1_000)), scene: "main").revision == 1)
        #expect(throws: NavStateError.limitExceeded("stacksPerScene", scene: "main", actual: 1_001, limit: 1_000)) {
            try store.save(SceneState(content: tabs(1_001)), scene: "main")
        }
        // Presentations' stacks count too.
        let sheets = (0..<1_000).map { _ in Presentation(method: .managedSheet, destination: StoredFixtures.entry) }
        #expect(throws: NavStateError.limitExceeded("stacksPerScene", scene: "main", actual: 1_001, limit: 1_000)) {
            try store.save(SceneState(stack: [], presentations: sheets), scene: "main")
        }
    }

    @Test func aSaveNestedPastTheDepthLimitIsRefused() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        #expect(try store.save(SceneState(content: nested(16)), scene: "main").revision == 1)
        #expect(throws: NavStateError.limitExceeded("nestingDepth", scene: "main", actual: 17, limit: 16)) {
            try store.save(SceneState(content: nested(17)), scene: "main")
        }
        var limits = NavStore.Limits()
        limits.nestingDepth = 2
        var configuration = StoreFixtures.quiet()
        configuration.limits = limits
        #expect(throws: NavStateError.limitExceeded("nestingDepth", scene: "main", actual: 3, limit: 2)) {
            try limits.check(SceneState(content: nested(3)), scene: "main")
        }
    }

    /// A head rewritten with more tabs than the limit (or nested deeper):
    /// the restore passes over it as damage and restores the revision before.
    @Test(arguments: [true, false])
    func aFileHoldingMoreIsDamageOnRead(manyTabs: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in 1...3 { try await store.save(SceneState(stack: Array(repeating: StoredFixtures.entry, count: count)), scene: "main") }
        let big = SceneState(content: manyTabs ? tabs(40_000) : nested(40))
        try Tamper.rewrite(path, scene: "main", slots: Slots.of(big).slots, layout: StoredLayout.json(of: big))
        let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let damage: Damage = manyTabs ? .pastStackLimit(limit: 1_000) : .pastNestingLimit(limit: 16)
        #expect(try reopened.damagedScenes().map(\.damage) == [damage])
        let restored = try await reopened.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.revision == 2)
        #expect(restored.report.skipped.first?.damage == damage)
    }

    /// Issue 42: a revision past a limit was counted as a crash-looped
    /// launch (its unconfirmed restores set to the crash-loop limit), so a
    /// store opened later with a higher limit still skipped it. Passing over
    /// it is not a failed launch.
    @Test func aRevisionPastALimitIsNotCountedAsAFailedLaunch() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for count in 1...2 { try await store.save(SceneState(stack: Array(repeating: StoredFixtures.entry, count: count)), scene: "main") }
        let deep = SceneState(content: nested(20))
        var roomy = StoreFixtures.quiet()
        roomy.limits.nestingDepth = 32
        try await NavStore(path: path, configuration: roomy).save(deep, scene: "main")

        for _ in 1...3 {
            let strict = try NavStore(path: path, configuration: StoreFixtures.quiet())
            let restored = try await strict.restore(scene: "main", registry: DestinationRegistry())
            #expect(restored.report.revision == 2)
            #expect(restored.report.skipped.map(\.revision) == [3])
            #expect(restored.report.skipped.first?.damage == .pastNestingLimit(limit: 16))
            #expect(try strict.unconfirmedRestores(scene: "main").map(\.revision) == [2], "revision 3 is not counted")
            try await strict.confirmRestore(restored.report)
        }
        let restored = try await NavStore(path: path, configuration: roomy).restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.revision == 3, "a store with a higher limit restores it")
        #expect(restored.report.skipped.isEmpty)
        #expect(restored.state.content.hasShape(of: deep.content))
    }

    /// Checking a state's tab bars is linear: 100,000 tabs, with the one
    /// repeated id at the end, is found at once (comparing pairs took a
    /// minute and more).
    @Test func validationIsLinearInTheTabs() {
        var ids = (0..<100_000).map { "tab-\($0)" }
        #expect(throws: Never.self) { try SceneState<NavEntry>(content: .tabs(NavTabs(ids: ids))).validate() }
        ids.append("tab-0")
        #expect(throws: NavStateError.duplicateTabID("tab-0", tabBar: StackAddress.root)) {
            try SceneState<NavEntry>(content: .tabs(NavTabs(ids: ids))).validate()
        }
        // A handful, compared in pairs, finds the same.
        #expect(throws: NavStateError.duplicateTabID("a", tabBar: StackAddress.root)) {
            try SceneState<NavEntry>(content: .tabs(NavTabs(ids: ["a", "b", "a"]))).validate()
        }
    }
}

private enum StoredFixtures {
    static let entry = NavEntry(tag: "Int", payload: "1")
}
