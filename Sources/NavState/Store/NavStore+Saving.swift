import Foundation
import Logging
public import NavStateModel
import NavStateSQLite

extension NavStore {
    /// Saves a scene's state as a new revision.
    ///
    /// Entries of never-persisted types are left out, with what sits above
    /// them (see ``SaveResult/omitted``). Only the entries that changed since
    /// the head revision are written. A state equal to the head's creates no
    /// revision: the result carries the head's number. Revisions older than
    /// the last ``Configuration/keptRevisions`` are removed by the save.
    ///
    /// Blocks the calling thread on SQLite (and up to the busy timeout on
    /// another process's write): for tools, tests and background threads.
    /// From the main actor, call the `async` variant of the same name.
    ///
    /// - Parameters:
    ///   - state: The state to save, its entries as stored.
    ///   - scene: The scene's name: one per window or scene session.
    ///   - expectedHead: Save only if the scene's head revision is still this
    ///     one (0: only if the scene does not exist yet); otherwise throw
    ///     ``NavStoreError/conflict(scene:expected:actual:)``. `nil` saves
    ///     unconditionally.
    ///   - registry: Tells which tags are never persisted; without one, every
    ///     entry is saved.
    /// - Returns: The new revision and what the save wrote and left out.
    @discardableResult
    public func save(
        _ state: SceneState<NavEntry>,
        scene: String,
        expectedHead: Int? = nil,
        registry: DestinationRegistry? = nil
    ) throws(NavStoreError) -> SaveResult {
        try refusingLogged(scene) { () throws(NavStoreError) in try Self.validate(state) }
        let (kept, omitted) = state.omittingNeverPersisted { registry?.persistence(ofTag: $0.tag) == .neverPersisted }
        return try save(
            checked: kept, omitted: omitted.map { DroppedEntry(location: $0.location, entry: $0.element, reason: $0.reason) },
            scene: scene, expectedHead: expectedHead)
    }

    /// Saves a typed scene state as a new revision, tags written as stable
    /// names so the saved state survives renamed types and modules.
    ///
    /// Blocks the calling thread; from the main actor, call the `async`
    /// variant of the same name. See `save(_:scene:expectedHead:registry:)`
    /// for what a save leaves out and when it creates no revision.
    @discardableResult
    public func save(
        _ state: SceneState<AnyDestination>,
        scene: String,
        expectedHead: Int? = nil
    ) throws(NavStoreError) -> SaveResult {
        try refusingLogged(scene) { () throws(NavStoreError) in try Self.validate(state) }
        let known = knownPrefixes(of: state, scene: scene)
        let (kept, omittedDestinations) = state.omittingNeverPersisted(knownPersisted: known.counts) {
            $0.persistence == .neverPersisted
        }
        let omitted = omittedDestinations.map { DroppedEntry(location: $0.location, entry: $0.element.entry, reason: $0.reason) }
        return try save(checked: kept, omitted: omitted, known: known, scene: scene, expectedHead: expectedHead)
    }

    /// What this store's cached head of a scene tells about a typed state
    /// about to be saved: for each stack, how many leading elements are the
    /// very ones the head holds, and their tag and payload bytes.
    ///
    /// An element with the same storage object is the same immutable
    /// destination, and the save that wrote it checked it under the same
    /// limits and found it persisted; so a push onto a 1,000-deep stack
    /// checks one element, not 1,001. The head's storages are retained by
    /// the cache, so an address compared here cannot have been reused.
    struct KnownPrefixes {
        var counts: [Int] = []
        var bytes: [Int] = []
        /// The cached head they were found in (`CachedHead.serial`).
        var serial = -1

        /// The known leading elements of a stack of `count` elements.
        func prefix(ofStack index: Int, count: Int) -> (count: Int, bytes: Int) {
            guard index < counts.count, counts[index] <= count else { return (0, 0) }
            return (counts[index], bytes[index])
        }
    }

