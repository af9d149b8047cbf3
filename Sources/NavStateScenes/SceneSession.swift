package import Foundation
import Logging
@_spi(Tooling) package import NavState
package import NavStateModel

/// Every decision about one window's navigation state that depends on what
/// the UI framework reports, for a face that binds the app's own state
/// (`NavStateUI`'s `restoresNavigation`): which scene the window shows,
/// the restore, what a change the app made during the restore does, when
/// the launch is confirmed, when to save, what the background does, and
/// when queued links run. Platform-neutral, so every rule is tested on
/// Linux in the orders a device delivers the events.
///
/// The rules it decides are told once, for apps, in NavStateUI's article
/// "Adopting NavStateUI" ("What the modifier does", each with its test in
/// SceneSessionTests); the methods below say which they carry out.
@MainActor
package final class SceneSession {
    /// The times the rules wait.
    package typealias Timing = LaunchConfirmation.Timing

    /// The window's parts: the first modifier's, then those that joined.
    package internal(set) var layout: SceneLayout
    /// Names and decodes the parts' values; grows with the types of the
    /// parts that join.
    package internal(set) var registry: DestinationRegistry
    package let options: RestoreOptions
    package let launchChanges: LaunchChanges
    package let timing: Timing
    package let suspendsStore: Bool

    /// The process's windows, once ``start(remembered:)`` has them.
    package private(set) var windows: WindowScenes?
    /// The window's scene, once claimed.
    package private(set) var scene: String?
    /// Each part's state as saved or to be saved.
    package internal(set) var current: [SceneLayout.Value]
    /// What the launch restore did; `nil` until it ran, or when the store
    /// could not be opened.
    package internal(set) var restoreReport: RestoreReport?
    /// Why the store could not be opened or read, or the launch confirmed.
    private var openError: NavStateError?
    /// Whether the restored state is in place.
    package private(set) var hasRestored = false
    /// What the launch restore read for parts not shown yet.
    package internal(set) var unshown = SavedEntries()
    /// Values the store could not read (damage): a selection among them
    /// did not come back.
    var unreadValues: Set<String> = []
    /// The parts whose selection did not come back: the parts under them
    /// are left as the app has them.
    var lostSelections: Set<Int> = []
    /// The object each joined part's view holds, weakly: a part whose
    /// holder is gone may be taken over by a view of the same name.
    var holders: [Int: WeakHolder] = [:]
    /// Joins waiting for the restore to be in place.
    var restoreWaiters: [CheckedContinuation<Void, Never>] = []

    private let openWindows: @MainActor () async -> Result<WindowScenes, NavStateError>
    private let sleep: @Sendable (Duration) async -> Void
    var logger: NavLog?
    private var started = false
    private var contentIsUp = false
    private var presentedCameBack = false
    /// The save loop every face shares, once the scene is claimed.
    private(set) var saver: SceneSaver?
    /// Each part's read not made yet (``partChanged(_:from:to:)``), made
    /// before the next save.
    var pendingReads: [Int: PendingRead] = [:]
    /// When the launch is confirmed: the rule every face shares.
    private let confirmation: LaunchConfirmation
    /// The window's links, in the order they came; open once the restored
    /// state is shown.
    let links = LinkLine(isOpen: false)
    /// Each live part's view's hooks, by index: how a link's state is shown.
    var hooks: [Int: PartHooks] = [:]
    /// Told after each save (the face keeps its Handoff activity current).
    package var saved: (@MainActor () -> Void)?
    /// Each part's screens, by index (``claimScreen(_:among:)``).
    var partScreens: [Int: PartScreens] = [:]
    /// The last entry token handed out.
    var nextScreenToken = 0

    /// A session over the windows `openWindows` gives (the process's, made
    /// once per store), restoring and saving the parts of `layout`.
    package init(
        layout: SceneLayout, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        launchChanges: LaunchChanges = .applyOnRestoredState, timing: Timing = Timing(),
        suspendsStore: Bool = SceneSession.appsAreSuspended,
        openWindows: @escaping @MainActor () async -> Result<WindowScenes, NavStateError>,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.layout = layout
        self.registry = registry
        self.options = options
        self.launchChanges = launchChanges
        self.timing = timing
        self.suspendsStore = suspendsStore
        self.openWindows = openWindows
        self.sleep = sleep
        self.current = layout.parts.map { $0.kind == .stack ? .stack([]) : .one(nil) }
        self.confirmation = LaunchConfirmation(timing: timing, sleep: sleep)
        confirmation.confirm = { [weak self] in await self?.confirm() }
    }

    /// False on macOS, which does not suspend apps; true elsewhere.
    package nonisolated static var appsAreSuspended: Bool {
        #if os(macOS)
        false
        #else
        true
        #endif
    }

    /// Whether the launch was confirmed, or had nothing to confirm.
    package var isSettled: Bool { hasRestored && saver?.awaitingConfirmation == nil }

    /// The last error of an open, a save or a confirmation; `nil` once a
    /// save succeeds again.
    package var lastError: NavStateError? { saver?.lastError ?? openError }

    // MARK: Restoring

    /// Claims the window's scene and restores it, once.
    ///
    /// - Parameters:
    ///   - remembered: The scene name the window kept in its per-scene
    ///     storage, `""` when it kept none.
    ///   - accepts: Whether part `index` can show a restored value (its
    ///     type is the binding's); a selection it refuses is a selection
    ///     that did not come back.
    /// - Returns: The scene's name, to keep in that storage, and each
    ///   part's restored state (`nil` where the part keeps the app's own);
    ///   `nil` when the session was started before.
    package func start(
        remembered: String, accepts: (Int, AnyDestination) -> Bool = { _, _ in true }
    ) async -> (scene: String?, restored: SceneLayout.Restored)? {
        guard !started else { return nil }
        started = true
        let none = SceneLayout.Restored(values: layout.parts.map { _ in nil }, heldBack: [])
        let windows: WindowScenes
        switch await openWindows() {
        case .success(let opened): windows = opened
        case .failure(let error):
            openError = error
            return (nil, none)
        }
        self.windows = windows
        logger = windows.store.logger.in(.navigator)
        let scene = await windows.claim(remembered: remembered)
        self.scene = scene
        let saver = SceneSaver(store: windows.store, scene: scene)
        // Weak: a save under way outlives a session whose window closed.
        saver.snapshot = { [weak self] in self?.state }
        saver.prepare = { [weak self] in await self?.settle() }
        saver.onSave = { [weak self] result in
            if case .success = result { self?.saved?() }
        }
        self.saver = saver
        do {
            let restored = try await windows.store.restoreEntries(scene: scene, options: options)
            restoreReport = restored.report
            saver.restoreFinished(confirming: restored.report, keepsChanges: false)
            // Nothing saved: the app's own state is the first state.
            guard restored.report.revision != nil else { return (scene, none) }
            unshown = SavedEntries(restored.state)
            unreadValues = Set(restored.report.dropped.compactMap { entry -> String? in
                if case .value(let name) = entry.location { return name }
                return nil
            })
            let values = await claimSaved(Array(layout.parts.indices), under: [], accepts: accepts)
            if !values.heldBack.isEmpty {
                logger?.notice(
                    "parts restored only with their selection were left as the app had them",
                    metadata: ["scene": "\(scene)", "parts": "\(values.heldBack)"])
            }
            return (scene, values)
        } catch {
            openError = error
            saver.restoreFinished(confirming: nil, keepsChanges: false)
            logger?.error("navigation restore failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
            return (scene, none)
        }
    }

    /// What each part shows once the restore ends, given the app's state
    /// when the restore started (`initial`) and now (`now`): the restored
    /// state where the app changed nothing, the app's changes as
    /// ``launchChanges`` says otherwise. `nil` in `now` is a part whose
    /// value cannot be saved (a type not registered): the app's value
    /// stays. Marks the restore as in place, and the parts the app changed
    /// to be saved.
    /// `show` gives the app those states before the links that waited for
    /// the restore run, so each runs on the restored state.
    ///
    /// - Returns: For each part, the state to give the app, or `nil` to
    ///   leave the app's as it is.
    @discardableResult
    package func merge(
        _ restored: SceneLayout.Restored, initial: [SceneLayout.Value?], now: [SceneLayout.Value?],
        show: ([SceneLayout.Value?]) -> Void = { _ in }
    ) -> [SceneLayout.Value?] {
        let count = layout.parts.count
        func at<T>(_ values: [T?], _ index: Int) -> T? { index < values.count ? values[index] : nil }
        let changed = (0..<count).map { at(now, $0) != at(initial, $0) }
        var result: [SceneLayout.Value?] = []
        var appWins = launchChanges == .replaceRestoredState && changed.contains(true)
        for index in 0..<count {
            let part = layout.parts[index]
            let restoredValue = at(restored.values, index)
            if appWins || changed[index] {
                result.append(nil)
                if !appWins, part.kind == .selection, at(now, index) != restoredValue {
                    // The restored parts after it belonged to another selection.
                    appWins = true
                }
                if case .stack(let pushed)? = at(now, index), case .stack(let before)? = at(initial, index),
                   !appWins, pushed.starts(with: before), case .stack(let saved)? = restoredValue {
                    result[index] = .stack(saved + pushed.dropFirst(before.count))
                    adoptScreens(restored.screens[index], for: index)
                }
                continue
            }
            if restoredValue != nil { adoptScreens(restored.screens[index], for: index) }
            result.append(restoredValue)
        }
        // What the app shows from now on, as it will be saved.
        for index in 0..<count {
            if let value = result[index] ?? at(now, index) { current[index] = value }
        }
        hasRestored = true
        let waiters = restoreWaiters
        restoreWaiters = []
        for waiter in waiters { waiter.resume() }
        presentedCameBack = zip(layout.parts, result).contains { part, value in
            guard part.kind == .presented, case .one(_?)? = value else { return false }
            return true
        }
        if changed.contains(true) {
            saver?.changed()
            logger?.debug("the app changed its navigation during the restore", metadata: ["scene": "\(scene ?? "")"])
        }
        show(result)
        links.isOpen = true
        advance()
        return result
    }

    /// Runs `link` once the restored state is in place and every link that
    /// came before it was applied: now if that is so, else in its turn.
    package func afterRestore(_ link: @escaping @MainActor () -> Void) {
        links.append(.now(link))
    }

    // MARK: Events

    /// The restored content appeared: the launch is confirmed
    /// ``Timing/settle`` later.
    package func contentAppeared() {
        contentIsUp = true
        advance()
    }

    /// Part `index` changed to `value`: saved once the launch is confirmed.
    package func partChanged(_ index: Int, to value: SceneLayout.Value) {
        guard hasRestored, index >= 0, index < current.count, current[index] != value else { return }
        valueChanged(index, from: current[index], to: value)
        current[index] = value
        saver?.changed()
    }

    /// The `NavigationPath` of stack part `index` changed (see
    /// ``NavigationPathChange``): only the values appended are read.
    ///
    /// - Returns: Whether the change will be saved; a path holding a value
    ///   that cannot be saved is logged and the last savable stack stays.
    @discardableResult
    package func pathChanged(_ index: Int, count: Int, keepsEntries: Bool, codableJSON: () -> Data?) -> Bool {
        guard index >= 0, index < current.count, case .stack(let entries) = current[index] else { return false }
        let change = NavigationPathChange.reading(
            count: count, keepsEntries: keepsEntries, over: entries.count, codableJSON: codableJSON, registry: registry)
        let next: [AnyDestination]
        switch change {
        case .failure(let refusal):
            logger?.error(
                "navigation path change not saved",
                metadata: ["scene": "\(scene ?? "")", "part": "\(layout.parts[index].name)", "problem": "\(refusal.problem)"])
            return false
        case .success(.keep(let kept)): next = Array(entries.prefix(kept))
        case .success(.append(let pushed)): next = entries + pushed
        case .success(.replace(let all)): next = all
        }
        partChanged(index, to: .stack(next))
        return true
    }

    /// The window's phase changed.
    ///
    /// - Returns: For `.background`, the work to run before the app is
    ///   suspended; `nil` otherwise.
    @discardableResult
    package func phaseChanged(to phase: WindowPhase) -> BackgroundJob? {
        guard let windows, let scene else { return nil }
        let confirmsNow = phase == .background && saver?.awaitingConfirmation != nil
            && confirmation.confirmsAtBackground(everyScreenAppeared: hasRestored && contentIsUp)
        return WindowPhaseRules.phaseChanged(
            to: phase, scene: scene, windows: windows, store: windows.store, suspendsStore: suspendsStore,
            confirmsNow: confirmsNow, confirm: { [weak self] in await self?.confirm() },
            flush: { [weak self] in await self?.flush() })
    }

    /// The window closed: its scene is free for another window, and its
    /// saved state stays for one to adopt.
    package func windowClosed() {
        confirmation.cancel()
        if let scene { windows?.release(scene) }
    }

    /// Waits until the state as it is now is saved (nothing is saved
    /// before the launch is confirmed); a failed save is kept for the next
    /// change or flush, and ``lastError`` says why.
    package func flush() async {
        try? await saver?.flush()
    }

    /// The scene state the parts make now, as it is saved.
    package var state: SceneState<AnyDestination> { withScreens(layout.state(of: current, keeping: unshown)) }

    // MARK: Rules

    private func advance() {
        guard hasRestored, contentIsUp, saver?.awaitingConfirmation != nil else { return }
        confirmation.everyScreenAppeared(deepestLevel: presentedCameBack ? 1 : 0)
    }

    private func confirm() async {
        do {
            try await saver?.confirm()
        } catch {
            openError = error
            logger?.error("navigation confirm failed", metadata: ["scene": "\(scene ?? "")", "error": "\(error)"])
        }
    }
}
