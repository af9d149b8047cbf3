import Foundation
@_spi(Tooling) @testable import NavState
import NavStateModel
import NavStateSQLite
@testable import NavStateTestSupport

/// Changes rows of a closed NavState file behind the store's back, as a
/// damaged disk or a person with `sqlite3` would.
enum Tamper {
    static func run(_ path: String, _ sql: String) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        try connection.execute(sql)
    }

    /// Flips one bit of the first key in an index's root page, so the file
    /// still opens but `PRAGMA integrity_check` finds a row missing from the
    /// index: the damage a bad sector or a torn write leaves.
    static func breakIndex(_ name: String, in path: String) throws {
        // Checkpointed before the bytes are read.
        let page = try rootPageOffset(of: name, in: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Bytes 8-9 of a leaf page's header point at its first cell; the
        // record's key starts a few bytes in.
        let firstCell = page + Int(bytes[page + 8]) << 8 + Int(bytes[page + 9])
        bytes[firstCell + 5] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// Where the root page of a table or index starts in the file, the WAL
    /// checkpointed into the file first. The connection is closed before
    /// the caller changes bytes, so nothing of it is written back.
    private static func rootPageOffset(of name: String, in path: String) throws -> Int {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let find = try connection.prepare("SELECT rootpage FROM sqlite_master WHERE name = ?1").bind(.text(name))
        guard try find.step() else { throw CocoaError(.fileReadCorruptFile) }
        let root = find.int(at: 0)
        find.reset()
        _ = try connection.integer("PRAGMA wal_checkpoint(TRUNCATE)")
        return (root - 1) * (try connection.integer("PRAGMA page_size"))
    }

    /// Makes the smallest-keyed row of a table that fits one page (its root)
    /// unreadable to SQLite itself: its payload size becomes larger than any
    /// page, so reading that row fails with SQLITE_CORRUPT while the other
    /// rows of the page still read.
    static func breakFirstRow(ofTable name: String, in path: String) throws {
        // Checkpointed before the bytes are read.
        let page = try rootPageOffset(of: name, in: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // A leaf page's cell pointers start at byte 8, smallest key first;
        // a cell of an index-organised (WITHOUT ROWID) table starts with its
        // payload size, a varint: make it 2^35.
        let firstCell = page + Int(bytes[page + 8]) << 8 + Int(bytes[page + 9])
        for offset in 0..<4 { bytes[firstCell + offset] = 0xFF }
        bytes[firstCell + 4] = 0x7F
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// A revision's entries by slot and its layout JSON, as the file's rows
    /// build them (the scene's head when `revision` is nil).
    static func read(_ path: String, scene: String, revision: Int? = nil) throws -> (slots: SlotMap<[NavEntry]>, layout: String, number: Int) {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let (sceneID, number) = try locate(connection, scene: scene, revision: revision)
        guard case .success(let read)? = try RevisionTable.readRevision(connection, sceneID: sceneID, number: number) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return (read.slots, read.layout, number)
    }

    /// Replaces a revision's row with a full row holding `slots` and
    /// `layout`: what a tool that knew the encoding could write, so the
    /// store must check what it reads rather than trust its own format.
    static func rewrite(_ path: String, scene: String, revision: Int? = nil, slots: SlotMap<[NavEntry]>, layout: String) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let (sceneID, number) = try locate(connection, scene: scene, revision: revision)
        try connection.prepare("UPDATE revision SET base = number, chain_bytes = 0, change = ?3 WHERE scene_id = ?1 AND number = ?2")
            .bind(.integer(sceneID), .integer(number), .blob(RevisionChange.full(slots, layout: layout))).run()
    }

    /// Sets a revision's change to raw bytes.
    static func setChange(_ path: String, scene: String, revision: Int? = nil, to bytes: [UInt8]) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let (sceneID, number) = try locate(connection, scene: scene, revision: revision)
        try connection.prepare("UPDATE revision SET change = ?3 WHERE scene_id = ?1 AND number = ?2")
            .bind(.integer(sceneID), .integer(number), .blob(bytes)).run()
    }

    /// The layout JSON of presentation methods, checkpoints and values, as the store writes it.
    static func layout(_ presentations: [PresentationMethod], _ checkpoints: [Checkpoint] = []) -> String {
        StoredLayout(presentations, checkpoints, [:]).json()
    }

    private static func locate(_ connection: SQLiteConnection, scene: String, revision: Int?) throws -> (Int, Int) {
        let find = try connection.prepare("""
            SELECT s.id, (SELECT max(number) FROM revision WHERE scene_id = s.id) FROM scene AS s WHERE s.name = ?1
            """).bind(.text(scene))
        guard try find.step() else { throw CocoaError(.fileReadNoSuchFile) }
        return (find.int(at: 0), revision ?? find.int(at: 1))
    }
}