    private func knownPrefixes(of sceneState: SceneState<AnyDestination>, scene: String) -> KnownPrefixes {
        // A short state is checked whole faster than the cache is asked.
        var longest = sceneState.root.count
        for presentation in sceneState.presentations { longest = max(longest, presentation.stack.count) }
        guard longest > Self.shortStack else { return KnownPrefixes() }
        return state.withLock { store in
            guard let head = store.heads[scene], !head.stackBytes.isEmpty else { return KnownPrefixes() }
            var known = KnownPrefixes()
            known.serial = head.serial
            let stacks = min(sceneState.stackCount, head.stackBytes.count)
            known.counts.reserveCapacity(stacks)
            known.bytes.reserveCapacity(stacks)
            for index in 0..<stacks {
                var count = 0
                var bytes = 0
                if let entries = head.slots[index], let seen = head.identities[index], seen.count == entries.count {
                    let stack = sceneState.stack(index)
                    let common = min(stack.count, seen.count)
                    stack.withUnsafeBufferPointer { next in
                        seen.withUnsafeBufferPointer { seen in
                            while count < common, let object = seen[count], next[count].storageObject === object { count += 1 }
                        }
                    }
                    // Whichever side of the match is shorter.
                    func size(_ entry: NavEntry) -> Int { entry.storedByteCounts.tag + entry.storedByteCounts.payload }
                    if count <= entries.count - count {
                        for entry in entries[..<count] { bytes += size(entry) }
                    } else {
                        bytes = head.stackBytes[index]
                        for entry in entries[count...] { bytes -= size(entry) }
                    }
                }
                known.counts.append(count)
                known.bytes.append(bytes)
            }
            return known
        }
    }

