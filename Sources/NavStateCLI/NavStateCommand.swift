import ArgumentParser
import NavState

/// The `navstate` command: inspect and repair NavState databases.
@main
struct NavStateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navstate",
        abstract: "Inspect and repair NavState navigation-state databases.",
        discussion: """
            Every subcommand works on one database: --db PATH, else $NAVSTATE_DB, else \
            ./navstate.sqlite. Commands that only read never create or change the file. \
            Errors are one line on stderr and a non-zero exit status.

            Start with 'navstate demo', which plays a short app session into a fresh \
            database, restores it as the next version of the app, and shows what came back.
            """,
        version: NavStateVersion.current,
        subcommands: [
            Demo.self, Scenes.self, Show.self, History.self, Diff.self, Import.self, Export.self,
            Check.self, Repair.self, Prune.self, Delete.self, Purge.self, Stats.self, Schema.self,
        ]
    )
}
