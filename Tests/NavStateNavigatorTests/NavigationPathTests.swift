import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum OrderRoute: NavDestination {
    case list
    case detail(id: Int)
}

/// Not registered: an app's value NavState cannot name.
private struct Stranger: NavDestination {
    var id: Int
}

private func swiftUIJSON(_ values: [any NavDestination]) throws -> Data {
    try SwiftUIEncoder.json(values)
}

/// A stack bound to SwiftUI's `NavigationPath`: what `NavigationLink(value:)`,
/// the back button and a swipe do to it reaches the navigator, and is saved.
/// The SwiftUI side (`navigationPath(at:)`) only
/// forwards the path's count, whether it keeps the stack's entries, and its
/// `codable` JSON; this is the navigator's side.
@Suite("NavigationPath stacks")
@MainActor
struct NavigationPathTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func navigator(_ store: NavStore, registry: DestinationRegistry? = nil) throws -> SceneNavigator {
        let registry = try registry ?? DestinationRegistry { registry throws(NavStateError) in
            try registry.register(OrderRoute.self, as: "order")
        }
        return SceneNavigator(scene: "main", store: store, registry: registry)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func routes(_ navigator: SceneNavigator, at stack: StackAddress = .root) -> [OrderRoute] {
        (navigator.state.stack(stack) ?? []).compactMap { $0.as(OrderRoute.self) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aLinkPushDecodesOnlyTheAppendedValueAndIsSaved() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(OrderRoute.list)

        // NavigationLink(value: OrderRoute.detail(id: 7)) in the list.
        let pushed = try swiftUIJSON([OrderRoute.list, OrderRoute.detail(id: 7)])
        #expect(navigator.applyNavigationPath(count: 2, keepsEntries: true, codableJSON: { pushed }, at: .root))
        #expect(routes(navigator) == [.list, .detail(id: 7)])
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 2)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aPopOrSwipeKeepsTheFirstEntriesWithoutReadingTheJSON() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        for id in 1...4 { try navigator.push(OrderRoute.detail(id: id)) }
        var encoded = 0
        let json: () -> Data? = {
            encoded += 1
            return nil
        }
        #expect(navigator.applyNavigationPath(count: 1, keepsEntries: true, codableJSON: json, at: .root))
        #expect(routes(navigator) == [.detail(id: 1)])
        #expect(navigator.applyNavigationPath(count: 1, keepsEntries: true, codableJSON: json, at: .root))
        #expect(encoded == 0, "a pop needs no value")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aReplacedPathIsReadWhole() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(OrderRoute.detail(id: 1))
        let replaced = try swiftUIJSON([OrderRoute.list, OrderRoute.detail(id: 2), OrderRoute.detail(id: 3)])
        #expect(navigator.applyNavigationPath(count: 3, keepsEntries: false, codableJSON: { replaced }, at: .root))
        #expect(routes(navigator) == [.list, .detail(id: 2), .detail(id: 3)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func whatCannotBeSavedIsRefusedAndTheStackKeepsItsEntries() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(OrderRoute.list)
        let before = navigator.state

        // An unregistered type.
        let stranger = try swiftUIJSON([OrderRoute.list, Stranger(id: 1)])
        #expect(!navigator.applyNavigationPath(count: 2, keepsEntries: true, codableJSON: { stranger }, at: .root))
        // A value that is not Codable: the path has no `codable`.
        #expect(!navigator.applyNavigationPath(count: 2, keepsEntries: true, codableJSON: { nil }, at: .root))
        // JSON that is not SwiftUI's, or does not match the count.
        let garbage = Data("{\"not\":\"a path\"}".utf8)
        #expect(!navigator.applyNavigationPath(count: 2, keepsEntries: true, codableJSON: { garbage }, at: .root))
        let short = try swiftUIJSON([OrderRoute.list])
        #expect(!navigator.applyNavigationPath(count: 2, keepsEntries: true, codableJSON: { short }, at: .root))
        // A stack that does not exist.
        #expect(!navigator.applyNavigationPath(count: 0, keepsEntries: false, codableJSON: { nil }, at: .tab("none")))
        // Counts no JSON holds (issue 42: `Int.max / 2 + 1` trapped on `* 2`).
        for count in [Int.max / 2 + 1, Int.max, Int.max / 2] {
            #expect(!navigator.applyNavigationPath(count: count, keepsEntries: true, codableJSON: { short }, at: .root))
            #expect(!navigator.applyNavigationPath(count: count, keepsEntries: false, codableJSON: { short }, at: .root))
        }
        #expect(navigator.state == before)
    }

    /// SwiftUI's own JSON (../shared/fixtures/swiftui/): each fixture is read
    /// into the stack through the registry, saved, restored, and written
    /// back in SwiftUI's style byte for byte (the emoji type is this test's
    /// own, registered with the fixture app's name as an alias, so its
    /// module is this one's).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test(arguments: ["backport-emoji.json", "forum-int-string.json"])
    func swiftUIsOwnJSONBecomesTheStackAndComesBackByteForByte(file: String) async throws {
        let data = try Fixtures.data(file)
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let registry = try Samples.registry()
        let navigator = try navigator(store, registry: registry)
        try await navigator.restore()
        #expect(navigator.applyNavigationPath(count: 2, keepsEntries: false, codableJSON: { data }, at: .root))
        #expect(navigator.state.contentStack.count == 2)
        try await navigator.flush()

        let relaunched = try self.navigator(store, registry: registry)
        try await relaunched.restore()
        let written = try NavPath(relaunched.state.contentStack, registry: registry).representation(style: .qualified)
        let expected = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "NavigationBackportApp.EmojiVisualisation", with: String(reflecting: EmojiVisualisation.self))
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    /// A managed sheet's stack takes links too; a plain sheet has none.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aManagedSheetsStackTakesLinks() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.present(OrderRoute.list, style: .managedSheet)
        let sheet = StackAddress(presentation: 1)
        let pushed = try swiftUIJSON([OrderRoute.detail(id: 9)])
        #expect(navigator.applyNavigationPath(count: 1, keepsEntries: true, codableJSON: { pushed }, at: sheet))
        #expect(routes(navigator, at: sheet) == [.detail(id: 9)])
        try navigator.present(OrderRoute.list, style: .sheet)
        #expect(!navigator.applyNavigationPath(
            count: 1, keepsEntries: true, codableJSON: { pushed }, at: StackAddress(presentation: 2)))
    }

    /// A refused change is written to the unified log under the navigator's
    /// category, so it shows in Console.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aRefusedChangeIsLoggedUnderTheNavigatorCategory() async throws {
        let records = Locked<[String]>([])
        var configuration = StoreFixtures.quiet()
        configuration.logger.logLevel = .error
        configuration.unifiedLogSink = { category, _, message, details in
            records.withLock { $0.append("\(category) \(message) \(details)") }
        }
        let navigator = try navigator(try NavStore.inMemory(configuration: configuration))
        try await navigator.restore()
        #expect(!navigator.applyNavigationPath(count: 1, keepsEntries: true, codableJSON: { nil }, at: .root))
        let logged = records.withLock { $0 }
        #expect(logged.contains { $0.hasPrefix("navigator navigation path change refused problem=the path holds a value that is not Codable") })
    }
}