    private func save<Element: StorableElement>(
        checked state: SceneState<Element>,
        omitted: [DroppedEntry],
        known: KnownPrefixes = KnownPrefixes(),
        scene: String,
        expectedHead: Int?
    ) throws(NavStoreError) -> SaveResult {
        let (bytes, stackBytes) = try refusingLogged(scene) { () throws(NavStoreError) -> (Int, [Int]) in
            // Even a save that would write nothing: a reader never saves.
            if isReadOnly { throw .readOnly(path: path) }
            try configuration.limits.checkSceneName(scene)
            return try configuration.limits.byteCount(checking: state, scene: scene, known: known)
        }
        let keptRevisions = configuration.keptRevisions.map { min(max(1, $0), StoredRange.keptRevisions.upperBound) }
        let newSlots = Slots.of(state)
        let layout = state.presentations.isEmpty && state.checkpoints.isEmpty && state.values.isEmpty
            ? StoredLayout.emptyJSON
            : StoredLayout(state.presentations.map(\.method), state.checkpoints, state.values.mapValues(\.storedEntry)).json()
        let now = configuration.clock().timeIntervalSince1970

        let result = try withConnection("save", refusable: { (store: inout State) throws(SQLiteError) -> Result<SaveResult, NavStoreError> in
            let connection = store.connection
            let changesBefore = connection.totalChanges
            // Taken out of the cache so its arrays are uniquely owned and the
            // save can update them in place (a second reference would make
            // every update copy the whole stack); put back only after COMMIT.
            var slots: [Int: [NavEntry]] = [:]
            var identities: [Int: [AnyObject?]] = [:]
            var cachedSceneID = 0
            var cachedRevision = -1
            var cachedSerial = -2
            var headLayout = ""
            var cachedRow: (sceneID: Int, kept: Int?, top: (number: Int, base: Int, chainBytes: Int))?
            if var cached = store.heads.removeValue(forKey: scene) {
                cachedSceneID = cached.sceneID
                cachedRevision = cached.revision
                cachedSerial = cached.serial
                headLayout = cached.layout
                if cached.epoch == store.cacheEpoch {
                    cachedRow = (cached.sceneID, cached.keptRevisions, (cached.revision, cached.base, cached.chainBytes))
                }
                swap(&slots, &cached.slots)
                swap(&identities, &cached.identities)
            }
            let dataVersionAfterSave = store.dataVersionAfterSave
            var sawOtherWrites = false
            let outcome = try connection.refusableTransaction(immediate: true) {
                () throws(SQLiteError) -> Result<WrittenRevision, NavStoreError> in
                var sceneID = 0
                var storedKept: Int?
                var top: (number: Int, base: Int, chainBytes: Int)?
                // Whether anything but this connection's own saves changed
                // the file since its last save: another connection, or this
                // one's other writes (a restore's count, a delete). Then no
                // cached head may be trusted without reading the scene, and
                // every one is marked so (`cacheEpoch`).
                sawOtherWrites = dataVersionAfterSave == nil || connection.dataVersion != dataVersionAfterSave
                if let cachedRow, !sawOtherWrites {
                    // The file is as this connection's last save left it,
                    // and the cached head was right then: the scene is as cached.
                    (sceneID, storedKept, top) = (cachedRow.sceneID, cachedRow.kept, cachedRow.top)
                } else {
                    // The scene and its head row in one statement.
                    // Rows numbered outside StoredRange.revision are not history.
                    let find = try connection.cached("""
                        SELECT s.id, s.kept_revisions, r.number, r.base, r.chain_bytes FROM scene AS s
                        LEFT JOIN revision AS r ON r.scene_id = s.id
                            AND r.number = (SELECT max(number) FROM revision
                                            WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496)
                        WHERE s.name = ?1
                        """)
                    try find.bind(.text(scene))
                    if try find.step() {
                        sceneID = find.int(at: 0)
                        storedKept = find.optionalInt(at: 1)
                        if let number = find.optionalInt(at: 2) { top = (number, find.int(at: 3), find.int(at: 4)) }
                    }
                    find.reset()
                }
                let head = top?.number ?? 0
                guard head < StoredRange.revision.upperBound else {
                    return .failure(.damagedScene(path: path, scene: scene, revision: head, damage: .revisionNumberExhausted(head)))
                }
                if let expectedHead, expectedHead != head {
                    return .failure(.conflict(scene: scene, expected: expectedHead, actual: head))
                }
                // A head whose chain does not read (a tampered or damaged
                // file) gets a full row on top, so a save always leaves a
                // head that loads.
                var headIsDamaged = false
                if let row = top, !(1...row.number).contains(row.base) || !StoredRange.bytes.contains(row.chainBytes) {
                    // Its base or chain bytes are out of range: a full row
                    // on top starts a new chain, and nothing adds to them.
                    top = (row.number, row.number, 0)
                    headIsDamaged = true
                }
                let isNewScene = sceneID == 0
                if isNewScene {
                    try connection.cached("INSERT INTO scene (name, created_at, kept_revisions) VALUES (?1, ?2, ?3)")
                        .bind(.text(scene), .real(now), keptRevisions.map { .integer($0) } ?? .null).run()
                    sceneID = try connection.integer("SELECT last_insert_rowid()")
                    slots = [:]
                    identities = [:]
                    headLayout = ""
                } else if head == 0 || (cachedSceneID == sceneID && cachedRevision == head) {
                    // No revision yet, or the cached entries are the head's: nothing to read.
                    if head == 0 { slots = [:]; identities = [:]; headLayout = "" }
                } else if !headIsDamaged, case .success(let read)? = try Self.readRevision(connection, sceneID: sceneID, number: head) {
                    slots = read.slots
                    identities = [:]
                    headLayout = read.layout
                } else {
                    slots = [:]
                    identities = [:]
                    headLayout = ""
                    headIsDamaged = true
                }
                var keptInFile = isNewScene ? keptRevisions : storedKept
                if !isNewScene && storedKept != keptRevisions {
                    keptInFile = keptRevisions
                    // The app's setting for this scene's history changed (or
                    // the scene came from an older schema): where the history
                    // starts is part of the file, so every reader agrees.
                    try connection.cached("UPDATE scene SET kept_revisions = ?2 WHERE id = ?1")
                        .bind(.integer(sceneID), keptRevisions.map { .integer($0) } ?? .null).run()
                }
                let revision = head + 1
                // What `knownPrefixes` found holds for these very identities
                // only if they are still the cached head it looked at.
                let usesCache = cachedSceneID == sceneID && cachedRevision == head && !headIsDamaged
                let delta = RevisionChange.delta(
                    updating: &slots, identities: &identities, to: newSlots, layout: layout == headLayout ? nil : layout,
                    knownKept: usesCache && cachedSerial == known.serial ? known.counts : [])
                guard head == 0 || headIsDamaged || delta.bytes != nil else {
                    // The head already holds this state: a restore followed by
                    // the app saving what it restored must not look like a new
                    // revision to the crash-loop guard.
                    return .success(WrittenRevision(
                        sceneID: sceneID, revision: head, isNew: false, inserted: 0, closed: 0,
                        base: top?.base ?? head, chainBytes: top?.chainBytes ?? 0, keptRevisions: keptInFile))
                }
                var base = top?.base ?? revision
                var chainBytes = top?.chainBytes ?? 0
                let change: [UInt8]
                if let deltaBytes = delta.bytes, head > 0, !headIsDamaged, !RevisionChange.needsFull(
                    chainLength: revision - base, chainBytes: chainBytes + deltaBytes.count, stateBytes: bytes) {
                    change = deltaBytes
                    chainBytes += deltaBytes.count
                } else {
                    change = RevisionChange.full(slots, layout: layout)
                    base = revision
                    chainBytes = 0
                }
                try connection.cached("""
                    INSERT INTO revision
                        (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                    """).bind(.integer(sceneID), .integer(revision), .real(now), .integer(base), .integer(state.entryCount),
                              .integer(state.presentations.count), .integer(bytes), .integer(chainBytes),
                              .blob(RevisionSeal.seal(change, .init(sceneID: sceneID, number: revision, base: base)))).run()
                if let keptRevisions, revision > keptRevisions, revision % Self.forgetInterval == 0 {
                    try Self.forgetRevisions(connection, sceneID: sceneID, before: revision - keptRevisions + 1)
                }
                return .success(WrittenRevision(
                    sceneID: sceneID, revision: revision, isNew: true, inserted: delta.appended, closed: delta.removed,
                    base: base, chainBytes: chainBytes, keptRevisions: keptInFile))
            }
            if sawOtherWrites { store.cacheEpoch &+= 1 }
            let written: WrittenRevision
            switch outcome {
            case .success(let value): written = value
            case .failure(let refusal): return .failure(refusal)
            }
            store.dataVersionAfterSave = connection.dataVersion
            store.lastSerial &+= 1
            let head = CachedHead(
                sceneID: written.sceneID, revision: written.revision, slots: slots,
                identities: identities, stackBytes: stackBytes, serial: store.lastSerial, layout: layout,
                base: written.base, chainBytes: written.chainBytes, keptRevisions: written.keptRevisions,
                epoch: store.cacheEpoch)
            if store.heads.count >= Self.cachedHeadLimit && store.heads[scene] == nil {
                // Apps have a handful of scenes; a tool saving thousands keeps memory flat.
                store.heads.removeAll()
            }
            store.heads[scene] = head
            return .success(SaveResult(
                revision: written.revision, isNewRevision: written.isNew, omitted: omitted,
                entriesInserted: written.inserted, entriesClosed: written.closed,
                rowsWritten: connection.totalChanges - changesBefore))
        })
        logger.debug("saved scene", metadata: [
            "scene": "\(scene)", "revision": "\(result.revision)",
            "inserted": "\(result.entriesInserted)", "closed": "\(result.entriesClosed)",
            "omitted": "\(result.omitted.count)",
        ])
        return result
    }

