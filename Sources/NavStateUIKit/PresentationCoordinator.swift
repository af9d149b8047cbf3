// A scene's presentations shown as presented view controllers, both ways.
// UIKit only (not watchOS). Every decision is PresentationDriver's, tested
// on Linux; this file forwards UIKit's events and carries out one step at
// a time. Apple: UIViewController.present(_:animated:completion:) and
// dismiss(animated:completion:) (iOS 5), presentedViewController (iOS 5),
// isBeingDismissed (iOS 5), viewDidAppear(_:) and viewDidDisappear(_:)
// (iOS 2), modalPresentationStyle (iOS 3.2), addChild(_:) and
// didMove(toParent:) (iOS 5; "Implementing a container view controller"),
// UIAdaptivePresentationControllerDelegate.presentationControllerDidDismiss(_:)
// (iOS 13).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows a `SceneNavigator`'s presentations above
/// `presenter`: each level presented from the one below it, a sheet as a
/// sheet and a cover full screen, a managed level in a navigation
/// controller of its own kept in step by a ``NavigationStackCoordinator``.
///
/// - State to UIKit: levels that did not change stay; from the first that
///   did, the levels above are dismissed and the new ones presented in
///   order, one UIKit transition at a time. A present that UIKit would
///   refuse (the view controller below presents an alert of the app's)
///   waits until it can be made.
/// - UIKit to state: a level dismissed outside the navigator (the user's
///   swipe, the screen's own `dismiss(animated:)`) is dismissed in the
///   navigator too, with every level above it, and saved.
/// - Each level that appears is reported to the scene's lifecycle, so a
///   restored sheet counts toward confirming the launch and the next
///   restored level is brought up.
///
/// Each level's view controller is shown inside a container of the
/// coordinator's, which is what tells it when the level appeared and when
/// it was dismissed; the app's view controller calls `dismiss(animated:)`
/// as it would anywhere.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class PresentationCoordinator: NSObject, UIAdaptivePresentationControllerDelegate {
    /// The scene whose presentations it shows.
    public let navigator: SceneNavigator
    /// The view controller the first level is presented from.
    public let presenter: UIViewController
    private let makeViewController: (AnyDestination, ScreenSlot?) -> UIViewController

    /// What a presented view controller shows, to tell which levels changed.
    /// A level shown: the same destination, not an equal one, so an item
    /// dismissed and presented again in one update gets a new view
    /// controller with the new entry's screen.
    struct Level: Equatable {
        var method: PresentationMethod
        var destination: AnyDestination

        static func == (lhs: Level, rhs: Level) -> Bool {
            lhs.method == rhs.method && lhs.destination.storageObject === rhs.destination.storageObject
        }
    }

    private var driver = PresentationDriver<Level, UIViewController>()
    /// The stack coordinators of managed levels, by their containers.
    private var stacks: [ObjectIdentifier: NavigationStackCoordinator] = [:]

    /// A coordinator presenting `navigator`'s levels above `presenter`, each
    /// destination as the view controller `makeViewController` makes.
    public convenience init(
        navigator: SceneNavigator, presenter: UIViewController,
        makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.init(navigator: navigator, presenter: presenter, makeScreen: { destination, _ in makeViewController(destination) })
    }

    /// A coordinator presenting `navigator`'s levels above `presenter`, each
    /// destination as the view controller `makeScreen` makes for it with
    /// its entry's `ScreenSlot` (a managed level's stack too), as
    /// ``NavigationStackCoordinator/init(navigator:stack:root:navigationController:makeScreen:)`` does.
    public init(
        navigator: SceneNavigator, presenter: UIViewController,
        makeScreen: @escaping (AnyDestination, ScreenSlot?) -> UIViewController
    ) {
        self.navigator = navigator
        self.presenter = presenter
        self.makeViewController = makeScreen
        super.init()
        update()
        keepUpdating(self, reading: { _ = $0.navigator.presentations }, update: { $0.update() })
    }

    /// Takes the next step toward the navigator's presentations; changes
    /// are followed by themselves.
    public func update() {
        let levels = navigator.presentations.map { Level(method: $0.method, destination: $0.destination) }
        let presenter = presenter
        let step = driver.next(toward: levels) { from in
            let below = from ?? presenter
            return below.presentedViewController == nil && below.viewIfLoaded?.window != nil
        }
        switch step {
        case .nothing, .wait:
            break
        case .blocked(let delay):
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: delay)
                self?.update()
            }
        case .dismiss(let controller, let animated):
            let below = controller.presentingViewController ?? presenter
            below.dismiss(animated: animated) { [weak self] in self?.stepCompleted() }
        case .present(let level, let number, let from, let animated):
            let container = present(level, number: number)
            driver.presenting(level, as: container)
            (from ?? presenter).present(container, animated: animated) { [weak self] in self?.stepCompleted() }
        }
    }

    private func stepCompleted() {
        driver.stepCompleted()
        stacks = stacks.filter { key, _ in driver.shown.contains { ObjectIdentifier($0.controller) == key } }
        update()
    }

    /// The container that shows `level` as presentation `number`.
    private func present(_ level: Level, number: Int) -> UIViewController {
        let content: UIViewController
        let container = LevelContainer(coordinator: self)
        // The level's own screen: its destination, presentation `number`.
        let slot = navigator.screenSlot(at: .presentation(number))
        if level.method.isManaged {
            let stack = NavigationStackCoordinator(
                navigator: navigator, stack: .presentation(number), root: makeViewController(level.destination, slot),
                makeScreen: makeViewController)
            stacks[ObjectIdentifier(container)] = stack
            content = stack.navigationController
        } else {
            content = makeViewController(level.destination, slot)
        }
        container.show(content)
        #if !os(tvOS)
        container.modalPresentationStyle = level.method == .cover || level.method == .managedCover ? .fullScreen : .automatic
        #endif
        container.presentationController?.delegate = self
        return container
    }

    /// A level's container appeared: its level counts as shown.
    fileprivate func appeared(_ container: UIViewController) {
        guard let level = driver.level(of: container) else { return }
        SceneLifecycle.presentationAppeared(level, of: navigator)
    }

    /// A level's container left the screen: dismissed by the user or by
    /// the app when `beingDismissed`, or covered by the next level.
    fileprivate func disappeared(_ container: UIViewController, beingDismissed: Bool) {
        guard let level = driver.disappeared(container, beingDismissed: beingDismissed) else { return }
        navigator.dismiss(from: level)
    }

    /// The user swiped a sheet away.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        disappeared(presentationController.presentedViewController, beingDismissed: true)
    }
}

/// Holds a level's view controller and tells the coordinator when it
/// appeared and when it was dismissed, whoever dismissed it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
private final class LevelContainer: UIViewController {
    private weak var coordinator: PresentationCoordinator?

    init(coordinator: PresentationCoordinator) {
        self.coordinator = coordinator
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }   // made only by the coordinator

    func show(_ content: UIViewController) {
        addChild(content)
        content.view.frame = view.bounds
        content.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(content.view)
        content.didMove(toParent: self)
        title = content.title
        isModalInPresentation = content.isModalInPresentation
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        coordinator?.appeared(self)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        coordinator?.disappeared(self, beingDismissed: isBeingDismissed)
    }
}
#endif
