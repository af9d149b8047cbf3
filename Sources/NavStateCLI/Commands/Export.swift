import ArgumentParser
import Foundation
import NavState

extension NavStateCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a scene as JSON: SwiftUI's representation or NavState's scene JSON.",
            discussion: """
                --format swiftui prints the root stack as NavigationPath.CodableRepresentation; a scene \
                with presentations needs --format scene. With the default --tags stored, a SwiftUI file \
                that was imported comes back as the same bytes. --tags stable, qualified or mangled \
                rewrites the tags using the registry manifest given with --registry (the built-in types \
                are always known).
                """)

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The scene's name.")
        var scene: String

        @Option(help: "A revision from the scene's history (default: the head).")
        var revision: Int?

        @Option(help: "swiftui or scene.")
        var format: ExportFormat = .swiftui

        @Option(help: "stored, stable, qualified or mangled.")
        var tags: TagStyleOption = .stored

        @Option(help: "A registry manifest (JSON written by DestinationRegistry.manifest) for translating tags.")
        var registry: String?

        enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
            case swiftui, scene
        }

        func run() async throws {
            try await Terminal.run {
                let resolver = try ManifestFile.resolver(at: registry)
                let stored = try RevisionLookup.load(database.openForReading(), scene: scene, revision: revision)
                let style = TagStyle(rawValue: tags.rawValue) ?? .stored
                let state = try stored.state.map { try resolver.translate($0, to: style) }
                switch format {
                case .swiftui:
                    guard state.presentations.isEmpty, state.values.isEmpty, state.checkpoints.isEmpty else {
                        throw CLIError("scene '\(scene)' has presentations, checkpoints or values that SwiftUI's format cannot hold; use --format scene")
                    }
                    Terminal.write(PathRepresentation.encode(state.root))
                case .scene:
                    var data = state.jsonData()
                    data.append(UInt8(ascii: "\n"))
                    Terminal.write(data)
                }
            }
        }
    }
}

/// `--tags`: ``TagStyle`` as a command-line value.
enum TagStyleOption: String, ExpressibleByArgument, CaseIterable {
    case stored, stable, qualified, mangled
}

/// Reading a registry manifest given on the command line.
enum ManifestFile {
    static func resolver(at path: String?) throws -> ManifestResolver {
        guard let path else { return try ManifestResolver(RegistryManifest(types: [])) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read the registry manifest \(path); check the path")
        }
        return try ManifestResolver(RegistryManifest(json: data))
    }
}
