import ArgumentParser
import NavState

extension NavStateCommand {
    struct Scenes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every scene with its head revision, depth, presentations, update time and bytes.",
            discussion: "Depth counts every entry of the head state, presentation destinations included; bytes are its tags and payloads.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await Terminal.run {
                let scenes = try database.openForReading().scenes()
                if output.json {
                    try Terminal.printJSON(scenes)
                    return
                }
                var table = TextTable(headers: ["SCENE", "REVISION", "DEPTH", "PRESENTATIONS", "BYTES", "UPDATED"])
                table.numericColumns = [1, 2, 3, 4]
                for scene in scenes {
                    table.rows.append([
                        scene.scene, String(scene.revision), String(scene.depth), String(scene.presentations),
                        String(scene.bytes), Terminal.timestamp(scene.updatedAt),
                    ])
                }
                print(scenes.isEmpty ? "no scenes" : table.render())
            }
        }
    }
}
