// The shop as a UIKit app: the same routes, registry, links and store as
// the SwiftUI ShopApp, shown by NavStateUIKit's coordinators. UIKit only
// (not watchOS): compiles to nothing elsewhere. Apple:
// UIWindowSceneDelegate (iOS 13), UISceneSession.userInfo (iOS 13),
// UIApplication.beginBackgroundTask(withName:expirationHandler:) (iOS 4).
#if canImport(UIKit) && !os(watchOS)
import NavState
import NavStateNavigator
import NavStateUIKit
import ShopCore
import UIKit

// docs: scene-delegate
/// One UIKit window: its scene restored when it connects, the tab bar and
/// the sheets kept in step by coordinators, the launch confirmed once the
/// restored screens appeared, the last save made in the background, and
/// the scene handed to and from the user's other devices.
final class ShopSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var lifecycle: SceneLifecycle?
    private var navigator: SceneNavigator?
    private var tabs: TabBarCoordinator?
    private var presentations: PresentationCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene, let registry = try? Shop.registry() else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()   // until the restore is in place
        window.makeKeyAndVisible()
        self.window = window
        let links = connectionOptions.urlContexts.compactMap { ShopLink(url: $0.url) }
        Task { @MainActor in
            let path = (try? NavStore.defaultURL().path) ?? NSTemporaryDirectory() + "navstate.sqlite"
            guard let windows = await Shop.windows(path: path).windows else { return }
            let name = await windows.claim(remembered: session.userInfo?["NavState.sceneName"] as? String ?? "")
            session.userInfo = ["NavState.sceneName": name]
            let navigator = SceneNavigator(scene: name, store: windows.store, registry: registry)
            let lifecycle = SceneLifecycle(navigator: navigator, windows: windows, options: Shop.restoreOptions)
            (self.navigator, self.lifecycle) = (navigator, lifecycle)
            for link in links { Task { try? await link.open(in: navigator) } }   // after the restore
            await lifecycle.viewAppeared()                                         // restores
            let tabBar = AppearingTabBarController { lifecycle.contentAppeared() }
            tabs = TabBarCoordinator(
                navigator: navigator, tabs: ShopTab.allCases.map { ($0.rawValue, TabRootController(tab: $0, navigator: navigator)) },
                tabBarController: tabBar
            ) { destination in
                ScreenController(route: destination.as(AppRoute.self) ?? .debug, navigator: navigator)
            }
            window.rootViewController = tabBar
            // Sheets over the whole tab bar; the checkout has a stack of its own.
            presentations = PresentationCoordinator(navigator: navigator, presenter: tabBar) { destination in
                ScreenController(route: destination.as(AppRoute.self) ?? .debug, navigator: navigator)
            }
        }
    }

    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        guard let navigator else { return }
        for link in contexts.compactMap({ ShopLink(url: $0.url) }) { Task { try? await link.open(in: navigator) } }
    }

    /// Handoff: the window's scene, for the user's other devices.
    func sceneWillResignActive(_ scene: UIScene) {
        guard let navigator else { return }
        let activity = NSUserActivity(activityType: "com.example.shop.browse")   // in Info.plist's NSUserActivityTypes
        try? activity.addScene(navigator.state)
        scene.userActivity = activity
    }

    /// A scene handed over from another device, restored through this
    /// app's registry; what it does not know is left out.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard let navigator, let payload = userActivity.scenePayload else { return }
        let registry = navigator.registry
        Task {
            guard let (state, _) = try? await SceneHandoff.restore(payload: payload, registry: registry) else { return }
            try? await navigator.navigate(to: state)
        }
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        lifecycle?.phaseChanged(to: .active)
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        guard let job = lifecycle?.phaseChanged(to: .background) else { return }
        let task = BackgroundTask()
        task.identifier = UIApplication.shared.beginBackgroundTask(withName: "Save navigation") {
            job.expire()
            task.end()
        }
        Task { @MainActor in
            await job.run()                                                        // the last save, then suspend
            task.end()
        }
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        lifecycle?.windowClosed()
    }
}
// docs.end

/// The background task a scene's last save runs in, ended once.
@MainActor
final class BackgroundTask {
    var identifier = UIBackgroundTaskIdentifier.invalid

    func end() {
        guard identifier != .invalid else { return }
        UIApplication.shared.endBackgroundTask(identifier)
        identifier = .invalid
    }
}

/// Tells the lifecycle when the restored tab bar is on screen.
final class AppearingTabBarController: UITabBarController {
    private let appeared: () -> Void

    init(appeared: @escaping () -> Void) {
        self.appeared = appeared
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }   // not from a storyboard

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appeared()
    }
}

/// The root of each tab.
final class TabRootController: UITableViewController {
    private let tab: ShopTab
    private let navigator: SceneNavigator

    init(tab: ShopTab, navigator: SceneNavigator) {
        self.tab = tab
        self.navigator = navigator
        super.init(style: .plain)
        title = tab.title
        tabBarItem = UITabBarItem(title: tab.title, image: nil, tag: 0)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }   // not from a storyboard

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        var content = cell.defaultContentConfiguration()
        content.text = tab == .orders ? "Order 7" : "Product 12"
        cell.contentConfiguration = content
        return cell
    }

    /// A push goes to the navigator; the coordinator shows it.
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        try? navigator.push(tab == .orders ? AppRoute.order(id: 7) : AppRoute.product(id: 12), onto: .tab(tab.rawValue))
    }
}

/// The one place a route becomes a view controller.
final class ScreenController: UIViewController {
    init(route: AppRoute, navigator: SceneNavigator) {
        super.init(nibName: nil, bundle: nil)
        title = switch route {
        case .product(let id): "Product \(id)"
        case .order(let id): "Order \(id)"
        case let .orderLine(order, line): "Order \(order), line \(line)"
        case .checkout: "Checkout"
        case .payment(let amount): "Paying \(amount)"
        case .debug: "Developer"
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }   // not from a storyboard
}
#endif
