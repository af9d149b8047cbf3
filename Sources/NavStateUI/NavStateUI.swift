// SwiftUI glue for SceneNavigator. Linux has no SwiftUI, so this file
// compiles to nothing there; every piece of logic lives in SceneNavigator,
// which is tested. Each SwiftUI API used is listed, with the release that
// introduced it, in docs/integration.md ("NavStateUI's SwiftUI APIs").
#if canImport(SwiftUI)
import Foundation
public import NavState
public import NavStateNavigator
public import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension View {
    /// Restores `navigator` when the view appears and shows the view only
    /// once the restored state is in place (so the restored stack is there
    /// at its first appearance, not pushed with animation after it);
    /// confirms the restore once every restored screen has been up for a
    /// settle time; and saves whenever the scene leaves the foreground,
    /// inside a background-task assertion. With `windows`, it also suspends
    /// the store once every window is in the background, and resumes it
    /// when one comes back. Every one of these decisions is
    /// ``SceneLifecycle``'s; this modifier forwards SwiftUI's events to it.
    ///
    /// ```swift
    /// NavigationStack(path: $navigator.path) { HomeView() }
    ///     .restoresNavigation(navigator)
    /// ```
    public func restoresNavigation(
        _ navigator: SceneNavigator, options: RestoreOptions = RestoreOptions(), windows: WindowScenes? = nil
    ) -> some View {
        modifier(NavigationPersistence(navigator: navigator, options: options, windows: windows))
    }

    /// Shows `navigator`'s presentations above this view's stack as sheets
    /// and covers (a managed one with its own `NavigationStack`), each built
    /// by `destination`, and keeps them in step: a sheet the user swipes
    /// away is dismissed in the navigator too. A restored chain comes back
    /// one level at a time, without animation, each after the one below it
    /// appeared and finished its transition (``SceneLifecycle``).
    public func navigationPresentations<Destination: View>(
        _ navigator: SceneNavigator,
        @ViewBuilder destination: @escaping (AnyDestination) -> Destination
    ) -> some View {
        modifier(PresentationLevel(navigator: navigator, level: 1, destination: { AnyView(destination($0)) }))
    }
}

/// The work of `restoresNavigation(_:options:windows:)`: forwards the
/// view's events to a ``SceneLifecycle``, which decides, and carries out
/// the background job it returns.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct NavigationPersistence: ViewModifier {
    let navigator: SceneNavigator
    let options: RestoreOptions
    let windows: WindowScenes?
    @State private var lifecycle: SceneLifecycle?
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        Group {
            if navigator.hasRestored, let lifecycle {
                content.onAppear { lifecycle.contentAppeared() }
            } else {
                Color.clear
            }
        }
        .task {
            let lifecycle = self.lifecycle ?? makeLifecycle()
            self.lifecycle = lifecycle
            await lifecycle.viewAppeared()
        }
        .onChange(of: scenePhase) { _, phase in
            guard let job = lifecycle?.phaseChanged(to: WindowPhase(phase)) else { return }
            BackgroundWork.run("NavState: save navigation", job)
        }
    }

    private func makeLifecycle() -> SceneLifecycle {
        #if os(macOS)
        // macOS does not suspend apps; elsewhere the app must hold no
        // SQLite lock once suspended (0xdead10cc).
        let suspendsStore = false
        #else
        let suspendsStore = true
        #endif
        let lifecycle = SceneLifecycle(
            navigator: navigator, windows: windows, options: options, suspendsStore: suspendsStore)
        // The next level of a restore, presented without animation
        // (`Transaction.disablesAnimations`, iOS 13).
        lifecycle.presentingRestoredLevel = { change in
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction, change)
        }
        return lifecycle
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension WindowPhase {
    /// SwiftUI's `ScenePhase` (iOS 14); a phase added later counts as
    /// in the foreground, the case that saves and never suspends.
    init(_ phase: ScenePhase) {
        switch phase {
        case .active: self = .active
        case .background: self = .background
        default: self = .inactive
        }
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension View {
    /// Saves and restores `path` with `saver`, for an app whose floor is
    /// iOS 16 / macOS 13 (``NavigationPathSaver``): restores it when the
    /// view appears and shows the view once it is in place, confirms the
    /// launch a settle time after the restored screen appeared, saves every
    /// push, pop and swipe, and saves (then suspends the store) when the
    /// scene goes to the background. Every decision is the saver's.
    ///
    /// ```swift
    /// NavigationStack(path: $path) { TruckView() }
    ///     .savesNavigationPath($path, with: saver)
    /// ```
    public func savesNavigationPath(_ path: Binding<NavigationPath>, with saver: NavigationPathSaver) -> some View {
        modifier(NavigationPathSaving(path: path, saver: saver))
    }

    /// `onChange(of:perform:)` (iOS 14, deprecated in iOS 17) before iOS 17,
    /// `onChange(of:initial:_:)` (iOS 17) from then.
    @ViewBuilder
    func onNavStateChange<Value: Equatable>(of value: Value, perform: @escaping (Value) -> Void) -> some View {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) {
            onChange(of: value) { _, new in perform(new) }
        } else {
            onChange(of: value, perform: perform)
        }
    }
}

/// The work of `savesNavigationPath(_:with:)`: forwards the view's events
/// to the saver and runs the background job it returns.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct NavigationPathSaving: ViewModifier {
    @Binding var path: NavigationPath
    let saver: NavigationPathSaver
    @State private var restored = false
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        let saver = saver
        Group {
            if restored {
                content.onAppear { saver.contentAppeared() }
            } else {
                Color.clear
            }
        }
        .task {
            guard !restored else { return }
            path = NavigationPath(values: await saver.restore())
            restored = true
        }
        .onNavStateChange(of: path) { path in
            let shown = NavigationPath(values: saver.destinations)
            saver.pathChanged(
                count: path.count, keepsEntries: path.sharesPrefix(with: shown),
                codableJSON: { path.codable.flatMap { try? JSONEncoder().encode($0) } })
        }
        .onNavStateChange(of: scenePhase) { phase in
            guard let job = saver.phaseChanged(to: WindowPhase(phase)) else { return }
            BackgroundWork.run("NavState: save navigation", job)
        }
    }
}

