import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

/// Navigation trees in the model: addresses, the rules a tree keeps,
/// checkpoints across tabs, and fitting a saved tree to the app's.
@Suite("Navigation trees")
struct TreeTests {
    private let one = SceneFixtures.entry("1")
    private let two = SceneFixtures.entry("2")

    /// A tab bar of `ids`, each tab an empty stack.
    private func tabs(_ ids: [String], selected: String? = nil) -> NavContainer<NavEntry> {
        .tabs(NavTabs(ids: ids, selected: selected))
    }

    @Test func addressesReadAsTheyAreWritten() {
        let cases: [(StackAddress, String)] = [
            (.root, "root"), (.tab("orders"), "tab:orders"), (.tab("orders").appending(.detail), "tab:orders/detail"),
            (.presentation(1), "sheet:1"), (StackAddress(presentation: 2, path: [.tab("a"), .detail]), "sheet:2/tab:a/detail"),
            (.detail, "detail"), (.tab("🎈 cart"), "tab:🎈 cart"), (.tab("sheet:1"), "tab:sheet:1"),
            // A combining mark first: with the ':' it is one character.
            (.tab("\u{115AF}"), "tab:\u{115AF}"), (.tab("\u{301}x").appending(.detail), "tab:\u{301}x/detail"),
        ]
        for (address, text) in cases {
            #expect(address.description == text)
            #expect(StackAddress(text) == address)
        }
        for text in ["", "sheet:0", "sheet:-1", "sheet:01", "tab:", "root/tab:a", "tab:a//detail", "detail/sheet:1", "column"] {
            #expect(StackAddress(text) == nil, "\(text)")
        }
        #expect(StackAddress.presentation(2) == StackAddress(presentation: 2))
        #expect(StackAddress.presentation(0) == .root)
    }

    @Test func generatedAddressesRoundTripThroughText() async {
        let step = zip(Gen.int(in: 0...2), Generators.anyText).map { kind, id -> StackAddress.Step in
            kind == 0 || !NavTabs<NavEntry>.isValidID(id) ? .detail : .tab(id)
        }
        await propertyCheck(count: 300, input: Gen.int(in: 0...5), step.array(of: 0...4)) { level, path in
            let address = StackAddress(presentation: level, path: path)
            #expect(StackAddress(address.description) == address)
        }
    }

    /// What a container holds, folded by plain recursion: the counts the
    /// one walk (`NavContainer.walk`) gives must be these.
    private struct Folded: Equatable {
        var stacks = 0, entries = 0, depth = 0, longest = 0, hasSplit = false
        var stackPaths: [String] = [], selections: [String] = [], tabBars: [String] = [], splits: [String] = []

        init(_ container: NavContainer<NavEntry>, path: [StackAddress.Step] = []) {
            let here = StackAddress(path: path).description
            switch container {
            case .stack(let entries):
                (stacks, self.entries, longest, stackPaths) = (1, entries.count, entries.count, [here])
            case .tabs(let tabs):
                tabBars = [here]
                depth = 1
                for tab in tabs.tabs { add(Folded(tab.content, path: path + [.tab(tab.id)])) }
            case .split(let split):
                splits = [here]
                hasSplit = true
                depth = 1
                for (column, selection) in [("sidebar", split.sidebar), ("content", split.content)] where selection != nil {
                    entries += 1
                    selections.append("\(here) \(column)")
                }
                add(Folded(split.detail, path: path + [.detail]))
            }
        }

        init(walking container: NavContainer<NavEntry>) {
            (stacks, entries, depth, longest, hasSplit) =
                (container.stackCount, container.entryCount, container.nestingDepth, container.longestStack, container.hasSplit)
            container.forEachStack(prefix: []) { path, _ in stackPaths.append(StackAddress(path: path).description) }
            container.forEachSelection(prefix: []) { path, column, _ in selections.append("\(StackAddress(path: path)) \(column.rawValue)") }
            container.forEachTabBar(prefix: []) { path, _ in tabBars.append(StackAddress(path: path).description) }
            container.forEachSplit(prefix: []) { path, _ in splits.append(StackAddress(path: path).description) }
        }

        private mutating func add(_ inner: Folded) {
            stacks += inner.stacks
            entries += inner.entries
            depth = max(depth, (depth == 0 ? 0 : 1) + inner.depth)
            longest = max(longest, inner.longest)
            hasSplit = hasSplit || inner.hasSplit
            stackPaths += inner.stackPaths
            selections += inner.selections
            tabBars += inner.tabBars
            splits += inner.splits
        }
    }

