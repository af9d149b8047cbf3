import ArgumentParser
import NavState

extension NavStateCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a scene as a tree: stacks, presentations, checkpoints and scene values.",
            discussion: "Each entry is shown with its tag, payload version and payload. --json prints the scene in NavState's scene JSON (docs/format.md).")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The scene's name.")
        var scene: String

        @Option(help: "A revision from the scene's history (default: the head).")
        var revision: Int?

        func run() async throws {
            try await Terminal.run {
                let stored = try RevisionLookup.load(database.openForReading(), scene: scene, revision: revision)
                if output.json {
                    var data = stored.state.jsonData()
                    data.append(UInt8(ascii: "\n"))
                    Terminal.write(data)
                    return
                }
                let header = "scene '\(scene)'  revision \(stored.revision)  saved \(Terminal.timestamp(stored.savedAt))"
                print(SceneTree.render(stored.state, header: header))
            }
        }
    }
}

/// Loading a revision the user named, with an error that says what exists.
enum RevisionLookup {
    static func load(_ store: NavStore, scene: String, revision: Int?) throws -> StoredRevision {
        if let stored = try store.load(scene: scene, revision: revision) { return stored }
        let history = try store.history(scene: scene)
        if history.isEmpty {
            throw CLIError("there is no scene '\(scene)' in \(store.path); 'navstate scenes' lists them")
        }
        let kept = history.map(\.revision)
        throw CLIError("scene '\(scene)' has no revision \(revision ?? 0); kept revisions are \(kept.first ?? 0)...\(kept.last ?? 0)")
    }
}
