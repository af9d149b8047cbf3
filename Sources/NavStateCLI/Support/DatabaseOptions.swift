import ArgumentParser
import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateTooling

/// The database every subcommand works on.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file.", discussion: "Defaults to $NAVSTATE_DB, then ./navstate.sqlite.", valueName: "path"),
        completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    @Flag(name: .long, help: "Log the library's events to stderr.")
    var verbose = false

    /// The path in use: --db, else $NAVSTATE_DB, else ./navstate.sqlite.
    var path: String {
        if let db { return db }
        if let environment = ProcessInfo.processInfo.environment["NAVSTATE_DB"], !environment.isEmpty {
            return environment
        }
        return "navstate.sqlite"
    }

    var configuration: NavStore.Configuration {
        var logger = Logger(label: "navstate") { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .debug
            return handler
        }
        logger.logLevel = verbose ? .debug : .critical
        return NavStore.Configuration(logger: logger)
    }

    /// Opens the existing file for reading only; never creates or changes
    /// it. Everything the command reads through it comes from one snapshot
    /// of the file, taken now (`beginSnapshot()`): an app saving, deleting
    /// or pruning meanwhile in another process changes nothing the command
    /// sees, so it never reports a save half-seen or a scene that vanished
    /// between two reads. The snapshot ends with the process.
    func openForReading() throws(NavStateError) -> NavStore {
        let store = try NavStore(readingAt: path, configuration: configuration)
        try store.beginSnapshot()
        return store
    }

    /// Opens the file for writing, creating it when `create` is set.
    func openForWriting(create: Bool) throws(NavStateError) -> NavStore {
        if !create && !FileManager.default.fileExists(atPath: path) {
            throw .fileNotFound(path: path)
        }
        return try NavStore(path: path, configuration: configuration)
    }

    /// The error for a scene name that is not in the file.
    func noSuchScene(_ scene: String) -> CLIError {
        CLIError("there is no scene '\(NavStateError.shortened(scene))' in \(path); 'navstate scenes' lists them")
    }
}

/// `--json` for commands that read.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document to stdout instead of a table.")
    var json = false
}
