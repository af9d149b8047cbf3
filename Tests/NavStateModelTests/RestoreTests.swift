import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// An order screen at payload version 3. Version 1 was `{"id":…}`, version 2
/// renamed it `{"orderId":…}`, version 3 spells it `orderID` and adds a note.
struct OrderScreen: NavDestination {
    var orderID: Int
    var note: String
}

enum RestoreSamples {
    static func upgradingRegistry() throws -> DestinationRegistry {
        var registry = try Samples.registry()
        try registry.register(OrderScreen.self, as: "order", version: 3, aliases: ["orders.detail"], upgrades: [
            1: { json in
                guard case .object(var fields) = json, let id = fields.removeValue(forKey: "id") else {
                    throw UpgradeError(description: "version 1 order without an id")
                }
                fields["orderId"] = id
                return .object(fields)
            },
            2: { json in
                guard case .object(var fields) = json, let id = fields.removeValue(forKey: "orderId") else {
                    throw UpgradeError(description: "version 2 order without an orderId")
                }
                fields["orderID"] = id
                fields["note"] = .string("")
                return .object(fields)
            },
        ])
        return registry
    }

    struct UpgradeError: Error, CustomStringConvertible {
        let description: String
    }
}

@Suite("Restore engine")
struct RestoreTests {
    private func restore(_ state: SceneState<NavEntry>, _ registry: DestinationRegistry, _ policy: RestorePolicy = .dropUndecodable)
        async -> (state: SceneState<AnyDestination>, dropped: [DroppedEntry])
    {
        await registry.restore(state, policy: policy)
    }

    private func reason(for entry: NavEntry, _ registry: DestinationRegistry) async -> DropReason? {
        if case .failure(let reason) = await registry.restore(entry: entry) { return reason }
        return nil
    }

    // MARK: One test per drop reason

    @Test func unknownTypeIsDropped() async throws {
        #expect(await reason(for: NavEntry(tag: "removed.screen", payload: "{}"), try Samples.registry()) == .unknownType)
    }

