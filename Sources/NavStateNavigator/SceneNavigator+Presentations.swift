import Foundation
import Logging
import NavState
public import NavStateModel

// Sheets and covers above the stacks.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    // MARK: Presentations

    /// Presents a value above the top-most stack: a sheet or cover, managed
    /// (with its own stack) or plain.
    ///
    /// - Throws: `NavStateError.unregisteredType` when its type is not
    ///   registered.
    public func present<T: NavDestination>(_ value: T, style: PresentationMethod) throws(NavStateError) {
        let destination = try erase(value)
        changeInPlace { $0.presentations.append(Presentation(method: style, destination: destination)) }
        emit(.presented(destination, method: style))
    }

    /// Dismisses the top presentation, with its stack.
    public func dismiss() {
        guard !state.presentations.isEmpty else { return }
        change { $0 = dismissing(1, from: $0) }
        emit(.dismissed(count: 1))
    }

    /// Dismisses presentation `index` (1 is the first) and every one above
    /// it: what a sheet's binding does when the user swipes it away.
    public func dismiss(from index: Int) {
        let count = state.presentations.count - max(index, 1) + 1
        guard count > 0 else { return }
        change { $0 = dismissing(count, from: $0) }
        emit(.dismissed(count: count))
    }

    /// Dismisses every presentation.
    public func dismissAll() {
        let count = state.presentations.count
        guard count > 0 else { return }
        change { $0 = dismissing(count, from: $0) }
        emit(.dismissed(count: count))
    }

    /// `state` without its top `count` presentations and the checkpoints
    /// that pointed into them.
    func dismissing(_ count: Int, from state: SceneState<AnyDestination>) -> SceneState<AnyDestination> {
        var state = state
        state.presentations.removeLast(count)
        state.dropCheckpointsPointingNowhere()
        return state
    }
}
