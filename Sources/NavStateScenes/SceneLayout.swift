import Foundation
import NavState
package import NavStateModel

/// How an app's own navigation state (its `@State` paths, selections and
/// presented items) is saved as one scene tree, and read back.
///
/// The parts are listed in the order the screen nests them: a stack after
/// the selection it shows under. That order is the one rule of the
/// restore: a part comes back only when every selection listed before it
/// came back, so a path is never restored under another selection than
/// the one it was saved under (Food Truck's donut path under its default
/// `.truck` panel). The tree:
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

    package let parts: [Part]

    /// The layout of `kinds`, named by `names` where given: a part without
    /// a name is called after its kind and place (`path`, `path-2`,
    /// `selection`, `presented`…), so reordering the parts renames them.
    package init(_ kinds: [(kind: Part.Kind, name: String?)]) {
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
        self.parts = parts
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

    /// The scene tree that holds `values`, one per part in order.
    package func state(of values: [Value]) -> SceneState<AnyDestination> {
        var stacks: [String: [AnyDestination]] = [:]
        var named: [String: AnyDestination] = [:]
        for (part, value) in zip(parts, values) {
            switch value {
            case .stack(let entries): stacks[part.name] = entries
            case .one(let destination?): named[part.name] = destination
            case .one(nil): break
            }
        }
        let names = stackNames
        let content: NavContainer<AnyDestination>
        if names.count == 1 {
            content = .stack(stacks[names[0]] ?? [])
        } else if names.isEmpty {
            content = .stack([])
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
    }

    /// Each part's state in a restored `state`. A selection that was saved
    /// but did not come back (`dropped` names its value) holds back every
    /// part after it; so does one whose value `fits` refuses (its type is
    /// not the binding's).
    package func values(
        in state: SceneState<AnyDestination>, dropped: [DroppedEntry], fits: (Int, AnyDestination) -> Bool
    ) -> Restored {
        let lostValues = Set(dropped.compactMap { entry -> String? in
            if case .value(let name) = entry.location { return name }
            return nil
        })
        var values: [Value?] = []
        var heldBack: [String] = []
        var selectionLost = false
        for (index, part) in parts.enumerated() {
            if selectionLost {
                values.append(nil)
                heldBack.append(part.name)
                continue
            }
            switch part.kind {
            case .stack:
                values.append(stack(named: part.name, in: state).map(Value.stack))
            case .selection, .presented:
                if let destination = state.values[part.name] {
                    if fits(index, destination) {
                        values.append(.one(destination))
                    } else {
                        values.append(nil)
                        selectionLost = part.kind == .selection
                    }
                } else if lostValues.contains(part.name) {
                    values.append(nil)
                    selectionLost = part.kind == .selection
                } else {
                    values.append(.one(nil))
                }
            }
        }
        return Restored(values: values, heldBack: heldBack)
    }

    /// The stack saved under `name`, wherever this layout put it: the root
    /// stack of a one-stack layout, a tab otherwise.
    private func stack(named name: String, in state: SceneState<AnyDestination>) -> [AnyDestination]? {
        switch state.content {
        case .stack(let entries):
            return stackNames.count == 1 ? entries : nil
        case .tabs(let tabs):
            guard let tab = tabs.tabs.first(where: { $0.id == name }), case .stack(let entries) = tab.content else {
                return nil
            }
            return entries
        case .split:
            return nil
        }
    }
}
