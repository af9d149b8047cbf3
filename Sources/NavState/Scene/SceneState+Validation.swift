extension SceneState {
    /// Checks the invariants every state must satisfy: unmanaged
    /// presentations have no stack, and every checkpoint points into a stack
    /// that exists, at an index no deeper than that stack.
    ///
    /// - Throws: ``NavModelError/invalidSceneState(_:)`` naming the first
    ///   broken rule.
    public func validate() throws(NavModelError) {
        for (offset, presentation) in presentations.enumerated()
        where !presentation.method.isManaged && !presentation.stack.isEmpty {
            throw .invalidSceneState(
                "presentation \(offset + 1) is a \(presentation.method.rawValue) but has a stack of \(presentation.stack.count); only managed presentations have stacks")
        }
        for checkpoint in checkpoints {
            guard checkpoint.stack >= 0, checkpoint.stack < stackCount else {
                throw .invalidSceneState(
                    "checkpoint '\(checkpoint.name)' is in stack \(checkpoint.stack), but the scene has \(stackCount) stacks")
            }
            let count = stack(checkpoint.stack).count
            guard checkpoint.index >= 0, checkpoint.index <= count else {
                throw .invalidSceneState(
                    "checkpoint '\(checkpoint.name)' keeps \(checkpoint.index) entries of stack \(checkpoint.stack), which has \(count)")
            }
        }
    }
}
