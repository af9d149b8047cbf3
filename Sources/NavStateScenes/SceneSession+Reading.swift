package import NavStateModel

extension SceneSession {
    /// Typed-array part `index` went from the app's array `old` to `new`.
    /// Telling a push from a replacement takes a comparison a level (the
    /// new array must start with the old one), so the read is made off the
    /// main actor before the next save (``settle()``): a change costs the
    /// main actor the same at any depth. Changes before that save are read
    /// as one, from the array the first of them started from.
    package func partChanged<Route: NavDestination>(_ index: Int, from old: [Route], to new: [Route]) {
        guard hasRestored, index >= 0, index < current.count else { return }
        let start = pendingReads[index]?.start as? [Route] ?? old
        let registry = self.registry
        pendingReads[index] = (start, { current in current.next(from: start, to: new, in: registry) })
        saver?.changed()
    }

    /// Makes the reads ``partChanged(_:from:to:)`` left, off the main
    /// actor, and takes their states as the parts' own; a part whose value
    /// cannot be saved keeps its last state, and the log says why. Changes
    /// made meanwhile wait for the next call.
    package func settle() async {
        guard !pendingReads.isEmpty else { return }
        let reads = pendingReads.map { (index: $0.key, read: $0.value.read, base: current[$0.key]) }
        pendingReads = [:]
        let results = await Task.detached { reads.map { (index: $0.index, value: $0.read($0.base)) } }.value
        for (index, value) in results {
            if let value { current[index] = value } else { partCannotBeSaved(index) }
        }
    }
}
