import Foundation
import NavStateModel
import NavStateSQLite

/// A tree's layout as a save wrote it, with its JSON: what the head cache
/// keeps, and a save whose state matches it reuses. Shared, not copied: a
/// `StoredLayout` copied retains each of its arrays, and a save of a tree
/// handed it from the cache to the save and back.
final class WrittenTree {
    let layout: StoredLayout
    let json: String

    init(_ layout: StoredLayout, json: String) {
        self.layout = layout
        self.json = json
    }
}

/// The part of a revision that is not stack entries: presentation methods,
/// checkpoints, scene values and, for a tree, each level's container with
/// its stacks left empty (its tabs, its split views with their selections),
/// stored as one small JSON text per revision. The stacks are the
/// revision's slots, in tree order.
///
/// A tab bar changes its tabs rarely and its stacks often: the head cache
/// keeps the layout a save wrote, and a save whose state ``matches(_:)`` it
/// reuses its JSON and the tree's checked rules, so a push in one tab of
/// five costs little more than a push onto one stack (1.12×,
/// docs/benchmarks.md).
package struct StoredLayout: Equatable {
    var presentations: [PresentationMethod]
    var checkpoints: [Checkpoint]
    var values: [String: NavEntry]
    /// The container of each level (the content, then each presentation's),
    /// each stack empty; `nil` when every level is one stack.
    var shapes: [NavContainer<NavEntry>]?

    /// The layout of a state with nothing presented, marked or selected: by
    /// far the most common, so it skips the encoder.
    static let emptyJSON = #"{"checkpoints":[],"presentations":[],"values":{}}"#

    package init(
        _ presentations: [PresentationMethod], _ checkpoints: [Checkpoint], _ values: [String: NavEntry],
        shapes: [NavContainer<NavEntry>]? = nil
    ) {
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values
        self.shapes = shapes
    }

    /// The layout JSON of a state.
    static func json<Element: StorableElement>(of state: SceneState<Element>) -> String {
        if case .stack = state.content, state.presentations.isEmpty && state.checkpoints.isEmpty && state.values.isEmpty {
            return emptyJSON
        }
        return of(state).json()
    }

    /// The layout of a state: shapes only when some level is not one stack.
    static func of<Element: StorableElement>(_ state: SceneState<Element>) -> StoredLayout {
        var shapes: [NavContainer<NavEntry>]?
        if !state.isOneStackPerLevel {
            shapes = [shape(of: state.content)] + state.presentations.map { shape(of: $0.content) }
        }
        return StoredLayout(
            state.presentations.map(\.method), state.checkpoints, state.values.mapValues(\.storedEntry), shapes: shapes)
    }

    /// A container with its stacks emptied and its selections as stored.
    static func shape<Element: StorableElement>(of container: NavContainer<Element>) -> NavContainer<NavEntry> {
        switch container {
        case .stack:
            return .empty
        case .tabs(let tabs):
            return .tabs(NavTabs(tabs.tabs.map { NavTab($0.id, shape(of: $0.content)) }, selected: tabs.selected))
        case .split(let split):
            return .split(NavSplit(
                sidebar: split.sidebar?.storedEntry, content: split.content?.storedEntry,
                hasContentColumn: split.hasContentColumn, visibility: split.visibility, detail: shape(of: split.detail)))
        }
    }

    /// Whether `state` would be written as this layout, for a tree's
    /// layout: what a save of a tree asks before it writes the JSON again.
    func matches<Element: StorableElement>(_ state: SceneState<Element>) -> Bool {
        guard let shapes, shapes.count == state.presentations.count + 1, checkpoints == state.checkpoints,
              values.count == state.values.count, Self.same(shapes[0], state.content) else { return false }
        for (index, presentation) in state.presentations.enumerated() {
            guard presentations[index] == presentation.method, Self.same(shapes[index + 1], presentation.content) else { return false }
        }
        for (name, value) in state.values {
            guard let saved = values[name], value.isStored(as: saved) else { return false }
        }
        return true
    }

    // One switch per side, no tuple of both and no tab copied out: this
    // runs on every save of a tree.
    private static func same<Element: StorableElement>(_ saved: NavContainer<NavEntry>, _ new: NavContainer<Element>) -> Bool {
        switch saved {
        case .stack:
            if case .stack = new { return true }
            return false
        case .tabs(let saved):
            guard case .tabs(let new) = new, saved.selected == new.selected, saved.tabs.count == new.tabs.count else { return false }
            for index in saved.tabs.indices {
                guard saved.tabs[index].id == new.tabs[index].id else { return false }
                // A stack in both, the usual tab: nothing to copy to compare.
                if case .stack = saved.tabs[index].content, case .stack = new.tabs[index].content { continue }
                guard same(saved.tabs[index].content, new.tabs[index].content) else { return false }
            }
            return true
        case .split(let saved):
            guard case .split(let new) = new else { return false }
            return saved.hasContentColumn == new.hasContentColumn && saved.visibility == new.visibility
                && same(saved.sidebar, new.sidebar) && same(saved.content, new.content) && same(saved.detail, new.detail)
        }
    }

    private static func same<Element: StorableElement>(_ saved: NavEntry?, _ new: Element?) -> Bool {
        switch (saved, new) {
        case (nil, nil): true
        case let (saved?, new?): new.isStored(as: saved)
        default: false
        }
    }
}

extension StoredLayout {
    /// The damage of a layout that holds more stacks, or nests deeper, than
    /// `limits` let a save write: a tampered file, whose tree is not
    /// rebuilt (nor checked, tab by tab, on every launch).
    func pastLimits(_ limits: NavStore.Limits) -> Damage? {
        guard let shapes else {
            let stacks = presentations.count + 1
            return stacks > limits.stacksPerScene ? .pastStackLimit(limit: limits.stacksPerScene) : nil
        }
        // The walk stops at the first container past a limit, so a tampered
        // layout costs no more than the limits allow.
        var stacks = 0
        var damage: Damage?
        for shape in shapes {
            var path: [StackAddress.Step] = []
            shape.walk(&path) { path, container in
                if case .stack = container {
                    stacks += 1
                    if stacks > limits.stacksPerScene { damage = .pastStackLimit(limit: limits.stacksPerScene) }
                } else if path.count + 1 > limits.nestingDepth {
                    damage = .pastNestingLimit(limit: limits.nestingDepth)
                }
                return damage == nil
            }
            if let damage { return damage }
        }
        return nil
    }
}
