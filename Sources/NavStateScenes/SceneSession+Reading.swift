package import NavStateModel

/// A typed-array part's change not read yet: the app's array the changes
/// since the last save started from, and the read to the array now.
enum PendingRead {
    /// Of `Sendable` routes: read off the main actor.
    case offMain(start: any Sendable, read: @Sendable (SceneLayout.Value) -> SceneLayout.Value?)
    /// Of routes that are not `Sendable` (a `public` type of another
    /// module): they never leave the main actor, so the read is made there,
    /// and what goes to the store is their encoded entries.
    case onMain(start: Any, read: @MainActor (SceneLayout.Value) -> SceneLayout.Value?)
}

extension SceneSession {
    /// Typed-array part `index` went from the app's array `old` to `new`.
    /// Telling a push from a replacement takes a comparison a level (the
    /// new array must start with the old one), so the read is made off the
    /// main actor before the next save (``settle()``): a change costs the
    /// main actor the same at any depth. Changes before that save are read
    /// as one, from the array the first of them started from.
    package func partChanged<Route: NavDestination & Sendable>(_ index: Int, from old: [Route], to new: [Route]) {
        guard hasRestored, index >= 0, index < current.count else { return }
        var start = old
        if case .offMain(let first as [Route], _)? = pendingReads[index] { start = first }
        let registry = self.registry
        pendingReads[index] = .offMain(start: start, read: { [start] current in current.next(from: start, to: new, in: registry) })
        saver?.changed()
    }

    /// The same for routes that are not `Sendable`: the read, and the
    /// encoding of what was pushed, are made on the main actor just before
    /// the next save, once for every change since the last one.
    @_disfavoredOverload
    package func partChanged<Route: NavDestination>(_ index: Int, from old: [Route], to new: [Route]) {
        guard hasRestored, index >= 0, index < current.count else { return }
        var start = old
        if case .onMain(let first as [Route], _)? = pendingReads[index] { start = first }
        let registry = self.registry
        pendingReads[index] = .onMain(start: start, read: { [start] current in current.next(from: start, to: new, in: registry) })
        saver?.changed()
    }

    /// Makes the reads ``partChanged(_:from:to:)`` left (off the main
    /// actor for `Sendable` routes), and takes their states as the parts'
    /// own; a part whose value cannot be saved keeps its last state, and
    /// the log says why. Changes made meanwhile wait for the next call.
    package func settle() async {
        guard !pendingReads.isEmpty else { return }
        var offMain: [(index: Int, read: @Sendable (SceneLayout.Value) -> SceneLayout.Value?, base: SceneLayout.Value)] = []
        for (index, pending) in pendingReads {
            switch pending {
            case .offMain(_, let read): offMain.append((index, read, current[index]))
            case .onMain(_, let read): take(read(current[index]), at: index)
            }
        }
        pendingReads = [:]
        guard !offMain.isEmpty else { return }
        let reads = offMain
        let results = await Task.detached { reads.map { (index: $0.index, value: $0.read($0.base)) } }.value
        for (index, value) in results { take(value, at: index) }
    }

    private func take(_ value: SceneLayout.Value?, at index: Int) {
        if let value { current[index] = value } else { partCannotBeSaved(index) }
    }
}
