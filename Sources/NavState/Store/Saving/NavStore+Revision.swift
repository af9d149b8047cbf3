import NavStateModel
import NavStateSQLite

/// A save's steps under the store's lock (`NavStore+Saving.swift` checks
/// and encodes what they write): the quick way, one `INSERT` on a cached
/// head nothing else has written past (`writeOnTrustedHead`); and the
/// transaction's way, the head found and read (`loadHeadEntries`), the row
/// written (`writeRevision`) and the history trimmed.
extension NavStore {
    /// What a save writes, checked and encoded before it takes the lock.
    struct SaveInput<Element: StorableElement> {
        var slots: SlotMap<[Element]>
        var layout: String
        /// What `layout` was written from, for a tree.
        var treeLayout: WrittenTree?
        var bytes: Int
        var stackBytes: [Int]
        var entryCount: Int
        var presentationCount: Int
        var keptRevisions: Int?
        var now: Double
        /// What the caller learnt of the cached head before the lock.
        var known: KnownPrefixes
        /// The screen-state rows the scene is to hold, and the values left
        /// out of them.
        var screens: ScreenTable.Rows
        var screensLeftOut: [LeftOutScreenValue]
    }

    /// What a save wrote: the head it left, whether it is a new revision,
    /// and the entry rows it inserted and closed.
    typealias WrittenRevision = (head: SceneHead, isNew: Bool, inserted: Int, closed: Int)

    /// A save the quick way, when this store's last save of the scene left
    /// the head it has cached and nothing more is to be done than adding a
    /// row: the row goes in by one `INSERT` that is its own transaction and
    /// writes only if the file's data version is still the one this store's
    /// last save left (`RevisionTable.insertIfFileUnchanged`, checked under
    /// the statement's write lock). That is what the transaction's way
    /// checks after `BEGIN IMMEDIATE`, without its `BEGIN` and `COMMIT`.
    ///
    /// - Parameter hand: The scene's place in the cache, updated in place.
    /// - Returns: The revision written; `nil` when the quick way does not
    ///   apply (nothing cached or trusted, a conditional save whose head
    ///   differs, a state the head already holds, the history to trim, the
    ///   app's kept revisions changed) or something else wrote to the file
    ///   since, and then the scene's cached head is forgotten, as the save
    ///   had updated it: the transaction's way then reads it from the file.
    func writeOnTrustedHead<Element: StorableElement>(
        _ input: SaveInput<Element>, in hand: HeadCache.Slot, scene: String, expectedHead: Int?, store: inout State
    ) throws(SQLiteError) -> WrittenRevision? {
        guard let version = store.cache.dataVersionAfterSave else { return nil }
        guard let head = hand.head.row(trustedIn: store.cache.epoch), !head.isDamaged,
              StoredRange.sceneID.contains(head.sceneID), head.number > 0, head.number < StoredRange.revision.upperBound,
              (1...head.number).contains(head.base), head.chainBytes.map(StoredRange.bytes.contains) ?? false,
              head.keptRevisions == input.keptRevisions, expectedHead == nil || expectedHead == head.number,
              !Self.trimsHistory(at: head.number + 1, keeping: input.keptRevisions)
        else { return nil }
        // Screens not known, or changed: a keystroke's quick way, or none.
        guard let cached = hand.head.screens else { return nil }
        switch ScreenTable.change(from: cached, to: input.screens) {
        case .none: break
        case .one(let write):
            return try writeScreenOnTrustedHead(write, input, head: head, in: hand, scene: scene, since: version, store: &store)
        case .several: return nil
        }
        // The head already holding this state: the transaction's way says
        // so (nothing of the cached head was changed).
        guard var next = nextRow(input, over: head, in: &hand.head) else { return nil }
        let inserted: Bool
        do throws(SQLiteError) {
            inserted = try RevisionTable.insertIfFileUnchanged(store.connection, &next.row, since: version)
        } catch {
            store.cache.forget(scene)
            throw error
        }
        guard inserted else {
            store.cache.forget(scene)
            return nil
        }
        let written = SceneHead(
            sceneID: head.sceneID, keptRevisions: head.keptRevisions, number: next.row.number,
            base: next.row.base, chainBytes: next.row.chainBytes)
        return (written, isNew: true, inserted: next.inserted, closed: next.closed)
    }

