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
        omitting(knownKept: knownPersisted) { isNeverPersisted($0) ? .neverPersisted : nil }
    }

    /// The state without the elements `leftOut` gives a reason for (a type
    /// never persisted, a payload past the store's limit), each taking with
    /// it what ``omittingNeverPersisted(knownPersisted:_:)`` says a
    /// never-persisted one takes.
    ///
    /// - Parameters:
    ///   - knownKept: For each stack in scene order, how many leading
    ///     elements the caller already knows are kept.
    ///   - leftOut: Why an element cannot be saved, `nil` when it can.
    @inlinable
    package func omitting(
        knownKept knownPersisted: [Int] = [],
        _ leftOut: (Element) -> DropReason?
    ) -> (SceneState, [(location: EntryLocation, element: Element, reason: DropReason)]) {
        let isLeftOut = { (element: Element) in leftOut(element) != nil }
        var omitted: [(location: EntryLocation, element: Element, reason: DropReason)] = []
        var state = self
        /// Everything from `cut` up: the element there, left out for
        /// `reason`, then what sits above it.
        func omit(
            _ located: some Sequence<(location: EntryLocation, element: Element)>, cut: EntryLocation, reason: DropReason
        ) {
            for (location, element) in located {
                omitted.append((location, element, location == cut ? reason : .aboveDroppedEntry(cut)))
            }
        }
        var flatIndex = 0
        levels: for level in 0...presentations.count {
            if level > 0, let reason = leftOut(state.presentations[level - 1].destination) {
                omit(state.locatedElements(from: level, includingValues: false), cut: .presentation(level), reason: reason)
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
                if let cut = stack[known...].firstIndex(where: isLeftOut) { cuts.append((0, cut)) }
            } else {
                var stacks: [[Element]] = []
                container.appendStacks(to: &stacks)
                for (index, stack) in stacks.enumerated() {
                    let known = flatIndex < knownPersisted.count ? min(max(0, knownPersisted[flatIndex]), stack.count) : 0
                    flatIndex += 1
                    if let cut = stack[known...].firstIndex(where: isLeftOut) { cuts.append((index, cut)) }
                }
            }
            var cutOnScreen: (location: EntryLocation, reason: DropReason)?
            if !cuts.isEmpty {
                var paths: [[StackAddress.Step]] = []
                container.forEachStack(prefix: []) { path, _ in paths.append(path) }
                let onScreen = state.stackOnScreen(level: level)
                for (stackIndex, cut) in cuts {
                    let address = StackAddress(presentation: level, path: paths[stackIndex])
                    let location = EntryLocation.stack(address, position: cut)
                    let stack = state.stack(address) ?? []
                    let reason = leftOut(stack[cut]) ?? .neverPersisted
                    omit((cut..<stack.count).map { (.stack(address, position: $0), stack[$0]) }, cut: location, reason: reason)
                    try? state.setStack(address, to: Array(stack.prefix(cut)))
                    if address == onScreen { cutOnScreen = (location, reason) }
                }
            }
            guard cutOnScreen != nil || container.hasSplit else { continue }
            var neverPersistedSelections: [(StackAddress, NavSplitColumn)] = []
            container.forEachSelection(prefix: []) { path, column, element in
                guard let reason = leftOut(element) else { return }
                let split = StackAddress(presentation: level, path: path)
                omitted.append((.selection(split, column), element, reason))
                neverPersistedSelections.append((split, column))
            }
            for (split, column) in neverPersistedSelections { state.clearSelection(column, of: split) }
            if let cutOnScreen {
                omit(state.locatedElements(from: level + 1, includingValues: false), cut: cutOnScreen.location, reason: cutOnScreen.reason)
                state.presentations.removeSubrange(level...)
                break levels
            }
        }
        for (name, value) in state.values.sorted(by: { $0.key < $1.key }) {
            guard let reason = leftOut(value) else { continue }
            omitted.append((.value(name), value, reason))
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
