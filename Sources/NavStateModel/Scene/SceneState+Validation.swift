extension SceneState {
    /// Checks the invariants every state must satisfy: unmanaged
    /// presentations have no stack, and every checkpoint points into a stack
    /// that exists, at an index no deeper than that stack.
    ///
    /// - Throws: ``SceneStateError`` naming the first broken rule.
    @inlinable
    public func validate() throws(SceneStateError) {
        for (offset, presentation) in presentations.enumerated()
        where !presentation.method.isManaged && !presentation.stack.isEmpty {
            throw .stackInUnmanagedPresentation(
                presentation: offset + 1, method: presentation.method, entries: presentation.stack.count)
        }
        for checkpoint in checkpoints {
            guard checkpoint.stack >= 0, checkpoint.stack < stackCount else {
                throw .checkpointStackMissing(checkpoint: checkpoint.name, stack: checkpoint.stack, stackCount: stackCount)
            }
            let count = stack(checkpoint.stack).count
            guard checkpoint.entriesKept >= 0, checkpoint.entriesKept <= count else {
                throw .checkpointBeyondStack(
                    checkpoint: checkpoint.name, stack: checkpoint.stack, keeps: checkpoint.entriesKept, entries: count)
            }
        }
    }
}
