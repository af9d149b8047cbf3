import NavStateModel
import NavStateSQLite

/// Where each entry of a state lives in a revision's change: every stack
/// has a slot, numbered from 0 in scene order (the content's stacks, tabs in
/// order and depth first, then each presentation's), and slot −k holds
/// presentation k's destination. A scene of one stack per level numbers its
/// slots as schema-5 files do (slot 0 the root stack, slot k presentation
/// k's), so those files read unchanged.
enum Slots {
    static func of<Element: NavElement>(_ state: SceneState<Element>) -> Flat<Element> {
        if case .stack(let root) = state.content, state.presentations.isEmpty {
            // One stack, by far the most common: no walk.
            return Flat(slots: SlotMap(stacks: [root], destinations: []), entryCount: root.count, hasSplit: false)
        }
        var stacks: [[Element]?] = []
        // Room for a tab bar's stacks without a walk to count them.
        var room = state.presentations.count + 1
        if case .tabs(let tabs) = state.content { room += tabs.tabs.count }
        stacks.reserveCapacity(room)
        var selections = 0
        var hasSplit = false
        state.content.appendStacks(to: &stacks, selections: &selections, hasSplit: &hasSplit)
        for presentation in state.presentations {
            presentation.content.appendStacks(to: &stacks, selections: &selections, hasSplit: &hasSplit)
        }
        let entries = stacks.reduce(selections + state.presentations.count) { $0 + ($1?.count ?? 0) }
        return Flat(
            slots: SlotMap(stacks: stacks, destinations: state.presentations.map { [$0.destination] }),
            entryCount: entries, hasSplit: hasSplit)
    }

    /// A state's slots, and what a save asks of its tree besides, from one
    /// walk.
    struct Flat<Element: NavElement> {
        var slots: SlotMap<[Element]>
        /// ``SceneState/entryCount``: stack entries, selections and
        /// presentations' destinations.
        var entryCount: Int
        /// Whether some level holds a split view, and so may hold selections.
        var hasSplit: Bool
    }

    /// Rebuilds a state from a revision's slots and layout, keeping only what
    /// fits: every scene-state invariant holds for the result, and whatever
    /// was left out is described.
    ///
    /// - Parameter limits: When given, stacks are cut at the entry limit and
    ///   at the first payload over the byte limit.
    /// - Returns: `nil` when the layout's shapes do not describe a valid
    ///   tree (``Damage/unreadableLayout``).
    static func state(
        from rows: SlotMap<[NavEntry]>, layout: StoredLayout, limits: NavStore.Limits?
    ) -> (SceneState<NavEntry>, [LeftOut])? {
        var rebuild = Rebuild(rows: rows, layout: layout, limits: limits)
        return rebuild.run()
    }

    /// One rebuild of a state from slots and a layout: what it has read so
    /// far (`nextSlot`) and what it has left out (`damage`).
    private struct Rebuild {
        let rows: SlotMap<[NavEntry]>
        let layout: StoredLayout
        let limits: NavStore.Limits?
        /// Level 0's shape, then each presentation's.
        let shapes: [NavContainer<NavEntry>]
        var damage: [LeftOut] = []
        /// The slot the next stack of the tree, in tree order, is read from.
        var nextSlot = 0

        init(rows: SlotMap<[NavEntry]>, layout: StoredLayout, limits: NavStore.Limits?) {
            self.rows = rows
            self.layout = layout
            self.limits = limits
            self.shapes = layout.shapes ?? Array(repeating: .empty, count: layout.presentations.count + 1)
        }

        mutating func run() -> (SceneState<NavEntry>, [LeftOut])? {
            guard shapes.count == layout.presentations.count + 1,
                  let content = container(shapes[0], at: .root) else { return nil }
            var state = SceneState<NavEntry>()
            state.content = content
            guard let presentations = presentations() else { return nil }
            state.presentations = presentations
            reportStraySlots()
            state.checkpoints = checkpoints(fitting: state)
            state.values = values()
            return (state, damage)
        }

        /// The slot's entries up to the first one that does not fit.
        mutating func stack(_ slot: Int, at address: StackAddress) -> [NavEntry] {
            var kept: [NavEntry] = []
            let entries = rows[slot] ?? []
            for (index, entry) in entries.enumerated() {
                var problem: Damage?
                if let limits, index >= limits.entriesPerStack {
                    problem = .pastEntryLimit(stack: address, limit: limits.entriesPerStack)
                } else if let limits, entry.payload.utf8.count > limits.payloadBytes {
                    problem = .pastPayloadLimit(limit: limits.payloadBytes)
                }
                if let problem {
                    let location = EntryLocation.stack(address, position: index)
                    damage.append(LeftOut(location: location, entry: entry, reason: .damaged(problem)))
                    for (later, above) in entries.enumerated().dropFirst(index + 1) {
                        damage.append(LeftOut(
                            location: .stack(address, position: later), entry: above, reason: .aboveDroppedEntry(location)))
                    }
                    break
                }
                kept.append(entry)
            }
            return kept
        }

        /// A selection stored in the layout, unless it is over the limit.
        mutating func selection(_ entry: NavEntry?, split: StackAddress, column: NavSplitColumn) -> NavEntry? {
            guard let entry else { return nil }
            if let limits, entry.payload.utf8.count > limits.payloadBytes {
                damage.append(LeftOut(
                    location: .selection(split, column), entry: entry, reason: .damaged(.pastPayloadLimit(limit: limits.payloadBytes))))
                return nil
            }
            return entry
        }

