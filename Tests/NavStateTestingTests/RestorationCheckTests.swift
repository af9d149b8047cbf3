import Foundation
import NavState
import NavStateTesting
import NavStateTooling
import Testing

/// What NavStateTesting tells an app, each kind of loss planted and named:
/// a value that does not come back as itself, a saved entry this build
/// drops (and one removed on purpose that it does not count), a registry
/// that cannot be built, a stable name tied to a module, a gap in the
/// upgrade steps, a value that cannot be encoded. The shop's own test
/// (Examples/Tests/ShopRestorationTests) shows it on an app's types.
@Suite("Restoration checks")
struct RestorationCheckTests {
    enum Route: Codable, Hashable, CaseIterable {
        case home, detail
    }

    /// Encodes fewer fields than it has: it does not come back as itself.
    struct Lossy: Codable, Hashable {
        var id: Int
        var note = ""
        enum CodingKeys: String, CodingKey { case id }
    }

    /// Cannot be encoded at all.
    struct Unencodable: Codable, Hashable {
        init() {}
        init(from decoder: any Decoder) throws {}
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "refused"))
        }
    }

    static func registry() throws(NavStateError) -> DestinationRegistry {
        var registry = DestinationRegistry()
        try registry.register(Route.self, as: "app.route")
        try registry.register(Lossy.self, as: "app.lossy")
        try registry.register(Unencodable.self, as: "app.unencodable")
        return registry
    }

    @Test func everyCaseComesBackAndALossyValueIsNamed() async throws {
        let check = RestorationCheck(registry: Self.registry)
        #expect(await check.roundTrips(of: Route.self) == [])
        let failures = await check.roundTrips([Lossy(id: 1, note: "draft")])
        #expect(failures.count == 2, "through a store and through NavigationPath JSON: \(failures)")
        #expect(failures.allSatisfy { $0.source == "round trip" && $0.tag == "app.lossy" && $0.location.contains("draft") }, "\(failures)")
        #expect(failures.map(\.reason).contains { $0.hasPrefix("through a store it comes back as") }, "\(failures)")
    }

    @Test func aSavedEntryThisBuildDropsIsAFailureUnlessItsRemovalIsDeclared() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = RestorationCheck(registry: Self.registry)
        #expect(try await check.pastReleases(in: folder).map(\.reason) == ["holds no saved state (.json)"], "an empty folder never passes")
        // Release 1 saved a screen this build no longer has, and a route case it removed.
        var saved = try SceneState<NavEntry>(json: check.fixture([Route.home]))
        try saved.setStack(.root, to: saved.contentStack + [
            NavEntry(tag: "app.settings", payload: "{}"), NavEntry(tag: "app.route", payload: #"{"legacy":{}}"#),
        ])
        try saved.jsonData().write(to: folder.appendingPathComponent("release-1.json"))
        let failures = try await check.pastReleases(in: folder)
        #expect(failures.map(\.description) == [
            "release-1.json: stack root position 1 'app.settings': unknown type (saved as {})",
            #"release-1.json: stack root position 2 'app.route': payload does not decode: expected Route: Invalid number of keys found, expected one. (saved as {"legacy":{}})"#,
        ])
        #expect(try await check.pastReleases(in: folder, intendedRemovals: [.type("app.settings")]).map(\.tag) == ["app.route"])
        #expect(try await check.pastReleases(
            in: folder, intendedRemovals: [.type("app.settings"), .enumCase("legacy", of: "app.route")]) == [])
    }

    @Test func theLintNamesEachProblemOfTheRegistry() throws {
        // Two types claiming one name: building the registry throws, and every check says so.
        let twice = RestorationCheck { () throws(NavStateError) in
            var registry = DestinationRegistry()
            try registry.register(Route.self, as: "app.route")
            try registry.register(Lossy.self, as: "app.route")
            return registry
        }
        #expect(twice.lint().map(\.location) == ["building it"])
        #expect(twice.lint().first?.reason.contains("claimed by both") == true, "\(twice.lint())")
        // A stable name that is the module-qualified name, and a gap in the upgrade steps.
        var registry = DestinationRegistry()
        try registry.register(Route.self, as: String(reflecting: Route.self))
        try registry.register(Lossy.self, as: "app.lossy", version: 3, upgrades: [1: { $0 }])
        try registry.register(Unencodable.self, as: "app.unencodable")
        let failures = RestorationCheck(registry: registry).lint(samples: [Route.home, Unencodable(), Lossy(id: 1)])
        #expect(failures.count == 3, "\(failures)")
        #expect(failures[0].tag == String(reflecting: Route.self) && failures[0].reason.contains("module-qualified"), "\(failures)")
        #expect(failures[1].reason.hasPrefix("no upgrade step from version 2 to 3"), "\(failures)")
        #expect(failures[2].reason.contains("could not be encoded"), "\(failures)")
    }
}
