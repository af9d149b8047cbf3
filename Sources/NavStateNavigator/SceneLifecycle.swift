import Foundation
import Logging
public import NavState
public import NavStateScenes

/// Every decision about one scene's navigation that depends on what the UI
/// framework reports: when to restore, when the restored screens count as
/// shown, when to bring up the next restored sheet, when to confirm the
/// launch, what to do when the scene leaves and comes back to the
/// foreground, and when the store may be suspended.
///
/// The SwiftUI glue makes one per window and forwards SwiftUI's events to it
/// (`.task`, `onAppear`, `scenePhase`), then carries out what it is given:
/// the `BackgroundJob` of a scene that went to the background, inside a
/// background-task assertion. It is platform-neutral, so every rule below
/// is tested on Linux, with the event orders a device delivers.
///
/// The rules:
///
/// - **Restore** once, on the first ``viewAppeared()``.
/// - **Restored presentations**: level 1 comes with the restored state;
///   each further level is presented the transition time (650 ms) after the level
///   below it appeared (SwiftUI's `onAppear` runs before the first frame,
///   while the presentation is still animating, and a presentation made
///   during a transition is dropped), through ``presentingRestoredLevel``,
///   which the SwiftUI glue makes animation-free.
/// - **Confirmation** (the crash-loop guard hears that the launch worked):
///   once the restored content has appeared, every restored level has
///   appeared and the transition time (650 ms) has passed since the deepest one
///   did, and then the settle time (one second) has passed. A crash in a restored
///   screen's first frames, its `body` or its `.task`, therefore comes
///   before the confirmation and counts as a failed launch. If the scene
///   goes to the background after every restored screen appeared, the
///   launch is confirmed then, before the last save, since it did not
///   crash; if it goes before, it stays unconfirmed.
/// - **Background, its expiry and the foreground**: the rules every face
///   shares (`WindowPhaseRules` in the core under every face): the job
///   saves the scene, forgets abandoned windows' scenes and, when every
///   window is in the background and ``suspendsStore`` is true, suspends
///   the store; its expiry suspends the store at once
///   (``/NavState/NavStore/suspendImmediately()``) only when no window is
///   in the foreground; the foreground resumes it and saves what waited.
///   The navigator keeps its state through all of it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class SceneLifecycle {
    /// The times the rules above wait; tests make them their own.
    package typealias Timing = LaunchConfirmation.Timing

    /// The scene's navigator.
    public let navigator: SceneNavigator
    /// The app's windows, to suspend the store only when all are in the
    /// background; `nil` for an app with one scene that never suspends.
    public let windows: WindowScenes?
    /// The options of the launch restore.
    public let options: RestoreOptions
    /// The times the rules wait.
    package let timing: Timing
    /// Whether the store is suspended once every window is in the
    /// background: true where apps are suspended, false on macOS.
    public let suspendsStore: Bool
    /// How the next restored level is presented: the SwiftUI glue wraps it in a
    /// transaction without animation. Runs the change as it is by default.
    public var presentingRestoredLevel: @MainActor (() -> Void) -> Void = { $0() }

    private let sleep: @Sendable (Duration) async -> Void
    /// When the launch is confirmed: the rule every face shares.
    private let confirmation: LaunchConfirmation

    private var restoreStarted = false
    private var restoreFinished = false
    private var contentIsUp = false
    /// The levels whose `onAppear` ran during the restore.
    private var levelsAppeared: Set<Int> = []
    /// The app changed the state while restored levels came up: the levels
    /// on screen are the user's, not the restore's, and none is waited for.
    private var restoreInterrupted = false
    private var transitionTasks: [Int: Task<Void, Never>] = [:]

    /// A lifecycle for `navigator`'s scene, with a device's times: 650 ms
    /// for a restored level's transition, one second to settle.
    ///
    /// - Parameters:
    ///   - navigator: The scene's navigator; the lifecycle attaches itself
    ///     to it.
    ///   - windows: The app's windows, to suspend the store only when every
    ///     window is in the background; `nil` never suspends.
    ///   - options: The options of the launch restore.
    ///   - suspendsStore: Whether the store is suspended in the background:
    ///     `false` on macOS, which does not suspend apps.
    public convenience init(
        navigator: SceneNavigator, windows: WindowScenes? = nil, options: RestoreOptions = RestoreOptions(),
        suspendsStore: Bool = true
    ) {
        self.init(
            navigator: navigator, windows: windows, options: options, timing: Timing(), suspendsStore: suspendsStore,
            sleep: { try? await Task.sleep(for: $0) })
    }

    /// A lifecycle whose waits are `timing`'s, made by `sleep`: tests pass
    /// a clock they advance by hand.
    package init(
        navigator: SceneNavigator, windows: WindowScenes? = nil, options: RestoreOptions = RestoreOptions(),
        timing: Timing = Timing(), suspendsStore: Bool = true,
        sleep: @escaping @Sendable (Duration) async -> Void
    ) {
        self.navigator = navigator
        self.windows = windows
        self.options = options
        self.timing = timing
        self.suspendsStore = suspendsStore
        self.sleep = sleep
        self.confirmation = LaunchConfirmation(timing: timing, sleep: sleep)
        confirmation.confirm = { [weak navigator] in
            if let navigator { await Self.confirm(navigator) }
        }
        navigator.lifecycle = self
    }

    /// The waits for restored levels end with the lifecycle that started
    /// them.
    deinit {
        for task in transitionTasks.values { task.cancel() }
    }

    /// Whether the launch was confirmed, or had nothing to confirm.
    public var isSettled: Bool { confirmation.isDone }

    // MARK: Events

    /// The scene's root view appeared (its `.task` started): restores the
    /// scene once. Returns when the restored state is in place, so the
    /// view can show it.
    public func viewAppeared() async {
        guard !restoreStarted else { return }
        restoreStarted = true
        do {
            try await navigator.restore(options: options)
        } catch {
            // The navigator starts empty and saves; its report, events and
            // log say why.
        }
        restoreFinished = true
        if navigator.restoreReport?.revision == nil {
            confirmation.nothingToConfirm()
        }
        advance()
    }

    /// The restored content appeared (its `onAppear`).
    public func contentAppeared() {
        contentIsUp = true
        advance()
    }

    /// Presentation `level` (1 is the first) appeared (its `onAppear`).
    /// During a restore, the next restored level is presented
    /// the transition time (650 ms) later; at other times this does nothing.
    public func presentationAppeared(_ level: Int) {
        guard confirmation.isWaiting, level >= 1 else { return }
        levelsAppeared.insert(level)
        guard !navigator.pendingPresentations.isEmpty, level == navigator.state.presentations.count,
              transitionTasks[level] == nil
        else {
            advance()
            return
        }
        let sleep = sleep
        let transition = timing.transition
        transitionTasks[level] = Task { @MainActor [weak self] in
            await sleep(transition)
            guard let self, !Task.isCancelled else { return }
            self.presentingRestoredLevel { self.navigator.presentationDidAppear(level) }
            self.advance()
        }
    }

    /// The scene's phase changed.
    ///
    /// - Returns: For `.background`, the work to run before the app is
    ///   suspended; `nil` otherwise.
    @discardableResult
    public func phaseChanged(to phase: WindowPhase) -> BackgroundJob? {
        let navigator = navigator
        let confirmsNow = phase == .background
            && confirmation.confirmsAtBackground(everyScreenAppeared: everyRestoredScreenAppeared)
        return WindowPhaseRules.phaseChanged(
            to: phase, scene: navigator.scene, windows: windows, store: navigator.store, suspendsStore: suspendsStore,
            confirmsNow: confirmsNow, confirm: { await Self.confirm(navigator) },
            flush: { try? await navigator.flush() })
    }

    /// The window closed: its scene is free for another window.
    public func windowClosed() {
        windows?.release(navigator.scene)
        cancelTimers()
    }

    // MARK: Rules

    /// Called by the navigator when the restore has no more levels to
    /// show: every one came up, or the app changed the state meanwhile.
    func restoredLevelsEnded(byChange: Bool) {
        if byChange {
            // What the user did wins; the levels not shown never will be.
            for task in transitionTasks.values { task.cancel() }
            transitionTasks = [:]
            restoreInterrupted = true
        }
        advance()
    }

    /// Whether the restored content and every restored level appeared.
    private var everyRestoredScreenAppeared: Bool {
        guard restoreFinished, contentIsUp, navigator.pendingPresentations.isEmpty else { return false }
        let shownLevels = navigator.state.presentations.count
        return restoreInterrupted || shownLevels == 0 || levelsAppeared.contains(shownLevels)
    }

    private func advance() {
        guard restoreFinished, contentIsUp, everyRestoredScreenAppeared else { return }
        confirmation.everyScreenAppeared(deepestLevel: navigator.state.presentations.count)
    }

    private static func confirm(_ navigator: SceneNavigator) async {
        do {
            try await navigator.confirm()
        } catch {
            navigator.store.logger.in(.navigator).error(
                "navigator confirm failed", metadata: ["scene": "\(navigator.scene)", "error": "\(error)"])
            navigator.emit(.saveFailed(error))
        }
    }

    private func cancelTimers() {
        confirmation.cancel()
        for task in transitionTasks.values { task.cancel() }
        transitionTasks = [:]
    }

    /// Presentation `level` of `navigator` appeared: what a presentation
    /// level's view reports when it has only the navigator. Forwarded to
    /// the navigator's lifecycle; a navigator without one (an app that
    /// restores by hand) brings up its next restored level at once.
    public static func presentationAppeared(_ level: Int, of navigator: SceneNavigator) {
        if let lifecycle = navigator.lifecycle {
            lifecycle.presentationAppeared(level)
        } else {
            navigator.presentationDidAppear(level)
        }
    }
}
