import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateScenes
import NavStateSQLite
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Lets the main actor run what is queued on it (tasks the lifecycle
/// started), so a test can say that something did *not* happen.
@MainActor
private func letQueuedWorkRun() async {
    for _ in 0..<50 {
        await Task.yield()
    }
    try? await Task.sleep(for: .milliseconds(20))
    for _ in 0..<50 {
        await Task.yield()
    }
}

/// Every decision `NavStateUI` forwards to ``SceneLifecycle``, driven with
/// the event orders a device delivers: a return before the background job
/// ended, an expiry during a write, a crash before, between and after the
/// restored levels, two windows, links before the navigator exists.
@Suite("Scene lifecycle")
@MainActor
struct SceneLifecycleTests {
    enum Screen: NavDestination {
        case item(Int)
        case sheet(String)
    }

    let timing = SceneLifecycle.Timing(transition: .milliseconds(650), settle: .seconds(1))

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func navigator(_ store: NavStore, scene: String = "main") throws -> SceneNavigator {
        let registry = try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(Screen.self, as: "screen")
        }
        return SceneNavigator(scene: scene, store: store, registry: registry)
    }

    /// A store whose "main" scene was left at two items on the root stack,
    /// and `sheets` managed sheets above it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func savedStore(path: String? = nil, sheets: Int = 0) async throws -> NavStore {
        let store = try path.map { try NavStore(path: $0, configuration: StoreFixtures.quiet()) }
            ?? NavStore.inMemory(configuration: StoreFixtures.quiet())
        let first = try navigator(store)
        try await first.restore()
        try first.push(Screen.item(1))
        try first.push(Screen.item(2))
        for level in 0..<sheets { try first.present(Screen.sheet("s\(level)"), style: .managedSheet) }
        try await first.flush()
        #expect(first.savesCompleted > 0)
        return store
    }

    /// Restores of the head revision the crash-loop guard counts as
    /// unconfirmed.
    func unconfirmed(_ store: NavStore) async throws -> Int {
        try await store.perform { store throws(NavStateError) in try store.unconfirmedRestores(scene: "main") }
            .first?.count ?? 0
    }

    // MARK: Defect 3: the confirmation

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func theLaunchIsConfirmedOnlyOnceTheRestoredContentAppearedAndSettled() async throws {
        let store = try await savedStore()
        let clock = HandClock()
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: clock.sleep)
        await lifecycle.viewAppeared()
        #expect(lifecycle.navigator.hasRestored)
        #expect(lifecycle.navigator.state.contentStack.count == 2)

        // No restored screen is on screen yet: nothing is confirmed, however
        // long the main actor runs.
        await letQueuedWorkRun()
        #expect(clock.waiting.isEmpty)
        #expect(!lifecycle.isSettled)
        #expect(try await unconfirmed(store) == 1)

        // The restored screens appear; the settle time starts, and only
        // when it has passed is the launch confirmed.
        lifecycle.contentAppeared()
        await eventually("the settle wait starts") { clock.waiting == [.seconds(1)] }
        await letQueuedWorkRun()
        #expect(try await unconfirmed(store) == 1)
        clock.advance()
        await eventually("the launch is confirmed") { lifecycle.isSettled }
        try await lifecycle.navigator.flush()
        #expect(try await unconfirmed(store) == 0)
    }

    /// A crash in a restored screen's first frames (its `body`, its `.task`)
    /// comes before the confirmation: each launch that crashes so is
    /// counted, and the guard steps back from the state that crashes.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aCrashBeforeOrJustAfterTheScreensAppearedCountsAsAFailedLaunch() async throws {
        let store = try await savedStore()
        // First launch: the process dies before the content appeared.
        let first = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: HandClock().sleep)
        await first.viewAppeared()
        #expect(try await unconfirmed(store) == 1)
        // Second launch: the content appeared, and the process dies in the
        // settle time (a restored screen's .task crashes).
        let clock = HandClock()
        let second = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: clock.sleep)
        await second.viewAppeared()
        second.contentAppeared()
        await eventually("the settle wait starts") { clock.waiting.count == 1 }
        #expect(try await unconfirmed(store) == 2)
        // Third launch: the guard has stepped back from the head (two
        // unconfirmed restores is the default limit) to an older revision.
        let third = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: HandClock().sleep)
        await third.viewAppeared()
        let report = try #require(third.navigator.restoreReport)
        #expect(report.skipped.first?.unconfirmedRestores == 2)
        #expect(report.skipped.first?.revision == report.headRevision)
        #expect(report.revision != report.headRevision)
        #expect(third.navigator.state.contentStack.count < 2)
    }

    // MARK: Defect 4: restored sheets

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func eachRestoredLevelIsPresentedOnlyOnceTheOneBelowFinishedItsTransition() async throws {
        let store = try await savedStore(sheets: 3)
        let clock = HandClock()
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: clock.sleep)
        var presentedWithoutAnimation = 0
        lifecycle.presentingRestoredLevel = { change in
            presentedWithoutAnimation += 1
            change()
        }
        let navigator = lifecycle.navigator
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        #expect(navigator.state.presentations.count == 1)

        // Level 1's onAppear runs before its first frame: presenting level 2
        // now would be dropped by SwiftUI. It waits for the transition.
        lifecycle.presentationAppeared(1)
        await letQueuedWorkRun()
        #expect(navigator.state.presentations.count == 1)
        #expect(clock.waiting == [.milliseconds(650)])
        clock.advance()
        await eventually("level 2 is presented") { navigator.state.presentations.count == 2 }

        // A crash between two restored sheets: counted, not confirmed.
        #expect(try await unconfirmed(store) == 1)

        lifecycle.presentationAppeared(2)
        await eventually("level 2's transition wait") { clock.waiting == [.milliseconds(650)] }
        clock.advance()
        await eventually("level 3 is presented") { navigator.state.presentations.count == 3 }
        #expect(navigator.pendingPresentations.isEmpty)
        #expect(presentedWithoutAnimation == 2)
        #expect(!lifecycle.isSettled)

        // The deepest level appears: its transition and the settle time pass,
        // then the launch is confirmed.
        lifecycle.presentationAppeared(3)
        await eventually("the settle wait starts") { clock.waiting == [.milliseconds(1650)] }
        clock.advance()
        await eventually("the launch is confirmed") { lifecycle.isSettled }
        try await navigator.flush()
        #expect(try await unconfirmed(store) == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aChangeByTheUserWhileLevelsComeUpEndsTheRestoreAndSettles() async throws {
        let store = try await savedStore(sheets: 3)
        let clock = HandClock()
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: clock.sleep)
        let navigator = lifecycle.navigator
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        lifecycle.presentationAppeared(1)
        await eventually("level 1's transition wait") { clock.waiting.count == 1 }
        // The user dismisses the sheet before level 2 came up.
        navigator.dismiss()
        #expect(navigator.pendingPresentations.isEmpty)
        // Level 2's transition wait is cancelled, and ends; the settle wait
        // is the one left.
        await eventually("the settle wait starts") { clock.waiting.count == 1 }
        clock.advance()
        await eventually("the launch is confirmed") { lifecycle.isSettled }
        #expect(navigator.state.presentations.isEmpty, "the cancelled transition presented nothing")
        try await navigator.flush()
        #expect(try await unconfirmed(store) == 0)
        #expect(try await store.load(scene: "main")?.state.presentations.isEmpty == true)
    }

    // MARK: Background and foreground

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func goingToTheBackgroundAfterTheScreensAppearedConfirmsThenSaves() async throws {
        let store = try await savedStore()
        let clock = HandClock()
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: clock.sleep)
        let navigator = lifecycle.navigator
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        try navigator.push(Screen.item(3))
        await eventually("the settle wait starts") { clock.waiting.count == 1 }
        // The user leaves within the settle time: the screens were up and
        // did not crash, so the launch is confirmed and the push saved.
        let job = try #require(lifecycle.phaseChanged(to: .background))
        await job.run()
        #expect(lifecycle.isSettled)
        #expect(try await unconfirmed(store) == 0)
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 3)
        clock.advance()  // the cancelled settle wait confirms nothing twice
        await letQueuedWorkRun()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func goingToTheBackgroundBeforeTheScreensAppearedConfirmsNothing() async throws {
        let store = try await savedStore()
        let clock = HandClock()
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: clock.sleep)
        await lifecycle.viewAppeared()
        let job = try #require(lifecycle.phaseChanged(to: .background))
        await job.run()
        #expect(!lifecycle.isSettled)
        #expect(try await unconfirmed(store) == 1)
        // Back in the foreground the content appears, and the rules go on.
        lifecycle.phaseChanged(to: .active)
        lifecycle.contentAppeared()
        await eventually("the settle wait starts") { clock.waiting.count == 1 }
        clock.advance()
        await eventually("the launch is confirmed") { lifecycle.isSettled }
    }

    /// Defect 2: the user comes back before the background job finished; on
    /// a device the foreground phase then arrives while the job still runs.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func comingBackBeforeTheBackgroundJobEndedLeavesTheStoreRunning() async throws {
        let store = try await savedStore()
        let windows = WindowScenes(store: store)
        #expect(await windows.claim(remembered: "") == "main")
        let lifecycle = SceneLifecycle(
            navigator: try navigator(store), windows: windows, timing: timing, sleep: HandClock().sleep)
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        let job = try #require(lifecycle.phaseChanged(to: .background))
        let running = Task { await job.run() }
        lifecycle.phaseChanged(to: .inactive)  // before the job's first step
        await running.value
        #expect(!store.isSuspended)
        try lifecycle.navigator.push(Screen.item(9))
        try await lifecycle.navigator.flush()
        #expect(lifecycle.navigator.lastSaveError == nil)

        // Without the return, the job suspends the store, and the next
        // foreground resumes it.
        let second = try #require(lifecycle.phaseChanged(to: .background))
        await second.run()
        #expect(store.isSuspended)
        lifecycle.phaseChanged(to: .active)
        #expect(!store.isSuspended)
    }

    /// Defect 1: the time runs out while the last save waits for another
    /// process's lock. The expiry ends the wait at once, the store refuses
    /// statements until it resumes, and the navigator keeps its state and
    /// saves it at the next foreground.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func anExpiryDuringAWriteEndsItAndTheStateIsSavedOnResume() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        _ = try await savedStore(path: path)
        var configuration = StoreFixtures.quiet()
        configuration.busyTimeout = .seconds(60)
        let store = try NavStore(path: path, configuration: configuration)
        let windows = WindowScenes(store: store)
        _ = await windows.claim(remembered: "")
        let lifecycle = SceneLifecycle(
            navigator: try navigator(store), windows: windows, timing: timing, sleep: HandClock().sleep)
        let navigator = lifecycle.navigator
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        try navigator.push(Screen.item(3))

        let other = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        try other.execute("BEGIN IMMEDIATE")
        let job = try #require(lifecycle.phaseChanged(to: .background))
        let running = Task { await job.run() }
        try await Task.sleep(for: .milliseconds(200))  // the save reaches its wait
        job.expire()
        let ended = Locked(false)
        let watchdog = Task.detached {
            try? await Task.sleep(for: .seconds(20))
            if !ended.withLock({ $0 }) { Issue.record("the job still waits for the lock 20 s after the expiry") }
        }
        await running.value
        ended.withLock { $0 = true }
        watchdog.cancel()
        #expect(store.isSuspended)
        #expect(navigator.state.contentStack.count == 3, "the navigator keeps its state")
        try other.execute("ROLLBACK")

        lifecycle.phaseChanged(to: .active)
        #expect(!store.isSuspended)
        await eventually("the refused state is saved") { navigator.lastSaveError == nil && navigator.savesCompleted > 0 }
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 3)
    }

    /// Defect (issue 41): with no `WindowScenes` (what `restoresNavigator`
    /// gives by default) an expiry suspended the store for good, and every
    /// later save failed with `suspended`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func withoutWindowsTheForegroundResumesAStoreAnExpirySuspended() async throws {
        let store = try await savedStore()
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: HandClock().sleep)
        let navigator = lifecycle.navigator
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        let job = try #require(lifecycle.phaseChanged(to: .background))
        job.expire()
        #expect(store.isSuspended)
        lifecycle.phaseChanged(to: .active)
        #expect(!store.isSuspended)
        try await navigator.confirm()
        try navigator.push(Screen.item(9))
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 3)
    }

    /// Two windows: the store is suspended only once both are in the
    /// background, whichever job ends last (an expiry too), and resumed
    /// when one returns.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func twoWindowsSuspendTheStoreOnlyWhenBothAreInTheBackground() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let windows = WindowScenes(store: store)
        async let firstName = windows.claim(remembered: "")
        async let secondName = windows.claim(remembered: "")
        let names = await [firstName, secondName]
        #expect(Set(names).count == 2)
        let lifecycles = try names.map {
            SceneLifecycle(navigator: try navigator(store, scene: $0), windows: windows, timing: timing, sleep: HandClock().sleep)
        }
        for lifecycle in lifecycles {
            await lifecycle.viewAppeared()
            lifecycle.contentAppeared()
        }
        let first = try #require(lifecycles[0].phaseChanged(to: .background))
        first.expire()
        #expect(!store.isSuspended, "an expiry under the other, active window suspends nothing (it did, before WindowPhaseRules)")
        await first.run()
        #expect(!store.isSuspended, "the second window is still in the foreground")
        let second = try #require(lifecycles[1].phaseChanged(to: .background))
        await second.run()
        #expect(store.isSuspended)
        lifecycles[0].phaseChanged(to: .active)
        #expect(!store.isSuspended)
        // A macOS-style lifecycle never suspends.
        let macWindows = WindowScenes(store: try NavStore.inMemory(configuration: StoreFixtures.quiet()))
        _ = await macWindows.claim(remembered: "")
        let mac = SceneLifecycle(
            navigator: try navigator(macWindows.store), windows: macWindows, suspendsStore: false, sleep: HandClock().sleep)
        await mac.viewAppeared()
        await mac.phaseChanged(to: .background)?.run()
        #expect(!macWindows.store.isSuspended)
    }

    /// A scene with nothing saved has nothing to confirm: it saves from the
    /// start.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aFirstLaunchSavesAtOnce() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: HandClock().sleep)
        await lifecycle.viewAppeared()
        #expect(lifecycle.isSettled)
        try lifecycle.navigator.push(Screen.item(1))
        try await lifecycle.navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 1)
    }
}
