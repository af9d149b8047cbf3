import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Schema 7 (each screen's own state) over a file the schema-6 NavState
/// wrote and committed (`Tests/Fixtures/stores/schema6-trees.sqlite`, every
/// kept revision beside it as scene JSON): a tab-bar scene with a sheet
/// over it, a split view's selections, a scene of one stack. The migration
/// adds a table and rewrites no row; every revision loads as it did, every
/// screen comes back with no state of its own, and screen state saves on top.
@Suite("Screen state migration", .serialized)
struct ScreenStateMigrationTests {
    static let database = StoreFixtureTests.directory.appendingPathComponent("schema6-trees.sqlite")
    static let expected = StoreFixtureTests.directory.appendingPathComponent("schema6-trees.json")

    static func entry(_ tag: String, _ payload: String, version: Int? = nil) -> NavEntry {
        NavEntry(tag: tag, version: version, payload: payload)
    }

    /// Writes the fixture; run only by a schema-6 NavState:
    /// `NAVSTATE_WRITE_SCHEMA6_FIXTURE=1 swift test --filter ScreenStateMigrationTests`.
    static func write() throws {
        try? FileManager.default.removeItem(at: database)
        var configuration = StoreFixtures.quiet()
        configuration.keptRevisions = 6
        let clock = ManualClock()
        configuration.clock = { clock.date }
        let store = try NavStore(path: database.path, configuration: configuration)
        var tabs = SceneState<NavEntry>(content: .tabs(NavTabs(
            [NavTab("home", .stack([entry("home", "{}")])), NavTab("orders"), NavTab("settings")], selected: "orders")))
        for step in 1...9 {
            clock.advance(by: 20)
            switch step % 4 {
            case 1:
                var stack = tabs.stack(.tab("orders")) ?? []
                stack.append(entry("orders.detail", #"{"id":\#(step)}"#, version: 2))
                try tabs.setStack(.tab("orders"), to: stack)
            case 2:
                tabs.presentations = [Presentation(
                    method: .managedSheet, destination: entry("compose", #"{"to":"ana"}"#),
                    stack: [entry("compose.attachment", #"{"n":\#(step)}"#)])]
            case 3:
                tabs.presentations = []
                if case .tabs(var bar) = tabs.content {
                    bar.selected = step == 3 ? "settings" : "orders"
                    tabs.content = .tabs(bar)
                }
            default:
                tabs.values["filter"] = entry("String", #""open-\#(step)""#)
            }
            try store.save(tabs, scene: "tabs")
        }
        var split = SceneState<NavEntry>(content: .split(NavSplit(
            sidebar: entry("folder", #"{"name":"inbox"}"#), detail: .stack([entry("message", #"{"id":1}"#)]))))
        try store.save(split, scene: "split")
        clock.advance(by: 5)
        try split.setStack(.detail, to: [entry("message", #"{"id":1}"#), entry("message", #"{"id":1}"#)])
        try store.save(split, scene: "split")
        var stack = SceneState<NavEntry>(stack: [entry("Swift.Int", "1")])
        for step in 2...4 {
            clock.advance(by: 7)
            stack.contentStack.append(entry("Swift.Int", "\(step)"))
            try store.save(stack, scene: "window-2")
        }
        try StoreFixtureTests.writeExpected(of: store, to: expected)
    }

    @Test func theSchema6FixtureIsWrittenOnlyOnPurpose() throws {
        if ProcessInfo.processInfo.environment["NAVSTATE_WRITE_SCHEMA6_FIXTURE"] == "1" {
            try #require(SchemaMigration.latestVersion == 6, "schema6-trees.sqlite can only be written by a schema-6 NavState")
            try Self.write()
        }
        let expected = try JSONDecoder().decode(StoreFixtureTests.Expected.self, from: Data(contentsOf: Self.expected))
        #expect(expected.schemaVersion == 6, "the fixture is named for the schema that wrote it")
        #expect(expected.scenes.keys.sorted() == ["split", "tabs", "window-2"])
        #expect(expected.scenes["tabs"]?.count == 6, "history pruned to the last six")
    }

    /// Every revision row and scene row of a file, as one text.
    static func rows(_ path: String) throws -> String {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        var lines: [String] = []
        for sql in [
            "SELECT id || ' ' || name || ' ' || created_at || ' ' || coalesce(kept_revisions, '-') FROM scene ORDER BY id",
            """
            SELECT scene_id || ' ' || number || ' ' || saved_at || ' ' || base || ' ' || entry_count || ' '
                || presentation_count || ' ' || byte_count || ' ' || chain_bytes || ' ' || hex(change)
            FROM revision ORDER BY scene_id, number
            """,
        ] {
            let statement = try connection.prepare(sql)
            while try statement.step() { lines.append(statement.text(at: 0)) }
        }
        return lines.joined(separator: "\n")
    }

    @Test func theSchema6FixtureMigratesWithEveryScreenAsItWasAndTakesScreenStateOnTop() throws {
        let expected = try JSONDecoder().decode(StoreFixtureTests.Expected.self, from: Data(contentsOf: Self.expected))
        let directory = try TemporaryDirectory()
        let copy = directory.path("app.sqlite")
        try FileManager.default.copyItem(atPath: Self.database.path, toPath: copy)
        let before = try Self.rows(copy)

        let store = try NavStore(path: copy, configuration: StoreFixtures.quiet())
        #expect(try store.schemaVersion() == 7)
        #expect(try store.appliedMigrations().map(\.version) == Array(1...7))
        #expect(try Self.rows(copy) == before, "the migration rewrote a row")
        try StoreFixtureTests.expectEveryRevision(of: expected, in: store)
        #expect(try store.integrityCheck().isEmpty)

        // The app's next build keeps a draft on the orders tab's top screen.
        let head = try #require(try store.load(scene: "tabs"))
        #expect(head.state.screens.isEmpty)
        var next = head.state
        let top = try #require(next.stack(.tab("orders"))).count - 1
        var screen = ScreenState()
        try screen.setValue("Dear Ana,", forKey: "draft")
        next.screens[.stack(.tab("orders"), position: top)] = screen
        let saved = try store.save(next, scene: "tabs")
        #expect(!saved.isNewRevision, "the navigation is the head's: only the screen was written")
        let reopened = try NavStore(path: copy, configuration: StoreFixtures.quiet())
        #expect(try reopened.load(scene: "tabs")?.state == next)
        #expect(try reopened.load(scene: "tabs", revision: head.revision)?.state == next)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: Self.database.path + suffix), "\(suffix) beside the fixture")
        }
    }
}
