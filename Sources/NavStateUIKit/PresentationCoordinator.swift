// A scene's presentations shown as presented view controllers, both ways.
// UIKit only (not watchOS). What to dismiss and present is StackChange's,
// over the presentation levels. Apple: UIViewController.present(_:animated:
// completion:) and dismiss(animated:completion:) (iOS 5),
// modalPresentationStyle (iOS 3.2),
// UIAdaptivePresentationControllerDelegate.presentationControllerDidDismiss(_:)
// (iOS 13).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows a ``/NavStateNavigator/SceneNavigator``'s presentations above
/// `presenter`: each level presented from the one below it, a sheet as a
/// sheet and a cover full screen, a managed level in a navigation
/// controller of its own kept in step by a ``NavigationStackCoordinator``.
///
/// - State to UIKit: levels that did not change stay; from the first that
///   did, the levels above are dismissed and the new ones presented in
///   order, one level animated, a restore's several at once.
/// - UIKit to state: a sheet the user swipes away is dismissed in the
///   navigator too, with every level above it, and saved.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class PresentationCoordinator: NSObject, UIAdaptivePresentationControllerDelegate {
    /// The scene whose presentations it shows.
    public let navigator: SceneNavigator
    /// The view controller the first level is presented from.
    public let presenter: UIViewController
    private let makeViewController: (AnyDestination) -> UIViewController

    /// What a presented view controller shows, to tell which levels changed.
    struct Level: Equatable {
        var method: PresentationMethod
        var destination: AnyDestination
    }

    private struct Shown {
        var level: Level
        var controller: UIViewController
        /// The stack coordinator of a managed level.
        var stack: NavigationStackCoordinator?
    }

    private var shown: [Shown] = []
    /// A dismissal or presentation under way: UIKit takes one at a time.
    private var isTransitioning = false

    /// A coordinator presenting `navigator`'s levels above `presenter`, each
    /// destination as the view controller `makeViewController` makes.
    public init(
        navigator: SceneNavigator, presenter: UIViewController,
        makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.navigator = navigator
        self.presenter = presenter
        self.makeViewController = makeViewController
        super.init()
        update()
        follow()
    }

    /// Shows the navigator's presentations now; changes are followed by
    /// themselves.
    public func update() {
        guard !isTransitioning else { return }
        let levels = navigator.presentations.map { Level(method: $0.method, destination: $0.destination) }
        let change = StackChange.between(shown.map(\.level), levels)
        guard change.removed > 0 || !change.created.isEmpty else { return }
        isTransitioning = true
        let dismissFrom = change.removed > 0 ? shown[change.kept].controller : nil
        shown.removeLast(change.removed)
        let present = { [weak self] in
            guard let self else { return }
            self.present(Array(change.created.map { levels[$0] }), from: change.kept + 1, animated: change.animated)
        }
        if let dismissFrom, let below = dismissFrom.presentingViewController {
            below.dismiss(animated: change.animated && change.created.isEmpty, completion: present)
        } else {
            present()
        }
    }

    /// Presents `levels`, the first as level `number`, each from the one below.
    private func present(_ levels: [Level], from number: Int, animated: Bool) {
        guard let level = levels.first else {
            isTransitioning = false
            update()   // what changed meanwhile
            return
        }
        var stack: NavigationStackCoordinator?
        let controller: UIViewController
        if level.method.isManaged {
            let coordinator = NavigationStackCoordinator(
                navigator: navigator, stack: .presentation(number), root: makeViewController(level.destination),
                makeViewController: makeViewController)
            stack = coordinator
            controller = coordinator.navigationController
        } else {
            controller = makeViewController(level.destination)
        }
        #if !os(tvOS)
        controller.modalPresentationStyle = level.method == .cover || level.method == .managedCover ? .fullScreen : .automatic
        #endif
        controller.presentationController?.delegate = self
        let from = shown.last?.controller ?? presenter
        shown.append(Shown(level: level, controller: controller, stack: stack))
        from.present(controller, animated: animated) { [weak self] in
            self?.present(Array(levels.dropFirst()), from: number + 1, animated: animated)
        }
    }

    private func follow() {
        keepUpdating(self, reading: { _ = $0.navigator.presentations }, update: { $0.update() })
    }

    /// The user swiped a sheet away: the navigator dismisses it and every
    /// level above it.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        guard let index = shown.firstIndex(where: { $0.controller === presentationController.presentedViewController }) else { return }
        shown.removeLast(shown.count - index)
        navigator.dismiss(from: index + 1)
    }
}
#endif
