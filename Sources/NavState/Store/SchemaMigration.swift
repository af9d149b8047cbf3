import NavStateModel
import NavStateSQLite

/// One numbered SQL file from `Migrations/`, compiled into the library.
///
/// ``all`` is generated at build time from the files themselves, so the SQL
/// applied to a database is exactly the SQL in the repository.
package struct SchemaMigration: Sendable, Hashable {
    /// The number the file starts with: 1 for `0001_initial_schema.sql`.
    package let version: Int
    /// The file name without `.sql`.
    package let name: String
    /// The file's contents.
    package let sql: String

    /// The schema version this build of NavState creates and reads.
    package static var latestVersion: Int { all.last?.version ?? 0 }
}
