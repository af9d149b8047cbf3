import Foundation
import NavState
import NavStateModel
@testable import NavStateNavigator
import PropertyBased
import Testing

/// A scene handed to another device or another launch comes back through
/// the receiver's own registry and restore engine, and a stranger's payload
/// is a typed error, never a crash or an invalid state.
@Suite("Scene handoff")
struct SceneHandoffTests {
    enum Route: NavDestination { case home, order(Int), cart }
    struct Promo: NavDestination { var code: String }
    /// The receiver's version of Route, renamed in Swift, found by the
    /// name the sender stored.
    enum RouteRenamed: NavDestination { case home, order(Int), cart }

    static func sender() throws -> DestinationRegistry {
        var registry = DestinationRegistry()
        try registry.register(Route.self, as: "route")
        try registry.register(Promo.self, as: "promo")
        return registry
    }

    /// A tab bar with a stack in two tabs, a managed sheet with its own
    /// stack, a checkpoint and a value.
    static func state(_ registry: DestinationRegistry) throws -> SceneState<AnyDestination> {
        var state = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: ["home", "orders"], selected: "orders")))
        try state.setStack(.tab("orders"), to: [try AnyDestination(Route.order(7), in: registry), try AnyDestination(Promo(code: "x"), in: registry)])
        try state.setStack(.tab("home"), to: [try AnyDestination(Route.home, in: registry)])
        state.presentations = [Presentation(
            method: .managedSheet, destination: try AnyDestination(Route.cart, in: registry),
            stack: [try AnyDestination(Route.order(9), in: registry)])]
        state.checkpoints = [Checkpoint(name: "orders", stack: .tab("orders"), entriesKept: 1)]
        state.values["promo"] = try AnyDestination(Promo(code: "y"), in: registry)
        try state.validate()
        return state
    }

    @Test func aSceneComesBackWholeThroughTheSameRegistry() async throws {
        let registry = try Self.sender()
        let state = try Self.state(registry)
        let payload = try SceneHandoff.payload(of: state)
        #expect(payload.count <= SceneHandoff.maximumBytes)
        let (restored, dropped) = try await SceneHandoff.restore(payload: payload, registry: registry)
        #expect(dropped.isEmpty)
        #expect(restored == state)
    }

    /// The receiver's app renamed the Swift type and no longer has Promo:
    /// the routes come back by their stored name, Promo is dropped and
    /// reported where it was, and the state is valid.
    @Test func anotherRegistryRestoresWhatItKnowsAndReportsTheRest() async throws {
        let payload = try SceneHandoff.payload(of: try Self.state(try Self.sender()))
        var receiver = DestinationRegistry()
        try receiver.register(RouteRenamed.self, as: "route")
        let (restored, dropped) = try await SceneHandoff.restore(payload: payload, registry: receiver)
        try restored.validate()
        #expect(restored.stack(.tab("orders"))?.compactMap { $0.as(RouteRenamed.self) } == [.order(7)])
        #expect(restored.presentations.first?.destination.as(RouteRenamed.self) == .cart)
        #expect(dropped.contains { $0.location == .stack(.tab("orders"), position: 1) && $0.reason == .unknownType })
        #expect(dropped.contains { $0.location == .value("promo") })
    }

    /// The receiver's version renamed the route's stored name (the
    /// sender's is its alias) and moved Promo to payload version 2: both
    /// come back, the route by its alias and Promo upgraded.
    struct PromoV2: NavDestination { var code: String; var note: String }

    @Test func aliasesAndUpgradesApplyToAHandedOffScene() async throws {
        let payload = try SceneHandoff.payload(of: try Self.state(try Self.sender()))
        var receiver = DestinationRegistry()
        try receiver.register(RouteRenamed.self, as: "shop.route", aliases: ["route"])
        try receiver.register(PromoV2.self, as: "promo", version: 2, upgrades: [
            1: { json in
                guard case .object(var fields) = json else { throw CancellationError() }
                fields["note"] = .string("")
                return .object(fields)
            },
        ])
        let (restored, dropped) = try await SceneHandoff.restore(payload: payload, registry: receiver)
        #expect(dropped.isEmpty)
        #expect(restored.stack(.tab("orders"))?.first?.as(RouteRenamed.self) == .order(7))
        #expect(restored.stack(.tab("orders"))?.last?.as(PromoV2.self) == PromoV2(code: "x", note: ""))
        #expect(restored.values["promo"]?.as(PromoV2.self) == PromoV2(code: "y", note: ""))
    }

    @Test(arguments: [
        (Data(), NavStateError.notAHandoff()),
        (Data("{}".utf8), NavStateError.notAHandoff()),
        (Data(#"{"format":"navstate.handoff/2","scene":{}}"#.utf8), NavStateError.notAHandoff()),
        (Data(repeating: 0x7B, count: SceneHandoff.maximumBytes + 1), NavStateError.handoffTooLarge(bytes: SceneHandoff.maximumBytes + 1, limit: SceneHandoff.maximumBytes)),
    ])
    func aStrangersPayloadIsATypedError(payload: Data, error: NavStateError) async throws {
        await #expect(throws: error) { try await SceneHandoff.restore(payload: payload, registry: try Self.sender()) }
    }

    /// NavState's envelope around what is not a valid scene: broken JSON, a
    /// tab bar with one tab twice, an unknown format inside.
    @Test(arguments: [
        #"{"format":"navstate.handoff/1","scene":{"format":"navstate.scene/2","content":{"tabs":{"selected":"a","items":[{"id":"a","content":{"stack":[]}},{"id":"a","content":{"stack":[]}}]}}}}"#,
        #"{"format":"navstate.handoff/1","scene":{"format":"navstate.scene/9"}}"#,
        #"{"format":"navstate.handoff/1","scene":["Si"]}"#,
        #"{"format":"navstate.handoff/1","scene":{"format":"navstate.scene/1","root":["Si"]}}"#,
    ])
    func anEnvelopeAroundNoValidSceneIsUnreadable(text: String) async throws {
        await #expect {
            try await SceneHandoff.restore(payload: Data(text.utf8), registry: try Self.sender())
        } throws: { error in
            guard case NavStateError.unreadableHandoff = error else { return false }
            return true
        }
    }

    /// What is wrong inside the envelope is said as the tools say it, not
    /// as a Swift value prints.
    @Test func anUnreadableSceneSaysWhy() async throws {
        let text = #"{"format":"navstate.handoff/1","scene":{"format":"navstate.scene/2","content":{"split":{"columns":4,"visibility":"all","detail":{"stack":[]}}}}}"#
        await #expect(throws: NavStateError.unreadableHandoff("the split view at root has 4 columns; a split view has 2 or 3")) {
            try await SceneHandoff.restore(payload: Data(text.utf8), registry: try Self.sender())
        }
    }

    /// Any byte of a real payload changed: a typed error or a valid state,
    /// never a crash.
    @Test func aTamperedPayloadIsAnErrorOrAValidState() async throws {
        let registry = try Self.sender()
        let payload = Array(try SceneHandoff.payload(of: try Self.state(registry)))
        await propertyCheck(count: 300, input: zip(Gen.int(in: 0...(payload.count - 1)), Gen.int(in: 0...255))) { position, byte in
            var tampered = payload
            tampered[position] = UInt8(byte)
            do {
                let (state, _) = try await SceneHandoff.restore(payload: tampered, registry: registry)
                try state.validate()
            } catch is NavStateError {
                // A typed refusal.
            }
        }
    }

    @Test func aLinkCarriesTheSceneAndATamperedLinkIsRefused() async throws {
        let registry = try Self.sender()
        let state = try Self.state(registry)
        let base = try #require(URL(string: "https://shop.example/open?from=mail"))
        let link = try SceneHandoff.link(base, for: state)
        #expect(link.absoluteString.hasPrefix("https://shop.example/open?from=mail&navstate="))
        let (restored, dropped) = try await SceneHandoff.restore(payload: try SceneHandoff.payload(inLink: link), registry: registry)
        #expect(restored == state && dropped.isEmpty)

        #expect(throws: NavStateError.notAHandoff()) { try SceneHandoff.payload(inLink: base) }
        let broken = try #require(URL(string: "https://shop.example/open?navstate=%25%25%25"))
        #expect(throws: NavStateError.notAHandoff()) { try SceneHandoff.payload(inLink: broken) }
        let long = try #require(URL(string: "https://shop.example/open?navstate=" + String(repeating: "A", count: 8_000)))
        #expect(throws: NavStateError.self) { try SceneHandoff.payload(inLink: long) }
    }

    /// A scene too deep to hand off is refused on the sending side, with
    /// its size.
    @Test func aSceneTooLargeToHandOffIsRefusedWhenSent() throws {
        let registry = try Self.sender()
        let state = SceneState(stack: try (0..<400).map { try AnyDestination(Route.order($0), in: registry) })
        #expect {
            try SceneHandoff.payload(of: state)
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .handoffTooLarge,
                  let bytes = error.detail("bytes", as: Int.self), let limit = error.detail("limit", as: Int.self) else { return false }
            return bytes > limit && limit == SceneHandoff.maximumBytes
        }
    }
}
