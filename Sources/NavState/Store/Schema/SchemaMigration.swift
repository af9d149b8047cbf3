import Foundation
import Logging
import NavStateModel
import NavStateSQLite

/// One numbered SQL file from `Migrations/`, compiled into the library.
///
/// ``all`` is generated from the files themselves by
/// `scripts/embed-migrations.sh`, so the SQL applied to a database is exactly
/// the SQL in the repository.
///
/// A data move SQL cannot express is a Swift step: the file names it on a
/// line of its own, `-- navstate-swift-step: NAME`, and the step runs at
/// that point, in the migration's transaction (see ``Step``).
package struct SchemaMigration: Sendable, Hashable {
    /// The number the file starts with: 1 for `0001_initial_schema.sql`.
    package let version: Int
    /// The file name without `.sql`.
    package let name: String
    /// The file's contents.
    package let sql: String

    /// The schema version this build of NavState creates and reads.
    package static var latestVersion: Int { all.last?.version ?? 0 }

    static let stepMarker = "-- navstate-swift-step:"

    /// The SQL cut at its step lines: each part, then the name of the step
    /// that follows it (`nil` after the last part).
    var parts: [(sql: String, step: String?)] {
        var parts: [(sql: String, step: String?)] = []
        var current: [Substring] = []
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(Self.stepMarker) {
                let name = line.dropFirst(Self.stepMarker.count).trimmingCharacters(in: .whitespaces)
                parts.append((current.joined(separator: "\n"), name))
                current = []
            } else {
                current.append(line)
            }
        }
        parts.append((current.joined(separator: "\n"), nil))
        return parts
    }

    /// A migration's data move written in Swift, named by its file.
    ///
    /// A case, not a closure in a dictionary: a typed-throwing function
    /// *type* stored in a collection needs runtime metadata that only iOS 18
    /// and macOS 15 have (docs/platforms.md, "Typed throws").
    enum Step: String, CaseIterable, Sendable {
        case moveRevisions = "move-revisions"

        func run(_ connection: SQLiteConnection, logger: NavLog) throws(SQLiteError) {
            switch self {
            case .moveRevisions: try RevisionMove.run(connection, logger: logger)
            }
        }
    }
}
