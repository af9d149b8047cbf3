import CNavStateSQLite

/// A failed SQLite call: the result code, SQLite's message, and the SQL that
/// was running. Bound values are never included, so an error can be logged
/// without leaking payloads.
struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    let code: Int32
    let message: String
    let sql: String?

    /// The primary result code: the low byte of the extended one.
    var primaryCode: Int32 { code & 0xFF }

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    var isIOError: Bool { primaryCode == SQLITE_IOERR }

    var description: String {
        let statement = sql.map { " while running \($0)" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
