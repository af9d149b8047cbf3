import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

// The commands that write, the demo, help and portability, and the
// refusals that leave nothing behind (the rest of the suite is
// CLITests.swift).
extension CLITests {
    // MARK: Writing

    @Test func pruneDeleteAndPurge() throws {
        let (directory, db) = try populated()
        defer { withExtendedLifetime(directory) {} }
        let untouched = try #require(StoreFixtures.bytes(of: db))
        let dryRun = try navstate.run(["prune", "--keep-revisions", "1", "--dry-run", "--db", db])
        #expect(dryRun.text.contains("would remove 1 old revision of scene 'main'"))
        #expect(StoreFixtures.bytes(of: db) == untouched)
        #expect(try NavStore(readingAt: db).history(scene: "main").map(\.revision) == [1, 2])
        let pruned = try navstate.run(["prune", "--keep-revisions", "1", "--db", db])
        #expect(pruned.status == 0)
        #expect(pruned.text.contains("removed 1 old revision of scene 'main'"))
        #expect(try NavStore(readingAt: db).history(scene: "main").map(\.revision) == [2])
        #expect(try navstate.run(["prune", "--older-than", "30d", "--db", db]).status == 0)
        #expect(try navstate.run(["prune", "--older-than", "soon", "--db", db]).status != 0)
        #expect(try navstate.run(["prune", "--keep-revisions", "0", "--db", db]).status != 0)

        let before = try #require(StoreFixtures.bytes(of: db))
        expectOneLineError(try navstate.run(["delete", "nope", "--db", db]), mentioning: "no scene 'nope'")
        #expect(StoreFixtures.bytes(of: db) == before)
        #expect(try navstate.run(["delete", "other", "--db", db]).status == 0)
        #expect(try NavStore(readingAt: db).scenes().map(\.scene) == ["main"])

        expectOneLineError(try navstate.run(["purge", "--db", db]), mentioning: "--yes")
        #expect(try NavStore(readingAt: db).scenes().count == 1)
        #expect(try navstate.run(["purge", "--yes", "--db", db]).status == 0)
        #expect(try NavStore(readingAt: db).scenes().isEmpty)
    }

