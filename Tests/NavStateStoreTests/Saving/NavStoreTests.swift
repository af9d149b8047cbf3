import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import PropertyBased
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Store")
struct NavStoreTests {
    @Test func savedStateLoadsBackExactly() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let state = StoreFixtures.richState()
        let saved = try store.save(state, scene: "main")
        #expect(saved.revision == 1)
        let loaded = try #require(try store.load(scene: "main"))
        #expect(loaded.state == state)
        #expect(loaded.revision == 1)
        #expect(loaded.scene == "main")
    }

    @Test func missingSceneOrRevisionLoadsAsNil() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        #expect(try store.load(scene: "nothing") == nil)
        try store.save(SceneState(), scene: "main")
        #expect(try store.load(scene: "main", revision: 2) == nil)
        #expect(throws: NavStateError.invalidRevision(0)) { try store.load(scene: "main", revision: 0) }
    }

    @Test func everySaveIsANewRevisionAndEveryRevisionLoadsAsSaved() throws {
        let directory = try TemporaryDirectory()
        let store = try NavStore(path: directory.path("db.sqlite"), configuration: StoreFixtures.quiet())
        var states: [SceneState<NavEntry>] = []
        var state = SceneState<NavEntry>()
        for index in 0..<12 {
            switch index % 4 {
            case 0, 1: state.contentStack.append(StoreFixtures.entry(String(index)))
            case 2: state.contentStack.removeLast()
            default: state.contentStack[0] = StoreFixtures.entry("String", "\"\(index)\"")
            }
            states.append(state)
            #expect(try store.save(state, scene: "main").revision == index + 1)
        }
        for (offset, expected) in states.enumerated() {
            #expect(try store.load(scene: "main", revision: offset + 1)?.state == expected)
        }
        #expect(try store.history(scene: "main").map(\.revision) == Array(1...12))
    }

    /// A save skips comparing an element whose storage it saw last time;
    /// a new element in the middle, even of equal value, is compared.
    @Test func anElementReplacedInTheMiddleIsSavedAndAnEqualOneIsNot() throws {
        let registry = try Samples.registry()
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = SceneState<AnyDestination>(stack: try (0..<10).map { try AnyDestination(SettingsRoute(section: "s\($0)", depth: $0), in: registry) })
        #expect(try store.save(state, scene: "main").revision == 1)
        state.contentStack[3] = try AnyDestination(SettingsRoute(section: "changed", depth: 3), in: registry)
        let changed = try store.save(state, scene: "main")
        #expect(changed.revision == 2 && changed.entriesInserted == 7 && changed.entriesClosed == 7)
        #expect(try store.load(scene: "main")?.state.contentStack.map(\.payload) == state.contentStack.map(\.stableEntry.payload))
        state.contentStack[5] = try AnyDestination(SettingsRoute(section: "s5", depth: 5), in: registry)
        #expect(try !store.save(state, scene: "main").isNewRevision, "an equal value in a new storage is the same entry")
        state.contentStack.append(try AnyDestination(SettingsRoute(section: "top", depth: 10), in: registry))
        #expect(try store.save(state, scene: "main").entriesInserted == 1)
    }

    /// Typed states are counted in the same visit that looks for
    /// never-persisted elements; every limit but the payload's refuses
    /// with its name.
    /// Issue 42: one route carrying a whole model past the payload limit
    /// cost the whole save (and every later one). It is left out of the
    /// save, with what sits above it in its stack, and reported as a
    /// never-persisted one is; the rest of the scene is saved.
    @Test func anEntryPastThePayloadLimitIsLeftOutAndTheRestSaved() throws {
        let registry = try Samples.registry()
        func route(_ section: String) throws -> AnyDestination { try AnyDestination(SettingsRoute(section: section, depth: 1), in: registry) }
        var configuration = StoreFixtures.quiet()
        configuration.limits.payloadBytes = 64
        let store = try NavStore.inMemory(configuration: configuration)
        let long = String(repeating: "x", count: 80)
        let sheet = Presentation(method: .managedSheet, destination: try route("sheet"), stack: [try route("in sheet")])
        let state = SceneState(
            stack: [try route("a"), try route(long), try route("b")], presentations: [sheet],
            values: ["small": try route("v"), "large": try route(long)])
        let result = try store.save(state, scene: "main")
        #expect(result.isNewRevision)
        let cut = EntryLocation.stack(.root, position: 1)
        #expect(result.omitted.map(\.location) == [
            cut, .stack(.root, position: 2), .presentation(1), .stack(StackAddress(presentation: 1), position: 0), .value("large"),
        ])
        let bytes = try route(long).stableEntry.payload.utf8.count
        #expect(result.omitted.map(\.reason) == [
            .tooLargeToSave(bytes: bytes, limit: 64), .aboveDroppedEntry(cut), .aboveDroppedEntry(cut), .aboveDroppedEntry(cut),
            .tooLargeToSave(bytes: bytes, limit: 64),
        ])
        let saved = try #require(try store.load(scene: "main")).state
        #expect(saved.contentStack.map(\.payload) == [try route("a").stableEntry.payload])
        #expect(saved.presentations.isEmpty)
        #expect(saved.values.keys.sorted() == ["small"])
        // A later push is saved too: the large entry does not block it.
        let next = SceneState(stack: [try route("a"), try route("c")], values: ["small": try route("v")])
        #expect(try store.save(next, scene: "main").omitted.isEmpty)
        #expect(try store.load(scene: "main")?.state.contentStack.count == 2)
    }

    @Test func typedStatesOverALimitAreRefusedByName() throws {
        let registry = try Samples.registry()
        func route(_ section: String) throws -> AnyDestination { try AnyDestination(SettingsRoute(section: section, depth: 1), in: registry) }
        var limits = StoreFixtures.quiet()
        limits.limits.entriesPerStack = 3
        limits.limits.payloadBytes = 64
        limits.limits.sceneBytes = 200
        let store = try NavStore.inMemory(configuration: limits)
        #expect(throws: NavStateError.limitExceeded("entriesPerStack", scene: "main", actual: 4, limit: 3)) {
            try store.save(SceneState(stack: try (0..<4).map { try route("\($0)") }), scene: "main")
        }
        let sheet = Presentation(method: .managedSheet, destination: try route("d"), stack: try (0..<3).map { try route(String(repeating: "y", count: 20 + $0)) })
        let state = SceneState(stack: try (0..<3).map { try route(String(repeating: "z", count: 20 + $0)) }, presentations: [sheet])
        do {
            try store.save(state, scene: "main")
            Issue.record("a state over the scene limit was saved")
        } catch {
            guard error.code == .limitExceeded, error.detail("") == "sceneBytes", error.detail("limit") == 200 else { Issue.record("\(error)"); return }
        }
        #expect(try store.save(SceneState(stack: [try route("a")]), scene: "main").revision == 1)
    }

    /// A typed save checks only the elements that are not its cached head's
    /// own (the same storage): random pushes, pops, replacements, sheets and
    /// never-persisted screens, against a count made from scratch. Every
    /// refusal names the whole state's bytes, and every save loads back as
    /// the state without what is never persisted.
    ///
    /// With `base` elements under the random ones, stacks pass the length
    /// from which a save looks its cached head up (`NavStore.shortStack`).
    @Test(arguments: [0, 36])
    func typedSavesOnTopOfTheirHeadStillCheckEveryElement(base: Int) async throws {
        let registry = try Samples.registry()
        func route(_ size: Int) throws -> AnyDestination {
            try AnyDestination(SettingsRoute(section: String(repeating: "s", count: size), depth: size), in: registry)
        }
        let pool = try [1, 5, 12, 30, 60, 90].map(route)
        let payment = try AnyDestination(PaymentScreen(cardLast4: "4242"), in: registry)
        func bytes(_ element: AnyDestination) -> Int { element.stableEntry.tag.utf8.count + element.stableEntry.payload.utf8.count }
        let limit = 420 + base * bytes(pool[0])
        let cap = 12 + base
        /// The state as a save must store it, found without the store's code.
        func stored(_ state: SceneState<AnyDestination>) -> (SceneState<NavEntry>, total: Int) {
            func kept(_ stack: [AnyDestination]) -> [AnyDestination] { Array(stack.prefix { $0.isPersisted }) }
            var result = SceneState<NavEntry>(stack: kept(state.contentStack).map(\.stableEntry))
            var total = kept(state.contentStack).reduce(0) { $0 + bytes($1) }
            if result.contentStack.count == state.contentStack.count {
                for presentation in state.presentations {
                    guard presentation.destination.isPersisted else { break }
                    let stack = kept(presentation.stack)
                    result.presentations.append(Presentation(
                        method: presentation.method, destination: presentation.destination.stableEntry, stack: stack.map(\.stableEntry)))
                    total += bytes(presentation.destination) + stack.reduce(0) { $0 + bytes($1) }
                    if stack.count < presentation.stack.count { break }
                }
            }
            return (result, total)
        }
        let operations = Gen.int(in: 0...10_000).array(of: 1...60)
        await propertyCheck(count: 60, input: operations) { operations in
            var configuration = StoreFixtures.quiet()
            configuration.limits.sceneBytes = limit
            let store = try NavStore.inMemory(configuration: configuration)
            var state = SceneState<AnyDestination>(stack: Array(repeating: pool[0], count: base))
            for operation in operations {
                let pick = pool[operation / 7 % pool.count]
                var stack = state.presentations.isEmpty || operation % 3 == 0 ? state.contentStack : state.presentations[0].stack
                switch operation % 7 {
                case 0: stack.removeLast(min(stack.count, 1 + operation / 7 % 3))
                case 1 where stack.count < cap: stack.append(pick)
                case 2 where stack.count < cap: stack.append(try route(operation / 7 % 90))
                case 3 where !stack.isEmpty: stack[operation / 7 % stack.count] = pick
                case 4 where stack.count < cap: stack.append(payment)
                case 5:
                    state.presentations = state.presentations.isEmpty
                        ? [Presentation(method: .managedSheet, destination: operation % 2 == 0 ? pick : payment)]
                        : []
                    stack = state.contentStack
                default: break
                }
                if state.presentations.isEmpty || operation % 3 == 0 { state.contentStack = stack } else { state.presentations[0].stack = stack }
                let (expected, total) = stored(state)
                if total > limit {
                    #expect(throws: NavStateError.limitExceeded("sceneBytes", scene: "main", actual: total, limit: limit)) {
                        try store.save(state, scene: "main")
                    }
                } else {
                    try store.save(state, scene: "main")
                    #expect(try store.load(scene: "main")?.state == expected)
                }
            }
        }
    }

    /// A save learns what it can from the cached head before it takes the
    /// store's lock; another save that replaces the head in between (here
    /// made by the store's clock, which a save calls between the two) must
    /// not have its head mistaken for the one the first save looked at.
    @Test func aHeadReplacedBetweenASavesLookAndItsWriteIsNotTrusted() throws {
        let registry = try Samples.registry()
        func route(_ section: String, _ depth: Int) throws -> AnyDestination {
            try AnyDestination(SettingsRoute(section: section, depth: depth), in: registry)
        }
        let base = try (0..<40).map { try route("base", $0) }
        let first = base + [try route("a", 1)]
        let second = first + [try route("a", 2)]
        let other = Array(base.prefix(20)) + (0..<5).map { _ in base[39] }
        final class Interjection: @unchecked Sendable {
            var store: NavStore?
            var state: SceneState<AnyDestination>?
        }
        let interjection = Interjection()
        var configuration = StoreFixtures.quiet()
        configuration.clock = {
            if let store = interjection.store, let state = interjection.state {
                interjection.state = nil
                _ = try? store.save(state, scene: "main")
            }
            return Date(timeIntervalSince1970: 1_800_000_000)
        }
        let store = try NavStore.inMemory(configuration: configuration)
        interjection.store = store
        #expect(try store.save(SceneState(stack: first), scene: "main").revision == 1)
        interjection.state = SceneState(stack: other)
        #expect(try store.save(SceneState(stack: second), scene: "main").revision == 3)
        #expect(interjection.state == nil)
        #expect(try store.load(scene: "main", revision: 2)?.state.contentStack == other.map(\.stableEntry))
        #expect(try store.load(scene: "main", revision: 3)?.state.contentStack == second.map(\.stableEntry))
        // The clock holds the store through the interjection: break the cycle.
        interjection.store = nil
    }

    @Test func pushOntoDeepStackWritesOneEntryRow() throws {
        var configuration = StoreFixtures.quiet()
        configuration.limits.entriesPerStack = 2_000
        let store = try NavStore.inMemory(configuration: configuration)
        var state = SceneState<NavEntry>(stack: (0..<1_000).map { StoreFixtures.entry(#"{"screen":\#($0)}"#) })
        let first = try store.save(state, scene: "deep")
        #expect(first.entriesInserted == 1_000)
        state.contentStack.append(StoreFixtures.entry("1000"))
        let push = try store.save(state, scene: "deep")
        #expect(push.entriesInserted == 1)
        #expect(push.entriesClosed == 0)
        // One revision row.
        #expect(push.rowsWritten == 1)
        state.contentStack.removeLast(2)
        let pop = try store.save(state, scene: "deep")
        #expect(pop.entriesInserted == 0)
        #expect(pop.entriesClosed == 2)
        #expect(try store.load(scene: "deep", revision: 2)?.state.contentStack.count == 1_001)
        #expect(try store.load(scene: "deep")?.state == state)
    }

    @Test func pushCostsTheSameRowsAfterAnotherStoreWroteTheScene() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let first = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>(stack: (0..<50).map { StoreFixtures.entry(String($0)) })
        try first.save(state, scene: "main")
        let second = try NavStore(path: path, configuration: StoreFixtures.quiet())
        state.contentStack.append(StoreFixtures.entry("50"))
        try second.save(state, scene: "main")
        // The first store's cached head is stale now; it must notice.
        state.contentStack.append(StoreFixtures.entry("51"))
        let result = try first.save(state, scene: "main")
        #expect(result.entriesInserted == 1)
        #expect(try first.load(scene: "main")?.state == state)
        #expect(try first.load(scene: "main", revision: 2)?.state.contentStack.count == 51)
    }

    @Test func conditionalSaveRefusesAStaleHead() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main", expectedHead: 0)
        try store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main", expectedHead: 1)
        #expect(throws: NavStateError.conflict(scene: "main", expected: 1, actual: 2)) {
            try store.save(SceneState(stack: [StoreFixtures.entry("3")]), scene: "main", expectedHead: 1)
        }
        #expect(throws: NavStateError.conflict(scene: "main", expected: 0, actual: 2)) {
            try store.save(SceneState(), scene: "main", expectedHead: 0)
        }
        #expect(try store.load(scene: "main")?.state.contentStack == [StoreFixtures.entry("2")])
        #expect(try store.history(scene: "main").count == 2)
    }
}
