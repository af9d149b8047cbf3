import CNavStateSQLite
import Foundation

/// A failed SQLite call: the result code, SQLite's message, and the SQL that
/// was running. Bound values are never included, so an error can be logged
/// without leaking payloads.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    package let code: Int32
    package var message: String
    package let sql: String?
    /// The `errno` behind an `SQLITE_IOERR`, 0 otherwise.
    package var systemError: Int32 = 0

    /// The primary result code: the low byte of the extended one.
    package var primaryCode: Int32 { code & 0xFF }

    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    package var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    package var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    /// A read that found a file shorter than it expected
    /// (`SQLITE_IOERR_SHORT_READ`): a file replaced under the connection,
    /// or a database beside a `-wal` that belongs to another one.
    package var isShortRead: Bool { code == SQLITE_IOERR | (2 << 8) }
    /// A full disk, or a write refused for space: a quota (`EDQUOT`) or a
    /// file-size limit (`EFBIG`, as `ulimit -f` gives when SIGXFSZ is ignored).
    package var isDiskFull: Bool {
        primaryCode == SQLITE_FULL
            || (primaryCode == SQLITE_IOERR && [ENOSPC, EFBIG, EDQUOT].contains(systemError))
    }
    package var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    package var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    package var isIOError: Bool { primaryCode == SQLITE_IOERR }
    /// `SQLITE_ERROR`: the SQL itself failed ("table … already exists").
    package var isSQLError: Bool { primaryCode == SQLITE_ERROR }

    package var description: String {
        let statement = sql.map { " while running \($0)" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
