// Restoring and saving the app's own navigation state, per window.
// SwiftUI only: compiles to nothing where there is none (Linux). Every
// decision is SceneSession's (NavStateScenes), tested on Linux; this file
// forwards SwiftUI's events to it and carries out what it says. The Apple
// APIs used: `SceneStorage` (iOS 14) for the window's scene name, the
// `scenePhase` environment value (iOS 14), `task(priority:_:)` (iOS 15),
// `onAppear`/`onDisappear`, `onOpenURL(perform:)` (iOS 14), `onChange`
// (see `onNavStateChange`) and `ProcessInfo.performExpiringActivity`
// (see `BackgroundWork`).
#if canImport(SwiftUI)
public import Foundation
public import NavState
public import NavStateModel
public import NavStateScenes
public import SwiftUI

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension View {
    /// Saves the navigation state this view's app already holds (its
    /// `parts`) and brings it back at the next launch, per window.
    ///
    /// ```swift
    /// NavigationStack(path: $path) { TruckView() }
    ///     .restoresNavigation(.stack($path))
    /// ```
    ///
    /// Write it where the state lives: on a tab's own `NavigationStack`,
    /// on the `TabView` for its selection, in a sheet's content for a stack
    /// inside it. What it does for the window, and how the parts of a
    /// window's views make one scene, is the article "Adopting
    /// NavStateUI"'s, rule by rule.
    ///
    /// - Parameters:
    ///   - parts: The state to save, in the order the screen nests it.
    ///   - types: The types of the values a `NavigationPath` part holds; a
    ///     typed part's own type (`[Route]`, a selection's, an item's) is
    ///     named by itself. The standard library's types (`Int`, `String`,
    ///     …) and `UUID` are built in.
    ///   - launchChanges: What a change the app makes before the restore
    ///     ended does (the window's first view's is used).
    ///   - handoff: The Handoff activity type the window offers its
    ///     navigation under and continues, one the app lists in its
    ///     Info.plist's `NSUserActivityTypes`; no Handoff when `nil` (the
    ///     window's first view's is used).
    ///   - onOpenURL: Receives the window's URLs, each once the restored
    ///     state is in place, to change the state as the link says. When
    ///     `nil`, URLs reach the app's own `onOpenURL` as they come.
    public func restoresNavigation(
        _ parts: NavigationPart..., types: any NavDestination.Type...,
        launchChanges: LaunchChanges = .applyOnRestoredState, handoff: String? = nil,
        onOpenURL: (@MainActor (URL) -> Void)? = nil
    ) -> some View {
        modifier(NavigationRestoring(
            parts: parts, types: types, registry: nil, options: RestoreOptions(), launchChanges: launchChanges,
            storePath: nil, restoresInPreviews: false, handoff: handoff, onOpenURL: onOpenURL))
    }

    /// Saves and restores `parts`, decoded through `registry`: for an app
    /// whose types were renamed (aliases), changed shape (upgrades) or
    /// must never reach the disk, or that keeps its store in an App Group.
    ///
    /// - Parameters:
    ///   - parts: The state to save, in the order the screen nests it.
    ///   - registry: Names and decodes the parts' values.
    ///   - options: The restore's policy, maximum age and crash-loop limit
    ///     (the window's first view's are used).
    ///   - storePath: The store's file; the app's default store when `nil`
    ///     (the window's first view's is used).
    ///   - restoresInPreviews: Whether an Xcode preview restores and saves
    ///     the store's file; by default a preview starts from the view's own
    ///     state, in a store in memory.
    ///   - launchChanges: What a change the app makes before the restore
    ///     ended does.
    ///   - handoff: The Handoff activity type the window offers its
    ///     navigation under and continues; no Handoff when `nil`.
    ///   - onOpenURL: Receives the window's URLs, each once the restored
    ///     state is in place.
    public func restoresNavigation(
        _ parts: NavigationPart..., registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        storePath: String? = nil, restoresInPreviews: Bool = false, launchChanges: LaunchChanges = .applyOnRestoredState,
        handoff: String? = nil, onOpenURL: (@MainActor (URL) -> Void)? = nil
    ) -> some View {
        modifier(NavigationRestoring(
            parts: parts, types: [], registry: registry, options: options, launchChanges: launchChanges,
            storePath: storePath, restoresInPreviews: restoresInPreviews, handoff: handoff, onOpenURL: onOpenURL))
    }
}

