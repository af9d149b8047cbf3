// One navigator per window, and the window's URLs.
// SwiftUI only: compiles to nothing where there is none (Linux). The
// decisions are the navigator's, tested on Linux; each Apple API used is
// listed in NavStateNavigator.docc/WindowsTheLaunchAndTheBackground.md ("The Apple APIs the glue uses").
#if canImport(SwiftUI)
import Foundation
public import NavState
public import NavStateScenes
public import SwiftUI

/// Gives each window (scene session) its own navigator, whose scene name
/// `WindowScenes` chooses: the first window's is stable, so its state is
/// found again even when `@SceneStorage` was never written (a crash) or
/// was destroyed with the scene; a further window gets back the name it
/// kept in `@SceneStorage`, or adopts the newest scene no window shows.
///
/// With `onOpenURL`, the host receives the window's URLs (`onOpenURL(perform:)`,
/// iOS 14) and hands each to it with the navigator. A URL that comes
/// before the navigator exists, at a cold launch, waits in a
/// `LinkInbox` and is handed over first; a link sent then waits for the
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
///                     do {
///                         windows = try await WindowScenes.shared(path: NavStore.defaultURL().path)
///                     } catch {
///                         windows = try? WindowScenes(store: NavStore.inMemory())   // unsaved, never blank
///                     }
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
    private let launchLinks: LaunchChanges
    private let onOpenURL: (@MainActor (URL, SceneNavigator) -> Void)?
    private let content: (SceneNavigator) -> Content

    /// A host whose content gets this window's navigator, saved in
    /// `windows`' store; `onOpenURL` gets the window's URLs.
    public init(
        windows: WindowScenes, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        launchLinks: LaunchChanges = .applyOnRestoredState,
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
                content(navigator).restoresNavigator(navigator, options: options, windows: windows)
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
