import Foundation
import NavState
package import NavStateModel

/// How an app's own navigation state (its `@State` paths, selections and
/// presented items) is saved as one scene tree, and read back.
///
/// The parts are listed in the order the screen nests them, and that order
/// is the restore's one rule ("A path never under another selection" in
/// the article "Adopting NavStateUI"). The tree:
///
/// - one stack part: the scene's root stack;
/// - no stack, or several: a tab bar whose tabs are the stacks, by name;
/// - every selection and presented item: a named scene value.
package struct SceneLayout: Sendable, Hashable {
    /// One part of the state.
    package struct Part: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// A stack of destinations: a `NavigationPath` or an array.
            case stack
            /// One value, or none: a tab's, a sidebar's or a list's
            /// selection.
            case selection
            /// The item a sheet or cover is presented for, or none.
            case presented
        }

        package var kind: Kind
        /// The part's name in the saved tree: a tab id for a stack, a value
        /// name otherwise.
        package var name: String

        package init(_ kind: Kind, name: String) {
            self.kind = kind
            self.name = name
        }
    }

    /// One part's state.
    package enum Value: Sendable, Hashable {
        case stack([AnyDestination])
        case one(AnyDestination?)
    }

    package private(set) var parts: [Part]
    /// The one stack of a layout made with one stack part: saved as the
    /// scene's root stack while it is the scene's only stack. Parts that
    /// join later never change it, and their stacks are tabs by name, so a
    /// stack is never restored into another part than its own.
    package let rootStackName: String?

    /// The layout of `kinds`, named by `names` where given: a part without
    /// a name is called after its kind and place (`path`, `path-2`,
    /// `selection`, `presented`…), so reordering the parts renames them.
    package init(_ kinds: [(kind: Part.Kind, name: String?)]) {
        parts = Self.named(kinds)
        let stacks = parts.filter { $0.kind == .stack }
        rootStackName = stacks.count == 1 ? stacks[0].name : nil
    }

    /// `kinds` named as ``init(_:)`` names them: by kind and place in
    /// their own list where no name is given, two of one list never sharing
    /// a name.
    package static func named(_ kinds: [(kind: Part.Kind, name: String?)]) -> [Part] {
        var counts: [Part.Kind: Int] = [:]
        var taken: Set<String> = []
        var parts: [Part] = []
        for (kind, given) in kinds {
            counts[kind, default: 0] += 1
            var name = given.flatMap { Self.isUsable($0) ? $0 : nil } ?? Self.defaultName(kind, counts[kind] ?? 1)
            // Two parts never share a name: the second would overwrite the
            // first in the file.
            var suffix = 2
            let base = name
            while taken.contains(name) {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            parts.append(Part(kind, name: name))
        }
        return parts
    }

    /// The index of the part named `name`, adding it at the end when the
    /// layout has none; `nil` when a part of another kind has that name.
    package mutating func index(of part: Part) -> (index: Int, isNew: Bool)? {
        if let index = parts.firstIndex(where: { $0.name == part.name }) {
            return parts[index].kind == part.kind ? (index, false) : nil
        }
        parts.append(part)
        return (parts.count - 1, true)
    }

    private static func defaultName(_ kind: Part.Kind, _ count: Int) -> String {
        let base = switch kind {
        case .stack: "path"
        case .selection: "selection"
        case .presented: "presented"
        }
        return count == 1 ? base : "\(base)-\(count)"
    }

    /// A name that is a valid tab id and value name.
    private static func isUsable(_ name: String) -> Bool {
        NavTabs<AnyDestination>.isValidID(name)
            && !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    private var stackNames: [String] { parts.filter { $0.kind == .stack }.map(\.name) }

    // MARK: Saving

    /// The scene tree that holds `values`, one per part in order, and the
    /// saved entries of the parts not shown yet (`unshown`), as they were.
    package func state(of values: [Value], keeping unshown: SavedEntries = SavedEntries()) -> SceneState<AnyDestination> {
        var stacks: [String: [AnyDestination]] = [:]
        var named = unshown.values
        for (part, value) in zip(parts, values) {
            switch value {
            case .stack(let entries): stacks[part.name] = entries
            case .one(let destination?): named[part.name] = destination
            case .one(nil): named[part.name] = nil
            }
        }
        var names = stackNames
        for tab in unshown.tabs where stacks[tab.id] == nil && !names.contains(tab.id) {
            names.append(tab.id)
            stacks[tab.id] = tab.entries
        }
        let content: NavContainer<AnyDestination>
        if names.count == 1, names[0] == rootStackName {
            content = .stack(stacks[names[0]] ?? [])
        } else if names.isEmpty {
            content = .stack(unshown.rootStack ?? [])
        } else {
            content = .tabs(NavTabs(names.map { NavTab($0, .stack(stacks[$0] ?? [])) }, selected: names[0]))
        }
        var state = SceneState(content: content)
        state.values = named
        return state
    }

    // MARK: Restoring

    /// What a restore gives back for each part, in order.
    package struct Restored: Sendable, Hashable {
        /// Each part's restored state; `nil` where the part keeps the
        /// app's own (nothing was saved for it, or it lives under a
        /// selection that did not come back).
        package var values: [Value?]
        /// The parts left as the app had them because a selection before
        /// them did not come back, by name.
        package var heldBack: [String]
        /// The own state of the restored entries' screens: by the part's
        /// place in ``values``, then by the entry's position (0 for a
        /// selection or a presented item).
        package var screens: [Int: [Int: ScreenState]] = [:]

        package init(values: [Value?], heldBack: [String], screens: [Int: [Int: ScreenState]] = [:]) {
            self.values = values
            self.heldBack = heldBack
            self.screens = screens
        }
    }
}

/// The entries a launch restore read for the parts that have not appeared
/// yet this launch: a part takes its own when it appears, and every save
/// writes the rest back as they were read, so a save never erases a tab
/// the user has not opened this launch. Each is wrapped once
/// (`AnyDestination(keeping:)`), so every save hands the store the same
/// destinations and it knows them unchanged without reading them again.
package struct SavedEntries: Sendable, Hashable {
    /// A scene of one stack: the stack, for the layout's one stack part
    /// (``SceneLayout/rootStackName``).
    package var rootStack: [AnyDestination]?
    /// A tab bar's stacks, by tab id, in the saved order.
    package var tabs: [Tab] = []
    /// Selections and presented items, by name.
    package var values: [String: AnyDestination] = [:]
    /// The own state of these entries' screens, where the saved scene had
    /// them: written back with them while their parts have not appeared.
    package var screens: [EntryLocation: ScreenState] = [:]

    /// A tab's id and its stack.
    package struct Tab: Sendable, Hashable {
        package var id: String
        package var entries: [AnyDestination]
    }

    package init() {}

    /// The entries of a restored `state`: its root stack or its tabs'
    /// stacks, and its values.
    package init(_ state: SceneState<NavEntry>) {
        func kept(_ entries: [NavEntry]) -> [AnyDestination] { entries.map(AnyDestination.init(keeping:)) }
        switch state.content {
        case .stack(let entries): rootStack = kept(entries)
        case .tabs(let bar):
            tabs = bar.tabs.compactMap { tab in
                guard case .stack(let entries) = tab.content else { return nil }
                return .init(id: tab.id, entries: kept(entries))
            }
        case .split: break
        }
        values = state.values.mapValues(AnyDestination.init(keeping:))
        screens = state.screens
    }

    /// Takes the stack saved for the part `name`: its tab, else, for the
    /// layout's root stack part (`isRoot`), a scene's one root stack; with
    /// the tab id it was saved under (`nil` for the root stack), and its
    /// entries' screens by position.
    package mutating func takeStack(
        named name: String, isRoot: Bool
    ) -> (entries: [NavEntry], tab: String?, screens: [Int: ScreenState])? {
        if let index = tabs.firstIndex(where: { $0.id == name }) {
            return (tabs.remove(at: index).entries.map(\.entry), name, takeScreens(of: .tab(name)))
        }
        guard isRoot, let root = rootStack else { return nil }
        rootStack = nil
        return (root.map(\.entry), nil, takeScreens(of: .root))
    }

    /// Takes the value saved for the part `name`, with its screen.
    package mutating func takeValue(named name: String) -> (entry: NavEntry, screen: ScreenState?)? {
        guard let entry = values.removeValue(forKey: name)?.entry else { return nil }
        return (entry, screens.removeValue(forKey: .value(name)))
    }

    /// Takes the screens of the stack at `address`, by position.
    private mutating func takeScreens(of address: StackAddress) -> [Int: ScreenState] {
        guard !screens.isEmpty else { return [:] }
        var taken: [Int: ScreenState] = [:]
        for (location, screen) in screens {
            guard case .stack(address, let position) = location else { continue }
            taken[position] = screen
            screens[location] = nil
        }
        return taken
    }
}
