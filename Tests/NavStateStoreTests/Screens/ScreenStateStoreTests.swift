import Foundation
@_spi(Tooling) import NavState
import NavStateReports
import NavStateSQLite
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Each screen's own state (issue 59), through the store: saved with its
/// entry, restored only into it, gone with it.
@Suite("Screen state in the store")
struct ScreenStateStoreTests {
    enum Route: Codable, Hashable {
        case inbox
        case message(id: Int)
        case payment(amount: Int)
    }

    struct Draft: Codable, Hashable {
        var text: String
    }

    static func registry() throws -> DestinationRegistry {
        var registry = DestinationRegistry()
        try registry.register(Route.self, as: "mail.route")
        try registry.register(Draft.self, as: "mail.never", persisted: false)
        return registry
    }

    static func screen(_ values: [String: any Encodable]) throws -> ScreenState {
        var screen = ScreenState()
        for (key, value) in values { try screen.setValue(value, forKey: key) }
        return screen
    }

    @Test func aScreenComesBackWithItsEntryAndOnlyIntoIt() async throws {
        let registry = try Self.registry()
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        // One value pushed twice: two positions, two screens.
        var state = SceneState<AnyDestination>(stack: [
            try AnyDestination(Route.inbox, in: registry),
            try AnyDestination(Route.message(id: 7), in: registry),
            try AnyDestination(Route.message(id: 7), in: registry),
        ])
        state.screens[.stack(.root, position: 0)] = try Self.screen(["topRow": 41])
        state.screens[.stack(.root, position: 1)] = try Self.screen(["draft": Draft(text: "Dear Ana,")])
        state.screens[.stack(.root, position: 2)] = try Self.screen(["draft": Draft(text: "Hi Ben")])
        let saved = try await store.save(state, scene: "main")
        #expect(saved.screenValuesLeftOut.isEmpty)

        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state == state)
        #expect(try restored.state.screens[.stack(.root, position: 1)]?.value(Draft.self, forKey: "draft") == Draft(text: "Dear Ana,"))
        #expect(try restored.state.screens[.stack(.root, position: 2)]?.value(Draft.self, forKey: "draft") == Draft(text: "Hi Ben"))
        #expect(try restored.state.screens[.stack(.root, position: 0)]?.value(Int.self, forKey: "topRow") == 41)
    }

    @Test func aChangeOfScreenStateAloneIsSavedAndMakesNoRevision() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>.integers(3)
        let first = try store.save(state, scene: "main")
        // A draft typed key by key: each keystroke a save, coalesced or not.
        for length in 1...200 {
            state.screens[.stack(.root, position: 2)] = try Self.screen(["draft": String(repeating: "a", count: length)])
            let result = try store.save(state, scene: "main")
            #expect(result.revision == first.revision && !result.isNewRevision)
            // One row written: the screen's, not the scene's other screens nor a revision.
            #expect(result.rowsWritten == 1, "keystroke \(length)")
        }
        #expect(try store.load(scene: "main")?.state == state)
        #expect(try store.history(scene: "main").count == 1)
        // A push on top keeps the screen under it; the revision is new.
        state.contentStack.append(StoreFixtures.entry("3"))
        #expect(try store.save(state, scene: "main").revision == first.revision + 1)
        #expect(try store.load(scene: "main")?.state == state)
    }

    @Test func aPoppedOrReplacedEntryTakesItsScreenWithIt() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>.integers(3)
        state.screens[.stack(.root, position: 1)] = try Self.screen(["draft": "one"])
        state.screens[.stack(.root, position: 2)] = try Self.screen(["draft": "two"])
        try store.save(state, scene: "main")

        // Popped: the state the face saves keeps the screens of what is left.
        var popped = SceneState<NavEntry>.integers(2)
        popped.screens = popped.keepingScreens(of: state)
        #expect(popped.screens.keys.sorted { $0.description < $1.description } == [.stack(.root, position: 1)])
        try store.save(popped, scene: "main")
        #expect(try store.load(scene: "main")?.state.screens == [.stack(.root, position: 1): try Self.screen(["draft": "one"])])

        // Another entry at position 1, even with the screens of the old one
        // still in the state: they are not handed to it on restore... and
        // a face that keeps screens across the change gives it none.
        var replaced = SceneState<NavEntry>(stack: [StoreFixtures.entry("0"), StoreFixtures.entry("9")])
        replaced.screens = replaced.keepingScreens(of: popped)
        #expect(replaced.screens.isEmpty)
        try store.save(replaced, scene: "main")
        #expect(try store.load(scene: "main")?.state.screens == [:])
    }

    @Test func aScreenWithoutAnEntryIsNotSaved() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>.integers(1)
        state.screens[.stack(.root, position: 5)] = try Self.screen(["draft": "nowhere"])
        state.screens[.presentation(1)] = try Self.screen(["draft": "no sheet"])
        try store.save(state, scene: "main")
        #expect(try store.load(scene: "main")?.state == .integers(1))
    }

    @Test func aNeverPersistedScreenKeepsItsStateOffTheDisk() async throws {
        let registry = try Self.registry()
        let directory = try TemporaryDirectory()
        let path = directory.path("nav.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<AnyDestination>(stack: [
            try AnyDestination(Route.inbox, in: registry),
            try AnyDestination(Draft(text: "card"), in: registry),
            try AnyDestination(Route.message(id: 1), in: registry),
        ])
        state.screens[.stack(.root, position: 0)] = try Self.screen(["query": "kept-query-marker"])
        state.screens[.stack(.root, position: 1)] = try Self.screen(["cardNumber": "4111-never-on-disk"])
        state.screens[.stack(.root, position: 2)] = try Self.screen(["draft": "above-never-on-disk"])
        let result = try await store.save(state, scene: "main")
        #expect(result.omitted.count == 2)
        try store.checkpointWAL()
        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state.screens.keys.map(\.description) == ["stack root position 0"])
        let bytes = try FileBytes.all(path)
        #expect(bytes.contains("kept-query-marker"))
        #expect(!bytes.contains("never-on-disk"))
    }

    @Test func aPoppedScreensStateIsGoneFromTheDatabaseAndItsWALAfterACheckpoint() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nav.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>.integers(2)
        // Kept open across many saves, as an app keeps it: the draft is
        // typed, the WAL folds back into the file along the way.
        for length in 1...300 {
            state.screens[.stack(.root, position: 1)] = try Self.screen(["draft": "secret-draft-" + String(repeating: "x", count: length % 40)])
            try store.save(state, scene: "main")
        }
        try store.checkpointWAL()
        #expect(try FileBytes.all(path).contains("secret-draft-"), "the draft reached the file")
        var popped = SceneState<NavEntry>.integers(1)
        popped.screens = popped.keepingScreens(of: state)
        try store.save(popped, scene: "main")
        #expect(try store.checkpointWAL())
        #expect(!(try FileBytes.all(path).contains("secret-draft-")))
        #expect(try store.load(scene: "main")?.state == .integers(1))
    }

    @Test func aValuePastTheLimitsIsLeftOutAndReportedAndTheRestSaved() throws {
        var configuration = StoreFixtures.quiet()
        configuration.limits.screenBytes = 100
        configuration.limits.sceneScreenBytes = 120
        let store = try NavStore.inMemory(configuration: configuration)
        var state = SceneState<NavEntry>.integers(3)
        state.screens[.stack(.root, position: 0)] = try Self.screen(["a": String(repeating: "a", count: 60), "b": String(repeating: "b", count: 60)])
        state.screens[.stack(.root, position: 1)] = try Self.screen(["c": String(repeating: "c", count: 60)])
        state.screens[.stack(.root, position: 2)] = try Self.screen(["d": "short"])
        let result = try store.save(state, scene: "main")
        #expect(result.screenValuesLeftOut.map { "\($0.location.storedText) \($0.key) \($0.limit)" } == [
            "root#0 b screenBytes", "root#1 c sceneScreenBytes",
        ])
        let loaded = try #require(try store.load(scene: "main")).state
        #expect(loaded.screens[.stack(.root, position: 0)]?.keys == ["a"])
        #expect(loaded.screens[.stack(.root, position: 1)] == nil)
        #expect(loaded.screens[.stack(.root, position: 2)]?.keys == ["d"])
        #expect(loaded.contentStack == state.contentStack)
    }

    @Test func aValueThatNoLongerDecodesIsThatValueAloneLost() async throws {
        let registry = try Self.registry()
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var state = SceneState<AnyDestination>(stack: [try AnyDestination(Route.message(id: 3), in: registry)])
        var screen = ScreenState()
        try screen.setValue("an older build's draft", forKey: "draft")
        try screen.setValue(12, forKey: "topRow")
        state.screens[.stack(.root, position: 0)] = screen
        try await store.save(state, scene: "main")

        // The next build keeps its draft as a struct.
        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state.contentStack == state.contentStack)
        let back = try #require(restored.state.screens[.stack(.root, position: 0)])
        #expect { try back.value(Draft.self, forKey: "draft") } throws: { error in
            (error as? NavStateError)?.code == .screenValueUndecodable && "\(error)".contains("'draft'")
        }
        #expect(try back.value(Int.self, forKey: "topRow") == 12)
    }

    @Test func aRestoreOfAnOlderRevisionGivesAScreenOnlyToItsOwnEntry() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision())
        var first = SceneState<NavEntry>(stack: [StoreFixtures.entry("0"), StoreFixtures.entry("1")])
        try store.save(first, scene: "main")
        var second = SceneState<NavEntry>(stack: [StoreFixtures.entry("0"), StoreFixtures.entry("2")])
        second.screens[.stack(.root, position: 0)] = try Self.screen(["draft": "zero"])
        second.screens[.stack(.root, position: 1)] = try Self.screen(["draft": "two"])
        try store.save(second, scene: "main")
        // Revision 1 holds entry "1" at position 1: the screen of "2" is not its.
        first.screens[.stack(.root, position: 0)] = try Self.screen(["draft": "zero"])
        #expect(try store.load(scene: "main", revision: 1)?.state == first)
        #expect(try store.load(scene: "main", revision: 2)?.state == second)
    }

    @Test func anotherConnectionsScreensAreSeenBeforeASaveReplacesThem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nav.sqlite")
        let one = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let two = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>.integers(2)
        try one.save(state, scene: "main")
        state.screens[.stack(.root, position: 1)] = try Self.screen(["draft": "from two"])
        try two.save(state, scene: "main")
        // `one` saves the same navigation without screens: the file's rows go.
        try one.save(.integers(2), scene: "main")
        #expect(try two.load(scene: "main")?.state == .integers(2))
        try two.save(state, scene: "main")
        #expect(try one.load(scene: "main")?.state == state)
    }

    /// A file of four entries, each with the screen `values` gives it, and
    /// a connection to tamper with it.
    static func fourScreens(
        in directory: TemporaryDirectory, _ values: (Int) -> [String: any Encodable]
    ) async throws -> (path: String, tamper: SQLiteConnection) {
        let path = directory.path("nav.sqlite")
        var state = SceneState<NavEntry>.integers(4)
        for position in 0..<4 { state.screens[.stack(.root, position: position)] = try screen(values(position)) }
        _ = try await NavStore(path: path, configuration: StoreFixtures.quiet()).save(state, scene: "main")
        return (path, try SQLiteConnection(path: path, mode: .readWrite(create: false)))
    }

    @Test func aTamperedScreenRowIsNotHandedOutAndTheRestComesBack() async throws {
        let directory = try TemporaryDirectory()
        let (path, tamper) = try await Self.fourScreens(in: directory) { ["draft": "d\($0)", "n": $0] }
        // A length past the end; a varint that never ends; text that is not
        // UTF-8; another entry's checksum.
        try tamper.execute("UPDATE screen_state SET screen = X'05616263' WHERE location = 'root#0'")
        try tamper.execute("UPDATE screen_state SET screen = X'FFFFFFFFFFFFFFFFFFFF' WHERE location = 'root#1'")
        try tamper.execute("UPDATE screen_state SET screen = X'01FF0131' WHERE location = 'root#2'")
        try tamper.execute("UPDATE screen_state SET entry_check = entry_check + 1 WHERE location = 'root#3'")
        try tamper.execute("INSERT INTO screen_state SELECT id, 'not a location', 0, X'' FROM scene")
        let loaded = try #require(try await NavStore(path: path, configuration: StoreFixtures.quiet()).load(scene: "main")).state
        #expect(loaded == .integers(4))
        try tamper.execute("UPDATE screen_state SET entry_check = entry_check - 1 WHERE location = 'root#3'")
        let fixed = try #require(try await NavStore(path: path, configuration: StoreFixtures.quiet()).load(scene: "main")).state
        #expect(fixed.screens == [.stack(.root, position: 3): try Self.screen(["draft": "d3", "n": 3])])

        // A screen past the limits, which no save writes: a load shows it,
        // a restore does not hand it to the app.
        var small = StoreFixtures.quiet()
        small.limits.screenBytes = 4
        let limited = try NavStore(path: path, configuration: small)
        #expect(try await limited.load(scene: "main")?.state.screens.count == 1)
        #expect(try await limited.restoreEntries(scene: "main").state.screens.isEmpty)
    }

    /// The row's values as a save writes them and as only a tampered file
    /// holds them: a key twice, a key without a value, more values than
    /// the common one or two.
    @Test func aRowWithAKeyTwiceOrAKeyWithoutAValueIsNotHandedOut() async throws {
        let directory = try TemporaryDirectory()
        let (path, tamper) = try await Self.fourScreens(in: directory) { ["draft": "d\($0)"] }
        // a=1, a=2 · a=1, b · a=1, b=2, c=3 · a=1, b=2, a=3
        try tamper.execute("UPDATE screen_state SET screen = X'0161013101610132' WHERE location = 'root#0'")
        try tamper.execute("UPDATE screen_state SET screen = X'016101310162' WHERE location = 'root#1'")
        try tamper.execute("UPDATE screen_state SET screen = X'016101310162013201630133' WHERE location = 'root#2'")
        try tamper.execute("UPDATE screen_state SET screen = X'016101310162013201610133' WHERE location = 'root#3'")
        let loaded = try #require(try await NavStore(path: path, configuration: StoreFixtures.quiet()).load(scene: "main")).state
        #expect(loaded.screens == [.stack(.root, position: 2): ScreenState(json: ["a": "1", "b": "2", "c": "3"])])
    }

    @Test func deleteAndPurgeTakeTheScreensWithThem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nav.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>.integers(1)
        state.screens[.stack(.root, position: 0)] = try Self.screen(["draft": "purged-marker"])
        try store.save(state, scene: "a")
        try store.save(state, scene: "b")
        try store.delete(scene: "a")
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try connection.integer("SELECT count(*) FROM screen_state") == 1)
        #expect(try store.purge())
        #expect(try connection.integer("SELECT count(*) FROM screen_state") == 0)
        #expect(!(try FileBytes.all(path).contains("purged-marker")))
    }
}

/// The bytes of a database and its `-wal` and `-shm`, as one text to search.
enum FileBytes {
    static func all(_ path: String) throws -> String {
        var text = ""
        for suffix in ["", "-wal", "-shm"] {
            guard let data = FileManager.default.contents(atPath: path + suffix) else { continue }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }
}