        /// The container a shape describes, its stacks from the next slots;
        /// `nil` when the shape is not a valid tree.
        mutating func container(_ shape: NavContainer<NavEntry>, at address: StackAddress) -> NavContainer<NavEntry>? {
            switch shape {
            case .stack:
                defer { nextSlot += 1 }
                return .stack(stack(nextSlot, at: address))
            case .tabs(let tabs):
                var seen: Set<String> = []
                var result: [NavTab<NavEntry>] = []
                for tab in tabs.tabs {
                    guard NavTabs<NavEntry>.isValidID(tab.id), seen.insert(tab.id).inserted,
                          let content = container(tab.content, at: address.appending(.tab(tab.id))) else { return nil }
                    result.append(NavTab(tab.id, content))
                }
                guard seen.contains(tabs.selected) else { return nil }
                return .tabs(NavTabs(result, selected: tabs.selected))
            case .split(var split):
                guard let detail = container(split.detail, at: address.appending(.detail)) else { return nil }
                split.sidebar = selection(split.sidebar, split: address, column: .sidebar)
                split.content = selection(split.content, split: address, column: .content)
                split.detail = detail
                return .split(split)
            }
        }

        /// The presentations, up to the first level whose destination
        /// is missing or over the limit; `nil` when a managed level's shape
        /// is not a valid tree.
        mutating func presentations() -> [Presentation<NavEntry>]? {
            let levels = layout.presentations.count
            var presented: [Presentation<NavEntry>] = []
            var level = 1
            while level <= levels {
                let method = layout.presentations[level - 1]
                let destinations = rows[-level] ?? []
                guard let first = destinations.first,
                      limits.map({ first.payload.utf8.count <= $0.payloadBytes }) ?? true else {
                    let problem: Damage = switch (destinations.isEmpty, limits) {
                    case (false, let limits?): .pastPayloadLimit(limit: limits.payloadBytes)
                    default: .missingDestination(presentation: level)
                    }
                    damage.append(LeftOut(location: .presentation(level), entry: destinations.first, reason: .damaged(problem)))
                    for extra in destinations.dropFirst() {
                        damage.append(LeftOut(location: .presentation(level), entry: extra, reason: .damaged(problem)))
                    }
                    leaveOut(levels: level...levels, firstSlot: nextSlot, because: .aboveDroppedEntry(.presentation(level)))
                    nextSlot += shapes[level...].reduce(0) { $0 + $1.stackCount }
                    break
                }
                for extra in destinations.dropFirst() {
                    damage.append(LeftOut(
                        location: .presentation(level), entry: extra, reason: .damaged(.extraDestination(presentation: level))))
                }
                var presentation = Presentation(method: method, destination: first)
                if method.isManaged {
                    guard let inner = container(shapes[level], at: .presentation(level)) else { return nil }
                    presentation.content = inner
                } else {
                    leaveOut(
                        levels: level...level, firstSlot: nextSlot,
                        because: .damaged(.stackInPlainPresentation(presentation: level, method: method)))
                    nextSlot += shapes[level].stackCount
                }
                presented.append(presentation)
                level += 1
            }
            return presented
        }

        /// Every entry of the levels `range` left out: their stacks, from
        /// slot `firstSlot` on, and the destinations of all but the first.
        mutating func leaveOut(levels range: ClosedRange<Int>, firstSlot: Int, because reason: DropReason) {
            var slot = firstSlot
            for current in range {
                if current > range.lowerBound {
                    for entry in rows[-current] ?? [] {
                        damage.append(LeftOut(location: .presentation(current), entry: entry, reason: reason))
                    }
                }
                var paths: [[StackAddress.Step]] = []
                shapes[current].forEachStack(prefix: []) { path, _ in paths.append(path) }
                for path in paths {
                    for (position, entry) in (rows[slot] ?? []).enumerated() {
                        damage.append(LeftOut(
                            location: .stack(StackAddress(presentation: current, path: path), position: position),
                            entry: entry, reason: reason))
                    }
                    slot += 1
                }
            }
        }

        /// Slots no stack or destination of the layout reads.
        mutating func reportStraySlots() {
            let levels = layout.presentations.count
            // Not `abs(slot)`: slots come from the file (decoding keeps them in
            // StoredRange.slot, and this must not trap even if it did not).
            for slot in rows.keys.sorted() where slot >= nextSlot || slot < -levels {
                for (position, entry) in (rows[slot] ?? []).enumerated() {
                    // Where a file of one stack per level kept such a slot.
                    let location: EntryLocation = slot < 0
                        ? .presentation(0 &- slot) : .stack(StackAddress(presentation: slot), position: position)
                    damage.append(LeftOut(location: location, entry: entry, reason: .damaged(.slotOutsideLayout(slot))))
                }
            }
        }

        /// The layout's checkpoints whose stack `state` has, with as many
        /// entries as they keep.
        mutating func checkpoints(fitting state: SceneState<NavEntry>) -> [Checkpoint] {
            var kept: [Checkpoint] = []
            for checkpoint in layout.checkpoints {
                if let stack = state.stack(checkpoint.stack), checkpoint.entriesKept >= 0, checkpoint.entriesKept <= stack.count {
                    kept.append(checkpoint)
                } else {
                    damage.append(LeftOut(
                        location: nil, entry: nil,
                        reason: .damaged(.checkpointPastState(
                            checkpoint: checkpoint.name, stack: checkpoint.stack, entriesKept: checkpoint.entriesKept))))
                }
            }
            return kept
        }

        /// The layout's scene values under the payload limit.
        mutating func values() -> [String: NavEntry] {
            var kept: [String: NavEntry] = [:]
            for (name, entry) in layout.values.sorted(by: { $0.key < $1.key }) {
                if let limits, entry.payload.utf8.count > limits.payloadBytes {
                    damage.append(LeftOut(
                        location: .value(name), entry: entry, reason: .damaged(.pastPayloadLimit(limit: limits.payloadBytes))))
                } else {
                    kept[name] = entry
                }
            }
            return kept
        }
    }
}
