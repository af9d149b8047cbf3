import Foundation
@_spi(Tooling) import NavState
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The `navstate` binary's whole output for each subcommand, success and
/// failure, compared with `Golden/*.txt`. Regenerate with
/// `scripts/update-golden.sh`.
@Suite("navstate output")
struct CLIGoldenTests {
    /// A database made with a fixed clock, so every time it prints is the
    /// same on every run: scene 'main' saved twice (its head with a screen's
    /// own state), 'other', and two scenes whose names are wide on a
    /// terminal.
    private static func populated() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let clock = ManualClock()
        let store = try NavStore(path: path, configuration: clock.configuration())
        try store.save(StoreFixtures.richState(), scene: "main")
        clock.advance(by: 60)
        var second = StoreFixtures.richState()
        second.contentStack.append(StoreFixtures.entry("3"))
        second.values["selectedTab"] = nil
        // The top screen's own state: a draft and the list's top row.
        second.screens[.stack(.root, position: second.contentStack.count - 1)] =
            ScreenState(json: ["draft": #"{"text":"Dear Ana,"}"#, "topRow": "41"])
        try store.save(second, scene: "main")
        clock.advance(by: 60)
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "other")
        try store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "設定")
        try store.save(SceneState(stack: [StoreFixtures.entry("3"), StoreFixtures.entry("4")]), scene: "🛒 cart")
        return (directory, path)
    }

    private static let manifest = #"{"types":[{"name":"home"},{"name":"orders.detail"},{"name":"cart"},{"name":"cart.item"}]}"#

    /// The cases: a golden file's name and the arguments after `navstate`,
    /// `<db>` standing for the populated database and `<dir>` for its folder.
    static let cases: [(name: String, arguments: [String])] = [
        ("scenes", ["scenes", "--db", "<db>"]),
        ("scenes-json", ["scenes", "--json", "--db", "<db>"]),
        ("scenes-matching", ["scenes", "--matching", "m*", "--limit", "1", "--db", "<db>"]),
        ("scenes-matching-nothing", ["scenes", "--matching", "z*", "--db", "<db>"]),
        ("show", ["show", "main", "--db", "<db>"]),
        ("show-screen-values", ["show", "main", "--screen-values", "--db", "<db>"]),
        ("show-json", ["show", "main", "--revision", "1", "--json", "--db", "<db>"]),
        ("show-missing-scene", ["show", "nope", "--db", "<db>"]),
        ("show-missing-revision", ["show", "main", "--revision", "9", "--db", "<db>"]),
        ("history", ["history", "main", "--db", "<db>"]),
        ("diff", ["diff", "main", "1", "2", "--db", "<db>"]),
        ("diff-json", ["diff", "main", "1", "2", "--json", "--db", "<db>"]),
        ("export-swiftui", ["export", "other", "--db", "<db>"]),
        ("export-scene", ["export", "main", "--format", "scene", "--db", "<db>"]),
        ("export-presentations-as-swiftui", ["export", "main", "--db", "<db>"]),
        ("check-built-in-types-only", ["check", "--db", "<db>"]),
        ("check-with-registry", ["check", "--registry", "<dir>/v2.manifest.json", "main", "--db", "<db>"]),
        ("check-json", ["check", "--json", "--registry", "<dir>/v2.manifest.json", "--db", "<db>"]),
        ("check-policy-is-kebab-case", ["check", "--policy", "dropUndecodable", "--db", "<db>"]),
        ("stats", ["stats", "--db", "<db>"]),
        ("schema", ["schema", "--db", "<db>"]),
        ("prune-dry-run", ["prune", "--keep-revisions", "1", "--dry-run", "--db", "<db>"]),
        ("prune", ["prune", "--keep-revisions", "1", "--db", "<db>"]),
        ("import-malformed", ["import", "main", "<dir>/bad.json", "--db", "<db>"]),
        ("import-missing-key", ["import", "main", "<dir>/no-format.json", "--db", "<db>"]),
        ("missing-database", ["scenes", "--db", "<dir>/missing.sqlite"]),
        ("delete-missing-scene", ["delete", "nope", "--db", "<db>"]),
        ("purge-without-yes", ["purge", "--db", "<db>"]),
    ]

    @Test(arguments: cases.map(\.name))
    func outputMatchesItsGoldenFile(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        let (directory, db) = try Self.populated()
        defer { withExtendedLifetime(directory) {} }
        try Data(Self.manifest.utf8).write(to: directory.url.appendingPathComponent("v2.manifest.json"))
        try Data(#"["Si","1""#.utf8).write(to: directory.url.appendingPathComponent("bad.json"))
        try Data(#"{"root":[]}"#.utf8).write(to: directory.url.appendingPathComponent("no-format.json"))
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "<db>", with: db).replacingOccurrences(of: "<dir>", with: directory.url.path)
        }
        let output = try CommandRunner.navstate.run(resolved, environment: ["COLUMNS": "100"])
        try Golden.expect(Golden.transcript(resolved, output, directory: directory.url.path), matches: name)
    }

    @Test func checkReportsADamagedSceneAndRepairSetsItAside() throws {
        let (directory, db) = try Self.populated()
        defer { withExtendedLifetime(directory) {} }
        try Tamper.setChange(db, scene: "other", to: [9])
        var transcript = ""
        for arguments in [["check", "--db", db], ["repair", "--db", db], ["scenes", "--db", db]] {
            let output = try CommandRunner.navstate.run(arguments)
            transcript += Golden.transcript(arguments, output, directory: directory.url.path)
        }
        try Golden.expect(transcript, matches: "check-damaged-then-repair")
    }

    @Test func demoPlaysTheSessionAndRestoresIt() throws {
        let directory = try TemporaryDirectory()
        let arguments = ["demo", "--db", directory.path("demo.sqlite")]
        let output = try CommandRunner.navstate.run(arguments)
        try Golden.expect(Golden.transcript(arguments, output, directory: directory.url.path), matches: "demo")
    }

    /// The command's article shows the demo's output; it must be what the
    /// demo prints.
    @Test func theArticleShowsWhatTheDemoPrints() throws {
        let directory = try TemporaryDirectory()
        let output = try CommandRunner.navstate.run(["demo"], in: directory.url)
        #expect(output.status == 0)
        let readme = try String(
            contentsOf: Golden.directory.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/NavStateTooling/NavStateTooling.docc/TheNavstateCommand.md"),
            encoding: .utf8)
        let block = readme.components(separatedBy: "```\n").first { $0.hasPrefix("NavState demo:") }
        #expect(block == output.text)
    }

    @Test func helpShowsExamples() throws {
        let output = try CommandRunner.navstate.run(["check", "--help"], environment: ["COLUMNS": "100"])
        try Golden.expect(Golden.transcript(["check", "--help"], output, directory: "/nonexistent"), matches: "help-check")
    }
}
