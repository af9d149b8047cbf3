import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Runs the built `navstate` binary for every subcommand, success and failure.
@Suite("navstate command")
struct CLITests {
    let navstate = CommandRunner.navstate

    /// A directory with a database holding a rich scene saved twice.
    func populated() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(StoreFixtures.richState(), scene: "main")
        var second = StoreFixtures.richState()
        second.contentStack.append(StoreFixtures.entry("3"))
        try store.save(second, scene: "main")
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "other")
        return (directory, path)
    }

    func write(_ text: String, to directory: TemporaryDirectory, as name: String) throws -> String {
        let path = directory.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func expectOneLineError(_ output: CommandRunner.Output, mentioning words: String) {
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("navstate: "))
        #expect(output.stderr.filter { $0 == "\n" }.count == 1, "stderr: \(output.stderr)")
        #expect(output.stderr.contains(words), "stderr: \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    // MARK: Import and export

    @Test(arguments: ["backport-emoji.json", "forum-int-string.json"])
    func swiftUIFixtureImportsAndExportsByteIdentically(file: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        let fixture = Fixtures.swiftUIDirectory().appendingPathComponent(file).path
        let imported = try navstate.run(["import", "main", fixture, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.text.contains("revision 1"))
        let exported = try navstate.run(["export", "main", "--format", "swiftui", "--db", db])
        #expect(exported.status == 0)
        #expect(exported.stdout == (try Fixtures.data(file)))
    }

    @Test func importReadsStandardInputAndTheEnvironmentsDatabase() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("env.sqlite")
        let imported = try navstate.run(["import", "main", "-"], environment: ["NAVSTATE_DB": db], input: Data(#"["Si","5"]"#.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try NavStore(readingAt: db).load(scene: "main")?.state.contentStack == [NavEntry(tag: "Si", payload: "5")])
    }

    @Test func defaultDatabaseIsNavstateSqliteInTheWorkingDirectory() throws {
        let directory = try TemporaryDirectory()
        let imported = try navstate.run(["import", "main", "-"], in: directory.url, input: Data(#"["Si","5"]"#.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path("navstate.sqlite")))
    }

    @Test func mangledTagArrayImportsAndTranslatesToQualifiedTags() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        let file = try write(#"["SS","\"b\"","Si","1"]"#, to: directory, as: "mangled.json")
        #expect(try navstate.run(["import", "main", file, "--db", db]).status == 0)
        let qualified = try navstate.run(["export", "main", "--tags", "qualified", "--db", db])
        #expect(qualified.text == #"["Swift.String","\"b\"","Swift.Int","1"]"#)
        let stable = try navstate.run(["export", "main", "--tags", "stable", "--db", db])
        #expect(stable.text == #"["String","\"b\"","Int","1"]"#)
    }

    @Test func exportTranslatesAppTagsThroughARegistryManifest() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        let manifest = directory.path("manifest.json")
        try Samples.registry().manifest.jsonData().write(to: URL(fileURLWithPath: manifest))
        let qualified = String(reflecting: ShopRoute.self)
        let file = try write(#"["\#(qualified)","{\"home\":{}}"]"#, to: directory, as: "in.json")
        #expect(try navstate.run(["import", "main", file, "--db", db]).status == 0)
        let stable = try navstate.run(["export", "main", "--tags", "stable", "--registry", manifest, "--db", db])
        #expect(stable.text == #"["shop","{\"home\":{}}"]"#)
        let unknown = try navstate.run(["export", "main", "--tags", "stable", "--db", db])
        expectOneLineError(unknown, mentioning: "no registered type answers to the tag")
    }

    @Test func flowStacksArrayImportsWithPresentations() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        let file = try write(
            #"[{"sheet":{"withNavigation":true}},"Si","2",{"push":{}},"Si","1"]"#, to: directory, as: "flow.json")
        let imported = try navstate.run(["import", "main", file, "--db", db])
        #expect(imported.text.contains("flowstacks"))
        let state = try #require(try NavStore(readingAt: db).load(scene: "main")).state
        #expect(state.contentStack.map(\.payload) == ["1"])
        #expect(state.presentations.map(\.method) == [.managedSheet])
        let swiftui = try navstate.run(["export", "main", "--db", db])
        expectOneLineError(swiftui, mentioning: "--format scene")
        let scene = try navstate.run(["export", "main", "--format", "scene", "--db", db])
        #expect(try SceneState<NavEntry>(json: scene.stdout) == state)
    }

    @Test(arguments: [
        (#"{"a":1}"#, "not valid"),
        (#"["Si","1","Si"]"#, "pairs"),
        (#"["Si",1]"#, "item 1"),
        (#"["Si","{oops"]"#, "not valid JSON"),
        (#"["Si","#, "truncated"),
    ])
    func malformedImportIsAOneLineErrorAndWritesNoRevision(text: String, words: String) throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let file = try write(text, to: directory, as: "bad.json")
        let before = try #require(StoreFixtures.bytes(of: db))
        let output = try navstate.run(["import", "main", file, "--db", db])
        expectOneLineError(output, mentioning: words)
        #expect(StoreFixtures.bytes(of: db) == before)
        #expect(try NavStore(readingAt: db).history(scene: "main").count == 2)
    }

    /// A tab-bar scene: its tabs drawn by `show`, one stack exported as
    /// SwiftUI's format and another replaced from it, the steps between
    /// the revisions named by stack.
    @Test func oneStackOfATabBarExportsAndImportsAsSwiftUIsFormat() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        var state = SceneState<NavEntry>(content: .tabs(NavTabs(ids: ["home", "orders", "cart"], selected: "orders")))
        try state.setStack(.tab("orders"), to: [StoreFixtures.entry("1"), StoreFixtures.entry("2")])
        state.presentations = [Presentation(method: .managedSheet, destination: StoreFixtures.entry("cart", "{}"))]
        let scene = try write(String(decoding: try state.jsonData(), as: UTF8.self), to: directory, as: "scene.json")
        #expect(try navstate.run(["import", "main", scene, "--db", db]).status == 0)

        let shown = try navstate.run(["show", "main", "--db", db]).text
        for words in ["root  tabs, selected 'orders'", "tab:home  stack (0)", "tab:orders  stack (2)", "managedSheet 1  cart"] {
            #expect(shown.contains(words), "missing '\(words)' in\n\(shown)")
        }
        let orders = try navstate.run(["export", "main", "--stack", "tab:orders", "--format", "swiftui", "--db", db])
        #expect(orders.status == 0, "\(orders.stderr)")
        #expect(orders.text == String(decoding: PathRepresentation.encode([StoreFixtures.entry("1"), StoreFixtures.entry("2")]), as: UTF8.self))
        expectOneLineError(try navstate.run(["export", "main", "--format", "swiftui", "--db", db]), mentioning: "--stack")
        expectOneLineError(
            try navstate.run(["export", "main", "--stack", "tab:deals", "--format", "swiftui", "--db", db]),
            mentioning: "its stacks are tab:home, tab:orders, tab:cart, sheet:1")

        let path = try write(orders.text, to: directory, as: "orders.json")
        let imported = try navstate.run(["import", "main", path, "--stack", "tab:cart", "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.text.contains("into stack tab:cart"))
        let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
        var expected = state
        try expected.setStack(.tab("cart"), to: [StoreFixtures.entry("1"), StoreFixtures.entry("2")])
        #expect(try store.load(scene: "main")?.state == expected)
        // Not an address at all: a usage error, as for any malformed option.
        let malformed = try navstate.run(["import", "main", path, "--stack", "nowhere", "--db", db])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("'nowhere' is invalid for '--stack <stack>'"), "\(malformed.stderr)")

        let diff = try navstate.run(["diff", "main", "1", "2", "--db", db]).text
        #expect(diff.contains("set-container tab:cart"), "\(diff)")
    }

    @Test func importWithAStaleExpectedHeadIsAConflict() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let file = try write(#"["Si","1"]"#, to: directory, as: "in.json")
        let output = try navstate.run(["import", "main", file, "--expected-head", "1", "--db", db])
        expectOneLineError(output, mentioning: "another writer saved first")
    }

    // MARK: Reading

    @Test func readCommandsLeaveTheFileByteIdentical() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let before = try #require(StoreFixtures.bytes(of: db))
        let commands: [[String]] = [
            ["scenes"], ["scenes", "--json"], ["show", "main"], ["show", "main", "--json"], ["show", "main", "--revision", "1"],
            ["history", "main"], ["history", "main", "--json"], ["diff", "main", "1", "2"], ["diff", "main", "1", "2", "--json"],
            ["export", "main", "--format", "scene"], ["check"], ["check", "--json"], ["stats"], ["stats", "--json"],
            ["schema"], ["schema", "--json"],
        ]
        for command in commands {
            let output = try navstate.run(command + ["--db", db])
            // check exits 1 here: the scene's app tags are unknown without a manifest.
            #expect(output.status == (command.first == "check" ? 1 : 0), "\(command): \(output.stderr)")
            #expect(!output.stdout.isEmpty, "\(command) printed nothing")
            if command.contains("--json") {
                #expect((try? JSONSerialization.jsonObject(with: output.stdout)) != nil, "\(command) is not JSON")
            }
            #expect(StoreFixtures.bytes(of: db) == before, "\(command) changed the file")
        }
    }

    @Test func scenesJSONHasTheContractedFields() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let output = try navstate.run(["scenes", "--json", "--db", db])
        let scenes = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [[String: Any]])
        #expect(scenes.map { $0["scene"] as? String } == ["main", "other"])
        #expect(scenes[0]["revision"] as? Int == 2)
        #expect(scenes[0]["entryCount"] as? Int == StoreFixtures.richState().entryCount + 1)
        #expect(scenes[0]["updatedAt"] is String)
    }

    @Test func showDrawsTheTreeAndJSONIsTheSceneFormat() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let tree = try navstate.run(["show", "main", "--revision", "1", "--db", db]).text
        for words in ["root stack (2)", "managedSheet 1", "cover 2", "checkpoints", "cart  stack sheet:1, keeps 1 returns Int", "selectedTab"] {
            #expect(tree.contains(words), "missing '\(words)' in\n\(tree)")
        }
        let json = try navstate.run(["show", "main", "--revision", "1", "--json", "--db", db])
        #expect(try SceneState<NavEntry>(json: json.stdout) == StoreFixtures.richState())
        expectOneLineError(try navstate.run(["show", "nope", "--db", db]), mentioning: "no scene 'nope'")
        expectOneLineError(try navstate.run(["show", "main", "--revision", "9", "--db", db]), mentioning: "no revision 9")
    }

    @Test func diffListsTheSteps() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let output = try navstate.run(["diff", "main", "1", "2", "--json", "--db", db])
        let report = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        let steps = try #require(report["steps"] as? [[String: Any]])
        // The dismiss drops the checkpoint of the sheet it removes, so every
        // state on the way is valid; the plan sets the checkpoints last.
        #expect(steps.map { $0["op"] as? String } == ["dismiss", "push", "present", "push", "present", "set-checkpoints"])
    }

    @Test func historyOfAMissingSceneIsAnError() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        expectOneLineError(try navstate.run(["history", "nope", "--db", db]), mentioning: "no scene 'nope'")
    }

    // MARK: Check

    @Test func checkExitsZeroOneOrTwo() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        // The rich state holds app tags that a built-ins-only check does not know.
        let unknown = try navstate.run(["check", "--json", "--db", db])
        #expect(unknown.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: unknown.stdout) as? [String: Any])
        #expect(report["ok"] as? Bool == false)
        let scenes = try #require(report["scenes"] as? [[String: Any]])
        let main = try #require(scenes.first { $0["scene"] as? String == "main" })
        let dropped = try #require(main["dropped"] as? [[String: Any]])
        #expect(dropped.first?["reason"] as? String == "unknown-type")
        #expect(dropped.first?["stack"] as? String == "root")
        #expect(dropped.first?["position"] as? Int == 0)
        #expect(dropped.first?["tag"] as? String == "home")
        // A presentation's destination has its address and no position.
        let cart = try #require(dropped.first { $0["tag"] as? String == "cart" })
        #expect(cart["stack"] as? String == "sheet:1")
        #expect(cart["position"] == nil)

        // Built-in types are always known: scene 'other' holds only Int.
        let clean = try navstate.run(["check", "other", "--db", db])
        #expect(clean.status == 0, "\(clean.text)")

        let manifest = try write(
            #"{"types":[{"name":"home"},{"name":"orders.detail"},{"name":"cart"},{"name":"cart.item"}]}"#,
            to: directory, as: "manifest.json")
        #expect(try navstate.run(["check", "--registry", manifest, "--db", db]).status == 0)
        let bad = try write("{", to: directory, as: "bad-manifest.json")
        expectOneLineError(try navstate.run(["check", "--registry", bad, "--db", db]), mentioning: "manifest")
        let impossible = try write(#"{"types":[{"name":"a"},{"name":"a"}]}"#, to: directory, as: "impossible.json")
        expectOneLineError(try navstate.run(["check", "--registry", impossible, "--db", db]), mentioning: "could not exist")
        expectOneLineError(try navstate.run(["check", "--db", directory.path("missing.sqlite")]), mentioning: "does not exist")
    }

    /// A split view's selection has the split view's address, a scene
    /// value no stack; neither has a position (NavStateTooling.docc/TheNavstateCommand.md).
    @Test func checkLocatesSelectionsAndValuesInItsJSON() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        let unknown = StoreFixtures.entry("gone.screen", "{}")
        let state = SceneState<NavEntry>(
            content: .tabs(NavTabs([NavTab("mail", .split(NavSplit(sidebar: unknown)))])), values: ["filter": unknown])
        try NavStore(path: db, configuration: StoreFixtures.quiet()).save(state, scene: "main")
        let output = try navstate.run(["check", "--json", "--db", db])
        let report = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        let scenes = try #require(report["scenes"] as? [[String: Any]])
        let dropped = try #require(scenes.first?["dropped"] as? [[String: Any]])
        #expect(dropped.count == 2)
        let selection = try #require(dropped.first { ($0["location"] as? String)?.contains("selection") == true })
        #expect(selection["stack"] as? String == "tab:mail")
        #expect(selection["position"] == nil)
        let value = try #require(dropped.first { ($0["location"] as? String)?.hasPrefix("value") == true })
        #expect(value["stack"] == nil)
        #expect(value["position"] == nil)
    }

    /// With a manifest that declares the app's tabs, check fits each saved
    /// tree as the app's restore will: a removed tab's entries would be
    /// dropped, and the tree's changes are listed.
    @Test func checkFitsSavedTreesToTheManifestsTabs() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        var state = SceneState<NavEntry>(content: .tabs(NavTabs(ids: ["home", "promo"], selected: "promo")))
        try state.setStack(.tab("promo"), to: [StoreFixtures.entry("1")])
        try NavStore(path: db, configuration: StoreFixtures.quiet()).save(state, scene: "main")
        let manifest = try write(
            #"{"types":[],"tree":{"tabs":{"selected":"home","items":[{"id":"home","content":{"stack":[]}},{"id":"cart","content":{"stack":[]}}]}}}"#,
            to: directory, as: "manifest.json")
        let text = try navstate.run(["check", "--registry", manifest, "--db", db])
        #expect(text.status == 1)
        for words in ["tree: the tab 'cart' of the tab bar at root is new", "tree: the tab 'promo' of the tab bar at root is gone",
                      "tree: the saved tab 'promo' of the tab bar at root is gone; 'home' is selected",
                      "stack tab:promo position 0  Int  not-in-this-version"] {
            #expect(text.text.contains(words), "missing '\(words)' in\n\(text.text)")
        }
        let json = try navstate.run(["check", "--json", "--registry", manifest, "--db", db])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let scene = try #require((report["scenes"] as? [[String: Any]])?.first)
        #expect((scene["treeChanges"] as? [String])?.count == 3)
        #expect((scene["dropped"] as? [[String: Any]])?.first?["stack"] as? String == "tab:promo")
    }

    @Test func aFailedIntegrityCheckIsReportedUnderAHeadingOnStdout() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        try Tamper.breakIndex("sqlite_autoindex_scene_1", in: db)
        let text = try navstate.run(["check", "--db", db])
        #expect(text.status == 1)
        #expect(text.stderr.isEmpty)
        let lines = text.text.split(separator: "\n")
        #expect(lines.first == "integrity check failed (scenes were not checked):")
        #expect(lines.count >= 2 && lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(text.text)")
        let json = try navstate.run(["check", "--json", "--db", db])
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let integrity = try #require(report["integrity"] as? [String])
        #expect(integrity.count == lines.count - 1)
        #expect(integrity.allSatisfy { $0.contains("sqlite_autoindex_scene_1") })
        #expect(report["ok"] as? Bool == false)
    }

    // MARK: Files that cannot be read

    @Test func missingFileIsAnErrorAndIsNotCreated() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("missing.sqlite")
        for command in [["scenes"], ["show", "main"], ["stats"], ["schema"], ["prune"], ["delete", "main"], ["purge", "--yes"]] {
            expectOneLineError(try navstate.run(command + ["--db", db]), mentioning: "does not exist")
            #expect(!FileManager.default.fileExists(atPath: db), "\(command) created the file")
        }
    }

    @Test func garbageFileIsAnErrorAndIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let db = try write(String(repeating: "not a database ", count: 100), to: directory, as: "garbage.sqlite")
        let before = try #require(StoreFixtures.bytes(of: db))
        for command in [["scenes"], ["import", "main", "-"], ["prune"], ["demo"]] {
            let output = try navstate.run(command + ["--db", db], input: Data(#"["Si","1"]"#.utf8))
            expectOneLineError(output, mentioning: "not a NavState database")
            #expect(StoreFixtures.bytes(of: db) == before)
        }
    }

    @Test func newerSchemaFileIsAnErrorAndIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("future.sqlite")
        try SQLiteFile.create(db, sql: "PRAGMA application_id = 1312904787; PRAGMA user_version = 42; CREATE TABLE x (y);")
        let before = try #require(StoreFixtures.bytes(of: db))
        for command in [["scenes"], ["import", "main", "-"], ["demo"]] {
            let output = try navstate.run(command + ["--db", db], input: Data(#"["Si","1"]"#.utf8))
            expectOneLineError(output, mentioning: "schema 42")
            #expect(StoreFixtures.bytes(of: db) == before)
        }
    }
}
