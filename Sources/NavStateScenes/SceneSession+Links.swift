package import Foundation
import Logging
@_spi(Tooling) import NavState
package import NavStateModel

// Links in the order they came, whatever their source (a URL for the app's
// handler, a Handoff activity), and Handoff itself: what the window
// offers, and an incoming scene shown on the parts.

/// How a live part's view shows a state the session gives it, and which
/// restored values it takes.
package struct PartHooks {
    package var write: @MainActor (SceneLayout.Value) -> Void
    package var accepts: @MainActor (AnyDestination) -> Bool

    package init(write: @escaping @MainActor (SceneLayout.Value) -> Void, accepts: @escaping @MainActor (AnyDestination) -> Bool) {
        self.write = write
        self.accepts = accepts
    }
}

extension SceneSession {
    /// Sets how part `index`'s view shows a state a link gives it.
    package func setHooks(_ hooks: PartHooks, for index: Int) {
        guard index >= 0, index < layout.parts.count else { return }
        self.hooks[index] = hooks
    }

    // MARK: Handoff

    /// What the window offers to Handoff now: its scene's payload, or `nil`
    /// when it offers nothing (not restored yet, a scene too large to hand
    /// off, or one holding a screen whose type is never persisted).
    package func handoffPayload() -> Data? {
        guard hasRestored else { return nil }
        return HandoffFormat.offer(state)
    }

    /// A Handoff activity's payload for the window, at any time: applied in
    /// its turn among the window's links, once the restore is in place,
    /// decoded through this app's registry and policy, each part shown as
    /// the other device had it (a selection the app does not accept now
    /// leaves the parts after it as they are). A payload that cannot be
    /// continued (a stranger's, one too large) is logged, and the links
    /// after it still run.
    package func continueHandoff(_ payload: Data) {
        links.append(.later { [weak self] in await self?.adopt(payload) })
    }

    private func adopt(_ payload: Data) async {
        let saved: SceneState<NavEntry>
        do {
            saved = try HandoffFormat.scene(in: Array(payload))
        } catch {
            logger?.error("handoff not applied", metadata: ["scene": "\(scene ?? "")", "problem": "\(error)"])
            return
        }
        // The handed-off scene replaces the window's: its parts' states,
        // and the saved entries of the parts not shown yet.
        let launchLost = lostSelections
        unshown = SavedEntries(saved)
        lostSelections = []
        let indices = Array(layout.parts.indices)
        let hooks = self.hooks
        let shown = await claimSaved(indices, under: [], report: false) { position, destination in
            hooks[indices[position]]?.accepts(destination) ?? true
        }
        lostSelections = launchLost
        for (slot, (index, value)) in zip(indices, shown.values).enumerated() {
            // Nothing handed off for the part, or held back under a
            // selection this app does not accept: it stays as it is.
            guard let next = value else { continue }
            if next != current[index] {
                // A change read later would start from the state replaced.
                pendingReads[index] = nil
                valueChanged(index, from: current[index], to: next)
                current[index] = next
                hooks[index]?.write(next)
            }
            // The screens come as the other device had them.
            for (position, screen) in shown.screens[slot] ?? [:] {
                partScreens[index, default: PartScreens()].states[position] = screen
            }
        }
        saver?.changed()
        logger?.debug("handoff applied", metadata: ["scene": "\(scene ?? "")"])
    }
}
