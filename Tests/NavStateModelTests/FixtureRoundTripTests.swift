import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

@Suite("SwiftUI fixtures")
struct FixtureRoundTripTests {
    @Test func backportEmojiFixtureDecodesInPushOrder() throws {
        let decoded = try NavPath.decode(representation: Fixtures.data("backport-emoji.json"), registry: Samples.registry())
        #expect(decoded.failures.isEmpty)
        #expect(decoded.path.count == 2)
        #expect(decoded.path[0].as(Int.self) == 99)
        #expect(decoded.path[1].as(EmojiVisualisation.self) == EmojiVisualisation(emoji: "🎈", count: 99))
        #expect(decoded.path[1].name == "emoji")
    }

    @Test func forumFixtureDecodesInPushOrder() throws {
        let decoded = try NavPath.decode(representation: Fixtures.data("forum-int-string.json"), registry: Samples.registry())
        #expect(decoded.failures.isEmpty)
        #expect(decoded.path.map(\.name) == ["String", "Int"])
        #expect(decoded.path[0].as(String.self) == "Hello")
        #expect(decoded.path[1].as(Int.self) == 123)
    }

    @Test(arguments: ["backport-emoji.json", "forum-int-string.json"])
    func fixtureReencodesByteIdenticallyInItsOwnTags(file: String) throws {
        let original = try Fixtures.data(file)
        let decoded = try NavPath.decode(representation: original, registry: Samples.registry())
        #expect(decoded.failures.isEmpty)
        #expect(try decoded.path.representation(style: .asRead) == original)
    }

    @Test(arguments: ["backport-emoji.json", "forum-int-string.json"])
    func fixtureEntriesReencodeByteIdenticallyWithoutARegistry(file: String) throws {
        let original = try Fixtures.data(file)
        #expect(PathRepresentation.encode(try PathRepresentation.entries(from: original)) == original)
    }

    @Test func qualifiedStyleOfBuiltInsMatchesWhatSwiftUIWrote() throws {
        let original = try Fixtures.data("forum-int-string.json")
        var path = NavPath()
        try path.append("Hello")
        try path.append(123)
        #expect(try path.representation(style: .qualified) == original)
    }

    @Test func fixtureMissingATypeKeepsTheElementsThatDecode() throws {
        let decoded = try NavPath.decode(representation: Fixtures.data("backport-emoji.json"), registry: DestinationRegistry())
        #expect(decoded.path.map { $0.as(Int.self) } == [99])
        #expect(decoded.failures.count == 1)
        #expect(decoded.failures.first?.location == .stack(.root, position: 1))
        #expect(decoded.failures.first?.entry.tag == "NavigationBackportApp.EmojiVisualisation")
        #expect(decoded.failures.first?.reason == .unknownType)
    }
}
