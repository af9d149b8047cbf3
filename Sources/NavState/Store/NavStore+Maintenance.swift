public import Foundation
import Logging
import NavStateModel
package import NavStateSQLite

extension NavStore {
    /// Every scene with its head revision, depth, presentations, update time
    /// and bytes, ordered by name. A scene without any revision in the file
    /// is listed too, with ``SceneSummary/headIsMissing`` set.
    public func scenes() throws(NavStoreError) -> [SceneSummary] {
        try withConnection("list scenes") { (store: inout State) throws(SQLiteError) in
            let statement = try store.connection.cached("""
                SELECT s.name, coalesce(r.number, 0), coalesce(r.entry_count, 0), coalesce(r.presentation_count, 0),
                       coalesce(r.saved_at, s.created_at), coalesce(r.byte_count, 0), r.number IS NULL
                FROM scene AS s LEFT JOIN revision AS r ON r.scene_id = s.id
                    AND r.number = (SELECT max(number) FROM revision
                                    WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496)
                ORDER BY s.name
                """)
            var scenes: [SceneSummary] = []
            while try statement.step() {
                scenes.append(SceneSummary(
                    scene: statement.text(at: 0), revision: statement.int(at: 1), entryCount: Self.storedCount(statement.int(at: 2)),
                    presentations: Self.storedCount(statement.int(at: 3)),
                    updatedAt: Date(timeIntervalSince1970: statement.double(at: 4)), bytes: Self.storedBytes(statement.int(at: 5)),
                    headIsMissing: statement.int(at: 6) != 0))
            }
            return scenes
        }
    }

    /// Deletes a scene and its whole history, overwriting the freed pages.
    ///
    /// - Returns: Whether the scene existed.
    @discardableResult
    public func delete(scene: String) throws(NavStoreError) -> Bool {
        let deleted = try withConnection("delete") { (store: inout State) throws(SQLiteError) -> Bool in
            store.heads[scene] = nil
            let connection = store.connection
            try connection.execute("PRAGMA secure_delete = ON")
            defer { try? connection.execute("PRAGMA secure_delete = OFF") }
            return try connection.transaction(immediate: true) { () throws(SQLiteError) -> Bool in
                try connection.cached("DELETE FROM scene WHERE name = ?1").bind(.text(scene)).run()
                return connection.changes > 0
            }
        }
        logger.debug("deleted scene", metadata: ["scene": "\(scene)", "existed": "\(deleted)"])
        return deleted
    }

    /// Removes every scene and makes sure the bytes are gone from the files:
    /// freed pages are overwritten (`secure_delete`), the WAL is checkpointed
    /// and truncated, and the file is vacuumed.
    ///
    /// - Returns: `false` when another connection's open read kept the WAL
    ///   from being fully checkpointed; purge again once it has finished.
    @discardableResult
    public func purge() throws(NavStoreError) -> Bool {
        let complete = try withConnection("purge") { (store: inout State) throws(SQLiteError) -> Bool in
            store.heads.removeAll()
            let connection = store.connection
            try connection.execute("PRAGMA secure_delete = ON")
            defer { try? connection.execute("PRAGMA secure_delete = OFF") }
            try connection.transaction(immediate: true) { () throws(SQLiteError) in
                try connection.execute("DELETE FROM revision; DELETE FROM restore_attempt; DELETE FROM scene;")
            }
            connection.resetActiveStatements()
            try connection.execute("VACUUM")
            return try Self.checkpointTruncating(connection)
        }
        logger.info("purged store", metadata: ["path": "\(path)", "checkpointComplete": "\(complete)"])
        return complete
    }

    /// Copies the WAL back into the database file and truncates it to zero
    /// bytes, so nothing deleted lingers in it.
    ///
    /// - Returns: `false` when another connection's open read kept some frames
    ///   in the WAL; call again once it has finished.
    @discardableResult
    public func checkpointWAL() throws(NavStoreError) -> Bool {
        try withConnection("checkpoint") { (store: inout State) throws(SQLiteError) in
            try Self.checkpointTruncating(store.connection)
        }
    }

