public import Foundation
import Logging
import NavStateModel
package import NavStateSQLite

extension NavStore {
    /// Every scene with its head revision, depth, presentations, update time
    /// and bytes, ordered by name. A scene whose head revision is missing
    /// from the file is listed too, with ``SceneSummary/headIsMissing`` set.
    public func scenes() throws(NavStoreError) -> [SceneSummary] {
        try withConnection("list scenes") { (store: inout State) throws(SQLiteError) in
            let statement = try store.connection.cached("""
                SELECT s.name, s.head_revision, r.depth, r.presentation_count, s.updated_at, r.byte_count, r.number IS NULL
                FROM scene AS s LEFT JOIN revision AS r ON r.scene_id = s.id AND r.number = s.head_revision
                ORDER BY s.name
                """)
            var scenes: [SceneSummary] = []
            while try statement.step() {
                scenes.append(SceneSummary(
                    scene: statement.text(at: 0), revision: statement.int(at: 1), entryCount: statement.int(at: 2),
                    presentations: statement.int(at: 3),
                    updatedAt: Date(timeIntervalSince1970: statement.double(at: 4)), bytes: statement.int(at: 5),
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
        logger.info("deleted scene", metadata: ["scene": "\(scene)", "existed": "\(deleted)"])
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
                try connection.execute("DELETE FROM entry; DELETE FROM revision; DELETE FROM restore_attempt; DELETE FROM scene;")
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
    /// Entries still visible in a kept revision stay; only rows no kept
    /// revision can see are removed. With `dryRun`, the prune runs in a
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
            "entries": "\(result.entriesRemoved)",
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
        if let cutoff {
            let stale = try connection.cached("""
                SELECT s.name, (SELECT count(*) FROM revision AS r WHERE r.scene_id = s.id)
                FROM scene AS s WHERE s.updated_at < ?1
                """)
            try stale.bind(.real(cutoff))
            while try stale.step() {
                let name = stale.text(at: 0)
                touched[name] = PrunedScene(scene: name, revisionsRemoved: stale.int(at: 1), deleted: true)
            }
            stale.reset()
        }
        let old = try connection.cached("""
            SELECT s.name, count(*) FROM revision AS r JOIN scene AS s ON s.id = r.scene_id
            WHERE r.number <= s.head_revision - ?1 GROUP BY s.id
            """)
        try old.bind(.integer(keepRevisions))
        while try old.step() {
            let name = old.text(at: 0)
            if touched[name] == nil {
                touched[name] = PrunedScene(scene: name, revisionsRemoved: old.int(at: 1), deleted: false)
            }
        }
        old.reset()

        var scenes = 0
        if let cutoff {
            try connection.cached("DELETE FROM scene WHERE updated_at < ?1").bind(.real(cutoff)).run()
            scenes = connection.changes
        }
        try connection.cached("""
            DELETE FROM revision WHERE number <= (SELECT head_revision FROM scene WHERE scene.id = revision.scene_id) - ?1
            """).bind(.integer(keepRevisions)).run()
        let revisions = connection.changes + touched.values.filter(\.deleted).reduce(0) { $0 + $1.revisionsRemoved }
        try connection.cached("""
            DELETE FROM entry WHERE valid_until IS NOT NULL
            AND valid_until <= (SELECT head_revision FROM scene WHERE scene.id = entry.scene_id) - ?1 + 1
            """).bind(.integer(keepRevisions)).run()
        let entries = connection.changes
        try connection.execute("""
            DELETE FROM restore_attempt WHERE NOT EXISTS (
                SELECT 1 FROM revision AS r
                WHERE r.scene_id = restore_attempt.scene_id AND r.number = restore_attempt.revision)
            """)
        return PruneResult(
            scenes: touched.values.sorted { $0.scene < $1.scene },
            scenesRemoved: scenes, revisionsRemoved: revisions, entriesRemoved: entries, isDryRun: dryRun)
    }
}
