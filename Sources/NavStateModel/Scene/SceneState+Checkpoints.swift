extension SceneState {
    /// The checkpoint that counts for `name`: the top-most one when the name
    /// was set more than once (a deeper stack, then a higher index, wins), as
    /// in Navigator.
    public func checkpoint(named name: String) -> Checkpoint? {
        checkpoints
            .filter { $0.name == name }
            .max { ($0.stack, $0.entriesKept) < ($1.stack, $1.entriesKept) }
    }

    /// Whether returning to `name` is possible now, without changing anything.
    public func canReturn(to name: String) -> Bool {
        guard let checkpoint = checkpoint(named: name) else { return false }
        return checkpoint.stack < stackCount && checkpoint.entriesKept <= stack(checkpoint.stack).count
    }

    /// The state after returning to a checkpoint: every presentation above the
    /// checkpoint's stack dismissed, that stack popped to the checkpoint's
    /// index, and checkpoints that no longer point anywhere removed.
    ///
    /// - Parameters:
    ///   - name: The checkpoint's name; the top-most one of that name counts.
    ///   - value: A value delivered to the checkpoint. Its type must be
    ///     the checkpoint's declared value type. Navigator silently never calls
    ///     a handler whose type does not match; NavState refuses instead, so
    ///     the mistake is seen.
    /// - Throws: ``SceneStateError/checkpointNotFound(_:)`` when no such
    ///   checkpoint can be returned to;
    ///   ``SceneStateError/checkpointValueMismatch(checkpoint:expected:got:)``
    ///   when the value's type is not the declared one.
    public func returning(to name: String, value: Element? = nil) throws(SceneStateError) -> SceneState {
        guard let checkpoint = checkpoint(named: name), canReturn(to: name) else {
            throw .checkpointNotFound(name)
        }
        if let value, value.typeTag != checkpoint.valueType {
            throw .checkpointValueMismatch(checkpoint: name, expected: checkpoint.valueType, got: value.typeTag)
        }
        var state = self
        state.presentations.removeSubrange(checkpoint.stack...)
        var stack = state.stack(checkpoint.stack)
        stack.removeSubrange(checkpoint.entriesKept...)
        state.setStack(checkpoint.stack, to: stack)
        state.checkpoints.removeAll { other in
            other.stack > checkpoint.stack || (other.stack == checkpoint.stack && other.entriesKept > checkpoint.entriesKept)
        }
        return state
    }
}
