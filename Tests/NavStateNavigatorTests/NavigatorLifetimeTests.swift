import NavStateReports
import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateSQLite
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum Route: NavDestination {
    case screen(Int)
}

/// A navigator whose window closed while its save was under way: the save
/// outlives it.
@Suite("Navigator lifetime")
@MainActor
struct NavigatorLifetimeTests {
    /// Defect: the save loop read the navigator's state and reported the
    /// save's outcome through unowned references, and a navigator released
    /// mid-save crashed the app ("attempted to read an unowned reference
    /// but object was already destroyed"). The save under way lands, and
    /// nothing reads the released navigator.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aNavigatorReleasedDuringASaveDoesNotCrashAndTheSaveLands() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        var configuration = StoreFixtures.quiet()
        configuration.busyTimeout = .seconds(60)
        let store = try NavStore(path: path, configuration: configuration)
        let registry = try DestinationRegistry { registry throws(NavStateError) in try registry.register(Route.self, as: "route") }
        let other = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        weak var released: SceneNavigator?
        do {
            let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
            try await navigator.restore()
            // Another connection holds the write lock: the save waits for it.
            try other.execute("BEGIN IMMEDIATE")
            try navigator.push(Route.screen(1))
            try await Task.sleep(for: .milliseconds(100))   // the save reaches its wait
            try navigator.push(Route.screen(2))              // and another change waits behind it
            released = navigator
        }
        #expect(released == nil, "the window's navigator is gone")
        try other.execute("ROLLBACK")
        // The save in flight lands, finds its navigator gone, and stops.
        await eventually("the save under way lands") { (try? store.load(scene: "main")) != nil }
        for _ in 0..<50 {
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
        #expect(try store.load(scene: "main")?.state.contentStack.count == 1)
        withExtendedLifetime(other) {}
    }
}
