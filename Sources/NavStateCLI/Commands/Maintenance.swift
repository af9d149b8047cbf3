import ArgumentParser
import Foundation
import NavState

extension NavStateCommand {
    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep the last revisions of every scene, and drop scenes not saved for a while.",
            discussion: "Every revision that is kept still loads exactly as it was saved. Durations: 90s, 30m, 12h, 7d, 2w.")

        @OptionGroup var database: DatabaseOptions

        @Option(help: "Revisions to keep per scene, the head included.")
        var keepRevisions = 20

        @Option(help: "Also delete scenes not saved for this long (e.g. 30d).")
        var olderThan: DurationArgument?

        func validate() throws {
            guard keepRevisions >= 1 else { throw ValidationError("--keep-revisions must be at least 1 (the head)") }
        }

        func run() async throws {
            try await Terminal.run {
                let result = try database.openForWriting(create: false)
                    .prune(keepRevisions: keepRevisions, notUpdatedFor: olderThan?.seconds)
                Terminal.line("removed \(result.revisionsRemoved) revisions, \(result.entriesRemoved) entry rows and \(result.scenesRemoved) scenes")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a scene and its whole history.",
            discussion: "The freed pages are overwritten. A scene that does not exist is an error, and the file is left as it was.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The scene's name.")
        var scene: String

        func run() async throws {
            try await Terminal.run {
                // Asked read-only first, so a mistyped name changes nothing;
                // listed rather than loaded, so a damaged scene can go too.
                guard try database.openForReading().scenes().contains(where: { $0.scene == scene }) else {
                    throw CLIError("there is no scene '\(scene)' in \(database.path); 'navstate scenes' lists them")
                }
                try database.openForWriting(create: false).delete(scene: scene)
                Terminal.line("deleted scene '\(scene)'")
            }
        }
    }

    struct Purge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete every scene and make sure no saved bytes remain in the files.",
            discussion: "Overwrites freed pages, vacuums, and truncates the WAL. Refuses to run without --yes.")

        @OptionGroup var database: DatabaseOptions

        @Flag(help: "Confirm that every scene should be deleted.")
        var yes = false

        func run() async throws {
            try await Terminal.run {
                guard yes else {
                    throw CLIError("purge deletes every scene in \(database.path); run again with --yes to confirm")
                }
                let complete = try database.openForWriting(create: false).purge()
                Terminal.line(complete ? "purged \(database.path)" :
                        "purged \(database.path); another process still reads it, so run purge again once it has finished to truncate the WAL")
            }
        }
    }
}

/// A duration such as `90s`, `30m`, `12h`, `7d` or `2w`.
struct DurationArgument: ExpressibleByArgument {
    let seconds: Double

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let unit = argument.last, let scale = units[unit],
              let amount = Double(argument.dropLast()), amount >= 0, amount.isFinite else { return nil }
        seconds = amount * scale
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