/// Work that must finish even if the app is about to be suspended.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
enum BackgroundWork {
    /// Runs `job` on the main actor inside a background-task assertion:
    /// `ProcessInfo.performExpiringActivity(withReason:using:)` (iOS 8.2,
    /// tvOS 9, watchOS 2, visionOS 1; safe in app extensions, unlike
    /// `UIApplication.shared`), whose block keeps the process running until
    /// it returns. macOS does not suspend apps, so there it just runs.
    /// What each call of the block does is ``ExpiringWork``'s to say:
    /// the job runs even when no time was granted, and its expiry runs
    /// when the time runs out during it.
    static func run(_ reason: String, _ job: BackgroundJob) {
        #if os(macOS)
        Task { @MainActor in await job.run() }
        #else
        let decisions = ExpiringWork()
        ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expired in
            // Called on a background queue, the second time on another.
            switch decisions.callback(expired: expired) {
            case .nothing:
                return
            case .stopWork:
                job.expire()
            case .runWork:
                let done = DispatchSemaphore(value: 0)
                Task { @MainActor in
                    await job.run()
                    decisions.workEnded()
                    done.signal()
                }
                done.wait()
            }
        }
        #endif
    }
}

/// Presentation `level` (1 is the first) shown from the stack below it,
/// and the levels above it shown from its own content.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct PresentationLevel: ViewModifier {
    let navigator: SceneNavigator
    let level: Int
    let destination: (AnyDestination) -> AnyView

    private func isShown(as methods: [PresentationMethod]) -> Binding<Bool> {
        // Locals, so the binding's closures capture the navigator (a main
        // actor class, so Sendable) and an Int, not this modifier.
        let navigator = navigator
        let level = level
        return Binding(
            get: {
                navigator.presentations.count >= level
                    && methods.contains(navigator.presentations[level - 1].method)
            },
            set: { shown in
                if !shown, navigator.presentations.count >= level { navigator.dismiss(from: level) }
            })
    }

    @ViewBuilder
    private var presented: some View {
        if navigator.presentations.count >= level {
            let presentation = navigator.presentations[level - 1]
            let navigator = navigator
            let level = level
            let content = destination(presentation.destination)
                .modifier(PresentationLevel(navigator: navigator, level: level + 1, destination: destination))
                .onAppear { SceneLifecycle.presentationAppeared(level, of: navigator) }
            if presentation.method.isManaged {
                // The app's own values, so that NavigationLink(value:) and
                // its navigationDestination(for:) work inside the sheet.
                NavigationStack(path: navigator.navigationPath(at: StackAddress(presentation: level))) {
                    content
                }
            } else {
                content
            }
        }
    }

    func body(content: Content) -> some View {
        #if os(macOS)
        // macOS has no full-screen cover: covers show as sheets.
        content.sheet(isPresented: isShown(as: [.sheet, .managedSheet, .cover, .managedCover])) { presented }
        #else
        content
            .sheet(isPresented: isShown(as: [.sheet, .managedSheet])) { presented }
            .fullScreenCover(isPresented: isShown(as: [.cover, .managedCover])) { presented }
        #endif
    }
}

