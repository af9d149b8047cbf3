import NavStateSQLite
@testable import NavStateTestSupport

/// Makes SQLite files for tests through NavState's own SQLite layer, without
/// the store's checks, so a test can build a foreign or future database.
enum SQLiteFile {
    static func create(_ path: String, sql: String) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: true))
        try connection.execute(sql)
    }
}
