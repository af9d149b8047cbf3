import Foundation

extension DestinationRegistry {
    /// Turns one saved entry into a destination the way a restore does:
    /// refuse never-persisted types, then decode as ``decode(_:)`` does
    /// (newer versions refused, older ones upgraded), then ask the validator.
    public func restore(entry: NavEntry) async -> Result<AnyDestination, DropReason> {
        await restore(entry: entry, decoded: nil)
    }

    /// ``restore(entry:)`` with the entry's decode, when it was already
    /// done (`decode(_:)` is a pure function of the entry).
    func restore(entry: NavEntry, decoded: Result<AnyDestination, DropReason>?) async -> Result<AnyDestination, DropReason> {
        if persistence(ofTag: entry.tag) == .neverPersisted {
            return .failure(.neverPersisted)
        }
        let destination: AnyDestination
        switch decoded ?? decode(entry) {
        case .success(let decoded): destination = decoded
        case .failure(let reason): return .failure(reason)
        }
        if let validator = destination.registration.validator, case .reject(let why) = await validator(destination.base) {
            return .failure(.rejectedByValidator(why))
        }
        return .success(destination)
    }

    /// Stacks at least this long are decoded on several cores at once.
    package static let parallelDecodeMinimum = 64
    /// The fewest entries one task decodes: below that, starting the task
    /// costs more than it saves.
    static let entriesPerDecodeTask = 32

    /// The decodes of every entry in the state's long stacks, done in
    /// parallel across the cores, by entry (equal entries decode equally).
    ///
    /// Only decoding, a pure function of the entry, runs in parallel: the
    /// restore then takes the entries in order, and validators
    /// are called for the same entries in the same order, whatever the
    /// policy. Entries of never-persisted types are not decoded.
    package func decodedInParallel(_ state: SceneState<NavEntry>) async -> [NavEntry: Result<AnyDestination, DropReason>] {
        var entries: [NavEntry] = []
        state.forEachStack { _, stack in
            guard stack.count >= Self.parallelDecodeMinimum else { return }
            entries += stack.filter { persistence(ofTag: $0.tag) != .neverPersisted }
        }
        guard !entries.isEmpty else { return [:] }
        let tasks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, entries.count / Self.entriesPerDecodeTask))
        let perTask = (entries.count + tasks - 1) / tasks
        return await withTaskGroup(of: [(NavEntry, Result<AnyDestination, DropReason>)].self) { group in
            for start in stride(from: 0, to: entries.count, by: perTask) {
                let slice = entries[start..<min(start + perTask, entries.count)]
                group.addTask { slice.map { ($0, decode($0)) } }
            }
            var decoded: [NavEntry: Result<AnyDestination, DropReason>] = [:]
            decoded.reserveCapacity(entries.count)
            for await pairs in group {
                for (entry, result) in pairs { decoded[entry] = result }
            }
            return decoded
        }
    }
}

extension DestinationRegistry {
    /// Rebuilds a typed scene state from a saved one.
    ///
    /// The entries of a stack of 64 or more are decoded in parallel first,
    /// so payload types' `init(from:)` and upgrade steps may run on several
    /// threads at once; validators are still asked one entry at a time, in
    /// order, and the result is what a restore entry by entry gives.
    ///
    /// - Returns: The state (always satisfying ``SceneState/validate()``) and
    ///   every entry left out, with where it was and why. Each screen's own
    ///   state (``SceneState/screens``) comes back with its entry, and goes
    ///   with it when the entry is left out.
    public func restore(
        _ state: SceneState<NavEntry>, policy: RestorePolicy = .dropUndecodable
    ) async -> (state: SceneState<AnyDestination>, dropped: [DroppedEntry]) {
        // A stack of 64 entries or more is decoded on every core first.
        let decoded = await decodedInParallel(state)
        var (restored, dropped) = await SceneRestorer(
            restoreEntry: { await self.restore(entry: $0, decoded: decoded.isEmpty ? nil : decoded[$0]) }, policy: policy
        ).restore(state)
        // A screen whose entry was left out has no place: what was left out
        // takes what sat above it, so every other location is as saved.
        if !state.screens.isEmpty {
            restored.screens = state.screens.keys.allSatisfy { restored.element(at: $0) != nil }
                ? state.screens
                : state.screens.filter { restored.element(at: $0.key) != nil }
        }
        return (restored, dropped)
    }
}
