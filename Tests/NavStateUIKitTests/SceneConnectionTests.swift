import NavStateReports
import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
@testable import NavStateUIKit
import Testing

private enum Route: NavDestination {
    case saved(Int)
    case linked(Int)
    case sheet(String)
    case big(String)
}

/// What a UIKit scene delegate decides, through `SceneConnection`, in the
/// orders a device delivers: a URL or a Handoff at a cold launch, a link
/// while the scene is claimed and restored, Handoff asked for after
/// changes; and a restore with two sheets carried out by the presentation
/// driver up to the launch's confirmation.
@Suite("Scene connection")
@MainActor
struct SceneConnectionTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func registry() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(NavStateError) in try registry.register(Route.self, as: "route") }
    }

    /// A store whose one scene was left at `[saved(1)]`, confirmed.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func savedStore() async throws -> NavStore {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let windows = WindowScenes(store: store)
        let name = await windows.claim(remembered: "")
        let first = SceneNavigator(scene: name, store: store, registry: try registry())
        try await first.restore()
        try first.push(Route.saved(1))
        try await first.confirm()
        try await first.flush()
        return store
    }

    /// Opens a URL "linked/N" by sending `linked(N)` to the root stack.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func connection() throws -> SceneConnection {
        SceneConnection(registry: try registry()) { url, navigator in
            guard let number = Int(url.lastPathComponent) else { return }
            try? await navigator.send(to: .root, Route.linked(number))
        }
    }

    private func routes(_ navigator: SceneNavigator) -> [Route] {
        Array(navigator.path).compactMap { $0.as(Route.self) }
    }

    /// Defect 4: at a cold launch the URL the scene connected with and a
    /// URL that came while the navigator did not exist yet were dropped.
    /// Each waits and is applied on top of the restored state, in the order
    /// it came.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func urlsAtAColdLaunchWaitForTheRestoreAndApplyInOrder() async throws {
        let store = try await savedStore()
        let connection = try connection()
        // `scene(_:openURLContexts:)` before the app's store is even open.
        connection.open(URL(string: "shop://linked/1")!)
        let navigator = await connection.connect(
            windows: WindowScenes(store: store), remembered: nil, urls: [URL(string: "shop://linked/2")!])
        await eventually("both links are applied") { routes(navigator).count == 3 }
        #expect(routes(navigator) == [.saved(1), .linked(1), .linked(2)])
        // Later URLs go straight through.
        connection.open(URL(string: "shop://linked/3")!)
        await eventually("a later link is applied") { routes(navigator).last == .linked(3) }
    }

    /// Defect 4: `scene(_:continue:)` came while the navigator was being
    /// made and returned, and the activities in the connection options were
    /// ignored. Either waits for the claim and the restore, and is applied.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test(arguments: [false, true])
    func aHandoffAtLaunchIsApplied(inTheConnectionOptions: Bool) async throws {
        let store = try await savedStore()
        let connection = try connection()
        var handedOff = SceneState<AnyDestination>()
        try handedOff.setStack(.root, to: [AnyDestination(Route.linked(9), in: try registry())])
        let payload = try SceneHandoff.payload(of: handedOff)
        let windows = WindowScenes(store: store)
        let connecting = Task {
            await connection.connect(windows: windows, remembered: nil, handoffs: inTheConnectionOptions ? [payload] : [])
        }
        if !inTheConnectionOptions { connection.continueHandoff(payload) }
        let navigator = await connecting.value
        #expect(navigator.hasRestored)
        await eventually("the handoff is applied") { routes(navigator) == [.linked(9)] }
        // A second connect (UIKit connects once; an app may ask twice) is the same scene.
        #expect(await connection.connect(windows: windows, remembered: nil) === navigator)
    }

    /// When a link arrives, against the scene's connection.
    enum Moment: String, CaseIterable, Sendable {
        case beforeConnect, duringConnect, afterRestore
    }

    /// Issue 61: a Handoff then a URL were applied the other way round
    /// (the Handoff's payload was decoded in a task of its own while the
    /// URL went to the navigator at once), and the Handoff then replaced
    /// the screen the URL opened. Whatever the order and the moment, the
    /// later link's screen ends on top.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test(arguments: [true, false], Moment.allCases)
    func linksApplyInTheOrderTheyCame(handoffFirst: Bool, moment: Moment) async throws {
        let store = try await savedStore()
        let connection = try connection()
        var handedOff = SceneState<AnyDestination>()
        try handedOff.setStack(.root, to: [AnyDestination(Route.saved(1), in: try registry()), AnyDestination(Route.linked(50), in: try registry())])
        let payload = try SceneHandoff.payload(of: handedOff)
        let url = try #require(URL(string: "shop://linked/12"))
        func send() {
            if handoffFirst {
                connection.continueHandoff(payload)
                connection.open(url)
            } else {
                connection.open(url)
                connection.continueHandoff(payload)
            }
        }
        let windows = WindowScenes(store: store)
        if moment == .beforeConnect { send() }
        let connecting = Task { await connection.connect(windows: windows, remembered: nil) }
        if moment == .duringConnect {
            await Task.yield()
            send()
        }
        let navigator = await connecting.value
        if moment == .afterRestore { send() }
        let expected: [Route] = handoffFirst ? [.saved(1), .linked(50), .linked(12)] : [.saved(1), .linked(50)]
        await eventually("both links are applied") { routes(navigator) == expected }
        await letLinksSettle()
        #expect(routes(navigator) == expected, "the later link's screen is on top")
    }

    /// A payload that is not a scene between two good links costs only
    /// itself: it is logged, and the links after it run.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aBadPayloadBetweenTwoLinksCostsOnlyItself() async throws {
        let store = try await savedStore()
        let connection = try connection()
        connection.open(try #require(URL(string: "shop://linked/1")))
        connection.continueHandoff(Data("not a scene".utf8))
        connection.continueHandoff(Data(repeating: 0x7B, count: SceneHandoff.maximumBytes + 1))
        connection.open(try #require(URL(string: "shop://linked/2")))
        let navigator = await connection.connect(windows: WindowScenes(store: store), remembered: nil)
        await eventually("the good links are applied") { routes(navigator) == [.saved(1), .linked(1), .linked(2)] }
    }

    /// Lets queued links run, so a test can say that nothing more happened.
    private func letLinksSettle() async {
        for _ in 0..<50 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(20))
        for _ in 0..<50 { await Task.yield() }
    }

    /// Defect 7: the activity was made at `sceneWillResignActive` only, and
    /// carried the screen from the last resign; a payload too large made an
    /// empty activity. The payload is the scene as it is when asked, and
    /// none (not eligible) when it cannot be handed off.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func handoffOffersTheSceneAsItIsNowOrNothing() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let connection = try connection()
        #expect(connection.handoffPayload() == nil, "nothing before the scene is connected")
        let navigator = await connection.connect(windows: WindowScenes(store: store), remembered: nil)
        try navigator.push(Route.linked(1))
        let first = try #require(connection.handoffPayload())
        try navigator.push(Route.linked(2))
        let second = try #require(connection.handoffPayload())
        #expect(first != second)
        let (state, _) = try await SceneHandoff.restore(payload: second, registry: try registry())
        #expect(state.contentStack.compactMap { $0.as(Route.self) } == [.linked(1), .linked(2)])
        try navigator.push(Route.big(String(repeating: "x", count: SceneHandoff.maximumBytes)))
        #expect(connection.handoffPayload() == nil, "too large: not offered")
        navigator.setPath(NavPath([], registry: navigator.registry), at: .root)
        #expect(connection.handoffPayload() != nil)
    }

    /// Defect 1: nothing on the UIKit side reported that a restored sheet
    /// appeared, so the launch was never confirmed, nothing was saved, and
    /// of two saved levels only the first was presented. Carried out by
    /// the presentation driver over a fake UIKit, with each container's
    /// appearance forwarded as `PresentationCoordinator` does: both levels
    /// come up, the launch is confirmed, and the next change is saved.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aRestoreWithTwoSheetsIsConfirmedAndSavesAgain() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let first = SceneNavigator(scene: "main", store: store, registry: try registry())
        try await first.restore()
        try first.present(Route.sheet("cart"), style: .sheet)
        try first.present(Route.sheet("help"), style: .sheet)
        try await first.confirm()
        try await first.flush()

        let clock = HandClock()
        let navigator = SceneNavigator(scene: "main", store: store, registry: try registry())
        let lifecycle = SceneLifecycle(
            navigator: navigator, timing: .init(transition: .milliseconds(650), settle: .seconds(1)), sleep: clock.sleep)
        await lifecycle.viewAppeared()
        lifecycle.contentAppeared()
        var driver = PresentationDriver<AnyDestination, Int>()
        var controllers = 0
        /// The coordinator's loop: steps toward the navigator's levels, each
        /// present completing and its container appearing.
        func update() {
            while case .present(let level, _, _, _) = driver.next(toward: navigator.presentations.map(\.destination), canPresent: { _ in true }) {
                controllers += 1
                driver.presenting(level, as: controllers)
                driver.stepCompleted()
                if let number = driver.level(of: controllers) { SceneLifecycle.presentationAppeared(number, of: navigator) }
            }
        }
        update()
        #expect(driver.shown.count == 1)
        // The transition wait for level 1, then level 2 comes.
        await eventually("the wait for level 1's transition") { !clock.waiting.isEmpty }
        clock.advance()
        await eventually("level 2 is in the state") { navigator.presentations.count == 2 }
        update()
        #expect(driver.shown.map { $0.level.as(Route.self) } == [.sheet("cart"), .sheet("help")])
        // The deepest level's transition, then the settle time.
        await eventually("the launch is confirmed") {
            clock.advance()
            return lifecycle.isSettled
        }
        try navigator.push(Route.linked(5), onto: .root)
        try await navigator.flush()
        let saved = try #require(try store.load(scene: "main"))
        #expect(saved.state.presentations.count == 2)
        #expect(saved.state.contentStack.count == 1, "the change after the confirmed launch is saved")
    }
}
