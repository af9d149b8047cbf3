import NavStateSQLite

/// The crash-loop guard's rows: each restore of a revision the app has not
/// confirmed yet is counted in `restore_attempt`, and a confirmation
/// removes the count. One of the store's parts, beside `RevisionTable`.
enum RestoreAttempts {
    /// Everything a launch reads, in one statement, newest first: the
    /// scene, its head row, its revisions with their unconfirmed restores,
    /// and the rows the chosen one builds on. A launch prepares every
    /// statement it runs, and preparing costs more than the reading. The
    /// caller steps it and resets it.
    static func launchRows(_ connection: SQLiteConnection, scene: String) throws(SQLiteError) -> SQLiteStatement {
        let rows = try connection.cached("""
            SELECT s.id, s.kept_revisions, r.number, r.base, r.chain_bytes, coalesce(a.unconfirmed, 0), r.saved_at, r.change
            FROM scene AS s JOIN revision AS r ON r.scene_id = s.id
            LEFT JOIN restore_attempt AS a ON a.scene_id = s.id AND a.revision = r.number
            WHERE s.name = ?1 AND r.number BETWEEN 1 AND 4503599627370496 ORDER BY r.number DESC
            """)
        try rows.bind(.text(scene))
        return rows
    }

    /// One more unconfirmed restore of a revision.
    static func countAttempt(_ connection: SQLiteConnection, sceneID: Int, revision: Int) throws(SQLiteError) {
        try connection.cached("""
            INSERT INTO restore_attempt (scene_id, revision, unconfirmed) VALUES (?1, ?2, 1)
            ON CONFLICT (scene_id, revision) DO UPDATE SET unconfirmed = unconfirmed + 1
            """).bind(.integer(sceneID), .integer(revision)).run()
    }

    /// A revision that could not be read has used up its launches.
    static func countAsFailed(_ connection: SQLiteConnection, scene: String, revision: Int, limit: Int) throws(SQLiteError) {
        try connection.cached("""
            INSERT INTO restore_attempt (scene_id, revision, unconfirmed)
            SELECT id, ?2, ?3 FROM scene WHERE name = ?1
            ON CONFLICT (scene_id, revision) DO UPDATE SET unconfirmed = max(unconfirmed, excluded.unconfirmed)
            """).bind(.text(scene), .integer(revision), .integer(limit)).run()
    }

    /// The app came up with a restored revision: its count goes.
    static func confirm(_ connection: SQLiteConnection, scene: String, revision: Int) throws(SQLiteError) {
        try connection.cached("""
            DELETE FROM restore_attempt
            WHERE scene_id = (SELECT id FROM scene WHERE name = ?1) AND revision = ?2
            """).bind(.text(scene), .integer(revision)).run()
    }

    /// Unconfirmed restores of a scene's revisions, newest first.
    static func unconfirmed(_ connection: SQLiteConnection, scene: String) throws(SQLiteError) -> [(revision: Int, count: Int)] {
        let statement = try connection.cached("""
            SELECT a.revision, a.unconfirmed FROM restore_attempt AS a JOIN scene AS s ON s.id = a.scene_id
            WHERE s.name = ?1 ORDER BY a.revision DESC
            """)
        try statement.bind(.text(scene))
        defer { statement.reset() }
        var attempts: [(revision: Int, count: Int)] = []
        while try statement.step() { attempts.append((statement.int(at: 0), statement.int(at: 1))) }
        return attempts
    }
}
