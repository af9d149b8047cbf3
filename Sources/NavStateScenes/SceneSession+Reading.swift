import Logging
import NavState
package import NavStateModel

/// A typed-array part's change not read yet: the app's array the changes
/// since the last save started from, and the read to the array now, made
/// on the main actor.
struct PendingRead {
    var start: Any
    /// Brings the part's state to the array now; `false` when a route
    /// cannot be saved.
    var read: @MainActor (inout SceneLayout.Value) -> Bool
}

extension SceneSession {
    /// Typed-array part `index` went from the app's array `old` to `new`.
    /// The routes need not be `Sendable` (a `public` type of a feature
    /// module is not), so they never leave the main actor: the read (is
    /// the new array the old one pushed onto, or a replacement?) and the
    /// encoding of what was pushed are made there just before the next
    /// save, once for every change since the last one, from the array the
    /// first of them started from; what goes to the store is the entries.
    package func partChanged<Route: NavDestination>(_ index: Int, from old: [Route], to new: [Route]) {
        guard hasRestored, index >= 0, index < current.count else { return }
        if partScreens[index] != nil { entriesChanged(index, keeping: keptEntries(of: index, from: old, to: new)) }
        var start = old
        if let first = pendingReads[index]?.start as? [Route] { start = first }
        let registry = self.registry
        pendingReads[index] = PendingRead(start: start, read: { [start] current in current.advance(from: start, to: new, in: registry) })
        saver?.changed()
    }

    /// Makes the reads ``partChanged(_:from:to:)`` left, and takes their
    /// states as the parts' own; a part whose value cannot be saved keeps
    /// its last state, and the log says why.
    package func settle() async {
        guard !pendingReads.isEmpty else { return }
        let reads = pendingReads
        pendingReads = [:]
        for (index, pending) in reads where !pending.read(&current[index]) {
            partCannotBeSaved(index)
        }
    }

    /// Part `index` holds a value that cannot be saved (its type is not
    /// registered, or `JSONEncoder` refuses it): the last savable state
    /// stays saved, and the log says why.
    package func partCannotBeSaved(_ index: Int) {
        guard index >= 0, index < layout.parts.count else { return }
        logger?.error(
            "navigation change not saved: a value's type is not registered or does not encode",
            metadata: ["scene": "\(scene ?? "")", "part": "\(layout.parts[index].name)"])
    }

    /// A type the app listed could not be named in the registry (two types
    /// of one name, say): its values are not saved, and the log says why.
    package func typeCannotBeNamed(_ problem: NavStateError) {
        logger?.error("navigation type not registered", metadata: ["scene": "\(scene ?? "")", "problem": "\(problem)"])
    }
}
