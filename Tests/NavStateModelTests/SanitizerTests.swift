import Foundation
import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

/// A destination whose payload changed shape in version 2.
private struct Ticket: NavDestination {
    var id: Int
}

@Suite("SwiftUI sanitiser")
struct SanitizerTests {
    static var knownTypes: [any NavDestination.Type] { [Int.self, String.self, EmojiVisualisation.self, Ticket.self] }

    @Test func whatSwiftUICouldNotDecodeIsRewrittenAndTheRestKeepsItsBytes() async throws {
        let registry = try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(Ticket.self, as: "ticket", version: 2, upgrades: [
                1: { json in
                    guard case .object(var fields) = json else { return json }
                    fields["id"] = fields.removeValue(forKey: "number")
                    return .object(fields)
                },
            ])
        }
        let qualified = String(reflecting: Ticket.self)
        let current = NavEntry(tag: qualified, payload: #"{"id":5}"#)
        let input = PathRepresentation.encode([
            NavEntry(tag: "ticket", payload: #"{"number":4}"#),   // stable name, version 1
            NavEntry(tag: "Si", payload: "7"),                    // mangled, as NavigationBackport writes
            current,                                              // what SwiftUI wrote
            NavEntry(tag: "ticket", version: 2, payload: #"{"id":6}"#), // stable name, current version
            NavEntry(tag: "gone.screen", payload: "{}"),
        ])
        #expect(throws: SwiftUIDecoder.Failure.self) { try SwiftUIDecoder(Self.knownTypes).decode(input) }

        let result = try await registry.sanitizedNavigationPath(input)
        #expect(result.dropped.map(\.location) == [.stack(.root, position: 4)])
        #expect(result.rewritten.map(\.position) == [0, 1, 3])
        #expect(try PathRepresentation.entries(from: result.json) == [
            NavEntry(tag: qualified, payload: #"{"id":4}"#),
            NavEntry(tag: "Swift.Int", payload: "7"),
            current,
            NavEntry(tag: qualified, payload: #"{"id":6}"#),
        ])
        let values = try SwiftUIDecoder(Self.knownTypes).decode(result.json)
        #expect(values.compactMap { $0 as? Ticket }.map(\.id) == [4, 5, 6])
        // The pair SwiftUI wrote is copied, not re-encoded.
        let currentBytes = PathRepresentation.encode([current]).dropFirst().dropLast()
        #expect(result.json.range(of: Data(currentBytes)) != nil)
    }

    @Test func fixtureWithAnUnknownTypeLosesOnlyThatPair() async throws {
        let original = try Fixtures.data("backport-emoji.json")
        let result = try await DestinationRegistry().sanitizedNavigationPath(original)
        #expect(String(decoding: result.json, as: UTF8.self) == #"["Swift.Int","99"]"#)
        #expect(result.dropped.map(\.entry.tag) == ["NavigationBackportApp.EmojiVisualisation"])
        #expect(result.dropped.map(\.reason) == [.unknownType])
        #expect(result.dropped.map(\.location) == [.stack(.root, position: 1)])
    }

    @Test func swiftUIsOwnFixtureComesBackByteIdentical() async throws {
        let original = try Fixtures.data("forum-int-string.json")
        let result = try await Samples.registry().sanitizedNavigationPath(original)
        #expect(result.json == original)
        #expect(result.dropped.isEmpty)
        #expect(result.rewritten.isEmpty)
    }

    @Test func aPairKnownOnlyByAnAliasIsRewrittenUnderItsQualifiedName() async throws {
        let original = try Fixtures.data("backport-emoji.json")
        let result = try await Samples.registry().sanitizedNavigationPath(original)
        #expect(result.dropped.isEmpty)
        #expect(result.rewritten.map(\.position) == [1])
        let entries = try PathRepresentation.entries(from: result.json)
        #expect(entries.map(\.tag) == ["Swift.Int", String(reflecting: EmojiVisualisation.self)])
        #expect(try SwiftUIDecoder(Self.knownTypes).decode(result.json).count == 2)
    }

    @Test func survivingPairsKeepTheirExactBytesAndOrder() async throws {
        let input = #"[ "Swift.String" , "\"caf\u00e9 \/\"", "gone","{}","Swift.Int","\"x\"", "Swift.Int","1" ]"#
        let result = try await DestinationRegistry().sanitizedNavigationPath(Array(input.utf8))
        #expect(String(decoding: result.json, as: UTF8.self) == #"["Swift.String","\"caf\u00e9 \/\"","Swift.Int","1"]"#)
        #expect(result.dropped.map(\.location) == [.stack(.root, position: 1), .stack(.root, position: 2)])
        let decoded = try NavPath.decode(representation: result.json, registry: DestinationRegistry())
        #expect(decoded.failures.isEmpty)
    }

    /// The policy is a restore's: truncating cuts the path at the first pair
    /// (in push order) that fails, all-or-nothing keeps nothing.
    @Test func thePolicyDecidesWhatGoesWithABadPair() async throws {
        let input = Array(#"["Swift.String","\"café\"","gone","{}","Swift.Int","\"x\"","Swift.Int","1"]"#.utf8)
        let truncated = try await DestinationRegistry().sanitizedNavigationPath(input, policy: .truncateAtFirstFailure)
        #expect(String(decoding: truncated.json, as: UTF8.self) == #"["Swift.Int","1"]"#)
        #expect(truncated.dropped.map(\.location) == (1...3).map { .stack(.root, position: $0) })
        let nothing = try await DestinationRegistry().sanitizedNavigationPath(input, policy: .allOrNothing)
        #expect(String(decoding: nothing.json, as: UTF8.self) == "[]")
        #expect(nothing.dropped.count == 4)
    }

    @Test func malformedDocumentIsATypedError() async {
        await #expect(throws: NavStateError.oddItemCount(1)) {
            _ = try await DestinationRegistry().sanitizedNavigationPath(Array(#"["a"]"#.utf8))
        }
    }
}
