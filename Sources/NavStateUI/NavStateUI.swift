// SwiftUI glue for SceneNavigator. Linux has no SwiftUI, so this file
// compiles to nothing there; every piece of logic lives in SceneNavigator,
// which is tested. Each SwiftUI API used is listed, with the release that
// introduced it, in docs/integration.md ("NavStateUI's SwiftUI APIs").
#if canImport(SwiftUI)
public import NavState
public import NavStateNavigator
public import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension View {
    /// Restores `navigator` when the view appears, confirms the restore once
    /// the restored state has been handed to SwiftUI, and flushes whenever
    /// the scene stops being active.
    ///
    /// ```swift
    /// NavigationStack(path: $navigator.path) { HomeView() }
    ///     .restoresNavigation(navigator)
    /// ```
    public func restoresNavigation(_ navigator: SceneNavigator, options: RestoreOptions = RestoreOptions()) -> some View {
        modifier(NavigationPersistence(navigator: navigator, options: options))
    }

    /// Shows `navigator`'s presentations above this view's stack as sheets
    /// and covers (a managed one with its own `NavigationStack`), each built
    /// by `destination`, and keeps them in step: a sheet the user swipes
    /// away is dismissed in the navigator too.
    public func navigationPresentations<Destination: View>(
        _ navigator: SceneNavigator,
        @ViewBuilder destination: @escaping (AnyDestination) -> Destination
    ) -> some View {
        modifier(PresentationLevel(navigator: navigator, level: 1, destination: { AnyView(destination($0)) }))
    }
}

/// The work of `restoresNavigation(_:options:)`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct NavigationPersistence: ViewModifier {
    let navigator: SceneNavigator
    let options: RestoreOptions
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        content
            .task {
                // Failures are in navigator.restoreReport, its events and
                // its log; the navigator then starts empty and saves.
                _ = try? await navigator.restore(options: options)
                // One main-actor turn: SwiftUI takes the restored state
                // before the crash-loop guard hears it worked.
                await Task.yield()
                try? await navigator.confirm()
            }
            .onChange(of: scenePhase) { _, phase in
                if phase != .active {
                    Task { try? await navigator.flush() }
                }
            }
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
            let content = destination(presentation.destination)
                .modifier(PresentationLevel(navigator: navigator, level: level + 1, destination: destination))
            if presentation.method.isManaged {
                let navigator = navigator
                let level = level
                NavigationStack(path: Binding(
                    get: { navigator.path(forPresentation: level) },
                    set: { navigator.setPath($0, forPresentation: level) }
                )) {
                    content.navigationDestination(for: AnyDestination.self) { destination($0) }
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

/// Gives each window (scene session) its own navigator, named by a value
/// kept in `@SceneStorage`, so a window restored by the system finds its
/// own saved state.
///
/// ```swift
/// WindowGroup {
///     SceneNavigatorHost(store: store, registry: registry) { navigator in
///         RootView(navigator: navigator)
///     }
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct SceneNavigatorHost<Content: View>: View {
    @SceneStorage("NavState.sceneName") private var sceneName = ""
    @State private var navigator: SceneNavigator?
    private let store: NavStore
    private let registry: DestinationRegistry
    private let content: (SceneNavigator) -> Content

    /// A host whose content gets this window's navigator.
    public init(store: NavStore, registry: DestinationRegistry, @ViewBuilder content: @escaping (SceneNavigator) -> Content) {
        self.store = store
        self.registry = registry
        self.content = content
    }

    public var body: some View {
        Group {
            if let navigator {
                content(navigator).restoresNavigation(navigator)
            } else {
                Color.clear
            }
        }
        .onAppear {
            if sceneName.isEmpty { sceneName = "scene-" + UUID().uuidString }
            if navigator == nil { navigator = SceneNavigator(scene: sceneName, store: store, registry: registry) }
        }
    }
}
#endif
