public import Foundation
public import NavState
import Logging

// Inspection and maintenance: what a tool, a test or `navstate` does with a
// file, and an app does not. The store reads and writes (package methods of
// NavState, the only place SQL is written); this is their public face.
extension NavStore {
    /// Loads a scene's head revision, or the given one from its history,
    /// exactly as it was saved.
    ///
    /// - Returns: `nil` when the scene or that revision does not exist
    ///   (pruned, or never saved).
    /// - Throws: ``/NavState/NavStoreError/damagedScene(path:scene:revision:damage:)``
    ///   when the rows of the revision do not form a valid scene state (a
    ///   tampered or damaged file), naming what is wrong.
    ///   ``/NavState/NavStore/restore(scene:registry:options:)`` instead
    ///   leaves out what does not fit, or falls back to an earlier revision.
    public func load(scene: String, revision: Int? = nil) throws(NavStoreError) -> StoredRevision? {
        try loadRevision(scene: scene, revision: revision)
    }

    /// ``load(scene:revision:)`` on the store's queue, without blocking the caller.
    public func load(scene: String, revision: Int? = nil) async throws(NavStoreError) -> StoredRevision? {
        try await perform { store throws(NavStoreError) in try store.loadRevision(scene: scene, revision: revision) }
    }

    /// Every scene with its head revision, depth, presentations, update time
    /// and bytes, ordered by name. A scene without any revision in the file
    /// is listed too, with ``/NavStateModel/SceneSummary/headIsMissing`` set.
    public func scenes() throws(NavStoreError) -> [SceneSummary] {
        try scenes(plan: nil)
    }

    /// ``scenes()`` on the store's queue, without blocking the caller.
    public func scenes() async throws(NavStoreError) -> [SceneSummary] {
        try await perform { store throws(NavStoreError) in try store.scenes(plan: nil) }
    }

    /// The kept revisions of a scene, oldest first; empty when the scene does
    /// not exist.
    public func history(scene: String) throws(NavStoreError) -> [RevisionSummary] {
        try revisionSummaries(scene: scene)
    }

    /// Unconfirmed restores recorded for a scene's revisions, newest first:
    /// what the crash-loop guard counts against each.
    public func unconfirmedRestores(scene: String) throws(NavStoreError) -> [(revision: Int, count: Int)] {
        try unconfirmedRestoreCounts(scene: scene)
    }

    /// Every scene whose head revision cannot be loaded, and why: a scene
    /// without revisions, a chain of rows with one missing or one that does
    /// not decode, a layout that does not decode or does not match the
    /// entries.
    ///
    /// Older revisions are not read: a restore skips a damaged one on its own.
    public func damagedScenes() throws(NavStoreError) -> [SceneDamage] {
        try scenesThatDoNotLoad()
    }

    /// What the rows of scenes that load say of themselves that is not so:
    /// `kept_revisions` or revision numbers out of range, a head row whose
    /// counts are not its state's. `navstate check` lists them beside the
    /// scenes that cannot load (``damagedScenes()``).
    public func inconsistentRows() throws(NavStoreError) -> [SceneDamage] {
        try rowProblems()
    }

    /// Renames a scene to `<name>#damaged-<n>`, so the app's next save of
    /// `name` starts it afresh while the old rows stay to be inspected,
    /// exported or deleted. No other scene is touched.
    ///
    /// - Returns: The scene's new name.
    /// - Throws: ``/NavState/NavStoreError/sceneNotFound(_:)`` when there is no such scene.
    public func setAside(scene: String) throws(NavStoreError) -> String {
        try setSceneAside(scene)
    }

    /// Keeps the last `keepRevisions` revisions of every scene, and with
    /// `notUpdatedFor`, removes scenes not saved for that long (measured
    /// with the configuration's clock).
    ///
    /// When the oldest kept revision is stored as a change on top of older
    /// ones, it is rewritten as a full row first, so nothing older stays in
    /// the file. With `dryRun`, the prune runs in a transaction that is
    /// rolled back: the result says exactly what it would remove, and the
    /// file is unchanged.
    @discardableResult
    public func prune(
        keepRevisions: Int = 20, notUpdatedFor maximumAge: TimeInterval? = nil, dryRun: Bool = false
    ) throws(NavStoreError) -> PruneResult {
        try pruneRevisions(keepRevisions: keepRevisions, notUpdatedFor: maximumAge, dryRun: dryRun)
    }