    /// The quick way for a change of one screen value alone (a keystroke in
    /// a draft): one conditional write of its row, as the quick way of a
    /// revision is one conditional insert. `nil` when more changed (the
    /// navigation too, or more than one value), or something else wrote to
    /// the file since; the transaction's way then does it.
    private func writeScreenOnTrustedHead<Element: StorableElement>(
        _ write: ScreenTable.Write, _ input: SaveInput<Element>, head: SceneHead, in hand: HeadCache.Slot, scene: String,
        since version: UInt32, store: inout State
    ) throws(SQLiteError) -> WrittenRevision? {
        guard nextRow(input, over: head, in: &hand.head) == nil else {
            // The navigation changed too: `nextRow` brought the cached
            // entries up to it, so they are not the file's head any more.
            store.cache.forget(scene)
            return nil
        }
        let written: Bool
        do throws(SQLiteError) {
            written = try ScreenTable.writeIfFileUnchanged(
                store.connection, sceneID: head.sceneID, write, since: version)
        } catch {
            store.cache.forget(scene)
            throw error
        }
        guard written else {
            store.cache.forget(scene)
            return nil
        }
        hand.head.screens = input.screens
        return (head, isNew: false, inserted: 0, closed: 0)
    }

    /// Whether the save of `revision` removes what fell out of the kept
    /// revisions: every ``RevisionTable/forgetInterval`` revisions.
    static func trimsHistory(at revision: Int, keeping kept: Int?) -> Bool {
        guard let kept else { return false }
        return revision > kept && revision % RevisionTable.forgetInterval == 0
    }

    /// Brings the scene's row and its head's entries into hand: a new
    /// scene's row created, a head read from the file unless the cached one
    /// is it, a damaged head marked, and the scene's `kept_revisions` set
    /// to the app's.
    @inline(__always)
    func loadHeadEntries<Element>(
        _ head: inout SceneHead, into hand: inout HeadCache.Head, scene: String, input: SaveInput<Element>,
        connection: SQLiteConnection
    ) throws(SQLiteError) {
        let number = head.number
        if number > 0, !(1...number).contains(head.base) || !(head.chainBytes.map(StoredRange.bytes.contains) ?? false) {
            // Its base or chain bytes are out of range: a full row on top
            // starts a new chain, and nothing adds to them.
            (head.base, head.chainBytes) = (number, 0)
            head.isDamaged = true
        }
        if head.sceneID == 0 {
            head.sceneID = try RevisionTable.insertScene(
                connection, name: scene, createdAt: input.now, keptRevisions: input.keptRevisions)
            head.keptRevisions = input.keptRevisions
            hand.clearEntries()
            hand.screens = [:]
            return
        }
        if number == 0 {
            hand.clearEntries()
        } else if hand.holds(head) {
            // The cached entries are the head's: nothing to read.
        } else if !head.isDamaged, case .success(let read)? = try RevisionTable.readRevision(connection, sceneID: head.sceneID, number: number) {
            hand.slots = read.slots
            hand.identities = SlotMap()
            hand.layout = read.layout
            hand.screens = nil
        } else {
            hand.clearEntries()
            head.isDamaged = true
        }
        if head.keptRevisions != input.keptRevisions {
            // The app's setting for this scene's history changed (or the
            // scene came from an older schema).
            try RevisionTable.setKeptRevisions(connection, sceneID: head.sceneID, to: input.keptRevisions)
            head.keptRevisions = input.keptRevisions
        }
    }

