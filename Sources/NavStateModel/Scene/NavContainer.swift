/// What a scene (or a managed presentation) shows: one navigation stack, a
/// tab bar with a container in each tab, or a split view whose detail column
/// is a container. Containers nest: a split view inside a tab, tabs inside a
/// sheet.
///
/// ```swift
/// // A TabView with a NavigationStack in each tab.
/// state.content = .tabs(NavTabs(
///     [NavTab("home"), NavTab("orders", .stack([order])), NavTab("cart")],
///     selected: "orders"))
/// ```
///
/// A scene of one stack is `.stack(entries)`, which ``SceneState/contentStack``
/// reads and writes, so code written for one stack stays as it is.
public enum NavContainer<Element: NavElement>: Sendable, Hashable {
    // Only a split view holds a container in place; a stack and a tab bar
    // (whose tabs are in an array) are stored inline, so changing a stack
    // allocates nothing.

    /// One navigation stack, bottom first.
    case stack([Element])
    /// A tab bar with a container in each tab.
    case tabs(NavTabs<Element>)
    /// A split view: sidebar and content selections, and a detail container.
    indirect case split(NavSplit<Element>)

    /// An empty stack.
    public static var empty: NavContainer { .stack([]) }

    /// The container with every element transformed, structure unchanged.
    @inlinable
    public func map<T: NavElement>(_ transform: (Element) throws -> T) rethrows -> NavContainer<T> {
        switch self {
        case .stack(let entries):
            return .stack(try entries.map(transform))
        case .tabs(let tabs):
            return .tabs(NavTabs<T>(
                try tabs.tabs.map { NavTab<T>($0.id, try $0.content.map(transform)) }, selected: tabs.selected))
        case .split(let split):
            return .split(NavSplit<T>(
                sidebar: try split.sidebar.map(transform), content: try split.content.map(transform),
                hasContentColumn: split.hasContentColumn,
                visibility: split.visibility,
                detail: try split.detail.map(transform)))
        }
    }

    /// The path, from this container, to the stack on screen: the selected
    /// tab's, the detail column's.
    @inlinable
    public var pathOnScreen: [StackAddress.Step] {
        switch self {
        case .stack: return []
        case .tabs(let tabs):
            guard let tab = tabs.selectedTab else { return [] }
            return [.tab(tab.id)] + tab.content.pathOnScreen
        case .split(let split):
            return [.detail] + split.detail.pathOnScreen
        }
    }

    /// The entries of the stack on screen (``pathOnScreen``): all of a
    /// stack's, the selected tab's, the detail column's.
    @inlinable
    public var entriesOnScreen: [Element] {
        if case .stack(let entries) = self { return entries }
        return stack(at: pathOnScreen) ?? []
    }