    /// Removes every scene and makes sure the bytes are gone from the files:
    /// freed pages are overwritten (`secure_delete`), the WAL is checkpointed
    /// and truncated, and the file is vacuumed.
    ///
    /// - Returns: `false` when another connection's open read kept the WAL
    ///   from being fully checkpointed; purge again once it has finished.
    @discardableResult
    public func purge() throws(NavStoreError) -> Bool {
        try purgeEverything()
    }

    /// Copies the WAL back into the database file and truncates it to zero
    /// bytes, so nothing deleted lingers in it.
    ///
    /// - Returns: `false` when another connection's open read kept some frames
    ///   in the WAL; call again once it has finished.
    @discardableResult
    public func checkpointWAL() throws(NavStoreError) -> Bool {
        try truncateWAL()
    }

    /// Counts of scenes, revision rows and full rows, file sizes, and the schema
    /// version.
    public func stats() throws(NavStoreError) -> StoreStats {
        let counts = try rowCounts()
        func size(_ file: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
        }
        let onDisk = path != ":memory:"
        return StoreStats(
            scenes: counts.scenes, revisions: counts.revisions, fullRevisions: counts.fullRevisions,
            fileBytes: onDisk ? size(path) : 0, walBytes: onDisk ? size(path + "-wal") : 0,
            schemaVersion: counts.schemaVersion)
    }

    /// Gives the pages freed by deletes and prunes back to the filesystem:
    /// `VACUUM` rewrites the file without them, then the WAL is checkpointed
    /// and truncated.
    ///
    /// - Returns: The file's size in bytes before and after.
    @discardableResult
    public func vacuum() throws(NavStoreError) -> (before: Int, after: Int) {
        let before = try stats()
        try vacuumFile()
        let after = try stats()
        logger.info("vacuumed store", metadata: ["before": "\(before.fileBytes)", "after": "\(after.fileBytes)"])
        return (before.fileBytes + before.walBytes, after.fileBytes + after.walBytes)
    }

    /// The schema version of the open database.
    public func schemaVersion() throws(NavStoreError) -> Int {
        try fileSchemaVersion()
    }

    /// The schema version this build of NavState creates and reads.
    public static var latestSchemaVersion: Int { SchemaMigration.latestVersion }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`: an empty
    /// list when the file is sound, otherwise SQLite's description of each
    /// problem, and a line per table whose rows name a scene that is not
    /// there.
    public func integrityCheck() throws(NavStoreError) -> [String] {
        try integrityProblems()
    }

    /// The migrations recorded in the database, in order, with the SQL each
    /// one ran.
    public func appliedMigrations() throws(NavStoreError) -> [AppliedMigration] {
        try migrationRecords().map { AppliedMigration(version: $0.version, name: $0.name, sql: $0.sql) }
    }

    /// Text with every character a scene name may not hold (C0 and C1
    /// controls, line and paragraph separators, bidirectional overrides)
    /// written as `\u{1B}`: how tools that print names, tags and payloads
    /// read from a file show them to a person.
    ///
    /// ```swift
    /// print(NavStore.escapingControlCharacters(summary.scene))
    /// ```
    public static func escapingControlCharacters(_ text: String) -> String {
        escapedForDisplay(text)
    }
}

/// A migration recorded in a database: one numbered file of `Migrations/`.
public struct AppliedMigration: Sendable, Hashable {
    /// The number the file starts with: 1 for `0001_initial_schema.sql`.
    public let version: Int
    /// The file name without `.sql`.
    public let name: String
    /// The SQL it ran.
    public let sql: String
}

/// Counts and sizes of a store.
public struct StoreStats: Sendable, Hashable, Codable {
    /// Scenes in the file.
    public var scenes: Int
    /// Revision rows, every scene together: the kept revisions, and the
    /// older rows a kept one is stored as a change on top of.
    public var revisions: Int
    /// Of those, the rows that hold a whole state rather than a change.
    public var fullRevisions: Int
    /// Size of the database file.
    public var fileBytes: Int
    /// Size of its `-wal` file, 0 when there is none.
    public var walBytes: Int
    /// The schema version the file is at.
    public var schemaVersion: Int
}
