import Foundation
@_spi(Tooling) @_exported public import NavState
import Logging

// Inspection and maintenance: what a tool, a test or `navstate` does with a
// file, and an app does not. Most of it is NavStore's own, as SPI
// (`@_spi(Tooling)`: `load(scene:revision:)`, `history(scene:)`,
// `damagedScenes()`, `inconsistentRows()`, `unconfirmedRestores(scene:)`,
// `setAside(scene:)`, `prune`, `purge()`, `checkpointWAL()`,
// `schemaVersion()`, `integrityCheck()`), which a tool reaches with
// `@_spi(Tooling) import NavState`; here is what adds to the store's own.
extension NavStore {
    /// ``load(scene:revision:)`` on the store's queue, without blocking the caller.
    public func load(scene: String, revision: Int? = nil) async throws(NavStateError) -> StoredRevision? {
        try await perform { store throws(NavStateError) in try store.load(scene: scene, revision: revision) }
    }

    /// Every scene with its head revision, depth, presentations, update time
    /// and bytes, ordered by name. A scene without any revision in the file
    /// is listed too, with ``/NavStateReports/SceneSummary/headIsMissing`` set.
    public func scenes() throws(NavStateError) -> [SceneSummary] {
        try scenes(plan: nil)
    }

    /// ``scenes()`` on the store's queue, without blocking the caller.
    public func scenes() async throws(NavStateError) -> [SceneSummary] {
        try await perform { store throws(NavStateError) in try store.scenes(plan: nil) }
    }

    /// Counts of scenes, revision rows and full rows, file sizes, and the schema
    /// version.
    public func stats() throws(NavStateError) -> StoreStats {
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
    public func vacuum() throws(NavStateError) -> (before: Int, after: Int) {
        let before = try stats()
        try vacuumFile()
        let after = try stats()
        logger.debug("vacuumed store", metadata: ["before": "\(before.fileBytes)", "after": "\(after.fileBytes)"])
        return (before.fileBytes + before.walBytes, after.fileBytes + after.walBytes)
    }

    /// The schema version this build of NavState creates and reads.
    public static var latestSchemaVersion: Int { SchemaMigration.latestVersion }

    /// The migrations recorded in the database, in order, with the SQL each
    /// one ran.
    public func appliedMigrations() throws(NavStateError) -> [AppliedMigration] {
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
