import ArgumentParser
import NavState

/// The `navstate` command: inspect and repair NavState databases.
@main
struct NavStateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navstate",
        abstract: "Inspect and repair NavState navigation-state databases.",
        version: NavStateVersion.current
    )
}
