import NavStateModel

// What a typed save learns before it takes the lock: whether it may hold
// never-persisted destinations, and what the store's cached head already
// holds of it (a tree's stored form, each stack's known prefix). Part of
// the save path (NavStore+Saving.swift).
extension NavStore {
    /// Whether `omittingNeverPersisted` might leave anything of `sceneState`
    /// out: a never-persisted element past the known leading ones of a
    /// stack, a presentation's destination, a scene value, or any split
    /// view's selection (not looked at: then the full walk decides). Most
    /// saves hold none, and skip that walk.
    static func mayHold(
        _ isNeverPersisted: (AnyDestination) -> Bool, _ sceneState: SceneState<AnyDestination>,
        _ flat: Slots.Flat<AnyDestination>, besides known: KnownPrefixes
    ) -> Bool {
        for index in 0..<flat.slots.denseSlots.upperBound {
            // Read in place: the subscript would copy each stack out.
            let found = flat.slots.withElements(at: index) { stack in
                let first = min(max(0, known.count(ofStack: index)), stack.count)
                return stack[first...].contains(where: isNeverPersisted)
            }
            if found { return true }
        }
        if sceneState.presentations.contains(where: { isNeverPersisted($0.destination) }) { return true }
        if sceneState.values.values.contains(where: isNeverPersisted) { return true }
        return flat.hasSplit
    }

    /// What this store's cached head of a scene tells about a typed state
    /// about to be saved, in one look under the lock: the head's layout and
    /// stored form when the state is a tree the head's layout
    /// ``StoredLayout/matches(_:)``, and the known prefix of each stack
    /// (``KnownPrefixes``).
    func whatTheHeadTells(
        of sceneState: SceneState<AnyDestination>, slots: SlotMap<[AnyDestination]>, scene: String
    ) -> (tree: WrittenTree?, known: KnownPrefixes) {
        let isOneStackPerLevel = sceneState.isOneStackPerLevel
        // A short stack is checked whole faster than the cache is asked; a
        // tree's stacks are many, and most are untouched by a save.
        if isOneStackPerLevel {
            let longest = sceneState.presentations.reduce(sceneState.content.longestStack) { max($0, $1.content.longestStack) }
            guard longest > Self.shortStack else { return (nil, KnownPrefixes()) }
        }
        return state.withLock { store in
            store.cache.withHead(scene) { head in
                var tree: WrittenTree?
                if !isOneStackPerLevel, let written = head.treeLayout, written.layout.matches(sceneState) {
                    tree = written
                }
                return (tree, Self.knownPrefixes(of: slots, in: &head))
            } ?? (nil, KnownPrefixes())
        }
    }

    /// What a store's cached head of a scene tells about a typed state
    /// about to be saved: for each stack, how many leading elements are the
    /// very ones the head holds, and their tag and payload bytes.
    ///
    /// An element with the same storage object is the same immutable
    /// destination, and the save that wrote it checked it under the same
    /// limits and found it persisted; so a push onto a 1,000-deep stack
    /// checks one element, not 1,001. The head's storages are retained by
    /// the cache, so an address compared here cannot have been reused.
    struct KnownPrefixes {
        /// For each stack (slot 0, 1, …): how many leading elements are
        /// known, and their tag and payload bytes: one array, in storage
        /// the next save reuses (`HeadCache.Head.knownStorage`).
        var stacks: [(count: Int, bytes: Int)] = []
        /// The cached head they were found in (`HeadCache.Head.serial`).
        var serial = -1

        /// How many leading elements of stack `index` are known.
        func count(ofStack index: Int) -> Int {
            index >= 0 && index < stacks.count ? stacks[index].count : 0
        }

        /// The known leading elements of a stack of `count` elements.
        func prefix(ofStack index: Int, count: Int) -> (count: Int, bytes: Int) {
            guard index >= 0, index < stacks.count, stacks[index].count <= count else { return (0, 0) }
            return stacks[index]
        }

        /// Each stack's known count, as `SceneState.omitting(knownKept:)` takes them.
        var counts: [Int] { stacks.map(\.count) }
    }

    static func knownPrefixes(of slots: SlotMap<[AnyDestination]>, in head: inout HeadCache.Head) -> KnownPrefixes {
        guard !head.stackBytes.isEmpty else { return KnownPrefixes() }
        var known = KnownPrefixes()
        known.serial = head.serial
        let stacks = min(slots.denseSlots.upperBound, head.stackBytes.count)
        // The last save's storage, taken out so that it is ours alone and
        // refilled in place.
        swap(&known.stacks, &head.knownStorage)
        known.stacks.removeAll(keepingCapacity: true)
        known.stacks.reserveCapacity(stacks)
        defer { head.knownStorage = known.stacks }
        for index in 0..<stacks {
            var count = 0
            var held = 0
            head.identities.withElements(at: index) { seen in
                held = seen.count
                slots.withElements(at: index) { next in
                    let common = min(next.count, seen.count)
                    while count < common, let object = seen[count], next[count].storageObject === object { count += 1 }
                }
            }
            var bytes = 0
            if count > 0 {
                // The identities must be of the entries the head holds.
                if count == held, head.slots.elementCount(at: index) == held {
                    bytes = head.stackBytes[index]
                } else {
                    head.slots.withElements(at: index) { entries in
                        guard entries.count == held else { count = 0; return }
                        func size(_ entry: NavEntry) -> Int { entry.storedByteCounts.tag + entry.storedByteCounts.payload }
                        if count <= entries.count - count {
                            for entry in entries[..<count] { bytes += size(entry) }
                        } else {
                            bytes = head.stackBytes[index]
                            for entry in entries[count...] { bytes -= size(entry) }
                        }
                    }
                }
            }
            known.stacks.append((count, bytes))
        }
        return known
    }
}
