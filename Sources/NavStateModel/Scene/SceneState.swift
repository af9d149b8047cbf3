/// Everything one scene (one window, one `ManagedNavigationStack(scene:)`)
/// persists: its root stack, the chain of presentations above it, its
/// checkpoints and its named scene values.
///
/// ```swift
/// var state = SceneState<AnyDestination>()
/// state.root = Array(path)
/// state.presentations = [Presentation(method: .managedSheet, destination: cart, stack: [item])]
/// state.checkpoints = [Checkpoint(name: "home", stack: 0, entriesKept: 0)]
/// state.values["selectedTab"] = tab
/// ```
///
/// Stacks are numbered: 0 is the root stack, k is the stack of the k-th
/// presentation. Presentation k is shown from the top of stack k − 1.
public struct SceneState<Element: NavElement>: Sendable, Hashable {
    /// The root navigation stack, bottom first.
    public var root: [Element]
    /// The presentations, each shown above the previous one's stack.
    public var presentations: [Presentation<Element>]
    /// Named return points. When a name appears more than once, the top-most
    /// one is the one that counts.
    public var checkpoints: [Checkpoint]
    /// Named scene values: the selected tab, a split view's selection.
    public var values: [String: Element]

    /// A state with the given stacks, presentations, checkpoints and values; empty by default.
    public init(
        root: [Element] = [],
        presentations: [Presentation<Element>] = [],
        checkpoints: [Checkpoint] = [],
        values: [String: Element] = [:]
    ) {
        self.root = root
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values
    }

    /// True when nothing is pushed, presented, marked or selected.
    @inlinable
    public var isEmpty: Bool {
        root.isEmpty && presentations.isEmpty && checkpoints.isEmpty && values.isEmpty
    }

    /// Number of stacks: the root one and one per presentation.
    @inlinable
    public var stackCount: Int { presentations.count + 1 }

    /// The entries of stack `index` (0 is the root stack).
    @inlinable
    public func stack(_ index: Int) -> [Element] {
        index == 0 ? root : presentations[index - 1].stack
    }

    /// Replaces the entries of stack `index`.
    @inlinable
    public mutating func setStack(_ index: Int, to elements: [Element]) {
        if index == 0 { root = elements } else { presentations[index - 1].stack = elements }
    }

    /// How many elements the state holds in its stacks and presentations:
    /// every stack's entries plus every presentation's destination (scene
    /// values not counted).
    @inlinable
    public var entryCount: Int {
        presentations.reduce(root.count) { $0 + 1 + $1.stack.count }
    }

    /// The same state with every element transformed, structure unchanged.
    @inlinable
    public func map<T: NavElement>(_ transform: (Element) throws -> T) rethrows -> SceneState<T> {
        SceneState<T>(
            root: try root.map(transform),
            presentations: try presentations.map {
                Presentation(method: $0.method, destination: try transform($0.destination), stack: try $0.stack.map(transform))
            },
            checkpoints: checkpoints,
            values: try values.mapValues(transform))
    }
}

extension SceneState where Element == AnyDestination {
    /// The state as entries, tags written in the given style.
    public func entries(style: TagStyle = .asRead) throws(DestinationError) -> SceneState<NavEntry> {
        do {
            return try map { try $0.entry(style: style) }
        } catch let error as DestinationError {
            throw error
        } catch {
            // `map` rethrows only what the closure throws: a DestinationError.
            throw .encodingFailed(type: "scene state", description: String(describing: error))
        }
    }
}
