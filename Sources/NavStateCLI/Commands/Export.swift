import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a scene as JSON: SwiftUI's representation or NavState's scene JSON.",
            discussion: """
                --format swiftui prints one stack as NavigationPath.CodableRepresentation: the root \
                stack of a scene that is nothing else, or the stack --stack names in any scene \
                (tab:orders, tab:orders/detail, sheet:1). A scene with presentations, tabs or split \
                views needs --stack or --format scene. With the default --tags as-read, a SwiftUI file \
                that was imported comes back as the same bytes. --tags stable, qualified or mangled \
                rewrites the tags using the registry manifest given with --registry (the built-in types \
                are always known).

                Examples:
                  navstate export main > main.json
                  navstate export main --stack tab:orders --format swiftui
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

        @Option(help: "The stack to print with --format swiftui: root, tab:ID, tab:ID/detail, sheet:N.")
        var stack: StackAddress?

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
            let state = try stored.state.map { entry throws(NavStateError) in try known.translate(entry, to: tags) }
            switch format {
            case .swiftui:
                if let stack {
                    guard let entries = state.stack(stack) else {
                        let stacks = state.stackAddresses.map(\.description).joined(separator: ", ")
                        throw CLIError("scene '\(Terminal.safe(scene))' has no stack \(Terminal.safe(stack.description)); its stacks are \(Terminal.safe(stacks))")
                    }
                    Terminal.write(PathRepresentation.encode(entries))
                    return
                }
                guard case .stack = state.content, state.presentations.isEmpty, state.values.isEmpty, state.checkpoints.isEmpty else {
                    throw CLIError("scene '\(Terminal.safe(scene))' has presentations, tabs, split views, checkpoints or values that SwiftUI's format cannot hold; use --stack ADDRESS for one stack, or --format scene")
                }
                Terminal.write(PathRepresentation.encode(state.contentStack))
            case .scene:
                guard stack == nil else { throw CLIError("--stack goes with --format swiftui; --format scene prints the whole scene") }
                var data = try state.jsonData()
                data.append(UInt8(ascii: "\n"))
                Terminal.write(data)
            }
        }
    }
}
