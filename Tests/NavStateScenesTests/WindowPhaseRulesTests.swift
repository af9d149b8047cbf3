import Foundation
import NavState
import NavStateScenes
import Testing

/// The phase rules every face runs on (`WindowPhaseRules`), each tested
/// here once, in the orders a device delivers the events: a background
/// job's expiry before or after its work, a foreground before the job
/// ended, another window still active. The faces' own suites check that
/// they forward to it (SceneSessionTests+Background, SceneLifecycleTests).
@MainActor
@Suite("Window phase rules")
struct WindowPhaseRulesTests {
    /// What a face's closures were asked to do, in order.
    final class Calls {
        var made: [String] = []
    }

    /// The job or nothing `phase` asks of `scene`, recording the face's
    /// confirm and flush in `calls`.
    func changed(
        to phase: WindowPhase, _ scene: String, _ windows: WindowScenes?, _ store: NavStore, _ calls: Calls,
        confirmsNow: Bool = false, suspendsStore: Bool = true
    ) -> BackgroundJob? {
        WindowPhaseRules.phaseChanged(
            to: phase, scene: scene, windows: windows, store: store, suspendsStore: suspendsStore, confirmsNow: confirmsNow,
            confirm: { calls.made.append("confirm") }, flush: { calls.made.append("flush") })
    }

    @Test func theBackgroundJobConfirmsWhenAskedSavesAndSuspendsOnceEveryWindowIsInTheBackground() async throws {
        let store = try NavStore.inMemory()
        let windows = WindowScenes(store: store)
        let main = await windows.claim(remembered: "")
        let calls = Calls()
        let job = try #require(changed(to: .background, main, windows, store, calls, confirmsNow: true))
        #expect(calls.made.isEmpty, "nothing runs before the job does")
        await job.run()
        #expect(calls.made == ["confirm", "flush"])
        #expect(store.isSuspended)
        // Without confirmsNow there is no confirmation; on macOS no suspension.
        store.resume()
        windows.sceneWillEnterForeground(main)
        let quiet = Calls()
        await changed(to: .background, main, windows, store, quiet, suspendsStore: false)?.run()
        #expect(quiet.made == ["flush"])
        #expect(!store.isSuspended, "a platform that does not suspend apps keeps its store")
    }

    @Test func anotherActiveWindowKeepsTheStoreThroughAJobAndItsExpiry() async throws {
        let store = try NavStore.inMemory()
        let windows = WindowScenes(store: store)
        let leaving = await windows.claim(remembered: "")
        let staying = await windows.claim(remembered: "")
        #expect(leaving != staying)
        windows.sceneWillEnterForeground(staying)
        let job = try #require(changed(to: .background, leaving, windows, store, Calls()))
        job.expire()
        #expect(!store.isSuspended, "an expiry under an active window suspends nothing")
        await job.run()
        #expect(!store.isSuspended)
        // The last window leaves, and its time runs out first.
        let last = try #require(changed(to: .background, staying, windows, store, Calls()))
        last.expire()
        #expect(store.isSuspended, "an expiry with every window in the background suspends at once")
    }

    @Test func theForegroundResumesTheStoreBeforeTheJobEndsAndSavesWhatWaited() async throws {
        let store = try NavStore.inMemory()
        let windows = WindowScenes(store: store)
        let main = await windows.claim(remembered: "")
        let job = try #require(changed(to: .background, main, windows, store, Calls()))
        job.expire()
        #expect(store.isSuspended)
        let calls = Calls()
        #expect(changed(to: .active, main, windows, store, calls) == nil)
        #expect(!store.isSuspended, "resumed at once, while the job has not ended")
        await job.run()
        #expect(!store.isSuspended, "the job that ends after the foreground suspends nothing")
        for _ in 0..<1_000 where calls.made.isEmpty { await Task.yield() }
        #expect(calls.made == ["flush"])
    }

    @Test func aSceneWithoutWindowScenesSuspendsOnExpiryAndResumesItself() async throws {
        let store = try NavStore.inMemory()
        let job = try #require(changed(to: .background, "main", nil, store, Calls()))
        await job.run()
        #expect(!store.isSuspended, "without windows only an expiry suspends")
        job.expire()
        #expect(store.isSuspended)
        _ = changed(to: .inactive, "main", nil, store, Calls())
        #expect(!store.isSuspended)
    }
}
