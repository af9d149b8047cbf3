import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateCLI
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The CLI's own timestamp formatting gives what Foundation's ISO 8601
/// format style gives, for every date a store can write.
@Suite("Timestamps")
struct TimestampTests {
    @Test func theFastPathAgreesWithTheFormatStyle() throws {
        let style = Date.ISO8601FormatStyle()
        var generator = SystemRandomNumberGenerator()
        var moments: [Double] = [0, 0.5, 59.999, 86_399, 86_400, 951_782_400 /* 2000-02-29 */, 4_107_542_400 /* 2100-03-01 */,
                                 1_798_761_599.75, 253_402_300_799, 253_402_300_799.9]
        for _ in 0..<20_000 { moments.append(Double.random(in: 0..<253_402_300_800, using: &generator)) }
        for moment in moments {
            let date = Date(timeIntervalSince1970: moment)
            #expect(Terminal.timestamp(date) == style.format(date), "\(moment)")
        }
        // `--json` encodes dates with JSONEncoder's ISO 8601 strategy: the
        // same text, fractions of a second dropped the same way.
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for moment in [1_790_000_000.999, 1_790_000_000.5, 0.25, 86_399.999_9] {
            let date = Date(timeIntervalSince1970: moment)
            let encoded = String(decoding: try encoder.encode([date]), as: UTF8.self)
            #expect(encoded == "[\"\(Terminal.timestamp(date))\"]", "\(moment)")
        }
        // Outside the fast path's years the style answers.
        for moment in [-1.5, -34_560_000.0, 253_402_300_800, 1e12] as [Double] {
            let date = Date(timeIntervalSince1970: moment)
            #expect(Terminal.timestamp(date) == style.format(date), "\(moment)")
        }
    }
}

/// `navstate scenes` writes its table straight from the summaries; it is
/// the table `TextTable` lays out, for every kind of cell.
@Suite("Scenes table")
struct ScenesTableTests {
    @Test func theDirectTableIsTheTextTable() {
        let date = Date(timeIntervalSince1970: 1_790_000_000.5)
        let scenes = [
            SceneSummary(scene: "main", revision: 12, entryCount: 3, presentations: 1, updatedAt: date, bytes: 1_234),
            SceneSummary(scene: "名前 🎈", revision: 7, entryCount: 0, presentations: 0, updatedAt: date, bytes: 0),
            SceneSummary(scene: "bell\u{07}x", revision: 0, entryCount: 0, presentations: 0,
                         updatedAt: Date(timeIntervalSince1970: -5), bytes: 0, headIsMissing: true),
            SceneSummary(scene: "w", revision: 4_503_599_627_370_496, entryCount: 2_147_483_647, presentations: 99,
                         updatedAt: Date(timeIntervalSince1970: 1e12), bytes: 2_147_483_647),
        ]
        var table = TextTable(headers: ["SCENE", "REVISION", "ENTRIES", "PRESENTATIONS", "BYTES", "UPDATED"])
        table.numericColumns = [1, 2, 3, 4]
        for scene in scenes {
            table.rows.append([
                scene.scene, scene.headIsMissing ? "\(scene.revision) (missing)" : String(scene.revision),
                String(scene.entryCount), String(scene.presentations), String(scene.bytes), Terminal.timestamp(scene.updatedAt),
            ])
        }
        let expected = table.render() + "\n"
        let written = String(decoding: NavStateCommand.Scenes.table(scenes), as: UTF8.self)
        #expect(written == expected)
        #expect(written.contains("0 (missing)"))
        #expect(!written.contains("\u{07}"))
    }
}
