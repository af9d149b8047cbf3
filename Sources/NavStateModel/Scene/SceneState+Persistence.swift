extension SceneState {
    /// The state without never-persisted elements. Such an element takes with
    /// it the rest of its stack and every presentation above that stack, so
    /// nothing is restored on top of a screen that is not there; checkpoints
    /// that no longer point anywhere go too.
    ///
    /// - Parameter knownPersisted: For each stack (root first), how many of
    ///   its leading elements the caller already knows are persisted; they
    ///   are not asked about again, so a push onto a deep stack asks once.
    @inlinable
    package func omittingNeverPersisted(
        knownPersisted: [Int] = [],
        _ isNeverPersisted: (Element) -> Bool
    ) -> (SceneState, [(location: EntryLocation, element: Element)]) {
        var omitted: [(location: EntryLocation, element: Element)] = []
        var state = self
        for index in 0..<state.stackCount {
            if index > 0, isNeverPersisted(state.presentations[index - 1].destination) {
                omitted += state.locatedElements(from: index, includingValues: false)
                state.presentations.removeSubrange((index - 1)...)
                break
            }
            let stack = state.stack(index)
            let known = index < knownPersisted.count ? min(max(0, knownPersisted[index]), stack.count) : 0
            if let cut = stack[known...].firstIndex(where: isNeverPersisted) {
                omitted += (cut..<stack.count).map { (.stack(index, position: $0), stack[$0]) }
                omitted += state.locatedElements(from: index + 1, includingValues: false)
                state.setStack(index, to: Array(stack[..<cut]))
                state.presentations.removeSubrange(index...)
                break
            }
        }
        for (name, value) in state.values.sorted(by: { $0.key < $1.key }) where isNeverPersisted(value) {
            omitted.append((.value(name), value))
            state.values[name] = nil
        }
        // Nearly every state has no checkpoint: no sizes to gather.
        guard !state.checkpoints.isEmpty else { return (state, omitted) }
        let stackSizes = (0..<state.stackCount).map { state.stack($0).count }
        state.checkpoints.removeAll { checkpoint in
            checkpoint.stack < 0 || checkpoint.stack >= stackSizes.count || checkpoint.entriesKept > stackSizes[checkpoint.stack]
        }
        return (state, omitted)
    }
}