/// Bindings for the containers of a tree: a `TabView`'s selection, each
/// tab's `NavigationStack` path, a `NavigationSplitView`'s selections and
/// column visibility. Each reads and writes the navigator, which saves.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    /// The selected tab of the tab bar at `tabBar`, for
    /// `TabView(selection:)` with `.tag("home")` on each tab.
    ///
    /// ```swift
    /// TabView(selection: navigator.tabSelection()) {
    ///     NavigationStack(path: navigator.pathBinding(at: .tab("home"))) { HomeView() }
    ///         .tag("home")
    /// }
    /// ```
    public func tabSelection(of tabBar: StackAddress = .root) -> Binding<String> {
        Binding(
            get: { self.selectedTab(of: tabBar) ?? "" },
            set: { self.selectIfPossible(tab: $0, in: tabBar) })
    }

    /// The stack at `stack`, for that tab's or column's
    /// `NavigationStack(path:)`.
    public func pathBinding(at stack: StackAddress) -> Binding<NavPath> {
        Binding(get: { self.path(at: stack) }, set: { self.setPath($0, at: stack) })
    }

    /// The stack at `stack` as a SwiftUI `NavigationPath` of the app's own
    /// values, for `NavigationStack(path:)`: `NavigationLink(value:)` and
    /// each feature's `navigationDestination(for: Route.self)` work as in
    /// any SwiftUI app, and every push, pop and swipe is saved. A value
    /// whose type is not registered, or is not `Codable`, is refused and
    /// logged (``/NavStateNavigator/SceneNavigator/applyNavigationPath(count:keepsEntries:codableJSON:at:)``).
    ///
    /// ```swift
    /// NavigationStack(path: navigator.navigationPath()) {
    ///     OrderList()   // NavigationLink(value: OrderRoute.detail(id: 7)) { … }
    ///         .navigationDestination(for: OrderRoute.self) { OrderScreen(route: $0) }
    /// }
    /// ```
    public func navigationPath(at stack: StackAddress = .root) -> Binding<NavigationPath> {
        Binding(
            get: { NavigationPath(values: self.state.stack(stack) ?? []) },
            set: { path in
                let shown = NavigationPath(values: self.state.stack(stack) ?? [])
                self.applyNavigationPath(
                    count: path.count, keepsEntries: path.sharesPrefix(with: shown),
                    codableJSON: { path.codable.flatMap { try? JSONEncoder().encode($0) } }, at: stack)
            })
    }

    /// A split view's selection in one column, for `List(selection:)`.
    public func selection(_ column: NavSplitColumn, of split: StackAddress = .root) -> Binding<AnyDestination?> {
        Binding(
            get: {
                guard case .split(let view)? = self.state.container(at: split) else { return nil }
                return column == .sidebar ? view.sidebar : view.content
            },
            set: { self.setSelection($0, column: column, of: split) })
    }

    /// A split view's column visibility, for
    /// `NavigationSplitView(columnVisibility:)` (`NavigationSplitViewVisibility`, iOS 16).
    public func columnVisibility(of split: StackAddress = .root) -> Binding<NavigationSplitViewVisibility> {
        Binding(
            get: {
                guard case .split(let view)? = self.state.container(at: split) else { return .automatic }
                switch view.visibility {
                case .automatic: return .automatic
                case .all: return .all
                case .doubleColumn: return .doubleColumn
                case .detailOnly: return .detailOnly
                }
            },
            set: { visibility in
                let saved: NavSplitVisibility = switch visibility {
                case .all: .all
                case .doubleColumn: .doubleColumn
                case .detailOnly: .detailOnly
                default: .automatic
                }
                self.setColumnVisibility(saved, of: split)
            })
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension NavigationPath {
    /// A path of the destinations' own values (each appended as the
    /// `Codable` value it is, so the path's `codable` exists), for
    /// `navigationDestination(for: Route.self)` to show.
    public init(values destinations: some Sequence<AnyDestination>) {
        self.init()
        for destination in destinations {
            if let value = destination.base as? any Codable & Hashable { append(value) }
        }
    }

    /// Whether the shorter of `self` and `other` is the start of the
    /// longer: a push or a pop, not a replacement. `NavigationPath` shows
    /// no elements, but is `Equatable`.
    func sharesPrefix(with other: NavigationPath) -> Bool {
        var longer = count >= other.count ? self : other
        let shorter = count >= other.count ? other : self
        longer.removeLast(longer.count - shorter.count)
        return longer == shorter
    }
}

/// A button that pushes a registered value: a link that cannot throw in a
/// `body`. A value whose type is not registered is logged and ignored.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct NavStateLink<Label: View>: View {
    private let push: @MainActor () -> Void
    private let label: Label

    /// A link that pushes `value` on `navigator`'s top-most stack.
    public init<T: NavDestination>(value: T, navigator: SceneNavigator, @ViewBuilder label: () -> Label) {
        self.push = { navigator.pushIfPossible(value) }
        self.label = label()
    }

    public var body: some View {
        Button {
            push()
        } label: {
            label
        }
    }
}