    /// Every count and `forEach` over generated trees gives what a plain
    /// recursive fold gives, in the same order.
    @Test func theOneWalkGivesWhatARecursiveFoldGives() async {
        await propertyCheck(count: 300, input: SceneGenerators.edit.array(of: 0...40)) { edits in
            var state = SceneState<NavEntry>()
            for edit in edits { SceneGenerators.apply(edit, to: &state) }
            for container in [state.content] + state.presentations.map(\.content) {
                #expect(Folded(walking: container) == Folded(container))
            }
        }
    }

    @Test func rootIsTheStackOnScreenAndPushesGoThere() throws {
        var state = SceneState<NavEntry>(content: tabs(["home", "orders"], selected: "orders"))
        state.contentStack.append(one)
        #expect(state.stack(.tab("orders")) == [one])
        #expect(state.stack(.tab("home")) == [])
        #expect(state.stackOnScreen == .tab("orders"))
        #expect(state.stackAddresses == [.tab("home"), .tab("orders")])
        state.presentations = [Presentation(method: .managedSheet, destination: two, content: tabs(["a", "b"]))]
        #expect(state.stackOnScreen == StackAddress(presentation: 1, path: [.tab("a")]))
        #expect(state.stackAddresses.map(\.description) == ["tab:home", "tab:orders", "sheet:1/tab:a", "sheet:1/tab:b"])
        state.presentations[0].stack.append(one)
        #expect(state.stack(StackAddress(presentation: 1, path: [.tab("a")])) == [one])
        #expect(throws: NavStateError.noSuchStack(StackAddress.tab("cart"))) { try state.setStack(.tab("cart"), to: [one]) }
        #expect(throws: NavStateError.noSuchStack(StackAddress.root)) { try state.setStack(.root, to: [one]) }
    }

