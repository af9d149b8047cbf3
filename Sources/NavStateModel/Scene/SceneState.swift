/// Everything one scene (one window) persists: what it shows (one stack, or
/// a tree of tab bars and split views with a stack in each), the
/// presentations stacked above it, its checkpoints and its named scene values.
///
/// ```swift
/// var state = SceneState<AnyDestination>()
/// state.contentStack = Array(path)
/// state.presentations = [Presentation(method: .managedSheet, destination: cart, stack: [item])]
/// state.checkpoints = [Checkpoint(name: "home", stack: .root, entriesKept: 0)]
/// ```
///
/// A tab-bar app sets ``content`` instead:
///
/// ```swift
/// state.content = .tabs(NavTabs(ids: ["home", "orders", "cart"], selected: "orders"))
/// try state.setStack(.tab("orders"), to: [order])
/// ```
///
/// Every stack has a ``StackAddress``. Presentation k is shown from the
/// stack on screen one level below it (``stackOnScreen(level:)``).
public struct SceneState<Element: NavElement>: Sendable, Hashable {
    /// What the scene shows under its presentations: one stack by default.
    public var content: NavContainer<Element>
    /// The presentations, each shown above the previous one's stack.
    public var presentations: [Presentation<Element>]
    /// Named return points. When a name appears more than once, the top-most
    /// one is the one that counts.
    public var checkpoints: [Checkpoint]
    /// Named scene values: anything else the scene restores.
    public var values: [String: Element]
    /// Each screen's own state (a draft, a scroll position), by the location
    /// of the entry it belongs to: a stack position, a presentation's
    /// destination or a split view's selection. A screen whose location
    /// holds no entry is not saved.
    public var screens: [EntryLocation: ScreenState]

    /// A state of one stack, with the given presentations, checkpoints and
    /// values; empty by default.
    public init(
        stack: [Element] = [],
        presentations: [Presentation<Element>] = [],
        checkpoints: [Checkpoint] = [],
        values: [String: Element] = [:],
        screens: [EntryLocation: ScreenState] = [:]
    ) {
        self.init(content: .stack(stack), presentations: presentations, checkpoints: checkpoints, values: values, screens: screens)
    }

    /// A state showing `content` under its presentations.
    public init(
        content: NavContainer<Element>,
        presentations: [Presentation<Element>] = [],
        checkpoints: [Checkpoint] = [],
        values: [String: Element] = [:],
        screens: [EntryLocation: ScreenState] = [:]
    ) {
        self.content = content
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values
        self.screens = screens
    }

    /// The entries of the content's stack on screen, under the
    /// presentations: the whole content of a scene of one stack, the
    /// selected tab's stack in a tab bar, the detail column's in a split
    /// view. (``stackOnScreen`` is the address a push goes to, which may be
    /// a presentation's.)
    @inlinable
    public var contentStack: [Element] {
        get { content.entriesOnScreen }
        _modify {
            // Taken out and put back, so a push onto a deep stack does not
            // copy it.
            if case .stack(var entries) = content {
                content = .empty
                defer { content = .stack(entries) }
                yield &entries
            } else {
                // Taken out of the tree the same way, one container at a time.
                var entries = content.takeStackOnScreen()
                defer { content.putStackOnScreen(entries) }
                yield &entries
            }
        }
    }

    /// True when nothing is pushed, presented, marked or selected, and the
    /// content is one stack.
    @inlinable
    public var isEmpty: Bool {
        content == .empty && presentations.isEmpty && checkpoints.isEmpty && values.isEmpty && screens.isEmpty
    }

    /// Whether every level is one stack (no tab bar or split view anywhere):
    /// what fast paths test first.
    @inlinable
    package var isOneStackPerLevel: Bool {
        guard case .stack = content else { return false }
        for presentation in presentations {
            guard case .stack = presentation.content else { return false }
        }
        return true
    }

    /// Number of stacks: those of the content and of every presentation.
    @inlinable
    public var stackCount: Int {
        presentations.reduce(content.stackCount) { $0 + $1.content.stackCount }
    }

    /// The container at presentation level `level`: the scene's content at
    /// 0, presentation k's at k; `nil` past the top.
    @inlinable
    public func container(level: Int) -> NavContainer<Element>? {
        if level == 0 { return content }
        guard level > 0, level <= presentations.count else { return nil }
        return presentations[level - 1].content
    }

    /// The container at `address`, or `nil` when there is none.
    @inlinable
    public func container(at address: StackAddress) -> NavContainer<Element>? {
        container(level: address.presentation)?.container(at: address.path)
    }

    /// The entries of the stack at `address`, or `nil` when no stack is there.
    @inlinable
    public func stack(_ address: StackAddress) -> [Element]? {
        if address.path.isEmpty, address.presentation == 0, case .stack(let entries) = content { return entries }
        return container(level: address.presentation)?.stack(at: address.path)
    }

    /// Replaces the container at `address` (a stack, a tab bar, a split view).
    ///
    /// - Throws: `NavStateError.noSuchStack` when the scene has no
    ///   container there.
    @inlinable
    public mutating func replaceContainer(at address: StackAddress, with container: NavContainer<Element>) throws(NavStateError) {
        let replaced: Bool
        if address.presentation == 0 {
            replaced = content.replace(at: address.path, with: container)
        } else if address.presentation > 0, address.presentation <= presentations.count {
            replaced = presentations[address.presentation - 1].content.replace(at: address.path, with: container)
        } else {
            replaced = false
        }
        if !replaced { throw .noSuchStack(address) }
    }

