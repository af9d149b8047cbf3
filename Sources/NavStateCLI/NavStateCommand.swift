import ArgumentParser
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// The `navstate` command: inspect and repair NavState databases.
@main
struct NavStateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navstate",
        abstract: "Inspect and repair NavState navigation-state databases.",
        discussion: """
            Every subcommand works on one database: --db PATH, else $NAVSTATE_DB, else \
            ./navstate.sqlite. Commands that only read never create or change the file. \
            Errors are one line on stderr and exit status 2.

            Start with 'navstate demo', which plays a short app session into a fresh \
            database, restores it as the next version of the app, and shows what came back.

            Examples:
              navstate demo
              navstate scenes --db app.sqlite
              navstate check --registry v2.manifest.json --db app.sqlite
            """,
        version: NavStateVersion.current,
        subcommands: [
            Demo.self, Scenes.self, Show.self, History.self, Diff.self, Import.self, Export.self,
            Check.self, Repair.self, Prune.self, Delete.self, Purge.self, Stats.self, Schema.self,
        ]
    )

    /// The one place errors become output: argument-parser's own (usage,
    /// --help, exit codes) as it prints them; the library's and the
    /// commands' as one line on stderr with exit status 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard let message = Terminal.message(for: error) else { exit(withError: error) }
            Terminal.printError(message)
            exit(withError: ExitCode(Terminal.errorStatus))
        }
    }
}
