import Logging
@_spi(Tooling) import NavState
package import NavStateModel

// Parts written on any view of the window: each modifier's parts join the
// window's one scene when its view appears (a tab first shown after the
// launch, a sheet's content), and take their saved state then.

/// What a view that holds scene parts keeps while it lives: the session
/// holds it weakly, and a view of the same part name may take the part
/// over once it is gone (a sheet presented again).
package final class PartHolder {
    package init() {}
}

/// A part's holder, weakly.
struct WeakHolder {
    weak var holder: PartHolder?
}

extension SceneSession {
    /// What ``join(_:under:holder:types:registry:appValues:accepts:)`` gives a view.
    package struct Joined {
        /// Each part's index in the session (for ``partChanged(_:to:)``),
        /// `nil` for a part refused: its name is another live part's.
        package var indices: [Int?]
        /// Each part's state to give the app, `nil` to leave the app's.
        package var values: [SceneLayout.Value?]
    }

    /// Parts of a view that appeared after the window's first one: added
    /// to the scene, and given the state the launch restore read for them,
    /// checked by `accepts`. A part whose name a part of a view that is
    /// gone had takes that part over with the app's value as it is (a
    /// sheet presented again starts where the app starts it); a part whose
    /// name a live part has is refused, and the log says why.
    ///
    /// - Parameters:
    ///   - parts: The view's parts in the order they nest.
    ///   - ancestors: The indices of the parts of the views it sits in: a
    ///     selection among them that did not come back leaves these parts
    ///     as the app has them.
    ///   - holder: Kept weakly for as long as the view lives.
    ///   - types: The parts' own types, named as `restoresNavigation` names them.
    ///   - registry: The app's registry, when the view gave one.
    ///   - appValues: The parts' values now, read with the session's registry.
    ///   - accepts: Whether the part at a position takes a restored value.
    package func join(
        _ parts: [(kind: SceneLayout.Part.Kind, name: String?)], under ancestors: [Int], holder: PartHolder,
        types: [any NavDestination.Type] = [], registry given: DestinationRegistry? = nil,
        appValues: (DestinationRegistry) -> [SceneLayout.Value?],
        accepts: (Int, AnyDestination) -> Bool = { _, _ in true }
    ) async -> Joined {
        if !hasRestored { await withCheckedContinuation { restoreWaiters.append($0) } }
        addTypes(types, registry: given)
        let now = appValues(registry)
        var indices: [Int?] = []
        var fresh: [(position: Int, index: Int)] = []
        var changed = false
        for (position, part) in SceneLayout.named(parts).enumerated() {
            guard let (index, isNew) = layout.index(of: part) else {
                refuse(part.name, because: "a part of another kind has its name")
                indices.append(nil)
                continue
            }
            let app = position < now.count ? now[position] : nil
            if isNew {
                current.append(app ?? (part.kind == .stack ? .stack([]) : .one(nil)))
                fresh.append((position, index))
            } else if holders[index] == nil || holders[index]?.holder != nil {
                // The window's first view's part, or a live view's.
                refuse(part.name, because: "another part of the window has its name; give each a name of its own")
                indices.append(nil)
                continue
            } else if let app, app != current[index] {
                current[index] = app
                changed = true
            }
            holders[index] = WeakHolder(holder: holder)
            indices.append(index)
        }
        var values = [SceneLayout.Value?](repeating: nil, count: indices.count)
        let restored = await claimSaved(fresh.map(\.index), under: ancestors) { accepts(fresh[$0].position, $1) }
        for (slot, (position, index)) in fresh.enumerated() {
            guard slot < restored.values.count, let saved = restored.values[slot] else { continue }
            let app = position < now.count ? now[position] : nil
            let shown: SceneLayout.Value?
            switch (layout.parts[index].kind, saved, app) {
            case (.stack, .stack(let entries), .stack(let pushed)?) where !pushed.isEmpty:
                // The app pushed before the part appeared (a link): on top.
                shown = .stack(entries + pushed)
                changed = true
            case (.presented, _, .one(_?)?):
                shown = nil
            default:
                shown = saved
            }
            if let shown {
                current[index] = shown
                values[position] = shown
                adoptScreens(restored.screens[slot], for: index)
            }
        }
        if changed { saver?.changed() }
        return Joined(indices: indices, values: values)
    }

    /// Adds the types of a view's parts, and its registry, to the
    /// session's; a type that cannot be named is logged and not saved.
    func addTypes(_ types: [any NavDestination.Type], registry given: DestinationRegistry?) {
        let (merged, problems) = registry.adding(types, and: given)
        registry = merged
        for problem in problems { typeCannotBeNamed(problem) }
    }

