// What a UIKit window scene's delegate decides, here and tested on Linux:
// the delegate forwards UIKit's events and carries out what it is given.
// Apple: UIWindowSceneDelegate (iOS 13): scene(_:willConnectTo:options:),
// whose ConnectionOptions carry the URLs (urlContexts) and activities
// (userActivities: Handoff, Spotlight, requestSceneSessionActivation) the
// scene was opened with; scene(_:openURLContexts:) and
// scene(_:continue:), which can come while the restore runs;
// UISceneSession.userInfo (iOS 13). Handoff: NSUserActivity.needsSave
// (iOS 8), NSUserActivityDelegate.userActivityWillSave(_:) (iOS 8),
// isEligibleForHandoff (iOS 9).
public import Foundation
import Logging
public import NavState
public import NavStateModel
public import NavStateNavigator
public import NavStateScenes

/// One UIKit window's scene, from connection to disconnection: the scene
/// it claims, its navigator and lifecycle, the links that come before the
/// navigator exists, and what it offers to Handoff.
///
/// - **Connect**: ``connect(windows:remembered:urls:handoffs:)`` claims a scene
///   (the name the session remembered, if any), makes the navigator and
///   its `SceneLifecycle`, and restores.
/// - **Links in the order they came**: URLs and Handoff activities, the
///   ones the scene connects with, those that arrive while it is claimed
///   and restored, and every later one, are applied one at a time in the
///   order they came: a Handoff's payload is decoded in its turn, and the
///   next link waits until it is applied; `openURL` is awaited in the
///   URL's turn. The navigator applies them once the restore is in place,
///   as its `launchLinks` says. None is dropped for arriving early; one
///   that cannot be applied (a stranger's payload, one too large) is
///   logged, and the links after it still run.
/// - **Handoff**: ``handoffPayload()`` is the scene as it is now, or `nil`
///   when it cannot be offered (no navigator yet, a payload past
///   `SceneHandoff.maximumBytes`, a never-persisted screen): the activity
///   is then not eligible, rather than an empty one the other device
///   cannot continue.
///
/// ```swift
/// let connection = SceneConnection(registry: registry) { url, navigator in
///     try? await navigator.send(to: .root, OrderRoute.detail(id: 7))
/// }
/// let navigator = await connection.connect(
///     windows: windows, remembered: session.userInfo?[SceneConnection.userInfoKey] as? String,
///     urls: connectionOptions.urlContexts.map(\.url),
///     handoffs: connectionOptions.userActivities.compactMap(\.scenePayload))
/// session.userInfo = [SceneConnection.userInfoKey: navigator.scene]
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class SceneConnection {
    /// The `UISceneSession.userInfo` key the scene's name is kept under.
    public static let userInfoKey = "NavState.sceneName"

    /// The app's windows, whose store the scene is saved in, once
    /// ``connect(windows:remembered:urls:handoffs:)`` was given them.
    public private(set) var windows: WindowScenes?
    /// The app's destinations.
    public let registry: DestinationRegistry
    /// The options of the launch restore.
    public let options: RestoreOptions
    /// The scene's navigator, once ``connect(windows:remembered:urls:handoffs:)``
    /// made it.
    public private(set) var navigator: SceneNavigator?
    /// The scene's lifecycle, with the navigator.
    public private(set) var lifecycle: SceneLifecycle?

    private enum Link {
        case url(URL)
        case handoff(Data)
    }

    private let links = LinkInbox<Link>()
    /// Links handed over, applied one at a time in the order they came.
    private let line = LinkLine(isOpen: true)
    private let suspendsStore: Bool
    private let openURL: @MainActor (URL, SceneNavigator) async -> Void
    private var connecting: Task<SceneNavigator, Never>?

    /// A connection for one window, made when the scene connects (before
    /// the app's store is open: links wait for it); `openURL` gets each URL
    /// the window is opened with, with the navigator.
    ///
    /// - Parameters:
    ///   - registry: The app's destination types, for the window's navigator.
    ///   - options: How the window's scene is restored (the crash-loop
    ///     guard's limit, the policy for entries that no longer decode).
    ///   - suspendsStore: Whether the store is suspended once every
    ///     window is in the background (`true` where apps are suspended).
    ///   - openURL: Gets each URL the window is opened with, with the
    ///     window's navigator (a URL that comes earlier waits for it), in
    ///     the URL's turn: the next link waits until it returns, so await
    ///     the navigator's calls in it rather than start a task of their own.
    public init(
        registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        suspendsStore: Bool = true, openURL: @escaping @MainActor (URL, SceneNavigator) async -> Void
    ) {
        self.registry = registry
        self.options = options
        self.suspendsStore = suspendsStore
        self.openURL = openURL
    }

    /// The scene connected and the app's `windows` are open: claims its
    /// scene (`remembered`, the name the session kept, when there is one),
    /// makes the navigator and restores it. `urls` and `handoffs` (the payloads of the activities it was
    /// opened with) are handed over with the links that arrive meanwhile,
    /// in order. Returns the navigator once the restored state is in place;
    /// a second call returns it at once.
    public func connect(
        windows: WindowScenes, remembered: String?, urls: [URL] = [], handoffs: [Data] = []
    ) async -> SceneNavigator {
        for url in urls { links.receive(.url(url)) }
        for payload in handoffs { links.receive(.handoff(payload)) }
        if let connecting { return await connecting.value }
        self.windows = windows
        let task = Task { @MainActor in
            let name = await windows.claim(remembered: remembered ?? "")
            let navigator = SceneNavigator(scene: name, store: windows.store, registry: registry)
            let lifecycle = SceneLifecycle(
                navigator: navigator, windows: windows, options: options, suspendsStore: suspendsStore)
            (self.navigator, self.lifecycle) = (navigator, lifecycle)
            // The navigator holds each link until its restore is in place.
            links.deliver { [weak self] link in self?.hand(link, to: navigator) }
            await lifecycle.viewAppeared()
            return navigator
        }
        connecting = task
        return await task.value
    }

    /// A URL for the window (`scene(_:openURLContexts:)`), at any time.
    public func open(_ url: URL) {
        links.receive(.url(url))
    }

    /// A Handoff activity's payload for the window (`scene(_:continue:)`),
    /// at any time.
    public func continueHandoff(_ payload: Data) {
        links.receive(.handoff(payload))
    }

    /// What the window offers to Handoff now: the scene's payload, or `nil`
    /// when it offers nothing (no navigator yet, a scene too large to hand
    /// off, or one holding a screen whose type is never persisted).
    public func handoffPayload() -> Data? {
        guard let navigator else { return nil }
        return HandoffFormat.offer(navigator.state)
    }

    /// The scene's phase changed; for `.background`, the work to run
    /// inside a background task.
    @discardableResult
    public func phaseChanged(to phase: WindowPhase) -> BackgroundJob? {
        lifecycle?.phaseChanged(to: phase)
    }

    /// The scene disconnected: its scene is free for another window.
    public func disconnected() {
        lifecycle?.windowClosed()
    }

    /// Queues `link` behind those handed over before it.
    private func hand(_ link: Link, to navigator: SceneNavigator) {
        line.append(.later { [weak self] in await self?.apply(link, to: navigator) })
    }

    private func apply(_ link: Link, to navigator: SceneNavigator) async {
        switch link {
        case .url(let url):
            await openURL(url, navigator)
        case .handoff(let payload):
            do {
                let (state, _) = try await SceneHandoff.restore(payload: payload, registry: registry)
                try await navigator.navigate(to: state)
            } catch {
                navigator.store.logger.in(.navigator).error(
                    "handoff not applied", metadata: ["scene": "\(navigator.scene)", "error": "\(error)"])
            }
        }
    }
}
