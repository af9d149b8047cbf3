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
            checked: kept, omitted: omitted.map { OmittedEntry(location: $0.location, entry: $0.element) },
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
        let (kept, omittedDestinations) = state.omittingNeverPersisted { $0.persistence == .neverPersisted }
        let omitted = omittedDestinations.map { OmittedEntry(location: $0.location, entry: $0.element.entry) }
        return try save(checked: kept, omitted: omitted, scene: scene, expectedHead: expectedHead)
    }

    private func save<Element: StorableElement>(
        checked state: SceneState<Element>,
        omitted: [OmittedEntry],
        scene: String,
        expectedHead: Int?
    ) throws(NavStoreError) -> SaveResult {
        let bytes = try refusingLogged(scene) { () throws(NavStoreError) -> Int in
            // Even a save that would write nothing: a reader never saves.
            if isReadOnly { throw .readOnly(path: path) }
            try configuration.limits.checkSceneName(scene)
            return try configuration.limits.byteCount(checking: state, scene: scene)
        }
        let keptRevisions = configuration.keptRevisions.map { max(1, $0) }
        let newSlots = Slots.of(state)
        let layout = StoredLayout(state.presentations.map(\.method), state.checkpoints, state.values.mapValues(\.storedEntry)).json()
        let now = configuration.clock().timeIntervalSince1970

        let result = try withConnection("save", refusable: { (store: inout State) throws(SQLiteError) -> Result<SaveResult, NavStoreError> in
            let connection = store.connection
            let changesBefore = connection.totalChanges
            // Taken out of the cache so its arrays are uniquely owned and the
            // save can update them in place (a second reference would make
            // every update copy the whole stack); put back only after COMMIT.
            var slots: [Int: [NavEntry]] = [:]
            var cachedSceneID = 0
            var cachedRevision = -1
            var headLayout = ""
            if var cached = store.heads.removeValue(forKey: scene) {
                cachedSceneID = cached.sceneID
                cachedRevision = cached.revision
                headLayout = cached.layout
                swap(&slots, &cached.slots)
            }
            let outcome = try connection.refusableTransaction(immediate: true) {
                () throws(SQLiteError) -> Result<WrittenRevision, NavStoreError> in
                var sceneID: Int
                var head = 0
                let find = try connection.cached("SELECT id, head_revision FROM scene WHERE name = ?1")
                try find.bind(.text(scene))
                if try find.step() {
                    sceneID = find.int(at: 0)
                    head = find.int(at: 1)
                } else {
                    sceneID = 0
                }
                find.reset()
                if let expectedHead, expectedHead != head {
                    return .failure(.conflict(scene: scene, expected: expectedHead, actual: head))
                }
                if sceneID == 0 {
                    try connection.cached(
                        "INSERT INTO scene (name, head_revision, created_at, updated_at) VALUES (?1, 0, ?2, ?2)"
                    ).bind(.text(scene), .real(now)).run()
                    sceneID = try connection.integer("SELECT last_insert_rowid()")
                    slots = [:]
                    headLayout = ""
                } else if cachedSceneID == sceneID && cachedRevision == head {
                    // The cached entries are the head's: nothing to read.
                } else if let exact = Slots.exact(try Self.headRows(connection, sceneID: sceneID)) {
                    slots = exact
                    headLayout = try Self.layoutText(connection, sceneID: sceneID, revision: head)
                } else {
                    // The head's rows are damaged (a gap or a repeat): close
                    // them all and write the new state whole, so a save
                    // always leaves a head that loads.
                    try connection.cached("""
                        UPDATE entry INDEXED BY entry_head SET valid_until = ?1 WHERE scene_id = ?2 AND valid_until IS NULL
                        """).bind(.integer(head + 1), .integer(sceneID)).run()
                    slots = [:]
                    headLayout = ""
                }
                let revision = head + 1
                let (inserted, closed) = try Self.writeChanges(
                    connection, sceneID: sceneID, revision: revision, slots: &slots, to: newSlots)
                if head > 0 && inserted == 0 && closed == 0 && layout == headLayout {
                    // The head already holds this state: a restore followed by
                    // the app saving what it restored must not look like a new
                    // revision to the crash-loop guard.
                    return .success(WrittenRevision(sceneID: sceneID, revision: head, isNew: false, inserted: 0, closed: 0))
                }
                try connection.cached("""
                    INSERT INTO revision (scene_id, number, saved_at, depth, presentation_count, byte_count, layout)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                    """).bind(.integer(sceneID), .integer(revision), .real(now), .integer(state.entryCount),
                              .integer(state.presentations.count), .integer(bytes), .text(layout)).run()
                try connection.cached("UPDATE scene SET head_revision = ?1, updated_at = ?2 WHERE id = ?3")
                    .bind(.integer(revision), .real(now), .integer(sceneID)).run()
                if let keptRevisions, revision > keptRevisions {
                    try Self.forgetRevisions(connection, sceneID: sceneID, before: revision - keptRevisions + 1)
                }
                return .success(WrittenRevision(sceneID: sceneID, revision: revision, isNew: true, inserted: inserted, closed: closed))
            }
            let written: WrittenRevision
            switch outcome {
            case .success(let value): written = value
            case .failure(let refusal): return .failure(refusal)
            }
            let head = CachedHead(sceneID: written.sceneID, revision: written.revision, slots: slots, layout: layout)
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

    private struct WrittenRevision {
        var sceneID: Int
        var revision: Int
        var isNew: Bool
        var inserted: Int
        var closed: Int
    }

    /// Removes a scene's revisions older than `oldestKept`, the entry rows
    /// only they could see, and their crash-loop counts. Run by every save,
    /// so each removes about one revision: its cost follows what it removes,
    /// never the history's length, and SQLite reuses the freed pages.
    static func forgetRevisions(_ connection: SQLiteConnection, sceneID: Int, before oldestKept: Int) throws(SQLiteError) {
        try connection.cached("DELETE FROM revision WHERE scene_id = ?1 AND number < ?2")
            .bind(.integer(sceneID), .integer(oldestKept)).run()
        // An entry closed at revision v was part of revisions before v only.
        try connection.cached("""
            DELETE FROM entry INDEXED BY entry_closed WHERE scene_id = ?1 AND valid_until <= ?2
            """).bind(.integer(sceneID), .integer(oldestKept)).run()
        try connection.cached("DELETE FROM restore_attempt WHERE scene_id = ?1 AND revision < ?2")
            .bind(.integer(sceneID), .integer(oldestKept)).run()
    }

    /// The layout JSON a revision was saved with, empty when there is none.
    static func layoutText(_ connection: SQLiteConnection, sceneID: Int, revision: Int) throws(SQLiteError) -> String {
        let read = try connection.cached("SELECT layout FROM revision WHERE scene_id = ?1 AND number = ?2")
        try read.bind(.integer(sceneID), .integer(revision))
        defer { read.reset() }
        return try read.step() ? read.text(at: 0) : ""
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

    /// Closes the rows of entries that changed or went away and inserts rows
    /// for the entries that changed or arrived; unchanged entries are not
    /// touched, which is what keeps a save proportional to the change.
    ///
    /// `slots` holds the head's entries on the way in and the new state's on
    /// the way out, updated in place at the changed positions only.
    private static func writeChanges<Element: StorableElement>(
        _ connection: SQLiteConnection, sceneID: Int, revision: Int,
        slots: inout [Int: [NavEntry]], to new: [Int: [Element]]
    ) throws(SQLiteError) -> (inserted: Int, closed: Int) {
        var inserted = 0
        var closed = 0
        for slot in Set(slots.keys).union(new.keys).sorted() {
            let after = new[slot] ?? []
            // Positions that changed, found without copying an entry: this
            // runs over the whole stack, so it must cost almost nothing per
            // unchanged entry (their strings share storage, so comparing
            // them is a pointer check).
            var changed: [Int] = []
            var beforeCount = 0
            slots[slot]?.withUnsafeBufferPointer { previous in
                beforeCount = previous.count
                after.withUnsafeBufferPointer { next in
                    for position in 0..<min(previous.count, next.count) where !next[position].isStored(as: previous[position]) {
                        changed.append(position)
                    }
                }
            }
            changed.append(contentsOf: min(beforeCount, after.count)..<max(beforeCount, after.count))
            if changed.isEmpty { continue }
            for position in changed {
                if position < beforeCount {
                    // INDEXED BY: without it the planner walks the primary key
                    // through every past row of that position, so a save would
                    // cost in proportion to the history.
                    try connection.cached("""
                        UPDATE entry INDEXED BY entry_head SET valid_until = ?1
                        WHERE scene_id = ?2 AND slot = ?3 AND position = ?4 AND valid_until IS NULL
                        """).bind(.integer(revision), .integer(sceneID), .integer(slot), .integer(position)).run()
                    closed += 1
                }
                if position < after.count {
                    let next = after[position].storedEntry
                    try connection.cached("""
                        INSERT INTO entry (scene_id, slot, position, valid_from, tag, version, payload)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                        """).bind(.integer(sceneID), .integer(slot), .integer(position), .integer(revision),
                                  .text(next.tag), next.version.map { .integer($0) } ?? .null,
                                  .text(next.payload)).run()
                    inserted += 1
                }
            }
            if after.isEmpty {
                slots[slot] = nil
                continue
            }
            // The cached head becomes the new state, touching only what changed.
            for position in changed where position < min(beforeCount, after.count) {
                slots[slot, default: []][position] = after[position].storedEntry
            }
            if after.count < beforeCount {
                slots[slot, default: []].removeLast(beforeCount - after.count)
            } else if after.count > beforeCount {
                slots[slot, default: []].append(contentsOf: after[beforeCount...].lazy.map(\.storedEntry))
            }
        }
        return (inserted, closed)
    }
}
