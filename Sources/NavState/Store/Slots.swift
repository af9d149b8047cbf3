import NavStateModel
import NavStateSQLite

/// Where each entry of a state lives in a revision's change: slot 0 is the
/// root stack, slot k the stack of presentation k, slot −k its destination.
enum Slots {
    static func of<Element: NavElement>(_ state: SceneState<Element>) -> [Int: [Element]] {
        var slots: [Int: [Element]] = [0: state.root]
        for (offset, presentation) in state.presentations.enumerated() {
            slots[offset + 1] = presentation.stack
            slots[-(offset + 1)] = [presentation.destination]
        }
        return slots
    }

    /// Rebuilds a state from a revision's slots and layout, keeping only what
    /// fits: every scene-state invariant holds for the result, and whatever
    /// was left out is described.
    ///
    /// - Parameter limits: When given, stacks are cut at the entry limit and
    ///   at the first payload over the byte limit.
    static func state(
        from rows: [Int: [NavEntry]], layout: StoredLayout, limits: NavStore.Limits?
    ) -> (SceneState<NavEntry>, [StoredDamage]) {
        var damage: [StoredDamage] = []
        var state = SceneState<NavEntry>()

        /// The slot's entries up to the first one that does not fit.
        func stack(_ slot: Int, level: Int) -> [NavEntry] {
            var kept: [NavEntry] = []
            let entries = rows[slot] ?? []
            for (index, entry) in entries.enumerated() {
                var problem: Damage?
                if let limits, index >= limits.entriesPerStack {
                    problem = .pastEntryLimit(stack: level, limit: limits.entriesPerStack)
                } else if let limits, entry.payload.utf8.count > limits.payloadBytes {
                    problem = .pastPayloadLimit(limit: limits.payloadBytes)
                }
                if let problem {
                    let location = EntryLocation.stack(level, position: index)
                    damage.append(StoredDamage(location: location, entry: entry, reason: .damaged(problem)))
                    for (later, above) in entries.enumerated().dropFirst(index + 1) {
                        damage.append(StoredDamage(
                            location: .stack(level, position: later), entry: above, reason: .aboveDroppedEntry(location)))
                    }
                    break
                }
                kept.append(entry)
            }
            return kept
        }

        func leaveOut(slot: Int, because reason: DropReason) {
            for (position, entry) in (rows[slot] ?? []).enumerated() {
                let location: EntryLocation = slot < 0 ? .presentation(0 &- slot) : .stack(slot, position: position)
                damage.append(StoredDamage(location: location, entry: entry, reason: reason))
            }
        }

        state.root = stack(0, level: 0)
        var level = 1
        while level <= layout.presentations.count {
            let method = layout.presentations[level - 1]
            let destinations = rows[-level] ?? []
            guard let first = destinations.first,
                  limits.map({ first.payload.utf8.count <= $0.payloadBytes }) ?? true else {
                let problem: Damage = switch (destinations.isEmpty, limits) {
                case (false, let limits?): .pastPayloadLimit(limit: limits.payloadBytes)
                default: .missingDestination(presentation: level)
                }
                damage.append(StoredDamage(location: .presentation(level), entry: destinations.first, reason: .damaged(problem)))
                for above in level...layout.presentations.count {
                    if above > level { leaveOut(slot: -above, because: .aboveDroppedEntry(.presentation(level))) }
                    leaveOut(slot: above, because: .aboveDroppedEntry(.presentation(level)))
                }
                for extra in destinations.dropFirst() {
                    damage.append(StoredDamage(location: .presentation(level), entry: extra, reason: .damaged(problem)))
                }
                break
            }
            for extra in destinations.dropFirst() {
                damage.append(StoredDamage(
                    location: .presentation(level), entry: extra, reason: .damaged(.extraDestination(presentation: level))))
            }
            var presentation = Presentation(method: method, destination: first)
            if method.isManaged {
                presentation.stack = stack(level, level: level)
            } else {
                leaveOut(slot: level, because: .damaged(.stackInPlainPresentation(presentation: level, method: method)))
            }
            state.presentations.append(presentation)
            level += 1
        }
        // Not `abs(slot)`: slots come from the file (decoding keeps them in
        // StoredRange.slot, and this must not trap even if it did not).
        let levels = layout.presentations.count
        for slot in rows.keys.sorted() where slot > levels || slot < -levels {
            leaveOut(slot: slot, because: .damaged(.slotOutsideLayout(slot)))
        }

        for checkpoint in layout.checkpoints {
            if checkpoint.stack >= 0, checkpoint.stack < state.stackCount,
               checkpoint.entriesKept >= 0, checkpoint.entriesKept <= state.stack(checkpoint.stack).count {
                state.checkpoints.append(checkpoint)
            } else {
                damage.append(StoredDamage(
                    location: nil, entry: nil,
                    reason: .damaged(.checkpointPastState(
                        checkpoint: checkpoint.name, stack: checkpoint.stack, entriesKept: checkpoint.entriesKept))))
            }
        }
        for (name, value) in layout.values.sorted(by: { $0.key < $1.key }) {
            let entry = NavEntry(tag: value.tag, version: value.version, payload: value.payload)
            if let limits, entry.payload.utf8.count > limits.payloadBytes {
                damage.append(StoredDamage(
                    location: .value(name), entry: entry, reason: .damaged(.pastPayloadLimit(limit: limits.payloadBytes))))
            } else {
                state.values[name] = entry
            }
        }
        return (state, damage)
    }
}
