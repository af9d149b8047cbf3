import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Schema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the database's schema version and the migrations applied to it.",
            discussion: """
                Examples:
                  navstate schema
                  navstate schema --json --db app.sqlite
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        struct Report: Encodable {
            struct Migration: Encodable {
                var version: Int
                var name: String
            }

            var version: Int
            var known: Int
            var migrations: [Migration]
        }

        func run() async throws {
            let store = try database.openForReading()
            let migrations = try store.appliedMigrations().map { Report.Migration(version: $0.version, name: $0.name) }
            let report = Report(version: try store.schemaVersion(), known: NavStore.latestSchemaVersion, migrations: migrations)
            if output.json {
                try Terminal.printJSON(report)
                return
            }
            print("schema version \(report.version) (this navstate knows \(report.known))")
            for migration in report.migrations {
                print("  \(migration.version)  \(migration.name)")
            }
            if report.version < report.known {
                print("opening it for writing (import, prune, delete, demo) will apply the newer migrations")
            }
        }
    }
}
