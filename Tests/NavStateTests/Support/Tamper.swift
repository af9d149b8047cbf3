import NavStateSQLite

/// Changes rows of a closed NavState file behind the store's back, as a
/// damaged disk or a person with `sqlite3` would.
enum Tamper {
    static func run(_ path: String, _ sql: String) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        try connection.execute(sql)
    }
}
