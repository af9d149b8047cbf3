import Foundation
import NavStateModel
import NavStateSQLite

/// The SQL of the `scene` and `revision` tables: saving, loading, listing,
/// history, pruning, deleting and repairing (this file and
/// RevisionTable+Listing.swift). One of the store's parts, with
/// `HeadCache`, and `RestoreAttempts` for the crash-loop guard's rows. What
/// stays in the store's extensions is about the file as a whole: pragmas,
/// `VACUUM`, the WAL checkpoint, counts and the integrity check. Every
/// number read is checked against its range where it is read
/// (`StoredRange`).
enum RevisionTable {
    /// Every scene with its head revision's row as `r` (all of `r` null
    /// when it has none): the head is the highest-numbered row in
    /// ``StoredRange/revision``, so rows out of range are never history.
    static let scenesWithHeadRows = """
        FROM scene AS s LEFT JOIN revision AS r ON r.scene_id = s.id
            AND r.number = (SELECT max(number) FROM revision
                            WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496)
        """

    /// A scene's id, its `kept_revisions`, and its head row (number, base,
    /// chain bytes) in one statement, as a save needs them; `nil` when the
    /// scene does not exist. Rows numbered outside ``StoredRange/revision``
    /// are not history.
    static func locateHead(_ connection: SQLiteConnection, scene: String) throws(SQLiteError) -> SceneHead? {
        let find = try connection.cached("locate head") {
            "SELECT s.id, s.kept_revisions, r.number, r.base, r.chain_bytes \(scenesWithHeadRows) WHERE s.name = ?1"
        }
        try find.bind(.text(scene))
        defer { find.reset() }
        guard try find.step() else { return nil }
        guard let number = find.optionalInt(at: 2) else {
            return SceneHead(sceneID: find.int(at: 0), keptRevisions: find.optionalInt(at: 1))
        }
        return SceneHead(
            sceneID: find.int(at: 0), keptRevisions: find.optionalInt(at: 1),
            number: number, base: find.int(at: 3), chainBytes: find.int(at: 4))
    }

    /// Creates a scene's row; returns its id.
    ///
    /// The id is one past the largest in range that the file has used
    /// (`sqlite_sequence` included, so a deleted scene's id is not reused),
    /// never AUTOINCREMENT's own pick: a scene id or sequence tampered to
    /// 2^63 - 1 would make SQLite refuse every new scene as if the disk were
    /// full. With every id in range used, the lowest free one is taken.
    static func insertScene(
        _ connection: SQLiteConnection, name: String, createdAt: Double, keptRevisions: Int?
    ) throws(SQLiteError) -> Int {
        let next = try connection.cached("""
            SELECT max(coalesce((SELECT max(id) FROM scene WHERE id BETWEEN 1 AND 4503599627370496), 0),
                       coalesce((SELECT max(seq) FROM sqlite_sequence
                                 WHERE name = 'scene' AND seq BETWEEN 1 AND 4503599627370496), 0),
                       coalesce((SELECT max(scene_id) FROM revision WHERE scene_id BETWEEN 1 AND 4503599627370496), 0)) + 1
            """)
        defer { next.reset() }
        var id = try next.step() ? next.int(at: 0) : 1
        if !StoredRange.sceneID.contains(id) {
            let free = try connection.cached("""
                SELECT coalesce(min(id + 1), 1) FROM scene
                WHERE id BETWEEN 0 AND 4503599627370495 AND id + 1 NOT IN (SELECT id FROM scene)
                """)
            defer { free.reset() }
            id = try free.step() ? free.int(at: 0) : 1
        }
        try connection.cached("INSERT INTO scene (id, name, created_at, kept_revisions) VALUES (?1, ?2, ?3, ?4)")
            .bind(.integer(id), .text(name), .real(createdAt), keptRevisions.map { .integer($0) } ?? .null).run()
        // A sequence out of range remembers nothing: it remembers this id
        // from now on, so a scene deleted later does not give its id back.
        try connection.cached("""
            UPDATE sqlite_sequence SET seq = ?1 WHERE name = 'scene' AND seq NOT BETWEEN 1 AND 4503599627370496
            """).bind(.integer(id)).run()
        return id
    }

    /// Sets how many revisions a scene keeps: where its history starts is
    /// part of the file, so every reader agrees.
    static func setKeptRevisions(_ connection: SQLiteConnection, sceneID: Int, to kept: Int?) throws(SQLiteError) {
        try connection.cached("UPDATE scene SET kept_revisions = ?2 WHERE id = ?1")
            .bind(.integer(sceneID), kept.map { .integer($0) } ?? .null).run()
    }

    /// One revision row, its change sealed to its place.
    struct NewRow {
        var sceneID: Int
        var number: Int
        var savedAt: Double
        var base: Int
        var entryCount: Int
        var presentationCount: Int
        var bytes: Int
        var chainBytes: Int
        var change: [UInt8]
    }

    /// Inserts `row`, its change sealed to its place in the row's own
    /// array (in place, so the seal copies nothing; the caller's row is
    /// left sealed). Not `consuming`: `consume` at the call crashes the
    /// Swift 6.3 type checker.
    static func insert(_ connection: SQLiteConnection, _ row: inout NewRow) throws(SQLiteError) {
        let insert = try connection.cached("""
            INSERT INTO revision
                (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """, bindsEveryParameter: true)
        try run(insert, &row)
    }

