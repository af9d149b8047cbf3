import ArgumentParser
import Foundation
import NavState

extension NavStateCommand {
    struct Scenes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every scene with its head revision, depth, presentations, update time and bytes.",
            discussion: "Depth counts every entry of the head state, presentation destinations included; bytes are its tags and payloads.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        /// One scene in `--json`, its time already in ISO 8601.
        struct Row: Encodable {
            var scene: String
            var revision: Int
            var depth: Int
            var presentations: Int
            var bytes: Int
            var updatedAt: String
            var headIsMissing: Bool

            init(_ summary: SceneSummary) {
                scene = summary.scene
                revision = summary.revision
                depth = summary.depth
                presentations = summary.presentations
                bytes = summary.bytes
                updatedAt = Terminal.timestamp(summary.updatedAt)
                headIsMissing = summary.headIsMissing
            }
        }

        func run() async throws {
            try await Terminal.run {
                let scenes = try database.openForReading().scenes()
                if output.json {
                    try Terminal.printJSON(scenes.map(Row.init))
                    return
                }
                var table = TextTable(headers: ["SCENE", "REVISION", "DEPTH", "PRESENTATIONS", "BYTES", "UPDATED"])
                table.numericColumns = [1, 2, 3, 4]
                for scene in scenes {
                    table.rows.append([
                        scene.scene, scene.headIsMissing ? "\(scene.revision) (missing)" : String(scene.revision),
                        String(scene.depth), String(scene.presentations),
                        String(scene.bytes), Terminal.timestamp(scene.updatedAt),
                    ])
                }
                if scenes.isEmpty {
                    print("no scenes")
                } else {
                    Terminal.write(Data(table.renderBytes() + [UInt8(ascii: "\n")]))
                }
            }
        }
    }
}