    @Test func pruneVacuumGivesFreedPagesBack() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("big.sqlite")
        let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
        let payload = "\"" + String(repeating: "x", count: 30_000) + "\""
        for index in 0..<40 {
            try store.save(SceneState(stack: [NavEntry(tag: "String", payload: payload)]), scene: "scene-\(index)")
        }
        try store.checkpointWAL()
        for index in 0..<39 { try store.delete(scene: "scene-\(index)") }
        try store.checkpointWAL()
        let before = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int)
        let output = try navstate.run(["prune", "--vacuum", "--db", db])
        #expect(output.status == 0)
        #expect(output.text.contains("vacuumed"))
        let after = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int)
        #expect(after < before / 4, "\(before) -> \(after)")
        #expect(try NavStore(readingAt: db).scenes().map(\.scene) == ["scene-39"])
        #expect(try navstate.run(["prune", "--vacuum", "--dry-run", "--db", db]).status != 0)
    }

    // MARK: Demo, help, portability

    @Test func demoSucceedsTwiceInARowAndShowsTheRestoredTreeAndDrops() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("demo.sqlite")
        let first = try navstate.run(["demo", "--db", db])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try navstate.run(["demo", "--db", db])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(first.text == second.text)
        for words in ["restored revision 6 of 6", "order  {\"id\":42}", "cart.item@2", "promo  unknown type", "navstate show demo"] {
            #expect(second.text.contains(words), "missing '\(words)'")
        }
        #expect(try NavStore(readingAt: db).history(scene: "demo").count == 6)
    }

    @Test func everySubcommandExplainsItselfInHelp() throws {
        let subcommands = ["demo", "scenes", "show", "history", "diff", "import", "export", "check", "repair", "prune", "delete", "purge", "stats", "schema"]
        let root = try navstate.run(["--help"])
        for subcommand in subcommands {
            #expect(root.text.contains(subcommand))
            let help = try navstate.run([subcommand, "--help"])
            #expect(help.status == 0)
            #expect(help.text.contains("OVERVIEW:"), "\(subcommand) --help has no overview")
            #expect(help.text.contains("--db"), "\(subcommand) --help does not mention --db")
            #expect(help.text.contains("Examples:"), "\(subcommand) --help has no examples")
            #expect(help.text.contains("navstate \(subcommand)"), "\(subcommand) --help has no example of itself")
        }
        #expect(try navstate.run(["--version"]).text == NavStateVersion.current + "\n")
    }

    @Test func binaryWorksAfterBeingCopiedElsewhere() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.url.appendingPathComponent("navstate")
        try FileManager.default.copyItem(at: navstate.executable, to: copy)
        let output = try CommandRunner(executable: copy).run(["demo"], in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.text.contains("restored revision 6"))
    }

    // MARK: Refusals that leave nothing behind, and text from files

    @Test func aRefusedImportCreatesNoDatabaseAndCutsLongNames() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("new.sqlite")
        let file = try write(#"["Swift.Int","1"]"#, to: directory, as: "path.json")
        let longName = String(repeating: "n", count: 10_000)
        let named = try navstate.run(["import", longName, file, "--db", db])
        expectOneLineError(named, mentioning: "10000 bytes")
        #expect(named.stderr.utf8.count < 400, "the error echoed the input: \(named.stderr.utf8.count) bytes")
        let deep = "[" + Array(repeating: #""Swift.Int","1""#, count: 10_000).joined(separator: ",") + "]"
        let deepFile = try write(deep, to: directory, as: "deep.json")
        expectOneLineError(try navstate.run(["import", "main", deepFile, "--db", db]), mentioning: "entries per stack")
        let escaped = try navstate.run(["import", "bad\u{1B}]0;owned\u{07}", file, "--db", db])
        expectOneLineError(escaped, mentioning: "control character")
        #expect(!escaped.stderr.contains("\u{1B}"))
        #expect(!FileManager.default.fileExists(atPath: db), "a refused import left a database behind")
    }

    @Test func textFromTheFileIsEscapedBeforeItReachesTheTerminal() throws {
        let (directory, path) = try populated()
        defer { withExtendedLifetime(directory) {} }
        var head = try Tamper.read(path, scene: "main")
        head.slots[0] = head.slots[0]?.map { $0.tag == "home" ? NavEntry(tag: "tag\u{1B}[2J", version: $0.version, payload: $0.payload) : $0 }
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
        try Tamper.run(path, """
            UPDATE scene SET name = 'evil' || char(27) || ']0;title' || char(7) || char(10) || 'main  99' WHERE name = 'other';
            """)
        let scenes = try navstate.run(["scenes", "--db", path])
        #expect(scenes.status == 0, "\(scenes.stderr)")
        #expect(!scenes.text.contains("\u{1B}") && !scenes.text.contains("\u{07}"))
        #expect(scenes.text.contains(#"evil\u{1B}]0;title\u{7}\u{A}main  99"#), "\(scenes.text)")
        #expect(scenes.text.split(separator: "\n").count == 3, "a name spoofed a row: \(scenes.text)")
        let show = try navstate.run(["show", "main", "--db", path])
        #expect(show.status == 0)
        #expect(!show.text.contains("\u{1B}"))
        #expect(show.text.contains(#"tag\u{1B}[2J"#), "\(show.text)")
    }

    @Test func checkReportsASceneThatCannotLoadAndRepairSetsItAside() throws {
        let (directory, path) = try populated()
        defer { withExtendedLifetime(directory) {} }
        try Tamper.run(path, "DELETE FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'other')")
        let scenes = try navstate.run(["scenes", "--db", path])
        #expect(scenes.text.contains("0 (missing)"), "\(scenes.text)")
        let check = try navstate.run(["check", "other", "--db", path])
        #expect(check.status == 1)
        #expect(check.text.contains("scene 'other' revision 0: cannot load"), "\(check.text)")
        let json = try navstate.run(["check", "--json", "--db", path])
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        let checked = report?["scenes"] as? [[String: Any]] ?? []
        #expect(checked.map { $0["scene"] as? String } == ["main", "other"])
        #expect(checked.first?["damage"] == nil, "a scene that loads has no damage key")
        #expect((checked.last?["damage"] as? String)?.contains("has no revision in the file") == true, "\(json.text)")
        let repair = try navstate.run(["repair", "--db", path])
        #expect(repair.status == 0, "\(repair.stderr)")
        #expect(repair.text.contains("set scene 'other' aside as 'other#damaged-1'"), "\(repair.text)")
        let store = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        #expect(try store.scenes().map(\.scene) == ["main", "other#damaged-1"])
        #expect(try store.damagedScenes().map(\.scene) == ["other#damaged-1"])
        #expect(try navstate.run(["repair", "--db", path]).text.contains("set scene 'other#damaged-1' aside"))
        #expect(try navstate.run(["delete", "other#damaged-1#damaged-1", "--db", path]).status == 0)
    }

    @Test func aPayloadWithAHugeNumberIsValidJSON() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("db.sqlite")
        let file = try write(#"["Swift.Double","1e400"]"#, to: directory, as: "path.json")
        let imported = try navstate.run(["import", "main", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let notJSON = try write(#"["Swift.Double","1e"]"#, to: directory, as: "bad.json")
        expectOneLineError(try navstate.run(["import", "main", notJSON, "--db", db]), mentioning: "not valid JSON")
    }
}
