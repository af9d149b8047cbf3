import ArgumentParser
import Foundation
import NavState

extension NavStateCommand {
    struct Scenes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List scenes with their head revision, entries, presentations, bytes and update time.",
            discussion: """
                ENTRIES counts every entry of the head state, presentation destinations included; \
                BYTES are its tags and payloads. --matching takes a shell pattern (*, ?, [...]).

                Examples:
                  navstate scenes
                  navstate scenes --matching 'window-*' --limit 10
                  navstate scenes --json
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "Only scenes whose name matches this shell pattern.")
        var matching: String?

        @Option(help: "List at most this many scenes (in name order).")
        var limit: Int?

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit cannot be negative") }
        }

        /// One scene in `--json`, its time already in ISO 8601.
        struct Row: Encodable {
            var scene: String
            var revision: Int
            var entryCount: Int
            var presentations: Int
            var bytes: Int
            var updatedAt: String
            var headIsMissing: Bool

            init(_ summary: SceneSummary) {
                scene = summary.scene
                revision = summary.revision
                entryCount = summary.entryCount
                presentations = summary.presentations
                bytes = summary.bytes
                updatedAt = Terminal.timestamp(summary.updatedAt)
                headIsMissing = summary.headIsMissing
            }
        }

        func run() async throws {
            var scenes = try await database.openForReading().scenes()
            if let matching {
                scenes = scenes.filter { fnmatch(matching, $0.scene, 0) == 0 }
            }
            if let limit { scenes = Array(scenes.prefix(limit)) }
            if output.json {
                try Terminal.printJSON(scenes.map(Row.init))
                return
            }
            if scenes.isEmpty {
                print(matching == nil ? "no scenes" : "no scenes match '\(Terminal.safe(matching ?? ""))'")
                return
            }
            var table = TextTable(headers: ["SCENE", "REVISION", "ENTRIES", "PRESENTATIONS", "BYTES", "UPDATED"])
            table.numericColumns = [1, 2, 3, 4]
            table.rows.reserveCapacity(scenes.count)
            for scene in scenes {
                table.rows.append([
                    scene.scene, scene.headIsMissing ? "\(scene.revision) (missing)" : String(scene.revision),
                    String(scene.entryCount), String(scene.presentations),
                    String(scene.bytes), Terminal.timestamp(scene.updatedAt),
                ])
            }
            Terminal.write(Data(table.renderBytes() + [UInt8(ascii: "\n")]))
        }
    }
}
