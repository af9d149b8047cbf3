import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
import Observation  // newer than the floors: behind #available
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

// Links and deep links (the rest of the suite is SceneNavigatorTests.swift).
@MainActor
extension SceneNavigatorTests {
    // MARK: Links and deep links
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func sendSwitchesTabThenPushesOneStepAtATime() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore(options: RestoreOptions(tree: Self.shopTabs))
        try navigator.push(Shop.home)
        try navigator.present(Shop.cart, style: .sheet)
        var seen: [SceneState<AnyDestination>] = []
        try await navigator.send(to: .tab("orders"), Shop.product(1), Shop.product(2)) {
            seen.append(navigator.state)
            #expect(throws: Never.self) { try navigator.state.validate() }
        }
        // Dismiss, switch, push, push: one update each.
        #expect(seen.count == 4)
        #expect(navigator.selectedTab() == "orders")
        #expect(navigator.path.map { $0.as(Shop.self) } == [.product(1), .product(2)])
        #expect(navigator.path(at: .tab("home")).map { $0.as(Shop.self) } == [.home])
        await #expect(throws: NavStateError.noSuchStack(StackAddress.tab("deals"))) {
            try await navigator.send(to: .tab("deals"), Shop.home)
        }
        #expect(!navigator.selectIfPossible(tab: "deals"))
        #expect(navigator.selectedTab() == "orders")
        // A push elsewhere goes to the stack it names, not the one on screen.
        try navigator.push(Shop.cart, onto: .tab("cart"))
        #expect(navigator.path(at: .tab("cart")).map { $0.as(Shop.self) } == [.cart])
        #expect(navigator.selectedTab() == "orders")
        // And pops: from a named stack, or a named stack to its root view.
        navigator.pop(1, from: .tab("cart"))
        #expect(navigator.path(at: .tab("cart")).isEmpty)
        navigator.popToRoot(of: .tab("orders"))
        #expect(navigator.path(at: .tab("orders")).isEmpty)
        #expect(navigator.path(at: .tab("home")).map { $0.as(Shop.self) } == [.home])
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state == (try navigator.state.entries(style: .stable)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aDeepLinkReachesItsTargetOneStepAtATime() async throws {
        let registry = try registry()
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        try navigator.push(Shop.home)
        try navigator.push(Shop.product(1))
        try navigator.present(Shop.cart, style: .sheet)
        let target = SceneState(
            stack: [try AnyDestination(Shop.home, in: registry), try AnyDestination(Shop.product(9), in: registry)],
            presentations: [Presentation(
                method: .managedCover, destination: try AnyDestination(Shop.cart, in: registry),
                stack: [try AnyDestination(Shop.product(10), in: registry)])])
        let planned = navigator.state.steps(to: target).count
        var seen: [SceneState<AnyDestination>] = []
        try await navigator.navigate(to: target) { seen.append(navigator.state) }
        #expect(navigator.state == target)
        #expect(seen.count == planned)
        #expect(seen.last == target)
        #expect(Set(seen).count == planned, "a step changed nothing")
    }

    /// The navigator's SwiftUI article suggests pausing between steps for animations:
    /// every state on the way must be valid, so the save at each pause
    /// lands: checkpoints in stacks the plan pops or dismisses are dropped
    /// at the step that pops or dismisses them, not at the end.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aDeepLinkWithPausesSavesAValidStateAtEveryStep() async throws {
        let registry = try registry()
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(Shop.home)
        try navigator.push(Shop.product(1))
        navigator.setCheckpoint("product")
        try navigator.present(Shop.cart, style: .managedSheet)
        try navigator.push(Shop.product(2))
        navigator.setCheckpoint("in cart")
        try await navigator.flush()
        let target = SceneState(
            stack: [try AnyDestination(Shop.home, in: registry)],
            presentations: [Presentation(
                method: .managedCover, destination: try AnyDestination(Shop.cart, in: registry),
                stack: [try AnyDestination(Shop.product(10), in: registry)])],
            checkpoints: [Checkpoint(name: "cover", stack: .presentation(1), entriesKept: 1)])
        var pauses = 0
        try await navigator.navigate(to: target) {
            pauses += 1
            #expect(throws: Never.self) { try navigator.state.validate() }
            // A save at every pause, as the scene would make.
            try? await navigator.flush()
            #expect(navigator.lastSaveError == nil, "step \(pauses): \(String(describing: navigator.lastSaveError))")
        }
        #expect(pauses > 3)
        #expect(navigator.state == target)
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state == (try target.entries(style: .stable)))
    }
}
