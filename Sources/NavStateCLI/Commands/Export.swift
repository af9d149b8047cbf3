import ArgumentParser
import NavState
import NavStateTooling

extension NavStateCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a scene as JSON: SwiftUI's representation or NavState's scene JSON.",
            discussion: """
                --format swiftui prints the root stack as NavigationPath.CodableRepresentation; a scene \
                with presentations needs --format scene. With the default --tags as-read, a SwiftUI file \
                that was imported comes back as the same bytes. --tags stable, qualified or mangled \
                rewrites the tags using the registry manifest given with --registry (the built-in types \
                are always known).

                Examples:
                  navstate export main > main.json
                  navstate export main --format scene --revision 3
                  navstate export main --tags qualified --registry app.manifest.json
                """)

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The scene's name.")
        var scene: String

        @Option(help: "A revision from the scene's history (default: the head).")
        var revision: Int?

        @Option(help: "swiftui or scene.")
        var format: ExportFormat = .swiftui

        @Option(help: "How tags are written: as-read, stable, qualified or mangled.")
        var tags: TagStyle = .asRead

        @Option(
            help: "A registry manifest (JSON written by DestinationRegistry.manifest) for rewriting tags.",
            completion: .file(extensions: ["json"]))
        var registry: String?

        enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
            case swiftui, scene
        }

        func run() async throws {
            let known = try ManifestFile.registry(at: registry)
            let stored = try RevisionLookup.load(database.openForReading(), scene: scene, revision: revision, database: database)
            let state = try stored.state.map { entry throws(DestinationError) in try known.translate(entry, to: tags) }
            switch format {
            case .swiftui:
                guard state.presentations.isEmpty, state.values.isEmpty, state.checkpoints.isEmpty else {
                    throw CLIError("scene '\(Terminal.safe(scene))' has presentations, checkpoints or values that SwiftUI's format cannot hold; use --format scene")
                }
                Terminal.write(PathRepresentation.encode(state.root))
            case .scene:
                var data = try state.jsonData()
                data.append(UInt8(ascii: "\n"))
                Terminal.write(data)
            }
        }
    }
}
