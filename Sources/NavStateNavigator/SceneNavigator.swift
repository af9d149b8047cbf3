import Foundation
import Logging
public import NavState
public import NavStateModel
import NavStateScenes
public import Observation  // newer than the floors: behind #available

/// One scene's live navigation: the state a window shows, saved by itself
/// and restored at launch.
///
/// Create one per scene (window) with the app's store and registry, bind
/// ``path`` to `NavigationStack(path:)`, call ``restore(options:)`` at launch
/// and ``confirm()`` once the first screens are up, and ``flush()`` when the
/// scene goes to the background. Every change is saved without the main
/// actor waiting on SQLite: at most one save runs, the newest state waits
/// behind it, and a burst of changes becomes a few saves.
///
/// ```swift
/// let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
/// try await navigator.restore()
/// try navigator.push(OrderRoute.detail(id: 7))
/// try await navigator.confirm()
/// ```
///
/// Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10; the store itself
/// works from iOS 16.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable  // newer than the floors: behind #available
public final class SceneNavigator {
    /// The scene's name in the store.
    public let scene: String
    /// The store the navigator saves to.
    @ObservationIgnored public let store: NavStore
    /// The registry that names and decodes the scene's destinations.
    @ObservationIgnored public let registry: DestinationRegistry

    /// The whole scene: root stack, presentations, checkpoints, values.
    public internal(set) var state = SceneState<AnyDestination>()
    /// What the launch restore did; `nil` until ``restore(options:)`` ran.
    public internal(set) var restoreReport: RestoreReport?
    /// The last save's error, `nil` once a save succeeds again.
    public internal(set) var lastSaveError: NavStateError?
    /// Saves finished since the navigator was made, for diagnostics.
    public internal(set) var savesCompleted = 0
    /// The revision the last finished save left the scene at.
    public internal(set) var lastSavedRevision: Int?

    /// True once ``restore(options:)`` has finished, whether or not it
    /// found anything: a view can wait for it, so the restored stack is
    /// there at its first appearance instead of being pushed, animated,
    /// after it.
    public internal(set) var hasRestored = false
    /// Presentations of the restored state not shown yet, bottom first.
    ///
    /// SwiftUI cannot present a sheet from a sheet that is not on screen
    /// yet, so a restore shows the root stack and the first presentation,
    /// and each further one after the one below it has appeared
    /// (``presentationDidAppear(_:)``). Empty once all are up, or once the
    /// app changes the state meanwhile (what the user did wins).
    public var pendingPresentations: [Presentation<AnyDestination>] {
        guard let target = restoreTarget else { return [] }
        return Array(target.presentations.dropFirst(state.presentations.count))
    }

    /// The save loop every face shares: nothing is saved until the launch
    /// restore has finished and been confirmed, so a state that crashes
    /// the app at launch is never saved over the revision the crash-loop
    /// guard counts.
    @ObservationIgnored let saver: SceneSaver
    /// A restore is reading the file.
    @ObservationIgnored var restoring = false
    /// The whole restored state while some of its presentations are still
    /// pending; `nil` otherwise.
    @ObservationIgnored var restoreTarget: SceneState<AnyDestination>?
    /// ``confirm()`` was called while presentations were pending: confirm
    /// when the last one appears.
    @ObservationIgnored var confirmsWhenShown = false
    @ObservationIgnored var confirmTask: Task<Void, Never>?
    /// The lifecycle driving this navigator, told when the restored levels
    /// are all shown or the app's own change ended the restore's showing
    /// (`true` then); ``SceneLifecycle`` sets it.
    @ObservationIgnored weak var lifecycle: SceneLifecycle?
    @ObservationIgnored var subscribers: [UUID: AsyncStream<NavigatorEvent>.Continuation] = [:]
    /// Deep links (``send(to:_:betweenSteps:)``, ``navigate(to:betweenSteps:)``)
    /// waiting for their turn: for the launch restore to finish, then for
    /// the link before them to reach its target. One runs at a time, so
    /// two links never interleave their steps.
    /// Pushes made before the launch restore finished wait in the same
    /// line, so each is applied, on top of the restored state (or of the
    /// empty state, as ``launchLinks`` says), in the order it was made
    /// among the links.
    @ObservationIgnored let links = LinkLine(isOpen: false)
    @ObservationIgnored var linkCameBeforeRestore = false

    /// What a deep link before the launch restore does: the default applies
    /// it on top of the restored state (`LaunchChanges`, one type for every face).
    @ObservationIgnored public var launchLinks = LaunchChanges.applyOnRestoredState
    @ObservationIgnored var returnHandlers: [String: @MainActor (AnyDestination?) -> Void] = [:]

    /// A navigator for `scene`, empty until ``restore(options:)``.
    public init(scene: String, store: NavStore, registry: DestinationRegistry) {
        self.scene = scene
        self.store = store
        self.registry = registry
        self.saver = SceneSaver(store: store, scene: scene)
        // Weak: a save under way outlives a navigator whose window closed.
        saver.snapshot = { [weak self] in self?.state }
        saver.onSave = { [weak self] outcome in self?.saveEnded(outcome) }
    }

    // MARK: Internals

    func erase<T: NavDestination>(_ value: T) throws(NavStateError) -> AnyDestination {
        return try AnyDestination(value, in: registry)
    }

    /// Every change to the state comes through here, and is saved.
    func change(_ body: (inout SceneState<AnyDestination>) -> Void) {
        var next = state
        body(&next)
        if !state.screens.isEmpty { next.screens = next.screensStillHeld(from: state) }
        guard next != state else { return }
        state = next
        stateDidChange()
    }

    /// A change that always changes something (a push, a pop of at least
    /// one, a presentation): made in place, with no copy of the state and
    /// no comparison, because it runs on the main actor for every tap.
    func changeInPlace(_ body: (inout SceneState<AnyDestination>) -> Void) {
        // Read past observation (`_state`): this runs for every tap, and
        // the read is not one a view depends on.
        if _state.screens.isEmpty {
            body(&state)
        } else {
            // A screen goes with its entry: popped or replaced, its state
            // is gone, and a new entry in its place starts with none.
            let before = state
            body(&state)
            state.screens = state.screensStillHeld(from: before)
        }
        stateDidChange()
    }

    func stateDidChange() {
        if restoreTarget != nil {
            // The app changed the state while a restore was still bringing
            // presentations up: what it did wins, the rest is not shown.
            restoreTarget = nil
            if confirmsWhenShown { startConfirming() }
            lifecycle?.restoredLevelsEnded(byChange: true)
        }
        saver.changed()
    }

    func emit(_ event: NavigatorEvent) {
        store.logger.in(.navigator).debug("navigator event", metadata: ["scene": "\(scene)", "event": "\(event)"])
        for subscriber in subscribers.values { subscriber.yield(event) }
    }

    /// A stream of everything that happens from now on. Each call gives a
    /// new stream; it ends when the caller stops iterating.
    public func events() -> AsyncStream<NavigatorEvent> {
        let id = UUID()
        var registered: AsyncStream<NavigatorEvent>.Continuation?
        let stream = AsyncStream<NavigatorEvent>(bufferingPolicy: .bufferingNewest(1_000)) { registered = $0 }
        if let continuation = registered {
            subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                Task { @MainActor in self?.subscribers[id] = nil }
            }
        }
        return stream
    }
}