/// What one `restoresNavigation` keeps across its view's updates: the
/// window's session, its parts' indices in it and their values as last
/// seen. Not observed: the view updates through its own `@State`. The
/// views inside it find it in the environment and join its session.
@MainActor
final class RestoringWindow {
    var session: SceneSession?
    /// Whether this view's modifier is the window's first (it restores,
    /// confirms, and follows the scene's phase).
    var isFirst = true
    /// Each part's index in the session; `nil` for a part refused.
    var indices: [Int?] = []
    /// The parts of this view and of the views it sits in, for the views
    /// inside it: a selection among them that did not come back leaves
    /// theirs as the app has them.
    var enclosing: [Int] = []
    /// Held for as long as the view lives; the session holds it weakly.
    let holder = PartHolder()
    /// The window of the view this one sits in, if any.
    weak var outer: RestoringWindow?
    /// Each of this view's parts in the session, and how it finds the
    /// entries equal to a screen's value.
    var matchers: [(index: Int, positions: @MainActor (AnyHashable, SceneLayout.Value) -> [Int])] = []
    var seen: [any Equatable] = []
    /// Links that came before the session existed, first come first.
    var early: [EarlyLink] = []
    /// The Handoff activity SwiftUI last had this window update, kept
    /// current after each save.
    weak var activity: NSUserActivity?
    /// Hands the session the parts' changes SwiftUI has not reported yet
    /// (a view of a pushed value can appear before the path's change is).
    var reportChanges: (@MainActor () -> Void)?
    /// Whether the view's parts have their restored state.
    var isRestored = false

    /// A link that came before the window's session.
    enum EarlyLink {
        case url(URL)
        case handoff(Data)
    }

    /// Hands `link` to the session in its turn, or keeps it until there
    /// is one.
    func receive(_ link: EarlyLink, handler: (@MainActor (URL) -> Void)?) {
        guard let session else {
            early.append(link)
            return
        }
        switch link {
        case .url(let url):
            if let handler { session.afterRestore { handler(url) } }
        case .handoff(let payload):
            session.continueHandoff(payload)
        }
    }

    /// What the window offers to Handoff, put in `activity`; not eligible
    /// when it offers nothing (Apple: `NSUserActivity.isEligibleForHandoff`,
    /// iOS 9; `addUserInfoEntries(from:)`, iOS 8).
    func offer(into activity: NSUserActivity) {
        self.activity = activity
        guard let payload = session?.handoffPayload() else {
            activity.isEligibleForHandoff = false
            return
        }
        activity.addUserInfoEntries(from: [HandoffFormat.userInfoKey: payload])
        activity.isEligibleForHandoff = true
    }

    /// For each part around a view, from the outermost, the positions of
    /// the entries equal to `value` (``SceneSession/screenCandidates(_:)``).
    func matches(_ value: AnyHashable) -> [(part: Int, positions: [Int])] {
        var result = outer?.matches(value) ?? []
        reportChanges?()
        guard let session else { return result }
        for (index, positions) in matchers where index < session.current.count {
            result.append((part: index, positions: positions(value, session.current[index])))
        }
        return result
    }

    /// Hands the session what changed of `parts` (the view's, in order)
    /// since it last looked.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
    func partsChanged(_ parts: [NavigationPart]) {
        guard isRestored, let session else { return }
        let registry = session.registry
        for (position, part) in parts.enumerated() {
            guard position < indices.count, let index = indices[position] else { continue }
            let now = part.raw()
            if position < seen.count, PartValues.same(now, seen[position]) { continue }
            let old = position < seen.count ? seen[position] : now
            if let path = part.path {
                let current = path.wrappedValue
                let shown: [AnyDestination]
                if case .stack(let entries) = session.current[index] { shown = entries } else { shown = [] }
                session.pathChanged(
                    index, count: current.count,
                    keepsEntries: current.sharesPrefix(with: NavigationPath(destinations: shown)),
                    codableJSON: { current.codableJSON })
            } else if let later = part.later {
                // Read just before the next save.
                later(old, index, session)
            } else if let next = part.next(old, session.current[index], registry) {
                session.partChanged(index, to: next)
            } else {
                session.partCannotBeSaved(index)
            }
        }
        seen = parts.map { $0.raw() }
    }

    nonisolated init() {}
}

/// What the views of a window find around them: the window, as the
/// `restoresNavigation` around them left it, and the screen a
/// `screenState(for:)` around them took.
struct NavStateSurroundings {
    var window: RestoringWindow?
    var screen: ScreenLink?
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
private struct SurroundingsKey: EnvironmentKey {
    static var defaultValue: NavStateSurroundings { NavStateSurroundings() }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension EnvironmentValues {
    var navState: NavStateSurroundings {
        get { self[SurroundingsKey.self] }
        set { self[SurroundingsKey.self] = newValue }
    }
}

/// The work of `restoresNavigation`: forwards the view's events to the
/// window's `SceneSession`, which decides, and carries out what it says.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct NavigationRestoring: ViewModifier {
    let parts: [NavigationPart]
    let types: [any NavDestination.Type]
    let registry: DestinationRegistry?
    let options: RestoreOptions
    let launchChanges: LaunchChanges
    let storePath: String?
    let restoresInPreviews: Bool
    let handoff: String?
    let onOpenURL: (@MainActor (URL) -> Void)?

