import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateNavigator
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Each window finds its saved navigation again without relying on
/// `@SceneStorage` having been written.
@Suite("Window scenes")
@MainActor
struct WindowScenesTests {
    private func state(_ count: Int) -> SceneState<NavEntry> {
        SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func theFirstWindowUsesTheStableNameWithoutSceneStorage() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try await store.save(state(3), scene: "main")
        // A crash before SceneStorage was written: the window remembers nothing.
        let windows = WindowScenes(store: store)
        #expect(await windows.claim(remembered: "") == "main")
        // A new process, whose first window did remember.
        let relaunched = WindowScenes(store: store)
        #expect(await relaunched.claim(remembered: "main") == "main")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aFurtherWindowGetsItsOwnNameBackOrAdoptsTheNewestUnclaimedScene() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let windows = WindowScenes(store: store)
        #expect(await windows.claim(remembered: "") == "main")
        let second = await windows.claim(remembered: "")
        #expect(second.hasPrefix(WindowScenes.windowPrefix))
        let third = await windows.claim(remembered: "")
        #expect(third != second && third.hasPrefix(WindowScenes.windowPrefix))
        try await store.save(state(1), scene: second)
        try await store.save(state(2), scene: third)
        try await store.save(state(9), scene: "widget")  // not a window's: never adopted

        // Relaunch: the main window and one further window come back, but
        // the further window's SceneStorage was never written.
        let relaunched = WindowScenes(store: store)
        #expect(await relaunched.claim(remembered: "main") == "main")
        #expect(await relaunched.claim(remembered: "") == third, "the newest unclaimed window scene")
        #expect(await relaunched.claim(remembered: second) == second, "a remembered name comes back")
        let fresh = await relaunched.claim(remembered: "")
        #expect(![second, third, "main", "widget"].contains(fresh))
        #expect(relaunched.claimed == ["main", second, third, fresh])

        // A name another open window shows is not handed out twice.
        let duplicate = await relaunched.claim(remembered: second)
        #expect(duplicate != second)

        // A closed window's scene is free for the next window to adopt.
        relaunched.release(third)
        #expect(await relaunched.claim(remembered: "") == third)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func scenesNoWindowShowedForTooLongAreForgotten() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let old = WindowScenes.windowPrefix + "old"
        let open = WindowScenes.windowPrefix + "open"
        let recent = WindowScenes.windowPrefix + "recent"
        for scene in ["main", "widget", old, open, recent] { try await store.save(state(1), scene: scene) }
        // Every scene but `recent` was last saved ten days ago.
        let tenDaysAgo = Date().addingTimeInterval(-10 * 24 * 3600).timeIntervalSince1970
        try Tamper.run(path, "UPDATE revision SET saved_at = \(tenDaysAgo) WHERE scene_id IN (SELECT id FROM scene WHERE name != '\(recent)')")

        let windows = WindowScenes(store: store, forgetAfter: .seconds(7 * 24 * 3600))
        #expect(await windows.claim(remembered: "main") == "main")
        #expect(await windows.claim(remembered: open) == open)
        let deleted = try await windows.forgetAbandoned()
        #expect(deleted == [old], "only a window scene that no window shows and that is past the limit")
        #expect(Set(try await store.scenes().map(\.scene)) == ["main", "widget", open, recent])

        // With a limit of thirty days, nothing is forgotten.
        windows.release(open)
        let patient = WindowScenes(store: store, forgetAfter: .seconds(30 * 24 * 3600))
        #expect(try await patient.forgetAbandoned().isEmpty)
        // Forty days on, every unclaimed window scene goes.
        let later = WindowScenes(store: store, forgetAfter: .seconds(30 * 24 * 3600), now: { Date().addingTimeInterval(40 * 24 * 3600) })
        #expect(Set(try await later.forgetAbandoned()) == [open, recent])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func theStoreIsSuspendedOnlyWhenEveryWindowIsInTheBackground() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let windows = WindowScenes(store: store)
        let first = await windows.claim(remembered: "")
        let second = await windows.claim(remembered: "")
        windows.sceneDidEnterBackground(first)
        #expect(await windows.suspendIfEveryWindowIsInBackground() == false)
        #expect(!store.isSuspended, "another window is still in the foreground")
        try await store.save(state(1), scene: second)

        windows.sceneDidEnterBackground(second)
        #expect(await windows.suspendIfEveryWindowIsInBackground() == true)
        #expect(store.isSuspended)
        await #expect(throws: NavStateError.self) { try await store.save(self.state(2), scene: second) }

        windows.sceneWillEnterForeground(first)
        #expect(!store.isSuspended)
        try await store.save(state(2), scene: first)

        // A closed window no longer keeps the store awake.
        windows.release(first)
        windows.sceneDidEnterBackground(second)
        #expect(await windows.suspendIfEveryWindowIsInBackground() == true)
        windows.sceneWillEnterForeground(second)
        #expect(!store.isSuspended)
    }

