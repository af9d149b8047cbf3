import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Each screen's own state through the navigator (issue 59): set like a
/// push, saved with the scene, restored with its entry, gone with it.
@Suite("Navigator screen state")
@MainActor
struct NavigatorScreenStateTests {
    struct Draft: Codable, Hashable {
        var text: String
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func navigator(_ store: NavStore) throws -> SceneNavigator {
        SceneNavigator(scene: "main", store: store, registry: try SceneNavigatorTests().registry())
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aDraftComesBackAtTheNextLaunchOnItsOwnScreenOnly() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nav.sqlite")
        do {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            let navigator = try navigator(store)
            try await navigator.restore()
            try await navigator.confirm()
            // One product pushed twice: two screens, two drafts.
            try navigator.push(SceneNavigatorTests.Shop.product(7))
            try navigator.setScreenValue(Draft(text: "first"), forKey: "draft", at: try #require(navigator.topLocation))
            try navigator.push(SceneNavigatorTests.Shop.product(7))
            let top = try #require(navigator.topLocation)
            #expect(top == .stack(.root, position: 1))
            // A draft typed key by key: each keystroke a change, coalesced into saves.
            for length in 1...50 {
                try navigator.setScreenValue(Draft(text: String(repeating: "b", count: length)), forKey: "draft", at: top)
            }
            try await navigator.flush()
        }
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        #expect(navigator.screenValue(Draft.self, forKey: "draft", at: .stack(.root, position: 0)) == Draft(text: "first"))
        #expect(navigator.screenValue(Draft.self, forKey: "draft", at: .stack(.root, position: 1)) == Draft(text: String(repeating: "b", count: 50)))
        // A value an update no longer decodes: that value alone is nil.
        #expect(navigator.screenValue(Int.self, forKey: "draft", at: .stack(.root, position: 1)) == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aPoppedOrDismissedScreensStateGoesWithItAndANewEntryStartsEmpty() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try await navigator.confirm()
        try navigator.push(SceneNavigatorTests.Shop.home)
        try navigator.push(SceneNavigatorTests.Shop.product(1))
        try navigator.setScreenValue("kept", forKey: "draft", at: .stack(.root, position: 0))
        try navigator.setScreenValue("popped", forKey: "draft", at: .stack(.root, position: 1))
        navigator.pop()
        #expect(navigator.state.screens.keys.map(\.storedText) == ["root#0"])
        // The same value pushed again is a new screen.
        try navigator.push(SceneNavigatorTests.Shop.product(1))
        #expect(navigator.screenValue(String.self, forKey: "draft", at: .stack(.root, position: 1)) == nil)
        // A sheet's screen goes when the sheet is dismissed.
        try navigator.present(SceneNavigatorTests.Shop.cart, style: .sheet)
        try navigator.setScreenValue(3, forKey: "quantity", at: .presentation(1))
        navigator.dismiss()
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.screens == [
            .stack(.root, position: 0): ScreenState(json: ["draft": #""kept""#]),
        ])
        // No entry, no screen state.
        #expect { try navigator.setScreenValue("x", forKey: "draft", at: .stack(.root, position: 9)) } throws: {
            ($0 as? NavStateError)?.code == .noEntry
        }
        // An unchanged value changes nothing.
        let saves = navigator.savesCompleted
        try navigator.setScreenValue("kept", forKey: "draft", at: .stack(.root, position: 0))
        try await navigator.flush()
        #expect(navigator.savesCompleted == saves)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aHandoffCarriesTheScreensWhenTheyFitAndTheNavigationAloneWhenNot() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let registry = try SceneNavigatorTests().registry()
        let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
        try await navigator.restore()
        try navigator.push(SceneNavigatorTests.Shop.product(4))
        try navigator.setScreenValue("Dear Ana,", forKey: "draft", at: .stack(.root, position: 0))
        let payload = try SceneHandoff.payload(of: navigator.state)
        let continued = try await SceneHandoff.restore(payload: payload, registry: registry)
        #expect(continued.state == navigator.state)

        try navigator.setScreenValue(String(repeating: "x", count: 5_000), forKey: "draft", at: .stack(.root, position: 0))
        let navigationOnly = try SceneHandoff.payload(of: navigator.state)
        let continuedWithout = try await SceneHandoff.restore(payload: navigationOnly, registry: registry)
        #expect(continuedWithout.state.contentStack == navigator.state.contentStack)
        #expect(continuedWithout.state.screens.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aSlotWritesOnlyIntoItsOwnEntryEvenWhenAnEqualValueTakesItsPlace() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(SceneNavigatorTests.Shop.product(1))
        #expect(navigator.screenSlot(at: .stack(.root, position: 3)) == nil)
        let first = try #require(navigator.screenSlot(at: .stack(.root, position: 0)))
        try first.setValue("typed on the first", forKey: "draft")
        #expect(first.value(String.self, forKey: "draft") == "typed on the first")
        // A push above it changes nothing of it.
        try navigator.push(SceneNavigatorTests.Shop.cart)
        #expect(first.isCurrent && first.value(String.self, forKey: "draft") == "typed on the first")
        // Popped, then the same value pushed again: a new entry, and the
        // old screen's slot neither reads its state nor writes into it.
        navigator.popToRoot()
        try navigator.push(SceneNavigatorTests.Shop.product(1))
        #expect(!first.isCurrent)
        #expect(first.value(String.self, forKey: "draft") == nil)
        try first.setValue("late write from a popped screen", forKey: "draft")
        #expect(navigator.state.screens.isEmpty)
        let second = try #require(navigator.screenSlot(at: .stack(.root, position: 0)))
        try second.setValue("typed on the second", forKey: "draft")
        #expect(navigator.screenValue(String.self, forKey: "draft", at: .stack(.root, position: 0)) == "typed on the second")
    }
}
