import Foundation
import Logging
public import NavState
public import NavStateModel
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
    public private(set) var state = SceneState<AnyDestination>()
    /// What the launch restore did; `nil` until ``restore(options:)`` ran.
    public private(set) var restoreReport: RestoreReport?
    /// The last save's error, `nil` once a save succeeds again.
    public private(set) var lastSaveError: NavStoreError?
    /// Saves finished since the navigator was made, for diagnostics.
    public private(set) var savesCompleted = 0
    /// The revision the last finished save left the scene at.
    public private(set) var lastSavedRevision: Int?

    /// True once ``restore(options:)`` has finished, whether or not it
    /// found anything: a view can wait for it, so the restored stack is
    /// there at its first appearance instead of being pushed, animated,
    /// after it.
    public private(set) var hasRestored = false
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

    /// Where saving stands: nothing is saved until the launch restore has
    /// finished and been confirmed, so a state that crashes the app at
    /// launch is never saved over the revision the crash-loop guard counts.
    private enum Phase {
        case awaitingRestore
        case awaitingConfirmation(RestoredScene)
        case saving
    }

    @ObservationIgnored private var phase = Phase.awaitingRestore
    /// The whole restored state while some of its presentations are still
    /// pending; `nil` otherwise.
    @ObservationIgnored private var restoreTarget: SceneState<AnyDestination>?
    /// ``confirm()`` was called while presentations were pending: confirm
    /// when the last one appears.
    @ObservationIgnored private var confirmsWhenShown = false
    @ObservationIgnored private var confirmTask: Task<Void, Never>?
    /// The lifecycle driving this navigator, told when the restored levels
    /// are all shown or the app's own change ended the restore's showing
    /// (`true` then); ``SceneLifecycle`` sets it.
    @ObservationIgnored weak var lifecycle: SceneLifecycle?
    @ObservationIgnored private var isDirty = false
    @ObservationIgnored private var saveTask: Task<Void, Never>?
    @ObservationIgnored private var subscribers: [UUID: AsyncStream<NavigatorEvent>.Continuation] = [:]
    /// Deep links (``send(to:_:betweenSteps:)``, ``navigate(to:betweenSteps:)``)
    /// waiting for their turn: for the launch restore to finish, then for
    /// the link before them to reach its target. One runs at a time, so
    /// two links never interleave their steps.
    @ObservationIgnored private var linksWaiting: [CheckedContinuation<Void, Never>] = []
    /// A link is running its steps.
    @ObservationIgnored private var linkRunning = false
    @ObservationIgnored private var linkCameBeforeRestore = false
    /// Pushes made before the launch restore finished, applied on top of
    /// it (or of the empty state, as ``launchLinks`` says) when it has.
    @ObservationIgnored private var pushesBeforeRestore: [(AnyDestination, StackAddress?)] = []

    /// What a deep link that comes before the launch restore has finished
    /// (an app opened by a link, a notification, a Handoff) does to it.
    public enum LaunchLinks: Sendable, Hashable {
        /// The link waits for the restore and is applied on top of the
        /// restored state: the user gets back where they were, and then
        /// where the link leads. The default.
        case applyOnRestoredState
        /// The restored state is not shown: the scene starts from the empty
        /// state (the `tree` of the restore's options), and the link is
        /// applied to that, as React Navigation does when an app is opened
        /// by a link. The restore is confirmed, since nothing of it was shown.
        case replaceRestoredState
    }

    /// What a deep link before the launch restore does; see ``LaunchLinks``.
    @ObservationIgnored public var launchLinks = LaunchLinks.applyOnRestoredState
    @ObservationIgnored private var returnHandlers: [String: @MainActor (AnyDestination?) -> Void] = [:]

    /// A navigator for `scene`, empty until ``restore(options:)``.
    public init(scene: String, store: NavStore, registry: DestinationRegistry) {
        self.scene = scene
        self.store = store
        self.registry = registry
    }

    // MARK: Stacks

    /// The scene's stack on screen under the presentations, for
    /// `NavigationStack(path:)`: the root stack, or in a tab bar the
    /// selected tab's (``path(at:)`` reads any stack). Setting it (SwiftUI
    /// does when the user swipes back) changes the state and saves it.
    public var path: NavPath {
        get { NavPath(state.root, registry: registry) }
        set { change { $0.root = newValue.elements } }
    }

    /// The presentations shown above the root stack, bottom first.
    public var presentations: [Presentation<AnyDestination>] { state.presentations }

    /// Pushes a value onto the stack on screen (``/NavStateModel/SceneState/stackOnScreen``):
    /// the top presentation's, or the selected tab's, or the detail
    /// column's; or onto the stack at `stack` when given.
    ///
    /// - Throws: ``NavigatorError/destination(_:)`` when its type is not
    ///   registered; ``NavigatorError/sceneState(_:)`` when the top-most
    ///   presentation is a plain sheet or cover, which has no stack, or the
    ///   scene has no stack at `stack`.
    ///
    /// Before the launch restore has finished (a link handled at a cold
    /// launch), the value is kept and pushed once the restore has, on top
    /// of the restored state; it is checked then, and a push that cannot be
    /// made is logged.
    public func push<T: NavDestination>(_ value: T, onto stack: StackAddress? = nil) throws(NavigatorError) {
        let destination = try erase(value)
        guard hasRestored else {
            linkCameBeforeRestore = true
            pushesBeforeRestore.append((destination, stack))
            return
        }
        try push(destination, onto: stack)
    }

    private func push(_ destination: AnyDestination, onto stack: StackAddress?) throws(NavigatorError) {
        guard let target = stack ?? state.stackOnScreen else {
            throw .sceneState(.cannotPushOnto(state.presentations.last?.method ?? .sheet))
        }
        guard state.stack(target) != nil else { throw .sceneState(.noSuchStack(target)) }
        if target.presentation > 0, !state.presentations[target.presentation - 1].method.isManaged {
            throw .sceneState(.cannotPushOnto(state.presentations[target.presentation - 1].method))
        }
        changeInPlace { state in _ = state.modifyStack(target) { $0.append(destination) } }
        emit(.pushed(destination, stack: target))
    }

    /// Pushes destinations SwiftUI already shows (a `NavigationLink`'s
    /// value) onto the stack at `stack`, which exists.
    func appendPushed(_ destinations: [AnyDestination], onto stack: StackAddress) {
        guard !destinations.isEmpty else { return }
        changeInPlace { state in _ = state.modifyStack(stack) { $0.append(contentsOf: destinations) } }
        for destination in destinations { emit(.pushed(destination, stack: stack)) }
    }

    /// Pushes a value, or logs why it cannot and changes nothing: for views,
    /// where a throwing call has nowhere to go.
    ///
    /// - Returns: Whether the value was pushed.
    @discardableResult
    public func pushIfPossible<T: NavDestination>(_ value: T) -> Bool {
        do {
            try push(value)
            return true
        } catch {
            store.logger.in(.navigator).error("push refused", metadata: ["scene": "\(scene)", "error": "\(error)"])
            return false
        }
    }

    /// Pops `count` destinations off the stack on screen, or off the stack
    /// at `stack` when given (fewer if it holds fewer).
    public func pop(_ count: Int = 1, from stack: StackAddress? = nil) {
        // The count alone: holding the entries would make the pop copy them.
        guard let target = stack ?? state.stackOnScreen, let held = state.stack(target)?.count else { return }
        let removed = min(max(count, 0), held)
        guard removed > 0 else { return }
        changeInPlace { state in
            _ = state.modifyStack(target) { $0.removeLast(removed) }
            state.dropCheckpointsPointingNowhere()
        }
        emit(.popped(count: removed, stack: target))
    }

    /// Pops the stack on screen (or the one at `stack`) to its root view.
    public func popToRoot(of stack: StackAddress? = nil) {
        guard let target = stack ?? state.stackOnScreen, let entries = state.stack(target) else { return }
        pop(entries.count, from: target)
    }

    // MARK: Trees

    /// The selected tab of the tab bar at `tabBar` (the scene's own by
    /// default); `nil` when there is no tab bar there.
    public func selectedTab(of tabBar: StackAddress = .root) -> String? {
        guard case .tabs(let tabs)? = state.container(at: tabBar) else { return nil }
        return tabs.selected
    }

    /// Selects tab `tab` of the tab bar at `tabBar` (the scene's own by
    /// default): what a `TabView` selection binding sets.
    ///
    /// - Throws: ``NavigatorError/sceneState(_:)`` when there is no such
    ///   tab bar or tab.
    public func select(tab: String, in tabBar: StackAddress = .root) throws(NavigatorError) {
        guard case .tabs(let tabs)? = state.container(at: tabBar) else { throw .sceneState(.noSuchStack(tabBar)) }
        guard tabs.ids.contains(tab) else { throw .sceneState(.selectedTabMissing(tab, tabBar: tabBar)) }
        guard tabs.selected != tab else { return }
        changeInPlace { state in
            var tabs = tabs
            tabs.selected = tab
            try? state.replaceContainer(at: tabBar, with: .tabs(tabs))
        }
        emit(.tabSelected(tab, tabBar: tabBar))
    }

    /// Selects a tab, or logs why it cannot and changes nothing: for views,
    /// where a throwing call has nowhere to go.
    ///
    /// - Returns: Whether the tab is selected now.
    @discardableResult
    public func selectIfPossible(tab: String, in tabBar: StackAddress = .root) -> Bool {
        do {
            try select(tab: tab, in: tabBar)
            return true
        } catch {
            store.logger.in(.navigator).error("tab not selected", metadata: ["scene": "\(scene)", "tab": "\(tab)", "error": "\(error)"])
            return false
        }
    }

    /// The stack at `stack` as a path, for the `NavigationStack` of a tab
    /// or a detail column; empty when there is no stack there.
    public func path(at stack: StackAddress) -> NavPath {
        NavPath(state.stack(stack) ?? [], registry: registry)
    }

    /// Replaces the stack at `stack`: what a tab's `NavigationStack(path:)`
    /// binding sets. Nothing changes when there is no stack there.
    public func setPath(_ path: NavPath, at stack: StackAddress) {
        guard state.stack(stack) != nil, state.stack(stack) != path.elements else { return }
        change { state in
            try? state.setStack(stack, to: path.elements)
            state.dropCheckpointsPointingNowhere()
        }
    }

    /// Replaces the container at `address`: the scene's content with a tab
    /// bar (`.root`), a tab's with a split view.
    ///
    /// - Throws: ``NavigatorError/sceneState(_:)`` when nothing is at
    ///   `address`, or the state it leaves is not valid (a tab bar without
    ///   tabs).
    public func setContainer(_ container: NavContainer<AnyDestination>, at address: StackAddress = .root) throws(NavigatorError) {
        var next = state
        do {
            try next.replaceContainer(at: address, with: container)
            next.dropCheckpointsPointingNowhere()
            try next.validate()
        } catch {
            throw .sceneState(error)
        }
        change { $0 = next }
    }

    /// Sets a split view's selection in one column; nothing when there is
    /// no split view at `split`.
    public func setSelection(_ selection: AnyDestination?, column: NavSplitColumn, of split: StackAddress = .root) {
        guard case .split(var view)? = state.container(at: split) else { return }
        switch column {
        case .sidebar: view.sidebar = selection
        case .content: view.content = view.hasContentColumn ? selection : nil
        }
        guard state.container(at: split) != .split(view) else { return }
        change { try? $0.replaceContainer(at: split, with: .split(view)) }
    }

    /// Sets which columns a split view shows; nothing when there is no
    /// split view at `split`.
    public func setColumnVisibility(_ visibility: NavSplitVisibility, of split: StackAddress = .root) {
        guard case .split(var view)? = state.container(at: split), view.visibility != visibility else { return }
        view.visibility = visibility
        change { try? $0.replaceContainer(at: split, with: .split(view)) }
    }

    // MARK: Presentations

    /// Presents a value above the top-most stack: a sheet or cover, managed
    /// (with its own stack) or plain.
    ///
    /// - Throws: ``NavigatorError/destination(_:)`` when its type is not
    ///   registered.
    public func present<T: NavDestination>(_ value: T, style: PresentationMethod) throws(NavigatorError) {
        let destination = try erase(value)
        changeInPlace { $0.presentations.append(Presentation(method: style, destination: destination)) }
        emit(.presented(destination, method: style))
    }

    /// Dismisses the top presentation, with its stack.
    public func dismiss() {
        guard !state.presentations.isEmpty else { return }
        change { $0 = dismissing(1, from: $0) }
        emit(.dismissed(count: 1))
    }

    /// Dismisses presentation `index` (1 is the first) and every one above
    /// it: what a sheet's binding does when the user swipes it away.
    public func dismiss(from index: Int) {
        let count = state.presentations.count - max(index, 1) + 1
        guard count > 0 else { return }
        change { $0 = dismissing(count, from: $0) }
        emit(.dismissed(count: count))
    }

    /// Dismisses every presentation.
    public func dismissAll() {
        let count = state.presentations.count
        guard count > 0 else { return }
        change { $0 = dismissing(count, from: $0) }
        emit(.dismissed(count: count))
    }

    /// `state` without its top `count` presentations and the checkpoints
    /// that pointed into them.
    private func dismissing(_ count: Int, from state: SceneState<AnyDestination>) -> SceneState<AnyDestination> {
        var state = state
        state.presentations.removeLast(count)
        state.dropCheckpointsPointingNowhere()
        return state
    }

    // MARK: Checkpoints

    /// Marks the stack on screen as it is now, to return to by name; the
    /// return delivers no value.
    public func setCheckpoint(_ name: String) {
        addCheckpoint(name, valueType: nil)
    }

    /// Marks the stack on screen as it is now; returning delivers a `T` to
    /// the handler registered with ``onReturn(to:of:perform:)``.
    ///
    /// - Throws: ``NavigatorError/destination(_:)`` when `T` is not
    ///   registered.
    public func setCheckpoint<T: NavDestination>(_ name: String, returning type: T.Type) throws(NavigatorError) {
        guard let typeName = registry.name(of: type) else {
            throw .destination(.unregisteredType(String(reflecting: type)))
        }
        addCheckpoint(name, valueType: typeName)
    }

    private func addCheckpoint(_ name: String, valueType: String?) {
        // Over a plain sheet, its own empty stack: returning dismisses what
        // is above the sheet.
        let top = state.stackOnScreen ?? StackAddress(presentation: state.presentations.count)
        let kept = state.stack(top)?.count ?? 0
        change { $0.checkpoints.append(Checkpoint(name: name, stack: top, entriesKept: kept, valueType: valueType)) }
        emit(.checkpointSet(name, stack: top))
    }

    /// Whether returning to `name` is possible now.
    public func canReturnToCheckpoint(_ name: String) -> Bool {
        state.canReturn(to: name)
    }

    /// Returns to a checkpoint: the presentations above its stack dismissed,
    /// its stack popped back to where it was set.
    ///
    /// - Throws: ``NavigatorError/sceneState(_:)`` when there is no such
    ///   checkpoint, or it returns a value.
    public func returnToCheckpoint(_ name: String) throws(NavigatorError) {
        try returnTo(name, value: nil)
    }

    /// Returns to a checkpoint and delivers `value` to its handler.
    ///
    /// - Throws: ``NavigatorError/sceneState(_:)`` when there is no such
    ///   checkpoint or `value` is not of the type it returns (Navigator
    ///   silently drops such a value; NavState says so);
    ///   ``NavigatorError/destination(_:)`` when `T` is not registered.
    public func returnToCheckpoint<T: NavDestination>(_ name: String, value: T) throws(NavigatorError) {
        try returnTo(name, value: try erase(value))
    }

    private func returnTo(_ name: String, value: AnyDestination?) throws(NavigatorError) {
        let returned: SceneState<AnyDestination>
        do {
            returned = try state.returning(to: name, value: value)
        } catch {
            throw .sceneState(error)
        }
        change { $0 = returned }
        emit(.returnedToCheckpoint(name, value: value))
        returnHandlers[name]?(value)
    }

    /// Registers what a return to `name` delivers its value to; a view
    /// registers it when it appears.
    public func onReturn<T: NavDestination>(to name: String, of type: T.Type, perform: @escaping @MainActor (T) -> Void) {
        returnHandlers[name] = { value in
            if let typed = value?.as(T.self) { perform(typed) }
        }
    }

    // MARK: Scene values

    /// A named scene value (the selected tab), if set.
    public func value(for name: String) -> AnyDestination? {
        state.values[name]
    }

    /// A named scene value as a `T`, if set and of that type.
    public func value<T>(for name: String, as type: T.Type) -> T? {
        state.values[name]?.as(type)
    }

    /// Sets a named scene value, or removes it with `nil`.
    ///
    /// - Throws: ``NavigatorError/destination(_:)`` when `T` is not
    ///   registered.
    public func setValue<T: NavDestination>(_ value: T?, for name: String) throws(NavigatorError) {
        var destination: AnyDestination?
        if let value { destination = try erase(value) }
        guard state.values[name] != destination else { return }
        change { $0.values[name] = destination }
        emit(.valueChanged(name: name))
    }

    // MARK: Deep links

    /// Moves to a target state (a deep link, a notification) through the
    /// shortest step plan, one change per step, awaiting `betweenSteps`
    /// after each so the UI can show it (a stack cannot change many levels
    /// in one update).
    ///
    /// - Throws: ``NavigatorError/sceneState(_:)`` for a target that breaks a
    ///   scene-state rule; the steps applied before it stay.
    public func navigate(
        to target: SceneState<AnyDestination>, betweenSteps: @MainActor () async -> Void = {}
    ) async throws(NavigatorError) {
        await takeLinkTurn()
        defer { endLinkTurn() }
        try await steps(to: target, betweenSteps: betweenSteps)
    }

    private func steps(
        to target: SceneState<AnyDestination>, betweenSteps: @MainActor () async -> Void
    ) async throws(NavigatorError) {
        do {
            try target.validate()
        } catch {
            throw .sceneState(error)
        }
        let steps = state.steps(to: target)
        for step in steps {
            let next: SceneState<AnyDestination>
            do {
                next = try state.applying([step])
            } catch {
                throw .sceneState(error)
            }
            change { $0 = next }
            await betweenSteps()
        }
        emit(.navigated(steps: steps.count))
    }

    /// Goes to the stack at `stack` and pushes `values` onto it, as
    /// Navigator's `send(RootTabs.home, HomeDestinations.page2)` does: what
    /// is presented above it is dismissed, the tabs that show it are
    /// selected, then each value is pushed, one change per step, awaiting
    /// `betweenSteps` after each.
    ///
    /// ```swift
    /// try await navigator.send(to: .tab("orders"), OrderRoute.detail(id: 7))
    /// ```
    ///
    /// - Throws: ``NavigatorError/destination(_:)`` when a value's type is
    ///   not registered (nothing changed then);
    ///   ``NavigatorError/sceneState(_:)`` when the scene has no stack at
    ///   `stack`, or it is in a plain sheet or cover.
    public func send(
        to stack: StackAddress, _ values: any NavDestination...,
        betweenSteps: @MainActor () async -> Void = {}
    ) async throws(NavigatorError) {
        await takeLinkTurn()
        defer { endLinkTurn() }
        var target = state
        target.presentations.removeSubrange(min(max(0, stack.presentation), target.presentations.count)...)
        target.dropCheckpointsPointingNowhere()
        guard let entries = target.stack(stack) else { throw .sceneState(.noSuchStack(stack)) }
        if stack.presentation > 0, !target.presentations[stack.presentation - 1].method.isManaged {
            throw .sceneState(.cannotPushOnto(target.presentations[stack.presentation - 1].method))
        }
        var pushed: [AnyDestination] = []
        for value in values { pushed.append(try erase(value)) }
        do {
            try target.select(stack)
            try target.setStack(stack, to: entries + pushed)
        } catch {
            throw .sceneState(error)
        }
        try await steps(to: target, betweenSteps: betweenSteps)
    }

    /// Returns when this link may run: once the launch restore has
    /// finished (a link that comes before waits, and is then applied as
    /// ``launchLinks`` says) and every link that came before it has
    /// reached its target, first come first.
    private func takeLinkTurn() async {
        if !hasRestored { linkCameBeforeRestore = true }
        if hasRestored, !linkRunning, linksWaiting.isEmpty {
            linkRunning = true
            return
        }
        await withCheckedContinuation { linksWaiting.append($0) }
    }

    /// Hands the turn to the next waiting link, if the restore has finished.
    private func endLinkTurn() {
        linkRunning = false
        handTurnToNextLink()
    }

    private func handTurnToNextLink() {
        guard hasRestored, !linkRunning, !linksWaiting.isEmpty else { return }
        linkRunning = true
        linksWaiting.removeFirst().resume()
    }

    /// The restore has finished: the pushes made before it are made, then
    /// the first waiting link runs.
    private func releaseWaitingLinks() {
        let pushes = pushesBeforeRestore
        pushesBeforeRestore = []
        for (destination, stack) in pushes {
            do {
                try push(destination, onto: stack)
            } catch {
                store.logger.in(.navigator).error("push made before the restore refused", metadata: ["scene": "\(scene)", "error": "\(error)"])
            }
        }
        handTurnToNextLink()
    }

    // MARK: Internals

    private func erase<T: NavDestination>(_ value: T) throws(NavigatorError) -> AnyDestination {
        do {
            return try AnyDestination(value, in: registry)
        } catch {
            throw .destination(error)
        }
    }

    /// Every change to the state comes through here, and is saved.
    private func change(_ body: (inout SceneState<AnyDestination>) -> Void) {
        var next = state
        body(&next)
        guard next != state else { return }
        state = next
        stateDidChange()
    }

    /// A change that always changes something (a push, a pop of at least
    /// one, a presentation): made in place, with no copy of the state and
    /// no comparison, because it runs on the main actor for every tap.
    private func changeInPlace(_ body: (inout SceneState<AnyDestination>) -> Void) {
        body(&state)
        stateDidChange()
    }

    private func stateDidChange() {
        isDirty = true
        if restoreTarget != nil {
            // The app changed the state while a restore was still bringing
            // presentations up: what it did wins, the rest is not shown.
            restoreTarget = nil
            if confirmsWhenShown { startConfirming() }
            lifecycle?.restoredLevelsEnded(byChange: true)
        }
        if case .saving = phase { startSaving() }
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

    // MARK: Restoring and saving

    /// Restores the scene at launch with the app's policy and shows it.
    /// The restore itself saves nothing; changes are saved once ``confirm()``
    /// says the restored screens are up (or at once when there was nothing
    /// to restore).
    ///
    /// - Throws: ``/NavState/NavStoreError`` when the store cannot be read; the
    ///   navigator then starts empty and saves as usual.
    @discardableResult
    public func restore(options: RestoreOptions = RestoreOptions()) async throws(NavStoreError) -> RestoreReport {
        guard case .awaitingRestore = phase else { return restoreReport ?? RestoreReport.nothingSaved(scene: scene) }
        let restored: RestoredScene
        do {
            restored = try await store.restore(scene: scene, registry: registry, options: options)
        } catch {
            phase = .saving
            // Nothing to wait for: the views show the empty state.
            hasRestored = true
            if isDirty { startSaving() }
            releaseWaitingLinks()
            throw error
        }
        defer { releaseWaitingLinks() }
        if linkCameBeforeRestore, launchLinks == .replaceRestoredState {
            // Nothing restored is shown, so nothing of it can crash: the
            // guard hears it worked, and the links start from the empty state.
            state = SceneState(content: options.tree ?? .empty)
            restoreReport = restored.report
            hasRestored = true
            phase = .saving
            emit(.restored(restored.report))
            do {
                try await store.confirmRestore(restored)
            } catch {
                store.logger.in(.navigator).error("navigator confirm failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
            }
            return restored.report
        }
        if restored.state.presentations.count > 1 {
            restoreTarget = restored.state
            state = restored.state.showing(presentations: 1)
        } else {
            state = restored.state
        }
        isDirty = false
        restoreReport = restored.report
        hasRestored = true
        emit(.restored(restored.report))
        if restored.report.revision == nil {
            phase = .saving
        } else {
            phase = .awaitingConfirmation(restored)
        }
        return restored.report
    }

    /// Tells the navigator that presentation `level` (1 is the first) is on
    /// screen, so the next pending one of a restore can be presented from
    /// it. `NavStateUI` calls it from each level's `onAppear`; an app that
    /// presents by hand calls it once each level is up. Any other call does
    /// nothing.
    public func presentationDidAppear(_ level: Int) {
        guard let target = restoreTarget, level >= 1, level == state.presentations.count else { return }
        let shown = level + 1
        // Not a change of the app's: nothing is marked to save.
        state = target.showing(presentations: shown)
        emit(.restoredPresentation(level: shown))
        if shown >= target.presentations.count {
            restoreTarget = nil
            if confirmsWhenShown { startConfirming() }
            lifecycle?.restoredLevelsEnded(byChange: false)
        }
    }

    /// Tells the crash-loop guard that the restored screens are up, and
    /// starts saving (with any change made since the restore).
    ///
    /// While restored presentations are still pending
    /// (``pendingPresentations``), the launch is not proven yet: the
    /// confirmation is made when the last of them appears, and this call
    /// returns at once. ``flush()`` waits for it.
    public func confirm() async throws(NavStoreError) {
        guard case .awaitingConfirmation(let restored) = phase else { return }
        if restoreTarget != nil {
            confirmsWhenShown = true
            return
        }
        confirmsWhenShown = false
        phase = .saving
        defer { if isDirty { startSaving() } }
        try await store.confirmRestore(restored)
        emit(.confirmed(revision: restored.report.revision))
    }

    /// Confirms once the last pending presentation is up; a failure is
    /// logged and reported as an event, and the next launch counts this
    /// one as unconfirmed.
    private func startConfirming() {
        guard confirmTask == nil else { return }
        confirmTask = Task { @MainActor [weak self] in
            guard let self else { return }
            do throws(NavStoreError) {
                try await self.confirm()
            } catch {
                self.store.logger.in(.navigator).in(.navigator).error("navigator confirm failed", metadata: ["scene": "\(self.scene)", "error": "\(error)"])
                self.emit(.saveFailed(error))
            }
            self.confirmTask = nil
        }
    }

    /// Waits until the state as it is now is saved: call it when the scene
    /// goes to the background. Before ``confirm()`` it saves nothing: the
    /// changes wait for the confirmation, so that a launch that crashes
    /// never saves over the revision the crash-loop guard counts.
    ///
    /// - Throws: ``/NavState/NavStoreError`` when the save failed (the state is kept,
    ///   and saved again on the next change or flush).
    public func flush() async throws(NavStoreError) {
        if let confirming = confirmTask { await confirming.value }
        guard case .saving = phase else { return }
        if let running = saveTask { await running.value }
        if isDirty {
            startSaving()
            if let running = saveTask { await running.value }
        }
        if isDirty, let error = lastSaveError { throw error }
    }

    /// Deletes the scene's saved state (a window the user closed for good)
    /// and stops saving it.
    public func discardSavedState() async throws(NavStoreError) {
        phase = .awaitingRestore
        isDirty = false
        restoreTarget = nil
        if let running = saveTask { await running.value }
        try await store.delete(scene: scene)
    }

    /// Starts the save loop unless it runs: it saves the newest state,
    /// again while changes keep coming, and stops on a failure until the
    /// next change.
    private func startSaving() {
        guard saveTask == nil else { return }
        saveTask = Task { @MainActor [weak self] in
            guard let self else { return }
            await self.saveWhileDirty()
            self.saveTask = nil
        }
    }

    private func saveWhileDirty() async {
        while isDirty, case .saving = phase {
            isDirty = false
            let snapshot = state
            do {
                let result = try await store.save(snapshot, scene: scene)
                savesCompleted += 1
                lastSavedRevision = result.revision
                lastSaveError = nil
                emit(.saved(revision: result.revision, isNewRevision: result.isNewRevision, rowsWritten: result.rowsWritten))
            } catch {
                // The UI keeps its state; the next change or flush tries again.
                isDirty = true
                lastSaveError = error
                store.logger.in(.navigator).error("navigator save failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
                emit(.saveFailed(error))
                return
            }
        }
    }
}

extension SceneState {
    /// The state with its first `count` presentations, and the checkpoints
    /// of the stacks those leave: what a restore shows while the levels
    /// above are pending. Always valid when `self` is.
    func showing(presentations count: Int) -> SceneState {
        var shown = self
        shown.presentations = Array(presentations.prefix(count))
        shown.dropCheckpointsPointingNowhere()
        return shown
    }
}
