import Foundation
@testable import NavStateCLI
@_spi(Tooling) import NavState
import NavStateTooling
import PropertyBased
@testable import NavStateTestSupport
import Testing

/// `navstate scenes --json` is written by hand; it must be the very bytes
/// `Terminal.printJSON` (JSONEncoder: sorted keys, pretty-printed, slashes
/// as they are, ISO 8601 times) writes for the same summaries.
@Suite("Scenes JSON")
struct ScenesJSONTests {
    static func encoded(_ scenes: [SceneSummary]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(scenes)) + [UInt8(ascii: "\n")]
    }

    static let summary = zip(
        zip(Generators.anyText, Gen.int(in: -2...1_000_000), Gen.int(in: -1...5_000), Gen.int(in: 0...9)),
        zip(Gen.int(in: 0...253_402_300_799), Gen.int(in: 0...1 << 40), Gen.int(in: 0...1))
    ).map { first, second -> SceneSummary in
        let (name, revision, entries, presentations) = first
        let (seconds, bytes, missing) = second
        return SceneSummary(
            scene: name, revision: revision, entryCount: entries, presentations: presentations,
            updatedAt: Date(timeIntervalSince1970: Double(seconds)), bytes: bytes, headIsMissing: missing == 1)
    }

    @Test func theHandWrittenListingIsJSONEncoders() async {
        await propertyCheck(count: 200, input: Self.summary.array(of: 0...6)) { scenes in
            let expected = try Self.encoded(scenes)
            #expect(NavStateCommand.Scenes.json(scenes) == expected)
        }
    }

    @Test func namesThatNeedEscapingAreWrittenAsTheEncoderWritesThem() throws {
        let names = ["a/b", "quote\"d", "back\\slash", "tab\tnew\nline", "\u{1}\u{1F}", "ünïcødé 🛒", "\u{2028}", ""]
        let scenes = names.enumerated().map { index, name in
            SceneSummary(
                scene: name, revision: index, entryCount: index, presentations: 0,
                updatedAt: Date(timeIntervalSince1970: 1_800_000_000), bytes: 4)
        }
        #expect(NavStateCommand.Scenes.json(scenes) == (try Self.encoded(scenes)))
        #expect(NavStateCommand.Scenes.json([]) == (try Self.encoded([])))
    }
}
