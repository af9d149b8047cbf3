/// How a saved tree was fitted to the tabs and columns this version of the
/// app has (`RestoreOptions.tree`): each change a restore made to the tree
/// itself, beside the entries it dropped.
public enum TreeChange: Sendable, Hashable, CustomStringConvertible {
    /// The saved selected tab is not in this version; `selected` (the
    /// app's default, its first tab unless it chose another) is selected
    /// instead.
    case selectedTabGone(tabBar: StackAddress, saved: String, selected: String)
    /// A saved tab this version no longer has; its entries are dropped with
    /// ``DropReason/notInThisVersion(_:)``.
    case tabRemoved(tabBar: StackAddress, tab: String)
    /// A tab this version has that was not saved; it starts empty.
    case tabAdded(tabBar: StackAddress, tab: String)
    /// The saved container at `from` was of another kind than the app's
    /// now (one stack where it has tabs, say): the stack that was on screen
    /// is restored at `to`, the one on screen now, and the rest is dropped.
    case stackMoved(from: StackAddress, to: StackAddress)

    public var description: String {
        switch self {
        case let .selectedTabGone(tabBar, saved, selected):
            "the saved tab '\(saved)' of the tab bar at \(tabBar) is gone; '\(selected)' is selected"
        case let .tabRemoved(tabBar, tab):
            "the tab '\(tab)' of the tab bar at \(tabBar) is gone"
        case let .tabAdded(tabBar, tab):
            "the tab '\(tab)' of the tab bar at \(tabBar) is new"
        case let .stackMoved(from, to):
            "the stack saved at \(from) is restored at \(to)"
        }
    }
}

extension SceneState where Element == NavEntry {
    /// The saved state fitted to the tree this version of the app shows:
    /// its tabs in its order (saved tabs it no longer has dropped, new ones
    /// empty), a saved selected tab it no longer has replaced by its default
    /// selection, split views with its columns. When the kind of a container
    /// changed (one stack became a tab bar), the stack that was on screen
    /// goes to the stack on screen now. Entries with nowhere to go are
    /// dropped with ``DropReason/notInThisVersion(_:)``; checkpoints follow
    /// their stacks. Only the scene's own content is fitted: presentations
    /// are restored as saved.
    ///
    /// - Parameter tree: The app's tree, empty: `.tabs(NavTabs(ids: ["home", "orders"]))`.
    package func fitted<T: NavElement>(to tree: NavContainer<T>) -> (SceneState, [DroppedEntry], [TreeChange]) {
        var fit = TreeFit()
        var state = self
        state.content = content.fitted(to: tree, at: .root, fit: &fit)
        state.checkpoints = checkpoints.compactMap { checkpoint in
            guard checkpoint.stack.presentation == 0 else { return checkpoint }
            guard let moved = fit.moved[checkpoint.stack] else { return nil }
            var kept = checkpoint
            kept.stack = moved
            return kept
        }
        state.dropCheckpointsPointingNowhere()
        if !screens.isEmpty {
            // A screen follows its stack where the fitting moved it.
            var moved: [EntryLocation: ScreenState] = [:]
            for (location, screen) in screens {
                if case let .stack(address, position) = location, address.presentation == 0 {
                    guard let to = fit.moved[address] else { continue }
                    moved[.stack(to, position: position)] = screen
                } else {
                    moved[location] = screen
                }
            }
            state.screens = moved.filter { state.element(at: $0.key) != nil }
        }
        return (state, fit.dropped, fit.changes)
    }
}

/// What fitting found on its way down a tree.
package struct TreeFit {
    var dropped: [DroppedEntry] = []
    var changes: [TreeChange] = []
    /// Where each saved stack of the content went.
    var moved: [StackAddress: StackAddress] = [:]

    /// Every entry and selection of `container` at `address`, dropped.
    mutating func drop(_ container: NavContainer<NavEntry>, at address: StackAddress) {
        container.forEachStack(prefix: address.path) { path, entries in
            let stack = StackAddress(presentation: address.presentation, path: path)
            for (position, entry) in entries.enumerated() {
                dropped.append(DroppedEntry(location: .stack(stack, position: position), entry: entry, reason: .notInThisVersion(stack)))
            }
        }
        container.forEachSelection(prefix: address.path) { path, column, entry in
            let split = StackAddress(presentation: address.presentation, path: path)
            dropped.append(DroppedEntry(location: .selection(split, column), entry: entry, reason: .notInThisVersion(split)))
        }
    }
}

extension NavContainer {
    /// The tree's shape with every stack empty and nothing selected, of
    /// any element type: what a restore gives when it restores nothing.
    package func emptied<T: NavElement>() -> NavContainer<T> {
        var stacks = [[T]](repeating: [], count: stackCount).makeIterator()
        return rebuilt(stacks: &stacks, selection: { _, _ in nil }) ?? .empty
    }
}

extension NavContainer where Element == NavEntry {
    func fitted<T: NavElement>(to tree: NavContainer<T>, at address: StackAddress, fit: inout TreeFit) -> NavContainer<NavEntry> {
        switch (self, tree) {
        case (.stack, .stack):
            fit.moved[address] = address
            return self
        case let (.tabs(saved), .tabs(wanted)):
            var tabs: [NavTab<NavEntry>] = []
            for tab in wanted.tabs {
                let tabAddress = address.appending(.tab(tab.id))
                if let kept = saved.tabs.first(where: { $0.id == tab.id }) {
                    tabs.append(NavTab(tab.id, kept.content.fitted(to: tab.content, at: tabAddress, fit: &fit)))
                } else {
                    fit.changes.append(.tabAdded(tabBar: address, tab: tab.id))
                    tabs.append(NavTab(tab.id, tab.content.emptied()))
                }
            }
            for tab in saved.tabs where !wanted.ids.contains(tab.id) {
                fit.changes.append(.tabRemoved(tabBar: address, tab: tab.id))
                fit.drop(tab.content, at: address.appending(.tab(tab.id)))
            }
            var selected = saved.selected
            if !wanted.ids.contains(selected) {
                selected = wanted.ids.contains(wanted.selected) ? wanted.selected : wanted.ids.first ?? ""
                fit.changes.append(.selectedTabGone(tabBar: address, saved: saved.selected, selected: selected))
            }
            return .tabs(NavTabs(tabs, selected: selected))
        case let (.split(saved), .split(wanted)):
            var split = saved
            split.hasContentColumn = wanted.hasContentColumn
            if !wanted.hasContentColumn, let content = saved.content {
                fit.dropped.append(DroppedEntry(location: .selection(address, .content), entry: content, reason: .notInThisVersion(address)))
                split.content = nil
            }
            split.detail = saved.detail.fitted(to: wanted.detail, at: address.appending(.detail), fit: &fit)
            return .split(split)
        default:
            // Another kind of container: the stack that was on screen goes
            // to the one on screen now, the rest has nowhere to go.
            var result: NavContainer<NavEntry> = tree.emptied()
            let from = StackAddress(presentation: address.presentation, path: address.path + pathOnScreen)
            let to = StackAddress(presentation: address.presentation, path: address.path + tree.pathOnScreen)
            let onScreen = stack(at: pathOnScreen) ?? []
            result.replace(at: tree.pathOnScreen, with: .stack(onScreen))
            fit.moved[from] = to
            fit.changes.append(.stackMoved(from: from, to: to))
            var rest = self
            rest.replace(at: pathOnScreen, with: .empty)
            fit.drop(rest, at: address)
            return result
        }
    }
}
