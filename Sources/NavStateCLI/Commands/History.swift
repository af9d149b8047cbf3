import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the kept revisions of a scene, oldest first.",
            discussion: """
                ENTRIES counts every entry of a revision, presentation destinations included. A store \
                keeps the last 20 revisions of each scene by default; 'navstate prune' keeps fewer.

                Examples:
                  navstate history main
                  navstate history main --json
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The scene's name.")
        var scene: String

        func run() async throws {
            let history = try database.openForReading().history(scene: scene)
            if history.isEmpty { throw database.noSuchScene(scene) }
            if output.json {
                try Terminal.printJSON(history)
                return
            }
            var table = TextTable(headers: ["REVISION", "ENTRIES", "PRESENTATIONS", "BYTES", "SAVED"])
            table.numericColumns = [0, 1, 2, 3]
            for revision in history {
                table.rows.append([
                    String(revision.revision), String(revision.entryCount), String(revision.presentations),
                    String(revision.bytes), Terminal.timestamp(revision.savedAt),
                ])
            }
            print(table.render())
        }
    }
}
