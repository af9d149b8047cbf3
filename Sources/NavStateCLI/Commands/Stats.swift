import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count scenes, revisions and entry rows, and show file, WAL and schema versions.",
            discussion: """
                Examples:
                  navstate stats
                  navstate stats --json --db app.sqlite
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let stats = try database.openForReading().stats()
            if output.json {
                try Terminal.printJSON(stats)
                return
            }
            var table = TextTable(headers: nil)
            table.rows = [
                ["scenes", String(stats.scenes)], ["revisions", String(stats.revisions)],
                ["full revisions", String(stats.fullRevisions)], ["file bytes", String(stats.fileBytes)],
                ["WAL bytes", String(stats.walBytes)], ["schema", String(stats.schemaVersion)],
            ]
            table.numericColumns = [1]
            print(table.render())
        }
    }
}
