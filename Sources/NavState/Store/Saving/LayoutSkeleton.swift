import NavStateModel

/// The part of a tree's state its layout JSON is written from: each level's
/// container with its stacks left empty (tabs, selected tab, split views
/// and their selections), the presentation methods, checkpoints and values.
///
/// A tab bar changes its tabs rarely and its stacks often: the head cache
/// keeps the skeleton its layout was written from, and a save whose state
/// has the same one reuses that layout and the tree's checked rules, so a
/// push in one tab of five costs about what a push onto one stack does.
struct LayoutSkeleton {
    var levels: [NavContainer<NavEntry>]
    var methods: [PresentationMethod]
    var checkpoints: [Checkpoint]
    var values: [String: NavEntry]

    /// The skeleton of a tree's state; `nil` for a scene of one stack per
    /// level, whose layout needs no tree.
    init?<Element: StorableElement>(_ state: SceneState<Element>) {
        guard !state.isOneStackPerLevel else { return nil }
        levels = [Self.skeleton(of: state.content)] + state.presentations.map { Self.skeleton(of: $0.content) }
        methods = state.presentations.map(\.method)
        checkpoints = state.checkpoints
        values = state.values.mapValues(\.storedEntry)
    }

    /// Whether `state` would be written with the same layout.
    func matches<Element: StorableElement>(_ state: SceneState<Element>) -> Bool {
        guard levels.count == state.presentations.count + 1, checkpoints == state.checkpoints,
              values.count == state.values.count, Self.same(levels[0], state.content) else { return false }
        for (index, presentation) in state.presentations.enumerated() {
            guard methods[index] == presentation.method, Self.same(levels[index + 1], presentation.content) else { return false }
        }
        for (name, value) in state.values {
            guard let saved = values[name], value.isStored(as: saved) else { return false }
        }
        return true
    }

    private static func skeleton<Element: StorableElement>(of container: NavContainer<Element>) -> NavContainer<NavEntry> {
        switch container {
        case .stack:
            return .empty
        case .tabs(let tabs):
            return .tabs(NavTabs(tabs.tabs.map { NavTab($0.id, skeleton(of: $0.content)) }, selected: tabs.selected))
        case .split(let split):
            return .split(NavSplit(
                sidebar: split.sidebar?.storedEntry, content: split.content?.storedEntry,
                hasContentColumn: split.hasContentColumn, visibility: split.visibility, detail: skeleton(of: split.detail)))
        }
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
