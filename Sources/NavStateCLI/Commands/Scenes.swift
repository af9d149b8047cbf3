import NavStateReports
import ArgumentParser
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateModel

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

        func run() async throws {
            var scenes = try await database.openForReading().scenes()
            if let matching {
                scenes = scenes.filter { fnmatch(matching, $0.scene, 0) == 0 }
            }
            if let limit { scenes = Array(scenes.prefix(limit)) }
            if output.json {
                Terminal.write(Data(Self.json(scenes)))
                return
            }
            if scenes.isEmpty {
                print(matching == nil ? "no scenes" : "no scenes match '\(Terminal.safe(matching ?? ""))'")
                return
            }
            Terminal.write(Data(Self.table(scenes)))
        }

        /// The summaries as `Terminal.printJSON` writes them (SceneSummary's
        /// own coding, keys sorted, pretty-printed, the time in ISO 8601),
        /// written straight through the wire format's string writer:
        /// `JSONEncoder` took about a second for 100,000 scenes.
        /// `ScenesJSONTests` compares the two byte for byte.
        static func json(_ scenes: [SceneSummary]) -> [UInt8] {
            guard !scenes.isEmpty else { return Array("[\n\n]\n".utf8) }
            var out: [UInt8] = []
            out.reserveCapacity(scenes.count * 200)
            func text(_ literal: StaticString) { literal.withUTF8Buffer { out.append(contentsOf: $0) } }
            func number(_ value: Int) { out.append(contentsOf: String(value).utf8) }
            text("[\n")
            for (index, scene) in scenes.enumerated() {
                if index > 0 { text(",\n") }
                text("  {\n    \"bytes\" : ")
                number(scene.bytes)
                text(",\n    \"entryCount\" : ")
                number(scene.entryCount)
                text(",\n    \"headIsMissing\" : ")
                if scene.headIsMissing { text("true") } else { text("false") }
                text(",\n    \"presentations\" : ")
                number(scene.presentations)
                text(",\n    \"revision\" : ")
                number(scene.revision)
                text(",\n    \"scene\" : ")
                JSONStringArrayWriter.appendString(scene.scene, to: &out, escapingSlashes: false)
                text(",\n    \"updatedAt\" : \"")
                Terminal.appendTimestamp(scene.updatedAt, to: &out)
                text("\"\n  }")
            }
            text("\n]\n")
            return out
        }

        /// The table as `TextTable` lays it out, written straight from the
        /// summaries: a listing of 100,000 scenes made 600,000 cell strings
        /// and 100,000 arrays of them before, and spent more time on that
        /// than on reading the file.
        static func table(_ scenes: [SceneSummary]) -> [UInt8] {
            let headers = ["SCENE", "REVISION", "ENTRIES", "PRESENTATIONS", "BYTES", "UPDATED"]
            func digits(_ value: Int) -> Int {
                var (count, rest) = (value < 0 ? 2 : 1, value.magnitude / 10)
                while rest > 0 { (count, rest) = (count + 1, rest / 10) }
                return count
            }
            let missing = Array(" (missing)".utf8)
            // Names come from the file: escaped before they are measured.
            var names: [(text: String, width: Int)] = []
            names.reserveCapacity(scenes.count)
            var widths = headers.map(\.utf8.count)
            for scene in scenes {
                let name = scene.scene.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
                    ? (scene.scene, scene.scene.utf8.count)
                    : { let safe = Terminal.safe(scene.scene); return (safe, DisplayWidth.of(safe)) }()
                names.append(name)
                let cells = [
                    name.1, digits(scene.revision) + (scene.headIsMissing ? missing.count : 0),
                    digits(scene.entryCount), digits(scene.presentations), digits(scene.bytes),
                ]
                for (column, width) in cells.enumerated() where width > widths[column] { widths[column] = width }
            }
            var output: [UInt8] = []
            output.reserveCapacity((scenes.count + 1) * (widths.reduce(0, +) + 32))
            func pad(_ count: Int) { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
            // The header row: the first column left-aligned, the numbers right.
            for (column, header) in headers.enumerated() {
                if column > 0 { pad(2) }
                if (1...4).contains(column) { pad(widths[column] - header.utf8.count) }
                output.append(contentsOf: header.utf8)
                if column == 0 { pad(widths[0] - header.utf8.count) }
            }
            output.append(UInt8(ascii: "\n"))
            for (scene, name) in zip(scenes, names) {
                output.append(contentsOf: name.text.utf8)
                pad(widths[0] - name.width)
                let revisionWidth = digits(scene.revision) + (scene.headIsMissing ? missing.count : 0)
                pad(2 + widths[1] - revisionWidth)
                output.append(contentsOf: String(scene.revision).utf8)
                if scene.headIsMissing { output.append(contentsOf: missing) }
                for (column, value) in [(2, scene.entryCount), (3, scene.presentations), (4, scene.bytes)] {
                    pad(2 + widths[column] - digits(value))
                    output.append(contentsOf: String(value).utf8)
                }
                pad(2)
                Terminal.appendTimestamp(scene.updatedAt, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
            return output
        }
    }
}