    /// The user comes back before the background work finished: the
    /// foreground comes between the background phase and the end of the
    /// last save, and the store stays running.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aWindowBackBeforeTheBackgroundWorkEndedLeavesTheStoreRunning() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let windows = WindowScenes(store: store)
        let main = await windows.claim(remembered: "")
        // The phase goes to background: recorded at once, then the work
        // (the last save) starts…
        windows.sceneDidEnterBackground(main)
        try await store.save(state(1), scene: main)
        // …and before it ends the window is back.
        windows.sceneWillEnterForeground(main)
        // The work ends: nothing to suspend.
        #expect(await windows.suspendIfEveryWindowIsInBackground() == false)
        #expect(!store.isSuspended)
        try await store.save(state(2), scene: main)
    }

    /// Two windows at a cold launch open the store at the same moment: one
    /// store, one WindowScenes, and both windows get their own scene.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func windowsOpeningAtOnceShareOneStoreAndOneWindowScenes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        async let first = WindowScenes.shared(path: path, configuration: StoreFixtures.quiet())
        async let second = WindowScenes.shared(path: path, configuration: StoreFixtures.quiet())
        let (one, two) = try await (first, second)
        #expect(one === two)
        #expect(one.store === (try await NavStore.shared(path: path)))
        let names = [await one.claim(remembered: ""), await two.claim(remembered: "")]
        #expect(names[0] == "main" && names[1] != "main")
        // Another file is another store.
        let other = try await WindowScenes.shared(path: directory.path("other.sqlite"), configuration: StoreFixtures.quiet())
        #expect(other !== one && other.store !== one.store)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aFailedSharedOpenIsTriedAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("later/app.sqlite")
        await #expect(throws: NavStateError.self) { try await WindowScenes.shared(path: path, configuration: StoreFixtures.quiet()) }
        try FileManager.default.createDirectory(atPath: directory.path("later"), withIntermediateDirectories: true)
        let windows = try await WindowScenes.shared(path: path, configuration: StoreFixtures.quiet())
        try await windows.store.save(state(1), scene: "main")
    }

    /// A launch on a file this build cannot use (garbage, another app's)
    /// does not end there: the windows' shared open moves it aside intact
    /// and starts a fresh store. A plain shared open still refuses it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func theWindowsOpenSetsAnUnusableFileAsideAndStartsAFreshStore() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let garbage = Data(repeating: 0x41, count: 8_192)
        try garbage.write(to: URL(fileURLWithPath: path))
        await #expect(throws: NavStateError.notADatabase(path: path)) {
            try await NavStore.shared(path: path, configuration: StoreFixtures.quiet())
        }
        let windows = try await WindowScenes.shared(path: path, configuration: StoreFixtures.quiet())
        try await windows.store.save(state(1), scene: "main")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasPrefix("app.sqlite.unreadable-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(aside.count == 1, "\(aside)")
        let moved = try #require(aside.first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path(moved))) == garbage)
        #expect(try await NavStore.shared(path: path) === windows.store)
    }
}
