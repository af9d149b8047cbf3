/// Rebuilds a typed scene state from a saved one under a policy, keeping the
/// tree consistent: each stack is restored on its own (a tab whose whole
/// stack is dropped comes back empty, not removed), checkpoints follow their
/// entries, a dropped presentation takes everything above it, split-view
/// selections and scene values go one by one.
package struct SceneRestorer<Element: NavElement> {
    /// Turns one saved entry into an element, or says why it cannot.
    package let restoreEntry: (NavEntry) async -> Result<Element, DropReason>
    package let policy: RestorePolicy

    package init(restoreEntry: @escaping (NavEntry) async -> Result<Element, DropReason>, policy: RestorePolicy) {
        self.restoreEntry = restoreEntry
        self.policy = policy
    }

    package func restore(_ saved: SceneState<NavEntry>) async -> (SceneState<Element>, [DroppedEntry]) {
        var stacks: [[Element]] = []
        var destinations: [Element] = []
        var selections: [EntryLocation: Element] = [:]
        var dropped: [DroppedEntry] = []
        var keptPositionsByStack: [StackAddress: [Int]] = [:]
        var failed = false

        levels: for level in 0...saved.presentations.count {
            if level > 0 {
                let presentation = saved.presentations[level - 1]
                switch await restoreEntry(presentation.destination) {
                case .success(let destination):
                    destinations.append(destination)
                case .failure(let reason):
                    failed = true
                    let location = EntryLocation.presentation(level)
                    dropped.append(DroppedEntry(location: location, entry: presentation.destination, reason: reason))
                    dropped += SceneDrops.everything(in: saved, from: level, skippingDestinationOf: level, because: .aboveDroppedEntry(location))
                    break levels
                }
            }
            guard let container = saved.container(level: level) else { break }
            var located: [(StackAddress, [NavEntry])] = []
            container.forEachStack(prefix: []) { located.append((StackAddress(presentation: level, path: $0), $1)) }
            for (address, stack) in located {
                let (kept, keptPositions, stackDrops) = await restoreStack(stack, at: address)
                if !stackDrops.isEmpty { failed = true }
                dropped += stackDrops
                stacks.append(kept)
                keptPositionsByStack[address] = keptPositions
            }
            var chosen: [(EntryLocation, NavEntry)] = []
            container.forEachSelection(prefix: []) { path, column, entry in
                chosen.append((.selection(StackAddress(presentation: level, path: path), column), entry))
            }
            for (location, entry) in chosen {
                switch await restoreEntry(entry) {
                case .success(let element): selections[location] = element
                case .failure(let reason):
                    failed = true
                    dropped.append(DroppedEntry(location: location, entry: entry, reason: reason))
                }
            }
        }
        // In their saved order, each moved with its entry or gone with it.
        let checkpoints = saved.checkpoints.compactMap { checkpoint -> Checkpoint? in
            guard let keptPositions = keptPositionsByStack[checkpoint.stack],
                  let index = SceneDrops.reindex(checkpoint.entriesKept, keptPositions: keptPositions) else { return nil }
            return Checkpoint(name: checkpoint.name, stack: checkpoint.stack, entriesKept: index, valueType: checkpoint.valueType)
        }
        var values: [String: Element] = [:]
        for (name, entry) in saved.values.sorted(by: { $0.key < $1.key }) {
            switch await restoreEntry(entry) {
            case .success(let destination):
                values[name] = destination
            case .failure(let reason):
                failed = true
                dropped.append(DroppedEntry(location: .value(name), entry: entry, reason: reason))
            }
        }

        if policy == .allOrNothing && failed {
            let droppedLocations = Set(dropped.map(\.location))
            let rest = SceneDrops.everything(in: saved, from: 0, includingValues: true, because: .allOrNothing)
                .filter { !droppedLocations.contains($0.location) }
            // The tabs and columns stay, each stack empty.
            return (SceneState(content: saved.content.emptied()), dropped + rest)
        }
        var shape = saved
        shape.presentations.removeSubrange(destinations.count...)
        // The shape had exactly these stacks and destinations; there is no
        // other outcome, but an empty state is what a failure would give.
        let restored = shape.rebuilt(
            stacks: stacks, destinations: destinations, checkpoints: checkpoints, values: values,
            selection: { selections[.selection($0, $1)] }) ?? SceneState()
        return (restored, dropped)
    }

    /// Restores one stack; returns what stayed, the original positions that
    /// stayed, and what was dropped.
    private func restoreStack(_ stack: [NavEntry], at address: StackAddress) async -> ([Element], [Int], [DroppedEntry]) {
        var kept: [Element] = []
        var keptPositions: [Int] = []
        var dropped: [DroppedEntry] = []
        for (position, entry) in stack.enumerated() {
            switch await restoreEntry(entry) {
            case .success(let destination):
                kept.append(destination)
                keptPositions.append(position)
            case .failure(let reason):
                let location = EntryLocation.stack(address, position: position)
                dropped.append(DroppedEntry(location: location, entry: entry, reason: reason))
                if policy == .truncateAtFirstFailure {
                    for later in (position + 1)..<stack.count {
                        dropped.append(DroppedEntry(
                            location: .stack(address, position: later), entry: stack[later],
                            reason: .aboveDroppedEntry(location)))
                    }
                    return (kept, keptPositions, dropped)
                }
            }
        }
        return (kept, keptPositions, dropped)
    }

}

/// Helpers of the restorer that do not depend on the element type.
package enum SceneDrops {
    /// A checkpoint keeping `index` entries marks the screen of entry
    /// `index - 1` (or the stack's root view at 0). It moves with that entry,
    /// and goes when that entry was dropped.
    package static func reindex(_ index: Int, keptPositions: [Int]) -> Int? {
        if index == 0 { return 0 }
        guard let newPosition = keptPositions.firstIndex(of: index - 1) else { return nil }
        return newPosition + 1
    }

    /// Everything from stack `level` up (and the values, when asked),
    /// reported with one reason; `skipped` is a destination already reported.
    package static func everything(
        in state: SceneState<NavEntry>, from level: Int, skippingDestinationOf skipped: Int? = nil,
        includingValues: Bool = false, because reason: DropReason
    ) -> [DroppedEntry] {
        state.locatedElements(from: level, includingValues: includingValues)
            .filter { $0.location != .presentation(skipped ?? -1) }
            .map { DroppedEntry(location: $0.location, entry: $0.element, reason: reason) }
    }
}
