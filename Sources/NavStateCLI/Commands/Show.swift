import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a scene as a tree: stacks, presentations, checkpoints, scene values and screen state.",
            discussion: """
                Each entry is shown with its tag, payload version and payload. Each screen's own state \
                (a draft, a scroll position) is listed by its entry's location, each value's key with \
                its size; --screen-values shows the values themselves, which are the user's content. \
                --json prints the scene in NavState's scene JSON (docs/format.md), screen values included.

                Examples:
                  navstate show main
                  navstate show main --screen-values
                  navstate show main --revision 3 --json
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The scene's name.")
        var scene: String

        @Option(help: "A revision from the scene's history (default: the head).")
        var revision: Int?

        @Flag(help: "Show each screen value's JSON, not only its key and size.")
        var screenValues = false

        func run() async throws {
            let stored = try RevisionLookup.load(database.openForReading(), scene: scene, revision: revision, database: database)
            if output.json {
                var data = try stored.state.jsonData()
                data.append(UInt8(ascii: "\n"))
                Terminal.write(data)
                return
            }
            let header = "scene '\(scene)'  revision \(stored.revision)  saved \(Terminal.timestamp(stored.savedAt))"
            print(SceneTree.render(stored.state, header: header, screenValues: screenValues))
        }
    }
}
