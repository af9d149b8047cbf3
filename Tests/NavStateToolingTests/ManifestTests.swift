import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Registry manifest")
struct ManifestTests {
    @Test func manifestListsTheAppsTypesWithTheirNames() throws {
        let manifest = try Samples.registry().manifest
        let settings = try #require(manifest.types.first { $0.name == "settings" })
        #expect(settings.version == 3)
        #expect(settings.swiftNames.contains(String(reflecting: SettingsRoute.self)))
        #expect(manifest.types.first { $0.name == "emoji" }?.aliases == ["NavigationBackportApp.EmojiVisualisation"])
        #expect(manifest.types.first { $0.name == "payment" }?.isPersisted == false)
        #expect(!manifest.types.contains { $0.name == "Int" })
    }

    /// A manifest may name the app's tabs and columns: written and read as
    /// scene JSON's containers, checked as a state's tree is.
    @Test func aManifestDeclaresTheAppsTreeEmpty() throws {
        let registry = try Samples.registry()
        let appTree = NavContainer<AnyDestination>.tabs(NavTabs(
            [NavTab("home"), NavTab("mail", .split(NavSplit(hasContentColumn: true, visibility: .all)))], selected: "mail"))
        let manifest = registry.manifest.declaring(tree: appTree)
        #expect(manifest.tree == .tabs(NavTabs(
            [NavTab("home"), NavTab("mail", .split(NavSplit(hasContentColumn: true, visibility: .all)))], selected: "mail")))
        #expect(try RegistryManifest(json: manifest.jsonData()) == manifest)
        #expect(throws: NavStateError.invalidSceneState(NavStateError.duplicateTabID("a", tabBar: StackAddress.root))) {
            try RegistryManifest(json: Array(#"{"types":[],"tree":{"tabs":{"selected":"a","items":[{"id":"a","content":{"stack":[]}},{"id":"a","content":{"stack":[]}}]}}}"#.utf8))
        }
        #expect {
            try RegistryManifest(json: Array(#"{"types":[],"tree":{"split":{"columns":5,"visibility":"all","detail":{"stack":[]}}}}"#.utf8))
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .unreadable else { return false }
            return error.detail("codingPath") == "tree"
        }
        // Without a tree, the manifest reads and writes as before.
        #expect(try RegistryManifest(json: Array(#"{"types":[]}"#.utf8)).tree == nil)
        #expect(!String(decoding: try registry.manifest.jsonData(), as: UTF8.self).contains("tree"))
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
        let described = try DestinationRegistry(manifest: manifest)
        for entry in entries {
            #expect(described.resolve(entry) == registry.resolve(entry), "\(entry)")
        }
        #expect(described.resolve(entries[5]) == nil)
        // Known by name, but with no Swift type behind it: a dry run can say
        // what would be kept, never decode it.
        guard case .failure(let reason) = described.decode(NavEntry(tag: "settings", version: 3, payload: "{}")) else {
            Issue.record("a manifest's type decoded")
            return
        }
        #expect(reason == .noSwiftType)
    }

    @Test func minimalManifestDocumentIsAccepted() throws {
        let json = #"{"types":[{"name":"orders","version":2,"aliases":["order"]}]}"#
        let registry = try DestinationRegistry(manifest: RegistryManifest(json: Array(json.utf8)))
        #expect(registry.resolve(NavEntry(tag: "order", payload: "{}"))?.name == "orders")
        #expect(registry.resolve(NavEntry(tag: "Swift.Int", payload: "1"))?.name == "Int")
        #expect(throws: NavStateError.tagUnavailable(type: "orders", style: TagStyle.qualified)) {
            try registry.translate(NavEntry(tag: "order", payload: "{}"), to: .qualified)
        }
    }

    @Test func unreadableManifestsSayWhereTheyFail() {
        #expect(throws: NavStateError.unreadable(codingPath: "types[0].name", description: "missing key 'name'")) {
            try RegistryManifest(json: Array(#"{"types":[{"version":1}]}"#.utf8))
        }
        #expect {
            try RegistryManifest(json: Array("not json".utf8))
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .unreadable else { return false }
            return error.detail("codingPath", as: String.self)?.isEmpty == true
        }
    }

    @Test(arguments: [
        (#"{"types":[{"name":"a"},{"name":"b","aliases":["a"]}]}"#,
         NavStateError.nameClaimedTwice(name: "a", existingType: "a", newType: "b")),
        (#"{"types":[{"name":"a","version":0}]}"#, NavStateError.invalidVersion(type: "a", version: 0)),
        (#"{"types":[{"name":"Int"}]}"#, NavStateError.nameClaimedTwice(name: "Int", existingType: "Swift.Int", newType: "Int")),
        (#"{"types":[{"name":"a@2"}]}"#, NavStateError.invalidName("a@2")),
    ])
    func impossibleRegistriesAreRefusedByTheRegistrysOwnRules(json: String, error: NavStateError) {
        #expect(throws: NavStateError.invalidRegistry(error)) { try RegistryManifest(json: Array(json.utf8)) }
    }
}

@Suite("Manifest translation and dry runs")
struct ManifestToolingTests {
    @Test func tagsTranslateBetweenStylesThroughTheManifest() throws {
        let registry = try Samples.registry()
        let resolver = try DestinationRegistry(manifest: RegistryManifest(json: registry.manifest.jsonData()))
        let entry = NavEntry(tag: String(reflecting: SettingsRoute.self), payload: "{}")
        #expect(try resolver.translate(entry, to: .stable) == NavEntry(tag: "settings", version: 3, payload: "{}"))
        #expect(try resolver.translate(entry, to: .mangled).tag == _mangledTypeName(SettingsRoute.self))
        let stable = NavEntry(tag: "settings", version: 3, payload: "{}")
        #expect(try resolver.translate(stable, to: .qualified).tag == String(reflecting: SettingsRoute.self))
        #expect(try resolver.translate(NavEntry(tag: "Si", payload: "1"), to: .qualified).tag == "Swift.Int")
        #expect(throws: NavStateError.unknownTag("nope")) { try resolver.translate(NavEntry(tag: "nope", payload: "1"), to: .stable) }
    }

    @Test func dryRunReportsUnknownNewerAndNeverPersistedEntries() async throws {
        let resolver = try DestinationRegistry(manifest: Samples.registry().manifest)
        let state = SceneState(
            stack: [
                NavEntry(tag: "Si", payload: "1"),
                NavEntry(tag: "gone", payload: "{}"),
                NavEntry(tag: "settings", version: 9, payload: "{}"),
                NavEntry(tag: "payment", payload: "{}"),
            ],
            presentations: [Presentation(method: .managedSheet, destination: NavEntry(tag: "gone", payload: "{}"),
                                         stack: [NavEntry(tag: "Si", payload: "2")])])
        let dropped = await resolver.dryRun(state)
        #expect(dropped.map(\.reason.code) == ["unknown-type", "newer-version", "never-persisted", "unknown-type", "above-dropped-entry"])
        #expect(dropped.map(\.location) == [
            .stack(.root, position: 1), .stack(.root, position: 2), .stack(.root, position: 3), .presentation(1), .stack(.presentation(1), position: 0),
        ])
    }
}
