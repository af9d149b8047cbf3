import CNavStateSQLite
import Foundation

/// A failed SQLite call: the result code, SQLite's message, and the SQL that
/// was running. Bound values are never included, so an error can be logged
/// without leaking payloads.
struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    let code: Int32
    var message: String
    let sql: String?
    /// The `errno` behind an `SQLITE_IOERR`, 0 otherwise.
    var systemError: Int32 = 0

    /// The primary result code: the low byte of the extended one.
    var primaryCode: Int32 { code & 0xFF }

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    /// A full disk, or a write refused for space: a quota (`EDQUOT`) or a
    /// file-size limit (`EFBIG`, as `ulimit -f` gives when SIGXFSZ is ignored).
    var isDiskFull: Bool {
        primaryCode == SQLITE_FULL
            || (primaryCode == SQLITE_IOERR && [ENOSPC, EFBIG, EDQUOT].contains(systemError))
    }
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    var isIOError: Bool { primaryCode == SQLITE_IOERR }
    /// `SQLITE_ERROR`: the SQL itself failed ("table … already exists").
    var isSQLError: Bool { primaryCode == SQLITE_ERROR }

    var description: String {
        let statement = sql.map { " while running \($0)" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
