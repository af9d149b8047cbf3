import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

@Suite("Destination registry")
struct DestinationRegistryTests {
    @Test func sameValueIsFoundUnderItsStableQualifiedAndMangledTag() throws {
        let registry = try Samples.registry()
        let route = ShopRoute.product(id: 7, name: "Lamp")
        let original = try AnyDestination(route, in: registry)
        let qualified = try #require(String(reflecting: ShopRoute.self) as String?)
        let mangled = try #require(_mangledTypeName(ShopRoute.self))
        for tag in ["shop", qualified, mangled] {
            let entry = NavEntry(tag: tag, payload: original.payload)
            let decoded = try registry.decode(entry).get()
            #expect(decoded == original, "tag \(tag)")
            #expect(decoded.name == "shop")
            #expect(decoded.as(ShopRoute.self) == route)
        }
    }

    @Test func entriesEncodeInEachTagStyle() throws {
        let registry = try Samples.registry()
        let destination = try AnyDestination(ShopRoute.home, in: registry)
        #expect(try destination.entry(style: .stable).wireTag == "shop")
        #expect(try destination.entry(style: .qualified).wireTag == String(reflecting: ShopRoute.self))
        #expect(try destination.entry(style: .mangled).wireTag == _mangledTypeName(ShopRoute.self))
        let settings = try AnyDestination(SettingsRoute(section: "a", depth: 1), in: registry)
        #expect(try settings.entry(style: .stable).wireTag == "settings@3")
        #expect(try settings.entry(style: .qualified).wireTag == String(reflecting: SettingsRoute.self))
    }

    @Test(arguments: [
        ("Swift.Int", "Int"), ("Si", "Int"), ("Int", "Int"),
        ("Swift.Int64", "Int64"), ("s5Int64V", "Int64"),
        ("Swift.Double", "Double"), ("Sd", "Double"),
        ("Swift.Float", "Float"), ("Sf", "Float"),
        ("Swift.Bool", "Bool"), ("Sb", "Bool"),
        ("Swift.String", "String"), ("SS", "String"),
        ("Foundation.UUID", "UUID"), ("FoundationEssentials.UUID", "UUID"),
        ("10Foundation4UUIDV", "UUID"), ("20FoundationEssentials4UUIDV", "UUID"),
    ])
    func builtInTagsResolveToTheirScalarType(tag: String, name: String) throws {
        let registry = DestinationRegistry()
        #expect(registry.resolve(NavEntry(tag: tag, payload: "1"))?.name == name)
    }

    @Test func builtInScalarsDecodeFromSwiftUITags() throws {
        let registry = DestinationRegistry()
        let uuid = UUID()
        #expect(try registry.decode(NavEntry(tag: "Si", payload: "-5")).get().as(Int.self) == -5)
        #expect(try registry.decode(NavEntry(tag: "Swift.Bool", payload: "true")).get().as(Bool.self) == true)
        #expect(try registry.decode(NavEntry(tag: "Sd", payload: "2.5")).get().as(Double.self) == 2.5)
        #expect(try registry.decode(NavEntry(tag: "Swift.Float", payload: "0.5")).get().as(Float.self) == 0.5)
        #expect(try registry.decode(NavEntry(tag: "s5Int64V", payload: "9000000000")).get().as(Int64.self) == 9_000_000_000)
        #expect(try registry.decode(NavEntry(tag: "SS", payload: "\"hi\"")).get().as(String.self) == "hi")
        let uuidEntry = NavEntry(tag: "10Foundation4UUIDV", payload: "\"\(uuid.uuidString)\"")
        #expect(try registry.decode(uuidEntry).get().as(UUID.self) == uuid)
    }