    /// Writes the revision: a delta on top of the head, or a full row when
    /// the chain would grow too long or the head is damaged; nothing when
    /// the head already holds this state. Every ``RevisionTable/forgetInterval``
    /// revisions, what fell out of the kept ones goes.
    @inline(__always)
    func writeRevision<Element: StorableElement>(
        _ input: SaveInput<Element>, over head: SceneHead, in hand: inout HeadCache.Head, connection: SQLiteConnection
    ) throws(SQLiteError) -> WrittenRevision {
        // The screens in the same transaction as the row: a revision is
        // never in the file without its screens' state, nor the reverse.
        let screensInFile: ScreenTable.Rows
        if let known = hand.screens {
            screensInFile = known
        } else {
            screensInFile = try ScreenTable.read(connection, sceneID: head.sceneID)
        }
        if screensInFile != input.screens {
            try ScreenTable.update(connection, sceneID: head.sceneID, from: screensInFile, to: input.screens)
        }
        hand.screens = input.screens
        guard var next = nextRow(input, over: head, in: &hand) else {
            // The head already holds this state: a restore followed by the
            // app saving what it restored must not look like a new revision
            // to the crash-loop guard.
            var unchanged = head
            unchanged.chainBytes = head.chainBytes ?? 0
            return (unchanged, isNew: false, inserted: 0, closed: 0)
        }
        let (revision, base, chainBytes) = (next.row.number, next.row.base, next.row.chainBytes)
        try RevisionTable.insert(connection, &next.row)
        if let kept = input.keptRevisions, Self.trimsHistory(at: revision, keeping: kept) {
            try RevisionTable.forgetRevisions(connection, sceneID: head.sceneID, before: revision - kept + 1)
        }
        let written = SceneHead(sceneID: head.sceneID, keptRevisions: head.keptRevisions, number: revision, base: base, chainBytes: chainBytes)
        return (written, isNew: true, inserted: next.inserted, closed: next.closed)
    }

    /// The row a save writes on top of `head`, with the cached entries
    /// brought up to the new state in place: a delta, or a full row when the
    /// chain would grow too long or the head is damaged (a first revision is
    /// always a full row, its own base). `nil` when the head already holds
    /// this state, and then nothing in `hand` changed.
    @inline(__always)
    private func nextRow<Element: StorableElement>(
        _ input: SaveInput<Element>, over head: SceneHead, in hand: inout HeadCache.Head
    ) -> (row: RevisionTable.NewRow, inserted: Int, closed: Int)? {
        let number = head.number
        let revision = number + 1
        // What `knownPrefixes` found holds for these very identities only
        // if they are still the cached head it looked at.
        let usesCache = hand.holds(head) && !head.isDamaged
        let delta = RevisionChange.delta(
            updating: &hand.slots, identities: &hand.identities, to: input.slots,
            layout: input.layout == hand.layout ? nil : input.layout,
            knownKept: usesCache && hand.serial == input.known.serial ? input.known : NavStore.KnownPrefixes())
        guard number == 0 || head.isDamaged || delta.bytes != nil else { return nil }
        // The change goes straight into the row, which the insert seals
        // where it lies (no copy).
        var row = RevisionTable.NewRow(
            sceneID: head.sceneID, number: revision, savedAt: input.now, base: head.base, entryCount: input.entryCount,
            presentationCount: input.presentationCount, bytes: input.bytes, chainBytes: head.chainBytes ?? 0, change: [])
        if let deltaBytes = delta.bytes, number > 0, !head.isDamaged, !RevisionChange.needsFull(
            chainLength: revision - row.base, chainBytes: row.chainBytes + deltaBytes.count, stateBytes: input.bytes) {
            row.chainBytes += deltaBytes.count
            row.change = deltaBytes
        } else {
            row.change = RevisionChange.full(hand.slots, layout: input.layout)
            row.base = revision
            row.chainBytes = 0
        }
        return (row, inserted: delta.appended, closed: delta.removed)
    }
}
