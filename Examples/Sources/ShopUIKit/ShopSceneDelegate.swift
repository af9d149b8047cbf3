// The shop as a UIKit app: the same routes, registry, links and store as
// the SwiftUI ShopApp, shown by NavStateUIKit's coordinators. UIKit only
// (not watchOS): compiles to nothing elsewhere. Apple:
// UIWindowSceneDelegate (iOS 13), UISceneSession.userInfo (iOS 13),
// UIScene.ConnectionOptions.userActivities (iOS 13),
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
/// the scene handed to and from the user's other devices. Every decision
/// is SceneConnection's and the coordinators'; this only forwards.
final class ShopSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let connection = SceneConnection(registry: (try? Shop.registry()) ?? DestinationRegistry(), options: Shop.restoreOptions) { url, navigator in
        guard let link = ShopLink(url: url) else { return }
        try? await link.open(in: navigator)
    }
    private var tabs: TabBarCoordinator?
    private var presentations: PresentationCoordinator?
    private var handoff: HandoffActivity?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()   // until the restore is in place
        window.makeKeyAndVisible()
        self.window = window
        let urls = connectionOptions.urlContexts.map(\.url)
        let handoffs = connectionOptions.userActivities.compactMap(\.scenePayload)
        Task { @MainActor in
            let path = (try? NavStore.defaultURL().path) ?? NSTemporaryDirectory() + "navstate.sqlite"
            guard let windows = await Shop.windows(path: path).windows else { return }
            let navigator = await connection.connect(
                windows: windows, remembered: session.userInfo?[SceneConnection.userInfoKey] as? String,
                urls: urls, handoffs: handoffs)                                  // restores; links wait for it
            session.userInfo = [SceneConnection.userInfoKey: navigator.scene]
            let lifecycle = connection.lifecycle
            let tabBar = AppearingTabBarController { lifecycle?.contentAppeared() }
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
            handoff = HandoffActivity(activityType: "com.example.shop.browse", connection: connection, scene: scene)
        }
    }

    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        for context in contexts { connection.open(context.url) }
    }

    /// A scene handed over from another device, restored through this
    /// app's registry once the window's own restore is in place.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard let payload = userActivity.scenePayload else { return }
        connection.continueHandoff(payload)
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        connection.phaseChanged(to: .active)
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        guard let job = connection.phaseChanged(to: .background) else { return }
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
        connection.disconnected()
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
        try? navigator.push(tab == .orders ? AppRoute.order(id: 7) : AppRoute.product(id: 12), onto: .tab(tab))
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