    @Test func aNameClaimedByTwoTypesFailsAtRegistration() throws {
        var registry = DestinationRegistry()
        try registry.register(ShopRoute.self, as: "route")
        #expect(throws: NavStateError.nameClaimedTwice(
            name: "route", existingType: String(reflecting: ShopRoute.self),
            newType: String(reflecting: SettingsRoute.self))
        ) {
            try registry.register(SettingsRoute.self, as: "route")
        }
        #expect(registry.name(of: SettingsRoute.self) == nil)
    }

    @Test func anAliasClashingWithAnotherTypesNameFails() throws {
        var registry = DestinationRegistry()
        try registry.register(ShopRoute.self, as: "shop")
        #expect(throws: NavStateError.nameClaimedTwice(
            name: "shop", existingType: String(reflecting: ShopRoute.self), newType: String(reflecting: SettingsRoute.self))
        ) {
            try registry.register(SettingsRoute.self, as: "settings", aliases: ["shop"])
        }
        #expect(throws: NavStateError.nameClaimedTwice(
            name: "Swift.Int", existingType: "Swift.Int", newType: String(reflecting: SettingsRoute.self))
        ) {
            try registry.register(SettingsRoute.self, as: "settings", aliases: ["Swift.Int"])
        }
    }

    @Test func anAppTypeCannotTakeABuiltInName() {
        var registry = DestinationRegistry()
        #expect(throws: NavStateError.nameClaimedTwice(
            name: "Int", existingType: "Swift.Int", newType: String(reflecting: ShopRoute.self))
        ) {
            try registry.register(ShopRoute.self, as: "Int")
        }
    }

    @Test func registeringOneTypeTwiceDifferentlyFails() throws {
        var registry = DestinationRegistry()
        try registry.register(ShopRoute.self, as: "shop")
        #expect(throws: NavStateError.typeRegisteredTwice(
            type: String(reflecting: ShopRoute.self), existingName: "shop", newName: "store")
        ) {
            try registry.register(ShopRoute.self, as: "store")
        }
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("a@b", "'@' separates a tag from its version in stored tags"),
        ("tab\tname", "it contains a control character"),
        (String(repeating: "x", count: 257), "it is 257 bytes long; names hold at most 256"),
    ])
    func invalidNamesAreRefusedWithTheirProblem(name: String, problem: String) {
        var registry = DestinationRegistry()
        #expect(throws: NavStateError.invalidName(name)) {
            try registry.register(ShopRoute.self, as: name)
        }
        #expect(NavStateError.invalidName(name).description == "'\(name)' cannot be a destination name: \(problem)")
    }

    @Test func versionBelowOneIsRefused() {
        var registry = DestinationRegistry()
        #expect(throws: NavStateError.invalidVersion(type: String(reflecting: ShopRoute.self), version: 0)) {
            try registry.register(ShopRoute.self, as: "shop", version: 0)
        }
    }

    @Test func featureRegistriesMergeAndKeepBuiltInsOnce() throws {
        var orders = DestinationRegistry()
        try orders.register(ShopRoute.self, as: "shop")
        var settings = DestinationRegistry()
        try settings.register(SettingsRoute.self, as: "settings")
        let app = try orders.merging(settings)
        #expect(app.name(of: ShopRoute.self) == "shop")
        #expect(app.name(of: SettingsRoute.self) == "settings")
        #expect(app.names.filter { $0 == "Int" }.count == 1)
    }

    @Test func mergeClashNamesBothTypesAndLeavesTheRegistryUnchanged() throws {
        var orders = DestinationRegistry()
        try orders.register(ShopRoute.self, as: "main")
        var settings = DestinationRegistry()
        try settings.register(EmojiVisualisation.self, as: "emoji")
        try settings.register(SettingsRoute.self, as: "main")
        let before = orders.names
        #expect(throws: NavStateError.nameClaimedTwice(
            name: "main", existingType: String(reflecting: ShopRoute.self),
            newType: String(reflecting: SettingsRoute.self))
        ) {
            try orders.merge(settings)
        }
        #expect(orders.names == before)
        #expect(!orders.contains(EmojiVisualisation.self))
    }

    @Test func unregisteredValueCannotBeErased() {
        #expect(throws: NavStateError.unregisteredType(String(reflecting: ShopRoute.self))) {
            _ = try AnyDestination(ShopRoute.home, in: DestinationRegistry())
        }
    }

    @Test func payloadsAreDeterministicWithSortedKeys() throws {
        let registry = try Samples.registry()
        let destination = try AnyDestination(SettingsRoute(section: "privacy/ads", depth: 2), in: registry)
        #expect(destination.payload == #"{"depth":2,"section":"privacy\/ads"}"#)
    }

    @Test func unknownTagFailsOnlyThatEntry() throws {
        let data = PathRepresentation.encode([
            NavEntry(tag: "shop", payload: #"{"home":{}}"#),
            NavEntry(tag: "gone.screen", payload: "{}"),
        ])
        let decoded = try NavPath.decode(representation: data, registry: Samples.registry())
        #expect(decoded.path.map { $0.as(ShopRoute.self) } == [.home])
        #expect(decoded.failures == [DroppedEntry(
            location: .stack(.root, position: 1), entry: NavEntry(tag: "gone.screen", payload: "{}"), reason: .unknownType)])
    }

    @Test func payloadFailureNamesTheCodingPath() throws {
        let entry = NavEntry(tag: "shop", payload: #"{"search":{"query":"x","filters":["a",2]}}"#)
        guard case .failure(let failure) = try Samples.registry().decode(entry) else {
            Issue.record("a bad payload decoded")
            return
        }
        guard case .payloadDoesNotDecode(let codingPath, _) = failure else {
            Issue.record("wrong reason \(failure)")
            return
        }
        #expect(codingPath == "search.filters[1]")
    }

    @Test func payloadThatIsNotJSONFailsThatEntry() throws {
        let result = try Samples.registry().decode(NavEntry(tag: "Si", payload: "{not json"))
        guard case .failure(let failure) = result, case .payloadDoesNotDecode = failure else {
            Issue.record("invalid JSON decoded")
            return
        }
    }

    @Test func newerPayloadVersionIsRefused() throws {
        let registry = try Samples.registry()
        let entry = NavEntry(tag: "settings", version: 4, payload: #"{"depth":1,"section":"a"}"#)
        guard case .failure(let failure) = registry.decode(entry) else {
            Issue.record("a newer version decoded")
            return
        }
        #expect(failure == .newerVersion(saved: 4, known: 3))
    }

    @Test func untaggedVersionIsOneForChosenNamesAndCurrentForSwiftNames() throws {
        let registry = try Samples.registry()
        #expect(registry.resolve(NavEntry(tag: "settings", payload: "{}"))?.savedVersion == 1)
        let qualified = NavEntry(tag: String(reflecting: SettingsRoute.self), payload: "{}")
        #expect(registry.resolve(qualified)?.savedVersion == 3)
        #expect(registry.resolve(NavEntry(tag: "settings", version: 2, payload: "{}"))?.savedVersion == 2)
    }

    @Test func neverPersistedTypesAreMarked() throws {
        let registry = try Samples.registry()
        #expect(registry.persistence(ofTag: "payment") == .neverPersisted)
        #expect(registry.persistence(ofTag: "shop") == .persisted)
        #expect(registry.persistence(ofTag: "nothing") == nil)
    }
}