    /// The container `path` leads to, or `nil` when there is none.
    @inlinable
    public func container(at path: some Collection<StackAddress.Step>) -> NavContainer? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.tabs(let tabs), .tab(let id)):
            return tabs.tabs.first { $0.id == id }?.content.container(at: path.dropFirst())
        case (.split(let split), .detail):
            return split.detail.container(at: path.dropFirst())
        default:
            return nil
        }
    }

    /// The entries of the stack `path` leads to, or `nil` when it leads to
    /// no stack.
    @inlinable
    public func stack(at path: some Collection<StackAddress.Step>) -> [Element]? {
        guard case .stack(let entries)? = container(at: path) else { return nil }
        return entries
    }

    /// Replaces the container `path` leads to; false (nothing changed) when
    /// there is none.
    @inlinable
    @discardableResult
    public mutating func replace(at path: some Collection<StackAddress.Step>, with new: NavContainer) -> Bool {
        guard let step = path.first else {
            self = new
            return true
        }
        switch (self, step) {
        case (.tabs(var tabs), .tab(let id)):
            guard let index = tabs.tabs.firstIndex(where: { $0.id == id }) else { return false }
            self = .empty
            defer { self = .tabs(tabs) }
            return tabs.tabs[index].content.replace(at: path.dropFirst(), with: new)
        case (.split(var split), .detail):
            self = .empty
            defer { self = .split(split) }
            return split.detail.replace(at: path.dropFirst(), with: new)
        default:
            return false
        }
    }

    /// Runs `body` on the entries of the stack `path` leads to, in place:
    /// each container on the way is taken out and put back, so a push onto
    /// a deep stack in a tab copies nothing. `nil` (and `body` not run)
    /// when `path` leads to no stack.
    @inlinable
    package mutating func modifyStack<R>(
        at path: some Collection<StackAddress.Step>, _ body: (inout [Element]) -> R
    ) -> R? {
        guard let step = path.first else {
            guard case .stack(var entries) = self else { return nil }
            self = .empty
            defer { self = .stack(entries) }
            return body(&entries)
        }
        switch (self, step) {
        case (.tabs(var tabs), .tab(let id)):
            guard let index = tabs.tabs.firstIndex(where: { $0.id == id }) else { return nil }
            self = .empty
            defer { self = .tabs(tabs) }
            return tabs.tabs[index].content.modifyStack(at: path.dropFirst(), body)
        case (.split(var split), .detail):
            self = .empty
            defer { self = .split(split) }
            return split.detail.modifyStack(at: path.dropFirst(), body)
        default:
            return nil
        }
    }

    /// The one walk over a tree, which the counts and the `forEach` calls
    /// below use: `visit` sees this container and each one inside it, in
    /// tree order (a tab bar before its tabs, in order; a split view before
    /// its detail column), with the path to it from here, whose `count` is
    /// how many tab bars and split views hold it. One path buffer serves
    /// the whole walk. `visit` returns false to stop: nothing more is
    /// visited, nor anything inside the container it stopped at, and the
    /// walk returns false. (Not inlined into other modules: inlined with
    /// its typed throws, it crashes the compiler's optimiser, Swift 6.3.)
    @usableFromInline
    @discardableResult
    package func walk<E: Error>(
        _ path: inout [StackAddress.Step], _ visit: ([StackAddress.Step], NavContainer) throws(E) -> Bool
    ) throws(E) -> Bool {
        guard try visit(path, self) else { return false }
        switch self {
        case .stack:
            return true
        case .tabs(let tabs):
            for tab in tabs.tabs {
                path.append(.tab(tab.id))
                defer { path.removeLast() }
                guard try tab.content.walk(&path, visit) else { return false }
            }
            return true
        case .split(let split):
            path.append(.detail)
            defer { path.removeLast() }
            return try split.detail.walk(&path, visit)
        }
    }

    /// ``walk(_:_:)`` from here, with nothing stopping it.
    @inlinable
    func walkAll(_ visit: (_ depth: Int, NavContainer) -> Void) {
        if case .stack = self { return visit(0, self) }
        var path: [StackAddress.Step] = []
        walk(&path) { path, container in
            visit(path.count, container)
            return true
        }
    }

    /// How many stacks the container holds.
    @inlinable
    public var stackCount: Int {
        var count = 0
        walkAll { _, container in if case .stack = container { count += 1 } }
        return count
    }

    /// How deeply tab bars and split views nest in the container: 0 for a
    /// stack, 1 for a tab bar of stacks, 2 for a split view inside a tab.
    ///
    /// Counted without ``walk(_:_:)``, which other modules call
    /// unspecialised: every save checks it (docs/benchmarks.md, "Where a
    /// save goes").
    @inlinable
    package var nestingDepth: Int {
        switch self {
        case .stack:
            return 0
        case .tabs(let tabs):
            var deepest = 0
            for tab in tabs.tabs { deepest = max(deepest, tab.content.nestingDepth) }
            return deepest + 1
        case .split(let split):
            return split.detail.nestingDepth + 1
        }
    }

    /// How many elements the container holds: stack entries and split-view
    /// selections.
    @inlinable
    public var entryCount: Int {
        var count = 0
        walkAll { _, container in
            switch container {
            case .stack(let entries): count += entries.count
            case .tabs: break
            case .split(let split): count += (split.sidebar == nil ? 0 : 1) + (split.content == nil ? 0 : 1)
            }
        }
        return count
    }

    /// Calls `body` with every stack in tree order and its path.
    @inlinable
    package func forEachStack<E: Error>(
        prefix: [StackAddress.Step], _ body: ([StackAddress.Step], [Element]) throws(E) -> Void
    ) throws(E) {
        if case .stack(let entries) = self { return try body(prefix, entries) }
        var path = prefix
        try walk(&path) { (path, container) throws(E) in
            if case .stack(let entries) = container { try body(path, entries) }
            return true
        }
    }

    /// Appends every stack's entries in tree order: what a save walks, with
    /// no closure and no path.
    @inlinable
    package func appendStacks(to list: inout [[Element]]) {
        switch self {
        case .stack(let entries): list.append(entries)
        case .tabs(let tabs): for index in tabs.tabs.indices { tabs.tabs[index].content.appendStacks(to: &list) }
        case .split(let split): split.detail.appendStacks(to: &list)
        }
    }

    /// ``appendStacks(to:)`` for a save's slots, counting on the way the
    /// split views' selections and whether there is any split view: one
    /// walk for all a save asks of the tree.
    @inlinable
    package func appendStacks(to list: inout [[Element]?], selections: inout Int, hasSplit: inout Bool) {
        switch self {
        case .stack(let entries):
            list.append(entries)
        case .tabs(let tabs):
            for index in tabs.tabs.indices {
                // A stack, the usual tab, without a copy of the tab's container.
                if case .stack(let entries) = tabs.tabs[index].content {
                    list.append(entries)
                } else {
                    tabs.tabs[index].content.appendStacks(to: &list, selections: &selections, hasSplit: &hasSplit)
                }
            }
        case .split(let split):
            hasSplit = true
            selections += (split.sidebar == nil ? 0 : 1) + (split.content == nil ? 0 : 1)
            split.detail.appendStacks(to: &list, selections: &selections, hasSplit: &hasSplit)
        }
    }

    /// The entry count of the longest stack.
    @inlinable
    package var longestStack: Int {
        var longest = 0
        walkAll { _, container in if case .stack(let entries) = container { longest = max(longest, entries.count) } }
        return longest
    }

    /// Takes the stack on screen out of the tree, leaving it empty, so it
    /// can be changed in place and put back with ``putStackOnScreen(_:)``:
    /// no path is built and nothing is copied.
    @inlinable
    package mutating func takeStackOnScreen() -> [Element] {
        switch self {
        case .stack(let entries):
            self = .empty
            return entries
        case .tabs(var tabs):
            guard let index = tabs.tabs.firstIndex(where: { $0.id == tabs.selected }) else { return [] }
            self = .empty
            defer { self = .tabs(tabs) }
            return tabs.tabs[index].content.takeStackOnScreen()
        case .split(var split):
            self = .empty
            defer { self = .split(split) }
            return split.detail.takeStackOnScreen()
        }
    }

    /// Puts back what ``takeStackOnScreen()`` took.
    @inlinable
    package mutating func putStackOnScreen(_ entries: [Element]) {
        switch self {
        case .stack:
            self = .stack(entries)
        case .tabs(var tabs):
            guard let index = tabs.tabs.firstIndex(where: { $0.id == tabs.selected }) else { return }
            self = .empty
            tabs.tabs[index].content.putStackOnScreen(entries)
            self = .tabs(tabs)
        case .split(var split):
            self = .empty
            split.detail.putStackOnScreen(entries)
            self = .split(split)
        }
    }

    /// Whether the tree holds a split view (and so may hold selections).
    @inlinable
    package var hasSplit: Bool {
        if case .stack = self { return false }
        var path: [StackAddress.Step] = []
        return !walk(&path) { _, container in
            if case .split = container { return false }
            return true
        }
    }

    /// The same shape with every stack's entries replaced by the next of
    /// `stacks`, in tree order, and each split view's selections by what
    /// `selection` gives for its path; `nil` when there are too few stacks.
    @inlinable
    package func rebuilt<T: NavElement>(
        prefix: [StackAddress.Step] = [], stacks: inout IndexingIterator<[[T]]>,
        selection: ([StackAddress.Step], NavSplitColumn) -> T?
    ) -> NavContainer<T>? {
        switch self {
        case .stack:
            return stacks.next().map { .stack($0) }
        case .tabs(let tabs):
            var result: [NavTab<T>] = []
            result.reserveCapacity(tabs.tabs.count)
            for tab in tabs.tabs {
                guard let content = tab.content.rebuilt(
                    prefix: prefix + [.tab(tab.id)], stacks: &stacks, selection: selection) else { return nil }
                result.append(NavTab<T>(tab.id, content))
            }
            return .tabs(NavTabs<T>(result, selected: tabs.selected))
        case .split(let split):
            guard let detail = split.detail.rebuilt(prefix: prefix + [.detail], stacks: &stacks, selection: selection)
            else { return nil }
            return .split(NavSplit<T>(
                sidebar: split.sidebar == nil ? nil : selection(prefix, .sidebar),
                content: split.content == nil ? nil : selection(prefix, .content),
                hasContentColumn: split.hasContentColumn, visibility: split.visibility, detail: detail))
        }
    }

    /// Calls `body` with every split view's selections in tree order, with
    /// the split view's path.
    @inlinable
    package func forEachSelection<E: Error>(
        prefix: [StackAddress.Step], _ body: ([StackAddress.Step], NavSplitColumn, Element) throws(E) -> Void
    ) throws(E) {
        guard hasSplit else { return }
        var path = prefix
        try walk(&path) { (path, container) throws(E) in
            guard case .split(let split) = container else { return true }
            if let sidebar = split.sidebar { try body(path, .sidebar, sidebar) }
            if let content = split.content { try body(path, .content, content) }
            return true
        }
    }
}
