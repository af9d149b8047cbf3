extension SceneState {
    /// The state without never-persisted elements. Such an element takes with
    /// it the rest of its stack, and, when that stack is the one on screen at
    /// its level, every presentation above it, so nothing is restored on top
    /// of a screen that is not there; a never-persisted presentation takes
    /// itself and everything above it; checkpoints that no longer point
    /// anywhere go too. Other stacks (other tabs) are left as they are.
    ///
    /// - Parameter knownPersisted: For each stack in scene order
    ///   (``stackAddresses``), how many of its leading elements the caller
    ///   already knows are persisted; they are not asked about again, so a
    ///   push onto a deep stack asks once.
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
        var flatIndex = 0
        levels: for level in 0...presentations.count {
            if level > 0, isNeverPersisted(state.presentations[level - 1].destination) {
                omit(state.locatedElements(from: level, includingValues: false), cut: .presentation(level))
                state.presentations.removeSubrange((level - 1)...)
                break
            }
            guard let container = state.container(level: level) else { break }
            // Nearly every save finds nothing to cut: no address is made then.
            var cuts: [(stack: Int, position: Int)] = []
            if case .stack(let stack) = container {
                // One stack at this level: no walk.
                let known = flatIndex < knownPersisted.count ? min(max(0, knownPersisted[flatIndex]), stack.count) : 0
                flatIndex += 1
                if let cut = stack[known...].firstIndex(where: isNeverPersisted) { cuts.append((0, cut)) }
            } else {
                var stacks: [[Element]] = []
                container.appendStacks(to: &stacks)
                for (index, stack) in stacks.enumerated() {
                    let known = flatIndex < knownPersisted.count ? min(max(0, knownPersisted[flatIndex]), stack.count) : 0
                    flatIndex += 1
                    if let cut = stack[known...].firstIndex(where: isNeverPersisted) { cuts.append((index, cut)) }
                }
            }
            var cutOnScreen: EntryLocation?
            if !cuts.isEmpty {
                var paths: [[StackAddress.Step]] = []
                container.forEachStack(prefix: []) { path, _ in paths.append(path) }
                let onScreen = state.stackOnScreen(level: level)
                for (stackIndex, cut) in cuts {
                    let address = StackAddress(presentation: level, path: paths[stackIndex])
                    let location = EntryLocation.stack(address, position: cut)
                    let stack = state.stack(address) ?? []
                    omit((cut..<stack.count).map { (.stack(address, position: $0), stack[$0]) }, cut: location)
                    try? state.setStack(address, to: Array(stack.prefix(cut)))
                    if address == onScreen { cutOnScreen = location }
                }
            }
            guard cutOnScreen != nil || container.hasSplit else { continue }
            var neverPersistedSelections: [(StackAddress, NavSplitColumn)] = []
            container.forEachSelection(prefix: []) { path, column, element in
                guard isNeverPersisted(element) else { return }
                let split = StackAddress(presentation: level, path: path)
                omitted.append((.selection(split, column), element, .neverPersisted))
                neverPersistedSelections.append((split, column))
            }
            for (split, column) in neverPersistedSelections { state.clearSelection(column, of: split) }
            if let cutOnScreen {
                omit(state.locatedElements(from: level + 1, includingValues: false), cut: cutOnScreen)
                state.presentations.removeSubrange(level...)
                break levels
            }
        }
        for (name, value) in state.values.sorted(by: { $0.key < $1.key }) where isNeverPersisted(value) {
            omitted.append((.value(name), value, .neverPersisted))
            state.values[name] = nil
        }
        // Nearly every state has no checkpoint: nothing to look up.
        guard !state.checkpoints.isEmpty else { return (state, omitted) }
        state.dropCheckpointsPointingNowhere()
        return (state, omitted)
    }

    /// Clears one selection of the split view at `split`; nothing when
    /// there is no split view there.
    @inlinable
    package mutating func clearSelection(_ column: NavSplitColumn, of split: StackAddress) {
        guard case .split(var view)? = container(at: split) else { return }
        switch column {
        case .sidebar: view.sidebar = nil
        case .content: view.content = nil
        }
        try? replaceContainer(at: split, with: .split(view))
    }
}
