import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a scene and its whole history.",
            discussion: """
                The freed pages are overwritten. A scene that does not exist is an error, and the file \
                is left as it was.

                Examples:
                  navstate delete main
                  navstate delete 'main#damaged-1' --db app.sqlite
                """)

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The scene's name.")
        var scene: String

        func run() async throws {
            // Asked read-only first, so a mistyped name changes nothing;
            // listed rather than loaded, so a damaged scene can go too.
            guard try await database.openForReading().scenes().contains(where: { $0.scene == scene }) else {
                throw database.noSuchScene(scene)
            }
            try await database.openForWriting(create: false).delete(scene: scene)
            Terminal.line("deleted scene '\(scene)'")
        }
    }
}
