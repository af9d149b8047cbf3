import ArgumentParser
import NavState

extension NavStateCommand {
    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the kept revisions of a scene, oldest first.",
            discussion: "'navstate prune' decides how many are kept (20 per scene by default).")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The scene's name.")
        var scene: String

        func run() async throws {
            try await Terminal.run {
                let history = try database.openForReading().history(scene: scene)
                if history.isEmpty {
                    throw CLIError("there is no scene '\(scene)' in \(database.path); 'navstate scenes' lists them")
                }
                if output.json {
                    try Terminal.printJSON(history)
                    return
                }
                var table = TextTable(headers: ["REVISION", "DEPTH", "PRESENTATIONS", "BYTES", "SAVED"])
                table.numericColumns = [0, 1, 2, 3]
                for revision in history {
                    table.rows.append([
                        String(revision.revision), String(revision.depth), String(revision.presentations),
                        String(revision.bytes), Terminal.timestamp(revision.savedAt),
                    ])
                }
                print(table.render())
            }
        }
    }
}
