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
import NavStateScenes
public import SwiftUI

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension View {
    /// Saves the navigation state this view's app already holds (its
    /// `parts`) and brings it back at the next launch, per window, naming
    /// each of `types` by its own name.
    ///
    /// ```swift
    /// NavigationStack(path: $path) { TruckView() }
    ///     .restoresNavigation(.stack($path), types: Panel.self)
    /// ```
    ///
    /// The view shows once the restored state is in place (so the restored
    /// stack is there at its first appearance); the launch is confirmed to
    /// the crash-loop guard a second after it appeared; every change is
    /// saved from then on, and again when the window goes to the
    /// background, inside a background-task assertion; the store is
    /// suspended when every window is in the background. Each window keeps
    /// its own scene, and a window the system discarded has its scene
    /// deleted 30 days after its last save. A value whose type is not among
    /// `types` (or registered) is not saved, and the log says so.
    ///
    /// - Parameters:
    ///   - parts: The state to save, in the order the screen nests it.
    ///   - types: The app's route and selection types; the standard
    ///     library's (`Int`, `String`, …) and `UUID` are built in.
    ///   - launchChanges: What a change the app makes before the restore
    ///     ended does.
    ///   - onOpenURL: Receives the window's URLs, each once the restored
    ///     state is in place, to change the state as the link says.
    public func restoresNavigation(
        _ parts: NavigationPart..., types: any NavDestination.Type...,
        launchChanges: LaunchChanges = .applyOnRestoredState,
        onOpenURL: (@MainActor (URL) -> Void)? = nil
    ) -> some View {
        modifier(NavigationRestoring(
            parts: parts, registry: .types(types), options: RestoreOptions(), launchChanges: launchChanges,
            storePath: nil, onOpenURL: onOpenURL))
    }

    /// Saves and restores `parts`, decoded through `registry`: for an app
    /// whose types were renamed (aliases), changed shape (upgrades) or
    /// must never reach the disk, or that keeps its store in an App Group.
    ///
    /// - Parameters:
    ///   - parts: The state to save, in the order the screen nests it.
    ///   - registry: Names and decodes the parts' values.
    ///   - options: The restore's policy, maximum age and crash-loop limit.
    ///   - storePath: The store's file; the app's default store when `nil`.
    ///   - launchChanges: What a change the app makes before the restore
    ///     ended does.
    ///   - onOpenURL: Receives the window's URLs, each once the restored
    ///     state is in place.
    public func restoresNavigation(
        _ parts: NavigationPart..., registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        storePath: String? = nil, launchChanges: LaunchChanges = .applyOnRestoredState,
        onOpenURL: (@MainActor (URL) -> Void)? = nil
    ) -> some View {
        modifier(NavigationRestoring(
            parts: parts, registry: .given(registry), options: options, launchChanges: launchChanges,
            storePath: storePath, onOpenURL: onOpenURL))
    }
}

/// Where the registry comes from: the types, named once per window.
enum RegistrySource {
    case types([any NavDestination.Type])
    case given(DestinationRegistry)

    func make() -> (DestinationRegistry, [NavStateError]) {
        switch self {
        case .types(let types): DestinationRegistry.naming(types)
        case .given(let registry): (registry, [])
        }
    }
}

/// What a window keeps across its view's updates: its session and the
/// parts' values as last seen. Not observed: the view updates through its
/// own `@State`.
@MainActor
final class RestoringWindow {
    var session: SceneSession?
    var registry = DestinationRegistry()
    var seen: [any Equatable] = []
    /// URLs that came before the session existed, first come first.
    var early: [URL] = []
}

/// The work of `restoresNavigation`: forwards the view's events to a
/// `SceneSession`, which decides, and carries out what it says.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct NavigationRestoring: ViewModifier {
    let parts: [NavigationPart]
    let registry: RegistrySource
    let options: RestoreOptions
    let launchChanges: LaunchChanges
    let storePath: String?
    let onOpenURL: (@MainActor (URL) -> Void)?

    // Apple: SceneStorage is saved at no guaranteed time and destroyed with
    // the scene; WindowScenes copes with it being empty.
    @SceneStorage("NavState.scene") private var sceneName = ""
    @State private var window = RestoringWindow()
    @State private var restored = false
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        let window = window
        Group {
            if restored {
                content.onAppear { window.session?.contentAppeared() }
            } else {
                Color.clear
            }
        }
        .task { await restore() }
        .onNavStateChange(of: PartValues(values: parts.map { $0.raw() })) { _ in partsChanged() }
        .onNavStateChange(of: scenePhase) { phase in
            guard let job = window.session?.phaseChanged(to: WindowPhase(phase)) else { return }
            BackgroundWork.run("NavState: save navigation", job)
        }
        .modifier(OpenURLWaiting(window: window, handler: onOpenURL))
        .onDisappear { window.session?.windowClosed() }
    }

    private func restore() async {
        guard window.session == nil else { return }
        let (registry, problems) = self.registry.make()
        window.registry = registry
        let layout = SceneLayout(parts.map { ($0.kind, $0.name) })
        let storePath = storePath
        let session = SceneSession(
            layout: layout, registry: registry, options: options,
            launchChanges: launchChanges == .replaceRestoredState ? .replaceRestoredState : .applyOnRestoredState,
            openWindows: { await WindowScenes.sharedOrInMemory(path: storePath) })
        window.session = session
        let initial = parts.map { $0.read(registry) }
        let accepts = parts.map(\.accepts)
        guard let started = await session.start(remembered: sceneName, accepts: { accepts[$0]($1) }) else { return }
        if let scene = started.scene { sceneName = scene }
        for problem in problems { session.typeCannotBeNamed(problem) }
        if let onOpenURL {
            for url in window.early { session.afterRestore { onOpenURL(url) } }
            window.early = []
        }
        let shown = session.merge(started.restored, initial: initial, now: parts.map { $0.read(registry) })
        for (part, value) in zip(parts, shown) {
            if let value { part.write(value) }
        }
        window.seen = parts.map { $0.raw() }
        restored = true
    }

    private func partsChanged() {
        guard restored, let session = window.session else { return }
        let registry = window.registry
        for (index, part) in parts.enumerated() {
            let now = part.raw()
            if index < window.seen.count, PartValues.same(now, window.seen[index]) { continue }
            let old = index < window.seen.count ? window.seen[index] : now
            if let path = part.path {
                let current = path.wrappedValue
                let shown: [AnyDestination]
                if case .stack(let entries) = session.current[index] { shown = entries } else { shown = [] }
                session.pathChanged(
                    index, count: current.count,
                    keepsEntries: current.sharesPrefix(with: NavigationPath(destinations: shown)),
                    codableJSON: { current.codableJSON })
            } else if let later = part.later {
                // Read off the main actor before the next save.
                later(old, index, session)
            } else if let next = part.next(old, session.current[index], registry) {
                session.partChanged(index, to: next)
            } else {
                session.partCannotBeSaved(index)
            }
        }
        window.seen = parts.map { $0.raw() }
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
                if let session = window.session {
                    session.afterRestore { handler(url) }
                } else {
                    // Before the window's session exists: it will run once
                    // the restore has ended, like every link before it.
                    window.early.append(url)
                }
            }
        } else {
            content
        }
    }
}
#endif
