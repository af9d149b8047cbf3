import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
import PropertyBased
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Trees in the store: a save stays the size of its change, each stack's
/// history and damage are its own, and a restore fits the saved tree to the
/// app's tabs.
@Suite("Trees in the store")
struct TreeStoreTests {
    private static let tabIDs = ["home", "orders", "cart", "search", "profile"]

    /// Five tabs of ten entries each, the third selected.
    private static func fiveByTen() throws -> SceneState<NavEntry> {
        var state = SceneState<NavEntry>(content: .tabs(NavTabs(ids: tabIDs, selected: "cart")))
        for (tab, id) in tabIDs.enumerated() {
            try state.setStack(.tab(id), to: (0..<10).map { SceneFixtures.entry(String(100 * tab + $0)) })
        }
        return state
    }

    /// The `change` blob of a revision.
    private static func changeBytes(_ path: String, revision: Int) throws -> Int {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        let statement = try connection.prepare("SELECT length(change) FROM revision WHERE number = \(revision)")
        guard try statement.step() else { throw CocoaError(.fileReadNoSuchFile) }
        return statement.int(at: 0)
    }

    @Test func aPushInOneTabWritesOneRowOfItsChangeAsAPushOntoOneStackDoes() throws {
        let directory = try TemporaryDirectory()
        let treePath = directory.path("tree.sqlite")
        let tree = try NavStore(path: treePath, configuration: StoreFixtures.quiet())
        var state = try Self.fiveByTen()
        try tree.save(state, scene: "main")
        state.contentStack.append(SceneFixtures.entry("7"))
        let pushed = try tree.save(state, scene: "main")
        #expect(pushed.rowsWritten == 1)
        #expect(pushed.entriesInserted == 1)
        #expect(try tree.load(scene: "main")?.state == state)

        let stackPath = directory.path("stack.sqlite")
        let single = try NavStore(path: stackPath, configuration: StoreFixtures.quiet())
        var one = SceneState<NavEntry>(stack: (0..<10).map { SceneFixtures.entry(String(200 + $0)) })
        try single.save(one, scene: "main")
        one.contentStack.append(SceneFixtures.entry("7"))
        try single.save(one, scene: "main")
        // The same bytes: the tab's slot number and the entry.
        #expect(try Self.changeBytes(treePath, revision: 2) == (try Self.changeBytes(stackPath, revision: 2)))
    }