    /// Replaces the entries of the stack at `address`.
    ///
    /// - Throws: `NavStateError.noSuchStack` when no stack is there.
    @inlinable
    public mutating func setStack(_ address: StackAddress, to elements: [Element]) throws(NavStateError) {
        var elements = elements
        guard modifyStack(address, { swap(&$0, &elements) }) != nil else { throw .noSuchStack(address) }
    }

    /// Runs `body` on the entries of the stack at `address`, in place (a
    /// push onto a deep stack in a tab copies nothing); `nil` when no stack
    /// is there.
    @inlinable
    package mutating func modifyStack<R>(_ address: StackAddress, _ body: (inout [Element]) -> R) -> R? {
        if address.presentation == 0 { return content.modifyStack(at: address.path, body) }
        guard address.presentation > 0, address.presentation <= presentations.count else { return nil }
        return presentations[address.presentation - 1].content.modifyStack(at: address.path, body)
    }

    /// The address of the stack on screen at presentation level `level`
    /// (the one presentation `level + 1` is shown from); `nil` when that
    /// level is a plain sheet or cover, or past the top.
    @inlinable
    public func stackOnScreen(level: Int) -> StackAddress? {
        if level > 0 {
            guard level <= presentations.count, presentations[level - 1].method.isManaged else { return nil }
        }
        guard let container = container(level: level) else { return nil }
        return StackAddress(presentation: level, path: container.pathOnScreen)
    }

    /// The stack a push goes to: the one on screen in the top-most
    /// presentation, or in the content when nothing is presented; `nil`
    /// when the top presentation is a plain sheet or cover.
    @inlinable
    public var stackOnScreen: StackAddress? { stackOnScreen(level: presentations.count) }

    /// Every stack's address, in scene order: the content's stacks (tabs in
    /// order, depth first), then each presentation's.
    @inlinable
    public var stackAddresses: [StackAddress] {
        var result: [StackAddress] = []
        forEachStack { address, _ in result.append(address) }
        return result
    }

    /// Calls `body` with every stack in scene order (as ``stackAddresses``).
    @inlinable
    package func forEachStack<E: Error>(_ body: (StackAddress, [Element]) throws(E) -> Void) throws(E) {
        for current in 0...presentations.count {
            let container = current == 0 ? content : presentations[current - 1].content
            if case .stack(let entries) = container {
                try body(StackAddress(presentation: current), entries)
            } else {
                try container.forEachStack(prefix: []) { (path, entries) throws(E) in
                    try body(StackAddress(presentation: current, path: path), entries)
                }
            }
        }
    }

    /// The same tree with every stack's entries replaced by the next of
    /// `stacks` in scene order and every selection by `selection`'s;
    /// `nil` when there are too few stacks.
    @inlinable
    package func rebuilt<T: NavElement>(
        stacks: [[T]], destinations: [T], checkpoints: [Checkpoint], values: [String: T],
        selection: (StackAddress, NavSplitColumn) -> T?
    ) -> SceneState<T>? {
        var iterator = stacks.makeIterator()
        guard let content = content.rebuilt(stacks: &iterator, selection: { selection(StackAddress(path: $0), $1) })
        else { return nil }
        var result = SceneState<T>(content: content, checkpoints: checkpoints, values: values)
        for (offset, presentation) in presentations.enumerated() {
            guard offset < destinations.count,
                  let inner = presentation.content.rebuilt(
                    stacks: &iterator, selection: { selection(StackAddress(presentation: offset + 1, path: $0), $1) })
            else { return nil }
            result.presentations.append(Presentation(method: presentation.method, destination: destinations[offset], content: inner))
        }
        return result
    }

    /// How many elements the state holds in its stacks and presentations:
    /// every stack's entries, every split-view selection and every
    /// presentation's destination (scene values not counted).
    @inlinable
    public var entryCount: Int {
        presentations.reduce(content.entryCount) { $0 + 1 + $1.content.entryCount }
    }

    /// The same state with every element transformed, structure and
    /// screens unchanged.
    @inlinable
    public func map<T: NavElement>(_ transform: (Element) throws -> T) rethrows -> SceneState<T> {
        SceneState<T>(
            content: try content.map(transform),
            presentations: try presentations.map {
                Presentation(method: $0.method, destination: try transform($0.destination), content: try $0.content.map(transform))
            },
            checkpoints: checkpoints,
            values: try values.mapValues(transform),
            screens: screens)
    }
}

extension SceneState where Element == AnyDestination {
    /// The state as entries, tags written in the given style.
    public func entries(style: TagStyle = .asRead) throws(NavStateError) -> SceneState<NavEntry> {
        do {
            return try map { try $0.entry(style: style) }
        } catch let error as NavStateError {
            throw error
        } catch {
            // `map` rethrows only what the closure throws: a NavStateError.
            throw .encodingFailed(type: "scene state", description: String(describing: error))
        }
    }
}