    /// `PRAGMA wal_checkpoint(TRUNCATE)`; true when every frame was copied
    /// back and the WAL truncated to zero bytes.
    package static func checkpointTruncating(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool {
        guard connection.filename != "" else { return true }
        let statement = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        guard try statement.step() else { return false }
        // Columns: busy flag, WAL frames, frames checkpointed.
        return statement.int(at: 0) == 0
    }

    /// Keeps the last `keepRevisions` revisions of every scene, and with
    /// `notUpdatedFor`, removes scenes not saved for that long (measured
    /// with the configuration's clock).
    ///
    /// When the oldest kept revision is stored as a change on top of older
    /// ones, it is rewritten as a full row first, so nothing older stays in
    /// the file. With `dryRun`, the prune runs in a
    /// transaction that is rolled back: the result says exactly what it
    /// would remove, and the file is unchanged.
    @discardableResult
    public func prune(
        keepRevisions: Int = 20, notUpdatedFor maximumAge: TimeInterval? = nil, dryRun: Bool = false
    ) throws(NavStoreError) -> PruneResult {
        guard keepRevisions >= 1 else {
            throw .invalidArgument("keepRevisions must be at least 1 (the head), not \(keepRevisions)")
        }
        if let maximumAge, maximumAge < 0 {
            throw .invalidArgument("the maximum age cannot be negative")
        }
        if dryRun && isReadOnly { throw .readOnly(path: path) }
        let cutoff = maximumAge.map { configuration.clock().timeIntervalSince1970 - $0 }
        let result = try withConnection("prune") { (store: inout State) throws(SQLiteError) -> PruneResult in
            store.heads.removeAll()
            let connection = store.connection
            let outcome = try connection.refusableTransaction(immediate: true) {
                () throws(SQLiteError) -> Result<PruneResult, DryRunRollback> in
                let result = try Self.pruneRows(connection, keepRevisions: keepRevisions, cutoff: cutoff, dryRun: dryRun)
                return dryRun ? .failure(DryRunRollback(result: result)) : .success(result)
            }
            switch outcome {
            case .success(let result): return result
            case .failure(let rolledBack): return rolledBack.result
            }
        }
        logger.info(dryRun ? "pruned store (dry run)" : "pruned store", metadata: [
            "scenes": "\(result.scenesRemoved)", "revisions": "\(result.revisionsRemoved)",
        ])
        return result
    }

    /// A dry run's result, carried out of the transaction it rolls back.
    private struct DryRunRollback: Error {
        var result: PruneResult
    }

    private static func pruneRows(
        _ connection: SQLiteConnection, keepRevisions: Int, cutoff: Double?, dryRun: Bool
    ) throws(SQLiteError) -> PruneResult {
        var touched: [String: PrunedScene] = [:]
        var scenes = 0
        if let cutoff {
            let stale = try connection.cached("""
                SELECT s.id, s.name, (SELECT count(*) FROM revision AS r WHERE r.scene_id = s.id)
                FROM scene AS s
                -- The time of its last save: its newest revision's, or its creation when it has none.
                WHERE coalesce(
                    (SELECT r.saved_at FROM revision AS r WHERE r.scene_id = s.id ORDER BY r.number DESC LIMIT 1),
                    s.created_at) < ?1
                """)
            try stale.bind(.real(cutoff))
            var ids: [Int] = []
            while try stale.step() {
                let name = stale.text(at: 1)
                ids.append(stale.int(at: 0))
                touched[name] = PrunedScene(scene: name, revisionsRemoved: stale.int(at: 2), deleted: true)
            }
            stale.reset()
            for id in ids {
                try connection.cached("DELETE FROM scene WHERE id = ?1").bind(.integer(id)).run()
            }
            scenes = ids.count
        }
        // Every scene with a row older than its oldest kept revision.
        let old = try connection.cached("""
            SELECT s.id, s.name, h.head FROM scene AS s
            JOIN (SELECT scene_id, max(number) AS head, min(number) AS oldest FROM revision
                  WHERE number BETWEEN 1 AND 4503599627370496 GROUP BY scene_id) AS h
                ON h.scene_id = s.id
            WHERE h.oldest <= h.head - ?1
            """)
        try old.bind(.integer(keepRevisions))
        var scenesWithOldRows: [(id: Int, name: String, head: Int)] = []
        while try old.step() { scenesWithOldRows.append((old.int(at: 0), old.text(at: 1), old.int(at: 2))) }
        old.reset()
        var revisions = touched.values.reduce(0) { $0 + $1.revisionsRemoved }
        for scene in scenesWithOldRows {
            let oldestKept = scene.head - keepRevisions + 1
            try rebase(connection, sceneID: scene.id, at: oldestKept)
            try connection.cached("DELETE FROM revision WHERE scene_id = ?1 AND number < ?2")
                .bind(.integer(scene.id), .integer(oldestKept)).run()
            let removed = connection.changes
            revisions += removed
            touched[scene.name] = PrunedScene(scene: scene.name, revisionsRemoved: removed, deleted: false)
        }
        try connection.execute("""
            DELETE FROM restore_attempt WHERE NOT EXISTS (
                SELECT 1 FROM revision AS r
                WHERE r.scene_id = restore_attempt.scene_id AND r.number = restore_attempt.revision)
            """)
        return PruneResult(
            scenes: touched.values.sorted { $0.scene < $1.scene },
            scenesRemoved: scenes, revisionsRemoved: revisions, isDryRun: dryRun)
    }

    /// Makes `number` a full row, so the rows before it can go: its change
    /// becomes its whole state, and the later rows of its chain build on it.
    /// A revision whose chain does not read is left as it is: no state can
    /// be made of it, and `navstate check` reports it.
    static func rebase(_ connection: SQLiteConnection, sceneID: Int, at number: Int) throws(SQLiteError) {
        let row = try connection.cached("SELECT base, chain_bytes FROM revision WHERE scene_id = ?1 AND number = ?2")
        try row.bind(.integer(sceneID), .integer(number))
        guard try row.step() else {
            row.reset()
            return
        }
        let (base, chainBytes) = (row.int(at: 0), row.int(at: 1))
        row.reset()
        guard base != number, case .success(let read)? = try readRevision(connection, sceneID: sceneID, number: number) else { return }
        let full = RevisionChange.full(read.slots, layout: read.layout)
        try connection.cached("UPDATE revision SET base = ?3, chain_bytes = 0, change = ?4 WHERE scene_id = ?1 AND number = ?2")
            .bind(.integer(sceneID), .integer(number), .integer(number),
                  .blob(RevisionSeal.seal(full, .init(sceneID: sceneID, number: number, base: number))))
            .run()
        // The later rows of the chain now build on it: their base is part of
        // their seal, so each is sealed again (a row whose seal does not
        // hold keeps it, and stays damage).
        let later = try connection.cached("""
            SELECT number, change FROM revision WHERE scene_id = ?1 AND number > ?3 AND base = ?2 ORDER BY number
            """)
        try later.bind(.integer(sceneID), .integer(base), .integer(number))
        var moved: [(number: Int, change: [UInt8]?)] = []
        while try later.step() {
            let row = later.int(at: 0)
            let opened = later.withBlob(at: 1) { RevisionSeal.open($0, .init(sceneID: sceneID, number: row, base: base)) }
            moved.append((row, try? opened.get()))
        }
        later.reset()
        for row in moved {
            let update = try connection.cached("""
                UPDATE revision SET base = ?3, chain_bytes = max(chain_bytes - ?4, 0), change = coalesce(?5, change)
                WHERE scene_id = ?1 AND number = ?2
                """)
            let resealed = row.change.map { RevisionSeal.seal($0, .init(sceneID: sceneID, number: row.number, base: number)) }
            try update.bind(.integer(sceneID), .integer(row.number), .integer(number), .integer(chainBytes),
                            resealed.map { .blob($0) } ?? .null).run()
        }
    }
}

extension NavStore {
    /// A count as a listing shows it: 0 when the file's is out of range
    /// (`navstate check` reports the row).
    package static func storedCount(_ value: Int) -> Int { StoredRange.count.contains(value) ? value : 0 }

    /// A byte count as a listing shows it: 0 when the file's is out of range.
    package static func storedBytes(_ value: Int) -> Int { StoredRange.bytes.contains(value) ? value : 0 }
}
