import Foundation
@_spi(Tooling) import NavState
import NavStateTesting
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// What NavStateTesting's article says of a real file: `navstate export
/// --format scene` of it is a fixture `RestorationCheck.pastReleases` reads,
/// and a change that would drop its screens fails the check.
@Suite("Export as a fixture")
struct ExportAsFixtureTests {
    enum Route: Codable, Hashable {
        case inbox
        case message(id: Int)
    }

    @Test func anExportedSceneIsAFixtureThePastReleasesCheckReads() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.url.appendingPathComponent("navstate.sqlite").path
        var registry = DestinationRegistry()
        try registry.register(Route.self, as: "mail.route")
        let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
        var path = NavPath(registry: registry)
        try path.append(Route.inbox)
        try path.append(Route.message(id: 7))
        _ = try await store.save(SceneState(stack: Array(path)), scene: "main")

        let exported = try CommandRunner.navstate.run(["export", "main", "--format", "scene", "--db", db])
        #expect(exported.status == 0, "\(exported.stderr)")
        let fixtures = directory.url.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data(exported.text.utf8).write(to: fixtures.appendingPathComponent("release-1.json"))

        #expect(try await RestorationCheck(registry: registry).pastReleases(in: fixtures) == [])
        // The next release renamed the type's stable name and kept no alias.
        var renamed = DestinationRegistry()
        try renamed.register(Route.self, as: "mail.screen")
        let failures = try await RestorationCheck(registry: renamed).pastReleases(in: fixtures)
        #expect(failures.map(\.reason) == ["unknown type", "unknown type"], "\(failures)")
        #expect(failures.allSatisfy { $0.source == "release-1.json" && $0.tag == "mail.route" }, "\(failures)")
    }
}