    // Apple: SceneStorage is saved at no guaranteed time and destroyed with
    // the scene; WindowScenes copes with it being empty.
    @SceneStorage("NavState.scene") private var sceneName = ""
    @State private var window = RestoringWindow()
    @State private var restored = false
    @Environment(\.navState.window) private var outer
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        let window = window
        let parts = parts
        window.reportChanges = { [weak window] in window?.partsChanged(parts) }
        return Group {
            if restored {
                content.onAppear { if window.isFirst { window.session?.contentAppeared() } }
            } else {
                Color.clear
            }
        }
        .environment(\.navState.window, window)
        .task { await restore() }
        .onNavStateChange(of: PartValues(values: parts.map { $0.raw() })) { _ in window.partsChanged(parts) }
        .onNavStateChange(of: scenePhase) { phase in
            guard window.isFirst, let job = window.session?.phaseChanged(to: WindowPhase(phase)) else { return }
            BackgroundWork.run("NavState: save navigation", job)
        }
        .modifier(OpenURLWaiting(window: window, handler: onOpenURL))
        // The window's first view offers and continues Handoff.
        .modifier(HandoffOffering(window: window, activityType: outer == nil ? handoff : nil, isActive: scenePhase == .active))
        .onDisappear { if window.isFirst { window.session?.windowClosed() } }
    }

    /// The types the parts name by themselves, and those the app listed.
    private var allTypes: [any NavDestination.Type] { types + parts.compactMap(\.type) }

    private func restore() async {
        guard window.session == nil else { return }
        if let outer, let session = outer.session {
            await join(session, under: outer)
        } else {
            await start()
        }
    }

    /// The window's first view: claims the scene and restores it.
    private func start() async {
        let (registry, problems) = DestinationRegistry().adding(allTypes, and: self.registry)
        let layout = SceneLayout(parts.map { ($0.kind, $0.name) })
        let storePath = storePath, inPreviews = restoresInPreviews
        let session = SceneSession(
            layout: layout, registry: registry, options: options,
            launchChanges: launchChanges,
            openWindows: { await WindowScenes.forFace(path: storePath, restoresInPreviews: inPreviews) })
        window.session = session
        window.indices = Array(parts.indices)
        window.enclosing = Array(parts.indices)
        window.matchers = parts.enumerated().map { (index: $0.offset, positions: $0.element.positions) }
        for (index, part) in parts.enumerated() {
            session.setHooks(PartHooks(write: part.write, accepts: part.accepts), for: index)
        }
        session.saved = { [weak window] in
            if let window, let activity = window.activity { window.offer(into: activity) }
        }
        takeEarlyLinks(into: session)
        let initial = parts.map { $0.read(registry) }
        let accepts = parts.map(\.accepts)
        guard let started = await session.start(remembered: sceneName, accepts: { accepts[$0]($1) }) else { return }
        if let scene = started.scene { sceneName = scene }
        for problem in problems { session.typeCannotBeNamed(problem) }
        // The restored state is shown before the links that waited run.
        session.merge(started.restored, initial: initial, now: parts.map { $0.read(registry) }) { shown in
            for (part, value) in zip(parts, shown) {
                if let value { part.write(value) }
            }
        }
        window.seen = parts.map { $0.raw() }
        window.isRestored = true
        restored = true
    }

    /// A view inside the window's first: its parts join the window's scene.
    private func join(_ session: SceneSession, under outer: RestoringWindow) async {
        window.session = session
        window.isFirst = false
        takeEarlyLinks(into: session)
        let parts = parts
        let joined = await session.join(
            parts.map { ($0.kind, $0.name) }, under: outer.enclosing, holder: window.holder, types: allTypes,
            registry: registry, appValues: { registry in parts.map { $0.read(registry) } },
            accepts: { parts[$0].accepts($1) })
        for (part, value) in zip(parts, joined.values) {
            if let value { part.write(value) }
        }
        window.indices = joined.indices
        window.enclosing = outer.enclosing + joined.indices.compactMap { $0 }
        window.outer = outer
        window.matchers = zip(parts, joined.indices).compactMap { part, index in index.map { (index: $0, positions: part.positions) } }
        for (part, index) in zip(parts, joined.indices) {
            if let index { session.setHooks(PartHooks(write: part.write, accepts: part.accepts), for: index) }
        }
        window.seen = parts.map { $0.raw() }
        window.isRestored = true
        restored = true
    }

    /// The links that came before the session, handed to it first, in the
    /// order they came.
    private func takeEarlyLinks(into session: SceneSession) {
        let early = window.early
        window.early = []
        for link in early { window.receive(link, handler: onOpenURL) }
    }
}

/// Receives the window's URLs and hands each to the app's handler once
/// the restored state is in place; registers nothing when the app gave no
/// handler, so its own `onOpenURL` sees every URL.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct OpenURLWaiting: ViewModifier {
    let window: RestoringWindow
    let handler: (@MainActor (URL) -> Void)?

    func body(content: Content) -> some View {
        if let handler {
            content.onOpenURL { url in
                // Before the window's session exists, it waits in the
                // window; it runs once the restore has ended, in its turn.
                window.receive(.url(url), handler: handler)
            }
        } else {
            content
        }
    }
}
#endif
