import Foundation
import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

@Suite("Generated round trips")
struct GeneratedRoundTripTests {
    private static func makePath(_ values: [SampleValue], _ registry: DestinationRegistry) throws -> NavPath {
        NavPath(try values.map { try $0.erased(in: registry) }, registry: registry)
    }

    @Test(arguments: [TagStyle.stable, .qualified, .mangled, .asRead])
    func heterogeneousPathsRoundTripInEveryTagStyle(style: TagStyle) async throws {
        let registry = try Samples.registry()
        await propertyCheck(count: 150, input: Generators.path) { values in
            let path = try Self.makePath(values, registry)
            let data = try path.representation(style: style)
            let decoded = try NavPath.decode(representation: data, registry: registry)
            #expect(decoded.failures.isEmpty)
            #expect(decoded.path == path)
            #expect(decoded.path.map(\.name) == path.map(\.name))
            #expect(decoded.path.map(\.payload) == path.map(\.payload))
            // What was read, written again in the tags it came with, is the same bytes.
            #expect(try decoded.path.representation(style: .asRead) == data)
        }
    }

    @Test func entriesSurviveWithoutARegistryByteForByte() async throws {
        let registry = try Samples.registry()
        await propertyCheck(count: 150, input: Generators.path) { values in
            let data = try Self.makePath(values, registry).representation(style: .stable)
            let entries = try PathRepresentation.entries(from: data)
            #expect(entries.count == values.count)
            #expect(PathRepresentation.encode(entries) == data)
            #expect(data == (try JSONEncoder().encode(entries.reversed().flatMap { [$0.wireTag, $0.payload] })))
        }
    }

    @Test func arbitraryTagsAndPayloadsRoundTripAsEntries() async {
        let entry = zip(Generators.anyText, Generators.anyText, Gen.int(in: 0...3))
            .map { tag, payload, version in
                NavEntry(tag: tag, version: version == 0 ? nil : version, payload: payload)
            }
        await propertyCheck(count: 300, input: entry.array(of: 0...10)) { entries in
            let data = PathRepresentation.encode(entries)
            let read = try PathRepresentation.entries(from: data)
            #expect(PathRepresentation.encode(read) == data)
            #expect(read.map(\.payload) == entries.map(\.payload))
        }
    }

    /// Reading only the last pushed entries (what a `NavigationLink` push
    /// onto a long path reads) gives the tail of the full reading.
    @Test func theLastPushedEntriesAreTheTailOfTheWholeReading() async {
        let entry = zip(Generators.anyText, Generators.anyText).map { NavEntry(tag: $0, payload: $1) }
        await propertyCheck(count: 300, input: entry.array(of: 0...10), Gen.int(in: 0...12)) { entries, wanted in
            let data = PathRepresentation.encode(entries)
            let (last, total) = try PathRepresentation.lastPushed(wanted, in: data)
            #expect(total == entries.count)
            #expect(last == Array(entries.suffix(wanted)))
        }
    }

    @Test func oneBrokenElementNeverCostsTheOthers() async throws {
        let registry = try Samples.registry()
        await propertyCheck(count: 100, input: Generators.path.filter { !$0.isEmpty }, Gen.int(in: 0...1000)) { values, pick in
            var entries = try Self.makePath(values, registry).entries(style: .stable)
            let broken = pick % entries.count
            entries[broken] = NavEntry(tag: "removed.screen", payload: entries[broken].payload)
            let results = entries.map { registry.decode($0) }
            for (position, result) in results.enumerated() {
                switch result {
                case .success:
                    #expect(position != broken)
                case .failure(let failure):
                    #expect(position == broken)
                    #expect(failure == .unknownType)
                }
            }
        }
    }
}