    /// Inserts `row` as ``insert(_:_:)`` does, in a transaction of its
    /// own, only if nothing has changed the file since its data version was
    /// `version`: the check is part of the statement, made under the write
    /// lock the statement holds (`navstate_file_unchanged`, in the C shim).
    ///
    /// - Returns: Whether the row went in; `false` left the file as it was.
    static func insertIfFileUnchanged(
        _ connection: SQLiteConnection, _ row: inout NewRow, since version: UInt32
    ) throws(SQLiteError) -> Bool {
        let insert = try connection.cached("""
            INSERT INTO revision
                (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE navstate_file_unchanged(?10)
            """, bindsEveryParameter: true)
        try insert.bind(Int(version), at: 10)
        try run(insert, &row)
        return connection.changes == 1
    }

    /// Binds the row to `?1` … `?9` of `insert`, one by one (every save
    /// runs this: docs/benchmarks.md, "Where a save goes"), and runs it.
    @inline(__always)
    private static func run(_ insert: SQLiteStatement, _ row: inout NewRow) throws(SQLiteError) {
        try insert.bind(row.sceneID, at: 1)
        try insert.bind(row.number, at: 2)
        try insert.bind(row.savedAt, at: 3)
        try insert.bind(row.base, at: 4)
        try insert.bind(row.entryCount, at: 5)
        try insert.bind(row.presentationCount, at: 6)
        try insert.bind(row.bytes, at: 7)
        try insert.bind(row.chainBytes, at: 8)
        RevisionSeal.seal(&row.change, .init(sceneID: row.sceneID, number: row.number, base: row.base))
        try insert.run(binding: row.change, at: 9)
    }

    /// A scene's id and how many revisions it keeps (`nil`: the store's
    /// default, or a value out of range, which is damage `check` reports:
    /// then every row is history).
    static func sceneRow(_ connection: SQLiteConnection, name: String) throws(SQLiteError) -> (id: Int, keptRevisions: Int?)? {
        let find = try connection.cached("SELECT id, kept_revisions FROM scene WHERE name = ?1")
        try find.bind(.text(name))
        defer { find.reset() }
        guard try find.step() else { return nil }
        return (find.int(at: 0), find.optionalInt(at: 1).flatMap { StoredRange.keptRevisions.contains($0) ? $0 : nil })
    }

    /// A scene's newest revision row: its number, base and chain bytes.
    ///
    /// Rows numbered outside ``StoredRange/revision`` are not history
    /// (damage `check` reports). The base is checked when the chain is
    /// read; chain bytes out of their range are `nil`, and such a head is
    /// not cached, so the next save writes a full row on top of it.
    static func headRow(
        _ connection: SQLiteConnection, sceneID: Int
    ) throws(SQLiteError) -> (number: Int, base: Int, chainBytes: Int?)? {
        let statement = try connection.cached("""
            SELECT number, base, chain_bytes FROM revision
            WHERE scene_id = ?1 AND number BETWEEN 1 AND 4503599627370496 ORDER BY number DESC LIMIT 1
            """)
        try statement.bind(.integer(sceneID))
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        let chainBytes = statement.int(at: 2)
        return (statement.int(at: 0), statement.int(at: 1), StoredRange.bytes.contains(chainBytes) ? chainBytes : nil)
    }

    /// A revision's state as its rows build it: the full row it names as
    /// its base, then every delta up to it, in order.
    ///
    /// - Returns: `nil` when the revision is not in the file; a problem
    ///   when its chain is broken (a row missing, a base that is not a full
    ///   row, a change that does not decode or does not fit).
    static func readRevision(
        _ connection: SQLiteConnection, sceneID: Int, number: Int
    ) throws(SQLiteError) -> Result<RevisionRead, Damage>? {
        let find = try connection.cached("SELECT base, saved_at FROM revision WHERE scene_id = ?1 AND number = ?2")
        try find.bind(.integer(sceneID), .integer(number))
        guard try find.step() else {
            find.reset()
            return nil
        }
        let base = find.int(at: 0)
        let savedAt = StoredRange.date(find.double(at: 1))
        find.reset()
        var reader: ChainReader
        switch ChainReader.start(sceneID: sceneID, number: number, base: base) {
        case .failure(let problem): return .failure(problem)
        case .success(let started): reader = started
        }
        let chain = try connection.cached("""
            SELECT number, change, base FROM revision WHERE scene_id = ?1 AND number BETWEEN ?2 AND ?3 ORDER BY number
            """)
        try chain.bind(.integer(sceneID), .integer(base), .integer(number))
        defer { chain.reset() }
        while reader.wantsMore, try chain.step() {
            let problem = chain.isBlob(at: 1)
                ? chain.withBlob(at: 1) { reader.add(number: chain.int(at: 0), base: chain.int(at: 2), change: $0) }
                : reader.add(number: chain.int(at: 0), base: chain.int(at: 2), change: nil)
            if let problem { return .failure(problem) }
        }
        return reader.finish(savedAt: savedAt)
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
}

/// A scene's row and its head revision's row, as the file holds them (or as
/// the head cache remembers them): what a save builds on and what a load
/// checks. Its numbers are input, checked against ``StoredRange`` by whoever
/// uses them.
struct SceneHead {
    /// 0 until the scene has a row.
    var sceneID: Int
    /// `nil`: the store's default, or out of range (then every row is history).
    var keptRevisions: Int?
    /// The head revision's number; 0 while the scene has none.
    var number = 0
    /// The head row's base: the revision whose full row its chain starts at.
    var base = 0
    /// The head row's chain bytes; `nil` when out of range, and then the
    /// head is not cached.
    var chainBytes: Int? = 0
    /// The head's chain does not read, or its row is out of range: a save
    /// writes a full row on top, so it always leaves a head that loads.
    var isDamaged = false
}