    @Test func aTabSwitchWritesTheLayoutAlone() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = try Self.fiveByTen()
        try store.save(state, scene: "main")
        try state.select(.tab("orders"))
        let switched = try store.save(state, scene: "main")
        #expect(switched.entriesInserted == 0 && switched.entriesClosed == 0)
        #expect(try store.load(scene: "main")?.state == state)
        #expect(try store.load(scene: "main", revision: 1)?.state.stackOnScreen == .tab("cart"))
    }

    @Test func aTabWhoseWholeStackIsDroppedComesBackEmptyNotRemoved() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = try Self.fiveByTen()
        try state.setStack(.tab("orders"), to: [NavEntry(tag: "removed.screen", payload: "{}")])
        try await store.save(state, scene: "main")
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.state.stack(.tab("orders")) == [])
        #expect(restored.state.stackAddresses == Self.tabIDs.map { .tab($0) })
        #expect(restored.state.stackOnScreen == .tab("cart"))
        #expect(restored.report.dropped.map(\.location) == [.stack(.tab("orders"), position: 0)])
        #expect(restored.state.stack(.tab("search"))?.count == 10)
    }

    @Test func theAppsTabsDecideWhatComesBack() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try await store.save(try Self.fiveByTen(), scene: "main")
        // This version has no cart tab, and a new one.
        let tree = NavContainer<AnyDestination>.tabs(NavTabs(ids: ["home", "orders", "search", "profile", "deals"]))
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(tree: tree))
        guard case .tabs(let tabs) = restored.state.content else {
            Issue.record("not a tab bar: \(restored.state.content)")
            return
        }
        #expect(tabs.ids == ["home", "orders", "search", "profile", "deals"])
        #expect(tabs.selected == "home")
        #expect(restored.report.treeChanges == [
            .tabAdded(tabBar: .root, tab: "deals"), .tabRemoved(tabBar: .root, tab: "cart"),
            .selectedTabGone(tabBar: .root, saved: "cart", selected: "home"),
        ])
        #expect(restored.report.dropped.count == 10)
        #expect(restored.report.dropped.allSatisfy { $0.reason == .notInThisVersion(.tab("cart")) })
        #expect(!restored.report.isComplete)
        #expect(restored.state.stack(.tab("orders"))?.count == 10)
    }

    @Test func withNothingSavedTheRestoreGivesTheAppsTreeEmpty() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let tree = NavContainer<AnyDestination>.tabs(NavTabs(ids: ["home", "orders"], selected: "orders"))
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(tree: tree))
        #expect(restored.report.outcome == .noSavedState)
        #expect(restored.state.content == tree)
        // So does a restore whose revision is too old.
        var configuration = StoreFixtures.quiet()
        let clock = ManualClock()
        configuration.clock = { clock.date }
        let aging = try NavStore.inMemory(configuration: configuration)
        try await aging.save(try Self.fiveByTen(), scene: "main")
        clock.advance(by: 3_600)
        let expired = try await aging.restore(
            scene: "main", registry: DestinationRegistry(), options: RestoreOptions(maximumAge: 60, tree: tree))
        #expect(expired.report.outcome == .expired)
        #expect(expired.state.content == tree)
        let invalid = RestoreOptions(tree: .tabs(NavTabs(ids: ["a", "a"])))
        await #expect(throws: NavStateError.invalidRestoreTree(NavStateError.duplicateTabID("a", tabBar: StackAddress.root))) {
            try await store.restore(scene: "main", registry: DestinationRegistry(), options: invalid)
        }
    }

    @Test func theEntryLimitHoldsPerStack() throws {
        var configuration = StoreFixtures.quiet()
        configuration.limits.entriesPerStack = 10
        let store = try NavStore.inMemory(configuration: configuration)
        var state = try Self.fiveByTen()
        try store.save(state, scene: "main")
        state.contentStack.append(SceneFixtures.entry("11"))
        #expect(throws: NavStateError.limitExceeded("entriesPerStack", scene: "main", actual: 11, limit: 10)) {
            try store.save(state, scene: "main")
        }
    }

    /// A tree layout no NavState writes (rows are sealed, so only a bug or
    /// a forged checksum gets one this far): the revision does not load
    /// (``Damage/unreadableLayout``, which the crash-loop guard steps back
    /// from), or what is past the tree is damage.
    @Test func aTreeLayoutNoNavStateWritesIsDamage() throws {
        var second = try Self.fiveByTen()
        second.contentStack.append(SceneFixtures.entry("9"))
        // A duplicate tab is what no NavState writes.
        var layout = StoredLayout.of(second)
        layout.shapes = [.tabs(NavTabs(Self.tabIDs.map { NavTab($0 == "cart" ? "home" : $0) }, selected: "home"))]
        #expect(Slots.state(from: Slots.of(second).slots, layout: layout, limits: nil) == nil)
        // So does a selected tab that is not there, or a level count off by one.
        layout.shapes = [.tabs(NavTabs(Self.tabIDs.map { NavTab($0) }, selected: "gone"))]
        #expect(Slots.state(from: Slots.of(second).slots, layout: layout, limits: nil) == nil)
        layout.shapes = [.empty, .empty]
        #expect(Slots.state(from: Slots.of(second).slots, layout: layout, limits: nil) == nil)
        // Stacks past the tree's slots are damage, each entry named.
        layout.shapes = [.tabs(NavTabs([NavTab("home")], selected: "home"))]
        let (state, damage) = try #require(Slots.state(from: Slots.of(second).slots, layout: layout, limits: nil))
        #expect(state.stack(.tab("home"))?.count == 10)
        #expect(damage.count == 41)
        #expect(damage.allSatisfy { if case .damaged(.slotOutsideLayout) = $0.reason { true } else { false } })
    }

    /// Typed saves of a tab bar kept open across many: random pushes, pops,
    /// replacements and never-persisted screens in random tabs, tab
    /// switches. A save looks at each untouched tab only through its cached
    /// head (`whatTheHeadTells`, the delta's skip of a stack it knows), so
    /// every save must still load back as the state without what is never
    /// persisted, counted here from scratch, and reopen the same.
    @Test func typedTabSavesOnTopOfTheirHeadLoadBackWhole() async throws {
        let registry = try Samples.registry()
        let pool = try (0..<6).map { try AnyDestination(SettingsRoute(section: "s\($0)", depth: $0), in: registry) }
        let payment = try AnyDestination(PaymentScreen(cardLast4: "4242"), in: registry)
        /// The state as a save must store it: each tab's stack up to its
        /// first never-persisted screen.
        func stored(_ state: SceneState<AnyDestination>) throws -> SceneState<NavEntry> {
            guard case .tabs(let tabs) = state.content else { return SceneState() }
            var result = SceneState<NavEntry>(content: .tabs(NavTabs(ids: tabs.tabs.map(\.id), selected: tabs.selected)))
            for tab in tabs.tabs {
                let stack = state.stack(.tab(tab.id)) ?? []
                try result.setStack(.tab(tab.id), to: stack.prefix { $0.isPersisted }.map(\.stableEntry))
            }
            return result
        }
        let operations = Gen.int(in: 0...10_000).array(of: 1...80)
        await propertyCheck(count: 40, input: operations) { operations in
            let directory = try TemporaryDirectory()
            let path = directory.path("tabs.sqlite")
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            var state = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: Self.tabIDs, selected: "cart")))
            for id in Self.tabIDs { try state.setStack(.tab(id), to: pool) }
            for operation in operations {
                let tab = StackAddress.tab(Self.tabIDs[operation / 5 % Self.tabIDs.count])
                var stack = state.stack(tab) ?? []
                switch operation % 6 {
                case 0: stack.removeLast(min(stack.count, 1 + operation / 7 % 3))
                case 1 where stack.count < 14: stack.append(pool[operation / 7 % pool.count])
                case 2 where !stack.isEmpty: stack[operation / 7 % stack.count] = pool[operation / 11 % pool.count]
                case 3 where stack.count < 14: stack.append(payment)
                case 4: try state.select(tab)
                default: break
                }
                try state.setStack(tab, to: stack)
                try store.save(state, scene: "main")
                #expect(try store.load(scene: "main")?.state == stored(state))
            }
            let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
            #expect(try reopened.load(scene: "main")?.state == stored(state))
        }
    }
}
