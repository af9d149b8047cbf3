import CNavStateSQLite

/// A prepared statement. Parameters are always bound, never interpolated.
package final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    package let sql: String

    package init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets the statement, its parameters keeping their values, for a
    /// caller that binds every one again.
    package func resetKeepingBindings() {
        sqlite3_reset(handle)
    }

    /// Binds values to the parameters `?1`, `?2`, … in order.
    @discardableResult
    package func bind(_ values: SQLiteValue...) throws(SQLiteError) -> SQLiteStatement {
        try bind(values)
    }

    @discardableResult
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) -> SQLiteStatement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null:
                result = sqlite3_bind_null(handle, index)
            case .integer(let integer):
                result = sqlite3_bind_int64(handle, index, Int64(integer))
            case .real(let real):
                result = sqlite3_bind_double(handle, index, real)
            case .blob(let bytes):
                result = bytes.withUnsafeBytes { buffer in
                    // A NULL pointer would bind NULL, not an empty blob.
                    guard let base = buffer.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                    return sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), SQLiteConnection.transient)
                }
            case .text(let text):
                result = text.utf8CString.withUnsafeBufferPointer { buffer in
                    sqlite3_bind_text64(
                        handle, index, buffer.baseAddress, UInt64(buffer.count - 1),
                        SQLiteConnection.transient, UInt8(SQLITE_UTF8))
                }
            }
            guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
        }
        return self
    }

    /// Binds an integer to parameter `index` (`?1` is 1): the save's binds,
    /// without an array of values to build and take apart.
    package func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        let result = sqlite3_bind_int64(handle, index, Int64(value))
        guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
    }

    /// Binds a double to parameter `index`.
    package func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        let result = sqlite3_bind_double(handle, index, value)
        guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
    }

    /// Runs the statement with `bytes` bound to parameter `index` for this
    /// run only: SQLite reads them where they are (`SQLITE_STATIC`) rather
    /// than copying them, and the statement is reset and the parameter
    /// NULL again before they go (sqlite.org/c3ref/bind_blob.html: with
    /// `SQLITE_STATIC` the buffer must stay valid until the parameter is
    /// bound to something else).
    package func run(binding bytes: [UInt8], at index: Int32) throws(SQLiteError) {
        let outcome: Result<Void, SQLiteError> = bytes.withUnsafeBytes { buffer in
            // A NULL pointer would bind NULL, not an empty blob.
            let bound = buffer.baseAddress.map { sqlite3_bind_blob64(handle, index, $0, UInt64(buffer.count), nil) }
                ?? sqlite3_bind_zeroblob(handle, index, 0)
            guard bound == SQLITE_OK else { return .failure(connection.error(bound, sql: sql)) }
            defer {
                sqlite3_reset(handle)
                sqlite3_bind_null(handle, index)
            }
            do throws(SQLiteError) {
                try run()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        // Not `get()`: untyped in the standard library of older SDKs.
        if case .failure(let error) = outcome { throw error }
    }

    /// Advances to the next row; false when there are no more.
    @discardableResult
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            connection.mayHaveActiveStatements = true
            return true
        case SQLITE_DONE: return false
        case let result: throw connection.error(result, sql: sql)
        }
    }

    /// Steps until done, for statements that return no rows.
    package func run() throws(SQLiteError) {
        while try step() {}
    }

    package func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    package func optionalInt(at column: Int32) -> Int? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : int(at: column)
    }

    package func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// Text of a column, exactly as stored, embedded NULs included.
    package func text(at column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}

extension SQLiteStatement {
    /// Lends the bytes of a blob column to `body`; they are valid only
    /// until the statement steps or resets. Empty for NULL or a zero-length blob.
    package func withBlob<T>(at column: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }

    /// The storage class of a column in the current row, for checks of
    /// rows the store did not write.
    package func isBlob(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_BLOB
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}

/// A value bound to a statement parameter.
package enum SQLiteValue {
    case null
    case integer(Int)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