    /// Gives the parts at `indices` (of one view, in order) the state the
    /// launch restore read for them, decoded now with the session's
    /// registry, each checked by `accepts` (by position in `indices`). A
    /// selection that was saved but does not come back (it does not
    /// decode, or `accepts` refuses it) leaves every part after it, and
    /// every part of the views under it, as the app has them; what is
    /// dropped or refused is added to ``restoreReport``.
    func claimSaved(
        _ indices: [Int], under ancestors: [Int], report: Bool = true, accepts: (Int, AnyDestination) -> Bool
    ) async -> SceneLayout.Restored {
        var values: [SceneLayout.Value?] = []
        var heldBack: [String] = []
        var screens: [Int: [Int: ScreenState]] = [:]
        var lost = ancestors.contains { lostSelections.contains($0) }
        for (position, index) in indices.enumerated() {
            let part = layout.parts[index]
            if lost {
                values.append(nil)
                heldBack.append(part.name)
                if part.kind == .selection { lostSelections.insert(index) }
                continue
            }
            switch part.kind {
            case .stack:
                guard let saved = unshown.takeStack(named: part.name, isRoot: part.name == layout.rootStackName) else {
                    values.append(nil)
                    continue
                }
                let content: NavContainer<NavEntry> = saved.tab.map {
                    .tabs(NavTabs([NavTab($0, .stack(saved.entries))], selected: $0))
                } ?? .stack(saved.entries)
                let address: StackAddress = saved.tab.map { .tab($0) } ?? .root
                var sub = SceneState(content: content)
                for (position, screen) in saved.screens { sub.screens[.stack(address, position: position)] = screen }
                let (state, dropped) = await registry.restore(sub, policy: options.policy)
                reportDropped(dropped, intoReport: report)
                screens[values.count] = Self.positions(of: state.screens, in: address)
                values.append(.stack(Self.onlyStack(of: state.content)))
            case .selection, .presented:
                var cameBack = true
                if let (entry, screen) = unshown.takeValue(named: part.name) {
                    var saved = SceneState<NavEntry>(content: .empty)
                    saved.values = [part.name: entry]
                    saved.screens[.value(part.name)] = screen
                    let (state, dropped) = await registry.restore(saved, policy: options.policy)
                    reportDropped(dropped, intoReport: report)
                    if let destination = state.values[part.name], accepts(position, destination) {
                        if let screen = state.screens[.value(part.name)] { screens[values.count] = [0: screen] }
                        values.append(.one(destination))
                    } else {
                        if state.values[part.name] != nil {
                            reportDropped([DroppedEntry(
                                location: .value(part.name), entry: entry,
                                reason: .rejectedByValidator("the app does not offer it at this launch"))], intoReport: report)
                        }
                        cameBack = false
                    }
                } else if unreadValues.contains(part.name) {
                    cameBack = false
                } else {
                    values.append(.one(nil))
                }
                if !cameBack {
                    values.append(nil)
                    if part.kind == .selection {
                        lost = true
                        lostSelections.insert(index)
                    }
                }
            }
        }
        if !heldBack.isEmpty {
            logger?.notice(
                "parts restored only with their selection were left as the app had them",
                metadata: ["scene": "\(scene ?? "")", "parts": "\(heldBack)"])
        }
        return SceneLayout.Restored(values: values, heldBack: heldBack, screens: screens)
    }

    /// The screens of the stack at `address`, by position.
    private static func positions(of screens: [EntryLocation: ScreenState], in address: StackAddress) -> [Int: ScreenState] {
        var result: [Int: ScreenState] = [:]
        for (location, screen) in screens {
            if case .stack(address, let position) = location { result[position] = screen }
        }
        return result
    }

    /// The one stack of a restored part's state: its root, or its one tab's.
    private static func onlyStack(of content: NavContainer<AnyDestination>) -> [AnyDestination] {
        switch content {
        case .stack(let entries):
            return entries
        case .tabs(let bar):
            guard case .stack(let entries)? = bar.tabs.first?.content else { return [] }
            return entries
        case .split:
            return []
        }
    }

    private func reportDropped(_ dropped: [DroppedEntry], intoReport: Bool) {
        guard !dropped.isEmpty else { return }
        if intoReport { restoreReport?.dropped += dropped }
        for entry in dropped {
            logger?.notice("restored entry dropped", metadata: [
                "scene": "\(scene ?? "")", "location": "\(entry.location)", "tag": "\(entry.entry.tag)",
                "reason": "\(entry.reason.code)",
            ])
        }
    }

    private func refuse(_ name: String, because reason: String) {
        logger?.error("navigation part not saved", metadata: ["scene": "\(scene ?? "")", "part": "\(name)", "reason": "\(reason)"])
    }
}
