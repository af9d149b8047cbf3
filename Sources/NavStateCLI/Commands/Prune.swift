import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep the last revisions of every scene, and drop scenes not saved for a while.",
            discussion: """
                Every revision that is kept still loads exactly as it was saved. Names each scene it \
                touched. --dry-run says what would go and changes nothing. Freed pages are reused by \
                later saves; --vacuum also gives them back to the filesystem. Durations: 90s, 30m, \
                12h, 7d, 2w.

                Examples:
                  navstate prune --keep-revisions 5 --dry-run
                  navstate prune --older-than 30d --vacuum
                """)

        @OptionGroup var database: DatabaseOptions

        @Option(help: "Revisions to keep per scene, the head included.")
        var keepRevisions = 20

        @Option(help: "Also delete scenes not saved for this long (e.g. 30d).")
        var olderThan: DurationArgument?

        @Flag(help: "Say what would be removed, and change nothing.")
        var dryRun = false

        @Flag(help: "Afterwards, give the freed space back to the filesystem (VACUUM).")
        var vacuum = false

        func validate() throws {
            guard keepRevisions >= 1 else { throw ValidationError("--keep-revisions must be at least 1 (the head)") }
            guard !(dryRun && vacuum) else { throw ValidationError("--dry-run changes nothing, so it cannot --vacuum") }
        }

        /// `1 revision`, `2 revisions`.
        static func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }

        func run() async throws {
            let store = try database.openForWriting(create: false)
            let result = try store.prune(keepRevisions: keepRevisions, notUpdatedFor: olderThan?.seconds, dryRun: dryRun)
            let verb = dryRun ? "would remove" : "removed"
            for scene in result.scenes {
                Terminal.line(scene.deleted
                    ? "\(verb) scene '\(scene.scene)' (\(Self.count(scene.revisionsRemoved, "revision")))"
                    : "\(verb) \(Self.count(scene.revisionsRemoved, "old revision")) of scene '\(scene.scene)'")
            }
            Terminal.line("\(verb) \(Self.count(result.revisionsRemoved, "revision")) and "
                + "\(Self.count(result.scenesRemoved, "scene")) in total")
            if vacuum {
                let sizes = try store.vacuum()
                Terminal.line("vacuumed: \(sizes.before) bytes before, \(sizes.after) after")
            }
        }
    }
}
