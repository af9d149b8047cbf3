extension SceneState {
    /// The checkpoint that counts for `name`: the top-most one when the name
    /// was set more than once (a higher presentation level, then a stack on
    /// screen, then a higher index wins), as in Navigator.
    public func checkpoint(named name: String) -> Checkpoint? {
        let shown = Set((0...presentations.count).compactMap { stackOnScreen(level: $0) })
        return checkpoints
            .filter { $0.name == name }
            .max {
                ($0.stack.presentation, shown.contains($0.stack) ? 1 : 0, $0.entriesKept)
                    < ($1.stack.presentation, shown.contains($1.stack) ? 1 : 0, $1.entriesKept)
            }
    }

    /// Whether returning to `name` is possible now, without changing anything.
    public func canReturn(to name: String) -> Bool {
        guard let checkpoint = checkpoint(named: name), let stack = stack(checkpoint.stack) else { return false }
        return checkpoint.entriesKept >= 0 && checkpoint.entriesKept <= stack.count
    }

    /// The state after returning to a checkpoint: every presentation above the
    /// checkpoint's stack dismissed, the tabs that show that stack selected,
    /// the stack popped to the checkpoint's index, and checkpoints that no
    /// longer point anywhere removed.
    ///
    /// - Parameters:
    ///   - name: The checkpoint's name; the top-most one of that name counts.
    ///   - value: A value delivered to the checkpoint. Its type must be
    ///     the checkpoint's declared value type. Navigator silently never calls
    ///     a handler whose type does not match; NavState refuses instead, so
    ///     the mistake is seen.
    /// - Throws: `NavStateError.checkpointNotFound` when no such
    ///   checkpoint can be returned to;
    ///   `NavStateError.checkpointValueMismatch`
    ///   when the value's type is not the declared one.
    public func returning(to name: String, value: Element? = nil) throws(NavStateError) -> SceneState {
        guard let checkpoint = checkpoint(named: name), canReturn(to: name), let stack = stack(checkpoint.stack) else {
            throw .checkpointNotFound(name)
        }
        if let value, value.typeTag != checkpoint.valueType {
            throw .checkpointValueMismatch(checkpoint: name, expected: checkpoint.valueType, got: value.typeTag)
        }
        var state = self
        let level = checkpoint.stack.presentation
        state.presentations.removeSubrange(level...)
        try state.setStack(checkpoint.stack, to: Array(stack.prefix(checkpoint.entriesKept)))
        try state.select(checkpoint.stack)
        state.checkpoints.removeAll { other in
            other.stack.presentation > level || (other.stack == checkpoint.stack && other.entriesKept > checkpoint.entriesKept)
        }
        return state
    }

    /// Selects, in every tab bar on the way to `address`, the tab that leads
    /// there, so the container at `address` is on screen at its level.
    ///
    /// - Throws: `NavStateError.noSuchStack` when nothing is there.
    public mutating func select(_ address: StackAddress) throws(NavStateError) {
        guard container(at: address) != nil else { throw .noSuchStack(address) }
        var prefix = StackAddress(presentation: address.presentation)
        for step in address.path {
            if case .tab(let id) = step, case .tabs(var tabs)? = container(at: prefix), tabs.selected != id {
                tabs.selected = id
                try replaceContainer(at: prefix, with: .tabs(tabs))
            }
            prefix = prefix.appending(step)
        }
    }
}
