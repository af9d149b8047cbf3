public import NavStateReports
public import Foundation
import Logging
import NavStateModel
package import NavStateSQLite

extension NavStore {
    /// How `scenes()` finds every head revision. Both give the same rows
    /// (`SceneListingTests`); they differ in what they read.
    package enum SceneListingPlan {
        /// Two B-tree seeks per scene: the newest revision's number, then its
        /// row. Its cost follows the number of scenes.
        case seekPerScene
        /// One pass over the revision table in key order, keeping each
        /// scene's last row. Its cost follows the number of rows: half the
        /// seeks' when scenes keep a revision or two (a file of many windows
        /// saved once), many times it when they keep twenty.
        case scanRevisions
    }

    /// Every scene with its head revision, ordered by name, by the plan
    /// given or, with `nil`, by the one that reads less for this file: the
    /// scan when the first scenes hold three rows or fewer each on average.
    /// NavStateTooling's `scenes()`.
    package func scenes(plan: SceneListingPlan?) throws(NavStateError) -> [SceneSummary] {
        try withConnection("list scenes") { (store: inout State) throws(SQLiteError) in
            let connection = store.connection
            // One read transaction, so both statements of the scan see one snapshot.
            return try connection.transaction(immediate: false) { () throws(SQLiteError) -> [SceneSummary] in
                let chosen: SceneListingPlan
                if let plan { chosen = plan } else { chosen = try RevisionTable.cheaperListingPlan(connection) }
                switch chosen {
                case .seekPerScene: return try RevisionTable.scenesBySeeking(connection)
                case .scanRevisions: return try RevisionTable.scenesByScanning(connection)
                }
            }
        }
    }

    /// The plan `scenes()` would take for this file now.
    package func chosenListingPlan() throws(NavStateError) -> SceneListingPlan {
        try withConnection("list scenes") { (store: inout State) throws(SQLiteError) in
            try RevisionTable.cheaperListingPlan(store.connection)
        }
    }

    /// Deletes a scene and its whole history, overwriting the freed pages.
    ///
    /// - Returns: Whether the scene existed.
    @discardableResult
    @_spi(Tooling) public func delete(scene: String) throws(NavStateError) -> Bool {
        let deleted = try withConnection("delete") { (store: inout State) throws(SQLiteError) -> Bool in
            store.cache.forget(scene)
            let connection = store.connection
            try connection.execute("PRAGMA secure_delete = ON")
            defer { try? connection.execute("PRAGMA secure_delete = FAST") }
            return try connection.transaction(immediate: true) { () throws(SQLiteError) -> Bool in
                try RevisionTable.deleteScene(connection, name: scene)
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
    @_spi(Tooling) public func purge() throws(NavStateError) -> Bool {
        let complete = try withConnection("purge") { (store: inout State) throws(SQLiteError) -> Bool in
            store.cache.forgetAll()
            let connection = store.connection
            try connection.execute("PRAGMA secure_delete = ON")
            defer { try? connection.execute("PRAGMA secure_delete = FAST") }
            try connection.transaction(immediate: true) { () throws(SQLiteError) in
                try RevisionTable.deleteEverything(connection)
            }
            connection.resetActiveStatements()
            try connection.execute("VACUUM")
            return try Self.checkpointTruncating(connection)
        }
        logger.debug("purged store", metadata: ["path": "\(path)", "checkpointComplete": "\(complete)"])
        return complete
    }

    /// Copies the WAL back into the database file and truncates it to zero
    /// bytes, so nothing deleted lingers in it.
    ///
    /// - Returns: `false` when another connection's open read kept some frames
    ///   in the WAL; call again once it has finished.
    @discardableResult
    @_spi(Tooling) public func checkpointWAL() throws(NavStateError) -> Bool {
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
    @_spi(Tooling) public func prune(
        keepRevisions: Int = 20, notUpdatedFor maximumAge: TimeInterval? = nil, dryRun: Bool = false
    ) throws(NavStateError) -> PruneResult {
        guard keepRevisions >= 1, (maximumAge ?? 0) >= 0 else {
            throw .invalidPruneArguments(keepRevisions: keepRevisions, maximumAge: maximumAge)
        }
        if dryRun && isReadOnly { throw .readOnly(path: path) }
        let cutoff = maximumAge.map { configuration.clock().timeIntervalSince1970 - $0 }
        let result = try withConnection("prune") { (store: inout State) throws(SQLiteError) -> PruneResult in
            store.cache.forgetAll()
            let connection = store.connection
            let outcome = try connection.refusableTransaction(immediate: true) {
                () throws(SQLiteError) -> Result<PruneResult, DryRunRollback> in
                let result = try RevisionTable.pruneRows(connection, keepRevisions: keepRevisions, cutoff: cutoff, dryRun: dryRun)
                return dryRun ? .failure(DryRunRollback(result: result)) : .success(result)
            }
            switch outcome {
            case .success(let result): return result
            case .failure(let rolledBack): return rolledBack.result
            }
        }
        logger.debug(dryRun ? "pruned store (dry run)" : "pruned store", metadata: [
            "scenes": "\(result.scenesRemoved)", "revisions": "\(result.revisionsRemoved)",
        ])
        return result
    }

    /// A dry run's result, carried out of the transaction it rolls back.
    private struct DryRunRollback: Error {
        var result: PruneResult
    }
}
