import Foundation
import NavState
import Testing

@Suite("Registry manifest")
struct ManifestTests {
    @Test func manifestListsTheAppsTypesWithTheirNames() throws {
        let manifest = try Samples.registry().manifest
        let settings = try #require(manifest.types.first { $0.name == "settings" })
        #expect(settings.version == 3)
        #expect(settings.swiftNames.contains(String(reflecting: SettingsRoute.self)))
        #expect(manifest.types.first { $0.name == "emoji" }?.aliases == ["NavigationBackportApp.EmojiVisualisation"])
        #expect(manifest.types.first { $0.name == "payment" }?.persistence == .neverPersisted)
        #expect(!manifest.types.contains { $0.name == "Int" })
    }

    @Test func manifestJSONRoundTripsAndResolvesLikeTheRegistry() throws {
        let registry = try Samples.registry()
        let manifest = try RegistryManifest(json: registry.manifest.jsonData())
        #expect(manifest == registry.manifest)
        let entries = [
            NavEntry(tag: "settings", payload: "{}"),
            NavEntry(tag: "settings", version: 9, payload: "{}"),
            NavEntry(tag: String(reflecting: SettingsRoute.self), payload: "{}"),
            NavEntry(tag: "NavigationBackportApp.EmojiVisualisation", payload: "{}"),
            NavEntry(tag: "Si", payload: "1"),
            NavEntry(tag: "removed.screen", payload: "{}"),
        ]
        for entry in entries {
            #expect(try manifest.resolve(entry) == registry.resolve(entry), "\(entry)")
        }
        #expect(try manifest.resolve(entries[5]) == nil)
    }

    @Test func minimalManifestDocumentIsAccepted() throws {
        let json = #"{"types":[{"name":"orders","version":2,"aliases":["order"]}]}"#
        let manifest = try RegistryManifest(json: Array(json.utf8))
        #expect(try manifest.resolve(NavEntry(tag: "order", payload: "{}"))?.name == "orders")
        #expect(try manifest.resolve(NavEntry(tag: "Swift.Int", payload: "1"))?.name == "Int")
    }

    @Test(arguments: [
        "not json",
        #"{"types":[{"version":1}]}"#,
        #"{"types":[{"name":"a"},{"name":"b","aliases":["a"]}]}"#,
        #"{"types":[{"name":"a","version":0}]}"#,
        #"{"types":[{"name":"Int"}]}"#,
    ])
    func invalidManifestsAreRefused(json: String) {
        #expect(throws: NavModelError.self) { try RegistryManifest(json: Array(json.utf8)) }
    }
}