    @Test func aTreeThatBreaksARuleIsRefused() {
        let cases: [(NavContainer<NavEntry>, NavStateError)] = [
            (.tabs(NavTabs([], selected: "x")), NavStateError.emptyTabBar(StackAddress.root)),
            (tabs(["a", "a"]), NavStateError.duplicateTabID("a", tabBar: StackAddress.root)),
            (tabs(["a", ""]), NavStateError.invalidTabID("", tabBar: StackAddress.root)),
            (tabs(["a", "b/c"]), NavStateError.invalidTabID("b/c", tabBar: StackAddress.root)),
            (tabs(["a"], selected: "b"), NavStateError.selectedTabMissing("b", tabBar: StackAddress.root)),
            (.split(NavSplit(content: one)), NavStateError.contentSelectionWithoutColumn(StackAddress.root)),
            (.tabs(NavTabs([NavTab("a", tabs([]))])), NavStateError.emptyTabBar(StackAddress.tab("a"))),
        ]
        for (content, error) in cases {
            #expect(throws: error) { try SceneState(content: content).validate() }
        }
        let plain = Presentation(method: .sheet, destination: one, content: tabs(["a"]))
        #expect(throws: NavStateError.stackInPlainPresentation(presentation: 1, method: PresentationMethod.sheet, entries: 0)) {
            try SceneState(presentations: [plain]).validate()
        }
    }

    @Test func returningToACheckpointInAnotherTabSelectsIt() throws {
        var state = SceneState<NavEntry>(content: tabs(["home", "orders"], selected: "home"))
        try state.setStack(.tab("orders"), to: [one, two])
        state.checkpoints = [Checkpoint(name: "order", stack: .tab("orders"), entriesKept: 1)]
        state.presentations = [Presentation(method: .sheet, destination: one)]
        let returned = try state.returning(to: "order")
        #expect(returned.stackOnScreen == .tab("orders"))
        #expect(returned.stack(.tab("orders")) == [one])
        #expect(returned.presentations.isEmpty)
        #expect(returned.checkpoints == state.checkpoints)
    }

    @Test func aNeverPersistedEntryInAnotherTabTakesOnlyItsStack() {
        var state = SceneState<NavEntry>(content: tabs(["home", "orders"], selected: "home"))
        state.contentStack = [one]
        try? state.setStack(.tab("orders"), to: [one, two, one])
        state.presentations = [Presentation(method: .sheet, destination: one)]
        let (kept, omitted) = state.omittingNeverPersisted { $0 == two }
        #expect(kept.stack(.tab("orders")) == [one])
        #expect(kept.stack(.tab("home")) == [one])
        // The sheet is shown from the home tab, whose stack is whole.
        #expect(kept.presentations.count == 1)
        #expect(omitted.map(\.location) == [.stack(.tab("orders"), position: 1), .stack(.tab("orders"), position: 2)])
        // On screen, the same entry takes the sheet shown above it.
        let (onScreen, _) = state.omittingNeverPersisted { $0 == one }
        #expect(onScreen.presentations.isEmpty)
        #expect(onScreen.stack(.tab("orders")) == [])
    }

    // MARK: Fitting a saved tree to the app's

    private func savedTabs() throws -> SceneState<NavEntry> {
        var saved = SceneState<NavEntry>(content: tabs(["home", "orders", "promo"], selected: "promo"))
        try saved.setStack(.tab("orders"), to: [one])
        try saved.setStack(.tab("promo"), to: [two])
        saved.checkpoints = [
            Checkpoint(name: "order", stack: .tab("orders"), entriesKept: 1),
            Checkpoint(name: "promo", stack: .tab("promo"), entriesKept: 0),
        ]
        return saved
    }

    @Test func aRemovedTabIsDroppedAndItsSelectionFallsBackToTheFirstTab() throws {
        let (fitted, dropped, changes) = try savedTabs().fitted(to: tabs(["home", "orders", "cart"]))
        #expect(fitted.content == .tabs(NavTabs([NavTab("home"), NavTab("orders", .stack([one])), NavTab("cart")], selected: "home")))
        #expect(dropped == [DroppedEntry(location: .stack(.tab("promo"), position: 0), entry: two, reason: .notInThisVersion(.tab("promo")))])
        #expect(changes == [
            .tabAdded(tabBar: .root, tab: "cart"), .tabRemoved(tabBar: .root, tab: "promo"),
            .selectedTabGone(tabBar: .root, saved: "promo", selected: "home"),
        ])
        #expect(fitted.checkpoints.map(\.name) == ["order"])
        #expect(throws: Never.self) { try fitted.validate() }
    }

    @Test func theAppsOrderOfTabsWinsAndTheSavedSelectionStays() throws {
        var saved = try savedTabs()
        try saved.select(.tab("orders"))
        let (fitted, dropped, changes) = saved.fitted(to: tabs(["promo", "orders", "home"]))
        guard case .tabs(let result) = fitted.content else { throw NavStateError.emptyTabBar(StackAddress.root) }
        #expect(result.ids == ["promo", "orders", "home"])
        #expect(result.selected == "orders")
        #expect(dropped.isEmpty && changes.isEmpty)
    }

    @Test func aStackThatBecameATabBarGoesToTheTabOnScreen() {
        let saved = SceneState<NavEntry>(stack: [one, two], checkpoints: [Checkpoint(name: "x", stack: .root, entriesKept: 1)])
        let (fitted, dropped, changes) = saved.fitted(to: tabs(["home", "orders"]))
        #expect(fitted.stack(.tab("home")) == [one, two])
        #expect(fitted.stack(.tab("orders")) == [])
        #expect(dropped.isEmpty)
        #expect(changes == [.stackMoved(from: .root, to: .tab("home"))])
        #expect(fitted.checkpoints == [Checkpoint(name: "x", stack: .tab("home"), entriesKept: 1)])
        // And back: the tab on screen becomes the stack, the others go.
        let (back, lost, _) = fitted.fitted(to: NavContainer<NavEntry>.stack([]))
        #expect(back.contentStack == [one, two])
        #expect(lost.isEmpty)
    }

    @Test func aSplitViewKeepsItsSelectionsButNotAColumnTheAppRemoved() {
        let saved = SceneState<NavEntry>(content: .split(NavSplit(
            sidebar: one, content: two, hasContentColumn: true, visibility: .detailOnly, detail: .stack([one]))))
        let (fitted, dropped, _) = saved.fitted(to: NavContainer<NavEntry>.split(NavSplit(hasContentColumn: false)))
        #expect(fitted.content == .split(NavSplit(sidebar: one, visibility: .detailOnly, detail: .stack([one]))))
        #expect(dropped.map(\.location) == [.selection(.root, .content)])
    }
}
