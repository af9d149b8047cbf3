extension SceneState {
    /// The state without never-persisted elements. Such an element takes with
    /// it the rest of its stack and every presentation above that stack, so
    /// nothing is restored on top of a screen that is not there; checkpoints
    /// that no longer point anywhere go too.
    ///
    /// - Parameter knownPersisted: For each stack (root first), how many of
    ///   its leading elements the caller already knows are persisted; they
    ///   are not asked about again, so a push onto a deep stack asks once.
    /// - Returns: The state, and each element left out with where it was
    ///   and why: ``DropReason/neverPersisted``, or
    ///   ``DropReason/aboveDroppedEntry(_:)`` for what sat above one.
    @inlinable
    package func omittingNeverPersisted(
        knownPersisted: [Int] = [],
        _ isNeverPersisted: (Element) -> Bool
    ) -> (SceneState, [(location: EntryLocation, element: Element, reason: DropReason)]) {
        var omitted: [(location: EntryLocation, element: Element, reason: DropReason)] = []
        var state = self
        /// Everything from `cut` up: the element there, never persisted,
        /// then what sits above it.
        func omit(_ located: some Sequence<(location: EntryLocation, element: Element)>, cut: EntryLocation) {
            for (location, element) in located {
                omitted.append((location, element, location == cut ? .neverPersisted : .aboveDroppedEntry(cut)))
            }
        }
        for index in 0..<state.stackCount {
            if index > 0, isNeverPersisted(state.presentations[index - 1].destination) {
                omit(state.locatedElements(from: index, includingValues: false), cut: .presentation(index))
                state.presentations.removeSubrange((index - 1)...)
                break
            }
            let stack = state.stack(index)
            let known = index < knownPersisted.count ? min(max(0, knownPersisted[index]), stack.count) : 0
            if let cut = stack[known...].firstIndex(where: isNeverPersisted) {
                omit((cut..<stack.count).map { (.stack(index, position: $0), stack[$0]) }, cut: .stack(index, position: cut))
                omit(state.locatedElements(from: index + 1, includingValues: false), cut: .stack(index, position: cut))
                state.setStack(index, to: Array(stack[..<cut]))
                state.presentations.removeSubrange(index...)
                break
            }
        }
        for (name, value) in state.values.sorted(by: { $0.key < $1.key }) where isNeverPersisted(value) {
            omitted.append((.value(name), value, .neverPersisted))
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