    @Test func undecodablePayloadIsDroppedWithItsCodingPath() async throws {
        let entry = NavEntry(tag: "shop", payload: #"{"product":{"id":"seven","name":"x"}}"#)
        guard case .payloadDoesNotDecode(let codingPath, _)? = await reason(for: entry, try Samples.registry()) else {
            Issue.record("expected a payload failure")
            return
        }
        #expect(codingPath == "product.id")
    }

    @Test func newerVersionIsDropped() async throws {
        let entry = NavEntry(tag: "order", version: 4, payload: #"{"orderID":1,"note":""}"#)
        #expect(await reason(for: entry, try RestoreSamples.upgradingRegistry()) == .newerVersion(saved: 4, known: 3))
    }

    @Test func failingUpgradeStepIsDropped() async throws {
        let entry = NavEntry(tag: "order", payload: #"{"number":1}"#)
        guard case .upgradeFailed(let from, let description)? = await reason(for: entry, try RestoreSamples.upgradingRegistry()) else {
            Issue.record("expected an upgrade failure")
            return
        }
        #expect(from == 1)
        #expect(description.contains("without an id"))
    }

    @Test func missingUpgradeStepIsDropped() async throws {
        var registry = DestinationRegistry()
        try registry.register(OrderScreen.self, as: "order", version: 2)
        let entry = NavEntry(tag: "order", payload: #"{"orderID":1,"note":""}"#)
        #expect(await reason(for: entry, registry) == .upgradeStepMissing(from: 1))
    }

    @Test func validatorRejectionIsDropped() async throws {
        var registry = try Samples.registry()
        try registry.addValidator(for: ShopRoute.self) { route in
            if case .product(let id, _) = route, id == 42 { return .reject("product 42 no longer exists") }
            return .accept
        }
        let gone = NavEntry(tag: "shop", payload: #"{"product":{"id":42,"name":"x"}}"#)
        let fine = NavEntry(tag: "shop", payload: #"{"product":{"id":1,"name":"x"}}"#)
        #expect(await reason(for: gone, registry) == .rejectedByValidator("product 42 no longer exists"))
        #expect(await reason(for: fine, registry) == nil)
    }

    @Test func asyncValidatorIsAwaited() async throws {
        var registry = try Samples.registry()
        try registry.addValidator(for: SettingsRoute.self) { route in
            await Task.yield()
            return route.depth > 5 ? .reject("too deep") : .accept
        }
        let deep = NavEntry(tag: "settings", version: 3, payload: #"{"depth":9,"section":"a"}"#)
        #expect(await reason(for: deep, registry) == .rejectedByValidator("too deep"))
        #expect(throws: NavStateError.unregisteredType(String(reflecting: OrderScreen.self))) {
            try registry.addValidator(for: OrderScreen.self) { _ in .accept }
        }
    }

    @Test func neverPersistedTypeIsDropped() async throws {
        let entry = NavEntry(tag: "payment", payload: #"{"cardLast4":"4242"}"#)
        #expect(await reason(for: entry, try Samples.registry()) == .neverPersisted)
    }

    // MARK: Upgrades and renames

    @Test func versionOneUpgradesThroughEveryStepToVersionThree() async throws {
        let registry = try RestoreSamples.upgradingRegistry()
        let result = await registry.restore(entry: NavEntry(tag: "order", payload: #"{"id":7}"#))
        let destination = try result.get()
        #expect(destination.as(OrderScreen.self) == OrderScreen(orderID: 7, note: ""))
        #expect(destination.version == 3)
        #expect(destination.entry == NavEntry(tag: "order", version: 3, payload: #"{"note":"","orderID":7}"#))
        let fromTwo = await registry.restore(entry: NavEntry(tag: "order", version: 2, payload: #"{"orderId":8}"#))
        #expect(try fromTwo.get().as(OrderScreen.self) == OrderScreen(orderID: 8, note: ""))
    }

    @Test func plainDecodingUpgradesOldPayloadsToo() throws {
        let registry = try RestoreSamples.upgradingRegistry()
        let decoded = try NavPath.decode(representation: Array(#"["order","{\"id\":4}"]"#.utf8), registry: registry)
        #expect(decoded.failures.isEmpty)
        #expect(decoded.path.first?.as(OrderScreen.self) == OrderScreen(orderID: 4, note: ""))
        let broken = registry.decode(NavEntry(tag: "order", payload: #"{"number":1}"#))
        guard case .failure(let failure) = broken, case .upgradeFailed(from: 1, _) = failure else {
            Issue.record("a failing upgrade decoded: \(broken)")
            return
        }
    }

    @Test func renamedTypeIsFoundThroughItsAlias() async throws {
        let registry = try RestoreSamples.upgradingRegistry()
        let old = NavEntry(tag: "orders.detail", payload: #"{"id":3}"#)
        #expect(try await registry.restore(entry: old).get().as(OrderScreen.self)?.orderID == 3)
    }

    @Test func upgradeStepsMustFitTheVersion() {
        var registry = DestinationRegistry()
        #expect(throws: NavStateError.invalidUpgrade(type: String(reflecting: OrderScreen.self), from: 3, version: 3)) {
            try registry.register(OrderScreen.self, as: "order", version: 3, upgrades: [3: { $0 }])
        }
    }

    // MARK: Trees after drops

    @Test func checkpointsFollowTheirEntriesOrGoWithThem() async throws {
        let registry = try Samples.registry()
        let good = NavEntry(tag: "Int", payload: "1")
        let bad = NavEntry(tag: "gone", payload: "{}")
        let saved = SceneState(
            stack: [good, bad, good, good],
            checkpoints: [
                Checkpoint(name: "root", stack: .root, entriesKept: 0),
                Checkpoint(name: "onBad", stack: .root, entriesKept: 2),
                Checkpoint(name: "onThird", stack: .root, entriesKept: 3),
                Checkpoint(name: "top", stack: .root, entriesKept: 4),
            ])
        let dropped = await restore(saved, registry)
        #expect(dropped.state.contentStack.count == 3)
        #expect(dropped.state.checkpoints == [
            Checkpoint(name: "root", stack: .root, entriesKept: 0),
            Checkpoint(name: "onThird", stack: .root, entriesKept: 2),
            Checkpoint(name: "top", stack: .root, entriesKept: 3),
        ])
        let truncated = await restore(saved, registry, .truncateAtFirstFailure)
        #expect(truncated.state.contentStack.count == 1)
        #expect(truncated.state.checkpoints == [Checkpoint(name: "root", stack: .root, entriesKept: 0)])
        #expect(truncated.dropped.map(\.location) == [.stack(.root, position: 1), .stack(.root, position: 2), .stack(.root, position: 3)])
        #expect(truncated.dropped.map(\.reason.code) == ["unknown-type", "above-dropped-entry", "above-dropped-entry"])
        try dropped.state.validate()
        try truncated.state.validate()
    }

    @Test func droppedPresentationTakesItsStackAndEverythingAbove() async throws {
        let registry = try Samples.registry()
        let one = NavEntry(tag: "Int", payload: "1")
        let saved = SceneState(
            stack: [one],
            presentations: [
                Presentation(method: .managedSheet, destination: one, stack: [one]),
                Presentation(method: .managedCover, destination: NavEntry(tag: "gone", payload: "{}"), stack: [one, one]),
                Presentation(method: .sheet, destination: one),
            ],
            checkpoints: [Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 1), Checkpoint(name: "cover", stack: .presentation(2), entriesKept: 1)],
            values: ["tab": one, "bad": NavEntry(tag: "Int", payload: "\"x\"")])
        let result = await restore(saved, registry)
        #expect(result.state.presentations.count == 1)
        #expect(result.state.presentations[0].stack.count == 1)
        #expect(result.state.checkpoints == [Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 1)])
        #expect(result.state.values.keys.sorted() == ["tab"])
        #expect(result.dropped.map(\.location) == [
            .presentation(2), .stack(.presentation(2), position: 0), .stack(.presentation(2), position: 1), .presentation(3), .value("bad"),
        ])
        try result.state.validate()
    }

    @Test func allOrNothingKeepsNothingWhenAnythingFails() async throws {
        let registry = try Samples.registry()
        let saved = SceneState(
            stack: [NavEntry(tag: "Int", payload: "1"), NavEntry(tag: "gone", payload: "{}")],
            values: ["tab": NavEntry(tag: "Int", payload: "2")])
        let result = await restore(saved, registry, .allOrNothing)
        #expect(result.state.isEmpty)
        #expect(result.dropped.count == 3)
        #expect(result.dropped.filter { $0.reason == .allOrNothing }.map(\.location) == [.stack(.root, position: 0), .value("tab")])
        let clean = await restore(SceneState(stack: [NavEntry(tag: "Int", payload: "1")]), registry, .allOrNothing)
        #expect(clean.state.contentStack.count == 1)
        #expect(clean.dropped.isEmpty)
    }
}