/// Gives each window (scene session) its own navigator, whose scene name
/// ``WindowScenes`` chooses: the first window's is stable, so its state is
/// found again even when `@SceneStorage` was never written (a crash) or
/// was destroyed with the scene; a further window gets back the name it
/// kept in `@SceneStorage`, or adopts the newest scene no window shows.
///
/// With `onOpenURL`, the host receives the window's URLs (`onOpenURL(perform:)`,
/// iOS 14) and hands each to it with the navigator. A URL that comes
/// before the navigator exists, at a cold launch, waits in a
/// ``LinkInbox`` and is handed over first; a link sent then waits for the
/// restore and is applied as `launchLinks` says.
///
/// ```swift
/// @main struct ShopApp: App {
///     @State private var windows: WindowScenes?
///     var body: some Scene {
///         WindowGroup {
///             if let windows {
///                 SceneNavigatorHost(windows: windows, registry: .shop, onOpenURL: { url, navigator in
///                     Task { try? await navigator.send(to: .root, OrderRoute.detail(id: 7)) }
///                 }) { navigator in
///                     RootView(navigator: navigator)
///                 }
///             } else {
///                 ProgressView().task {
///                     windows = try? await WindowScenes.shared(path: NavStore.defaultURL().path)
///                 }
///             }
///         }
///     }
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct SceneNavigatorHost<Content: View>: View {
    // Apple: SceneStorage is saved at no guaranteed time and destroyed with
    // the scene; WindowScenes copes with it being empty.
    @SceneStorage("NavState.sceneName") private var sceneName = ""
    @State private var navigator: SceneNavigator?
    @State private var links = LinkInbox<URL>()
    private let windows: WindowScenes
    private let registry: DestinationRegistry
    private let options: RestoreOptions
    private let launchLinks: SceneNavigator.LaunchLinks
    private let onOpenURL: (@MainActor (URL, SceneNavigator) -> Void)?
    private let content: (SceneNavigator) -> Content

    /// A host whose content gets this window's navigator, saved in
    /// `windows`' store; `onOpenURL` gets the window's URLs.
    public init(
        windows: WindowScenes, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        launchLinks: SceneNavigator.LaunchLinks = .applyOnRestoredState,
        onOpenURL: (@MainActor (URL, SceneNavigator) -> Void)? = nil,
        @ViewBuilder content: @escaping (SceneNavigator) -> Content
    ) {
        self.windows = windows
        self.registry = registry
        self.options = options
        self.launchLinks = launchLinks
        self.onOpenURL = onOpenURL
        self.content = content
    }

    public var body: some View {
        let links = links
        Group {
            if let navigator {
                content(navigator).restoresNavigation(navigator, options: options, windows: windows)
            } else {
                Color.clear
            }
        }
        .modifier(OpenURLForwarding(links: onOpenURL == nil ? nil : links))
        .task {
            guard navigator == nil else { return }
            let name = await windows.claim(remembered: sceneName)
            sceneName = name
            let made = SceneNavigator(scene: name, store: windows.store, registry: registry)
            made.launchLinks = launchLinks
            navigator = made
            if let onOpenURL { links.deliver { url in onOpenURL(url, made) } }
        }
        .onDisappear {
            if let navigator { windows.release(navigator.scene) }
        }
    }
}

/// Receives the window's URLs into `links`; registers no handler when the
/// app gave none, so its own `onOpenURL` sees every URL.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct OpenURLForwarding: ViewModifier {
    let links: LinkInbox<URL>?

    func body(content: Content) -> some View {
        if let links {
            content.onOpenURL { url in links.receive(url) }
        } else {
            content
        }
    }
}
#endif
