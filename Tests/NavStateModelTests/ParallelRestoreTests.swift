import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// A registry restore decodes stacks of 64 entries or more on several cores
/// first; what it hands back, and which validators it asks in what order,
/// must be what a restore entry by entry gives.
@Suite("Parallel restore")
struct ParallelRestoreTests {
    /// The product ids a validator was asked about, in order.
    actor Asked {
        private(set) var ids: [Int] = []
        func record(_ id: Int) { ids.append(id) }
    }

    /// A registry whose validator rejects every product with an id divisible
    /// by 7 and records every product it is asked about.
    static func registry(recordingInto asked: Asked) throws -> DestinationRegistry {
        var registry = try Samples.registry()
        try registry.addValidator(for: ShopRoute.self) { route in
            guard case .product(let id, _) = route else { return .accept }
            await asked.record(id)
            return id.isMultiple(of: 7) ? .reject("product \(id) is gone") : .accept
        }
        return registry
    }

    /// Every kind of entry a long stack can hold: products (some rejected by
    /// the validator, some repeated), a payload that does not decode, an
    /// unknown type, a never-persisted type, a newer version and a type
    /// known under an alias.
    static func entry(_ index: Int) -> NavEntry {
        switch index % 23 {
        case 5: NavEntry(tag: "shop", payload: #"{"product":{"id":"not a number","name":"x"}}"#)
        case 9: NavEntry(tag: "gone.screen", payload: "{}")
        case 13: NavEntry(tag: "payment", payload: #"{"cardLast4":"4242"}"#)
        case 17: NavEntry(tag: "settings", version: 4, payload: #"{"depth":1,"section":"a"}"#)
        case 19: NavEntry(tag: "NavigationBackportApp.EmojiVisualisation", payload: #"{"count":\#(index),"emoji":"🐟"}"#)
        case 21: NavEntry(tag: "shop", payload: #"{"product":{"id":3,"name":"the same one"}}"#)
        default: NavEntry(tag: "shop", payload: #"{"product":{"id":\#(index),"name":"lamp \#(index)"}}"#)
        }
    }

    static func stack(_ count: Int, from first: Int) -> [NavEntry] {
        (first..<(first + count)).map(entry)
    }

    /// A 300-deep root, a sheet over it with a 100-deep stack, and a short
    /// cover on top.
    static let deepState = SceneState(
        stack: stack(300, from: 0),
        presentations: [
            Presentation(method: .managedSheet, destination: entry(1000), stack: stack(100, from: 1001)),
            Presentation(method: .managedCover, destination: entry(2000), stack: stack(10, from: 2001)),
        ])

    @Test(arguments: RestorePolicy.allCases)
    func aDeepStateRestoresAsEntryByEntry(policy: RestorePolicy) async throws {
        let askedInParallel = Asked()
        let parallel = try await Self.registry(recordingInto: askedInParallel).restore(Self.deepState, policy: policy)
        let askedOneByOne = Asked()
        let oneByOneRegistry = try Self.registry(recordingInto: askedOneByOne)
        let oneByOne = await SceneRestorer<AnyDestination>(
            restoreEntry: { await oneByOneRegistry.restore(entry: $0) }, policy: policy
        ).restore(Self.deepState)

        #expect(parallel.state == oneByOne.0)
        #expect(parallel.dropped == oneByOne.1)
        #expect(await askedInParallel.ids == askedOneByOne.ids)
        // The state has something of every kind, so each policy has work.
        #expect(parallel.dropped.count > 30)
        if policy == .dropUndecodable { #expect(parallel.state.contentStack.count > 200) }
    }

    @Test func onlyStacksOf64EntriesOrMoreAreDecodedInParallel() async throws {
        let registry = try Samples.registry()
        #expect(DestinationRegistry.parallelDecodeMinimum == 64)
        let short = SceneState(stack: Self.stack(63, from: 0))
        #expect(await registry.decodedInParallel(short).isEmpty)

        let long = SceneState(
            stack: Self.stack(64, from: 0),
            presentations: [Presentation(method: .managedSheet, destination: Self.entry(500), stack: Self.stack(63, from: 501))])
        let decoded = await registry.decodedInParallel(long)
        // Every distinct entry of the 64-deep root but the never-persisted
        // ones; nothing of the 63-deep sheet.
        let expected = Set(Self.stack(64, from: 0).filter { $0.tag != "payment" })
        #expect(Set(decoded.keys) == expected)
        for (entry, result) in decoded {
            #expect(result == registry.decode(entry), "\(entry)")
        }
    }
}