    static let cachedHeadLimit = 64

    /// Stacks up to this long are checked element by element on every save
    /// (`knownPrefixes(of:scene:)`).
    static let shortStack = 32

    private struct WrittenRevision {
        var sceneID: Int
        var revision: Int
        var isNew: Bool
        var inserted: Int
        var closed: Int
        var base: Int
        var chainBytes: Int
        var keptRevisions: Int?
    }

    /// How often a save removes what fell out of the kept revisions: every
    /// 64th revision of a scene, so the other saves write one row on one
    /// page (a save that forgets touches the pages of the old rows too, and
    /// costs about three ordinary saves). Until then the older rows stay in
    /// the file but are not history: ``load(scene:revision:)``, `history`
    /// and the crash-loop guard never hand them out.
    static let forgetInterval = 64

    /// Removes a scene's rows older than `oldestKept` that no kept
    /// revision builds on, and their crash-loop counts. Its cost follows
    /// what it removes, never the history's length, and SQLite reuses the
    /// freed pages.
    static func forgetRevisions(_ connection: SQLiteConnection, sceneID: Int, before oldestKept: Int) throws(SQLiteError) {
        let base = try connection.cached("SELECT base FROM revision WHERE scene_id = ?1 AND number = ?2")
        try base.bind(.integer(sceneID), .integer(oldestKept))
        let firstNeeded = try base.step() ? min(oldestKept, base.int(at: 0)) : oldestKept
        base.reset()
        try connection.cached("DELETE FROM revision WHERE scene_id = ?1 AND number < ?2")
            .bind(.integer(sceneID), .integer(firstNeeded)).run()
        try connection.cached("DELETE FROM restore_attempt WHERE scene_id = ?1 AND revision < ?2")
            .bind(.integer(sceneID), .integer(oldestKept)).run()
    }

    /// Runs a check of a save's input, logging a refusal at error level as
    /// the connection's failures are.
    private func refusingLogged<T>(_ scene: String, _ check: () throws(NavStoreError) -> T) throws(NavStoreError) -> T {
        do {
            return try check()
        } catch {
            logger.error("save refused", metadata: ["scene": "\(NavStoreError.shortened(scene))", "error": "\(error)"])
            throw error
        }
    }

    /// Refuses a state that breaks an invariant, before anything is left out,
    /// so a bad checkpoint is reported rather than quietly dropped.
    private static func validate<Element>(_ state: SceneState<Element>) throws(NavStoreError) {
        do {
            try state.validate()
        } catch {
            throw .invalidState(error)
        }
    }
}
