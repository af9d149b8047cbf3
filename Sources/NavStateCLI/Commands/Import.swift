import ArgumentParser
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a new revision of a scene from JSON.",
            discussion: """
                Reads SwiftUI's NavigationPath.CodableRepresentation (module-qualified tags such as \
                Swift.Int, or mangled tags such as Si as NavigationBackport writes them), FlowStacks' \
                FlowPath.CodableRepresentation (its sheet and cover routes become presentations), or \
                NavState's own scene JSON. Without --format the format is detected. Tags are stored \
                as given; every payload must be valid JSON. Creates the database if it does not exist. \
                Nothing is written when the input is not valid. With --stack, the input (one stack: \
                SwiftUI's format, or scene JSON of a root stack alone) replaces that stack of the \
                scene's head (tab:orders, tab:orders/detail, sheet:1) and the rest stays.

                Examples:
                  navstate import main path.json
                  navstate import main orders.json --stack tab:orders
                  navstate import main flow.json --format flowstacks --expected-head 3
                  cat path.json | navstate import main -
                """)

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The scene's name.")
        var scene: String

        @Argument(help: "The JSON file to read, or - for standard input.", completion: .file(extensions: ["json"]))
        var file: String

        @Option(help: "swiftui, flowstacks or scene (default: detected).")
        var format: SceneFormat?

        @Option(help: "Save only if the scene's head revision is still this one (0: only if the scene is new).")
        var expectedHead: Int?

        @Option(help: "Replace only this stack of the scene's head: root, tab:ID, tab:ID/detail, sheet:N.")
        var stack: StackAddress?

        func run() async throws {
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: file) else {
                    throw CLIError("cannot read \(file); check the path")
                }
                data = contents
            }
            // Everything is checked before the database is opened, so a bad
            // input leaves the file as it was.
            var (state, detected): (SceneState<NavEntry>, SceneFormat)
            do {
                (state, detected) = try SceneImport.read(data, format: format)
            } catch {
                throw CLIError("cannot import: \(error)")
            }
            guard let stack else {
                try database.configuration.limits.check(state, scene: scene)
                let result = try await saveCreatingNothingOnFailure(state)
                Terminal.line("imported \(detected.rawValue) JSON into scene '\(scene)' as revision \(result.revision) (\(state.entryCount) entries)")
                return
            }
            guard case .stack(let entries) = state.content, state.presentations.isEmpty, state.checkpoints.isEmpty, state.values.isEmpty else {
                throw CLIError("--stack reads one stack; this \(detected.rawValue) JSON holds more (presentations, tabs, checkpoints or values)")
            }
            let store = try database.openForWriting(create: false)
            let head = try RevisionLookup.load(store, scene: scene, revision: nil, database: database)
            state = head.state
            do {
                try state.setStack(stack, to: entries)
            } catch {
                let stacks = state.stackAddresses.map(\.description).joined(separator: ", ")
                throw CLIError("scene '\(Terminal.safe(scene))' has no stack \(Terminal.safe(stack.description)); its stacks are \(Terminal.safe(stacks))")
            }
            state.dropCheckpointsPointingNowhere()
            try database.configuration.limits.check(state, scene: scene)
            let result = try await store.save(state, scene: scene, expectedHead: expectedHead ?? head.revision)
            Terminal.line("imported \(detected.rawValue) JSON into stack \(Terminal.safe(stack.description)) of scene '\(scene)' as revision \(result.revision) (\(entries.count) entries)")
        }

        /// Saves into the database, creating it if it is missing; when the
        /// disk is full (or a file-size limit reached), a database this
        /// command created is removed again, so a failed import leaves no
        /// file behind.
        private func saveCreatingNothingOnFailure(_ state: SceneState<NavEntry>) async throws -> SaveResult {
            let existed = FileManager.default.fileExists(atPath: database.path)
            do {
                let store = try database.openForWriting(create: true)
                return try await store.save(state, scene: scene, expectedHead: expectedHead)
            } catch {
                if !existed, error.code == .diskFull {
                    for suffix in ["-wal", "-shm", ""] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
                }
                throw error
            }
        }
    }
}
