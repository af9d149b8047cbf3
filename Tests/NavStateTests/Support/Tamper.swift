import Foundation
import NavStateSQLite

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
        let (root, pageSize): (Int, Int) = try {
            // Closed before the bytes change, so nothing of it is written back.
            let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
            let find = try connection.prepare("SELECT rootpage FROM sqlite_master WHERE name = ?1").bind(.text(name))
            guard try find.step() else { throw CocoaError(.fileReadCorruptFile) }
            let root = find.int(at: 0)
            find.reset()
            _ = try connection.integer("PRAGMA wal_checkpoint(TRUNCATE)")
            return (root, try connection.integer("PRAGMA page_size"))
        }()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let page = (root - 1) * pageSize
        // Bytes 8-9 of a leaf page's header point at its first cell; the
        // record's key starts a few bytes in.
        let firstCell = page + Int(bytes[page + 8]) << 8 + Int(bytes[page + 9])
        bytes[firstCell + 5] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
