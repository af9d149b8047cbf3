public import NavState
public import NavStateModel

/// What happened in a ``SceneNavigator``: what the app did to its
/// navigation, and what the navigator did with the store.
///
/// ```swift
/// for await event in navigator.events() {
///     logger.debug("\(event)")
/// }
/// ```
public enum NavigatorEvent: Sendable, Hashable, CustomStringConvertible {
    /// A destination was pushed onto the stack at `stack`.
    case pushed(AnyDestination, stack: StackAddress)
    /// `count` destinations were popped off the stack at `stack`.
    case popped(count: Int, stack: StackAddress)
    /// A destination was presented.
    case presented(AnyDestination, method: PresentationMethod)
    /// The top `count` presentations were dismissed.
    case dismissed(count: Int)
    /// A checkpoint was set on the stack at `stack`.
    case checkpointSet(String, stack: StackAddress)
    /// The tab bar at `tabBar` selected the tab `tab`.
    case tabSelected(String, tabBar: StackAddress)
    /// The app returned to a checkpoint, with a value or not.
    case returnedToCheckpoint(String, value: AnyDestination?)
    /// A scene value was set or removed.
    case valueChanged(name: String)
    /// A target state was reached in `steps` steps (a deep link).
    case navigated(steps: Int)
    /// A save finished: the revision the state is at, whether it is new,
    /// and every row the save wrote.
    case saved(revision: Int, isNewRevision: Bool, rowsWritten: Int)
    /// A save failed; the navigator keeps its state and tries again on the
    /// next change or `flush()`.
    case saveFailed(NavStateError)
    /// The launch restore finished, with what it dropped and why.
    case restored(RestoreReport)
    /// A restore brought presentation `level` (1 is the first) up, after
    /// the one below it appeared.
    case restoredPresentation(level: Int)
    /// The app confirmed the restore: its screens are up.
    case confirmed(revision: Int?)

    public var description: String {
        switch self {
        case let .pushed(destination, stack): "pushed \(destination) on stack \(stack)"
        case let .popped(count, stack): "popped \(count) from stack \(stack)"
        case let .presented(destination, method): "presented \(destination) as \(method.rawValue)"
        case let .dismissed(count): "dismissed \(count)"
        case let .checkpointSet(name, stack): "checkpoint '\(name)' set on stack \(stack)"
        case let .tabSelected(tab, tabBar): "selected tab '\(tab)' of the tab bar at \(tabBar)"
        case let .returnedToCheckpoint(name, value): "returned to '\(name)'" + (value.map { " with \($0)" } ?? "")
        case let .valueChanged(name): "value '\(name)' changed"
        case let .navigated(steps): "navigated in \(steps) steps"
        case let .saved(revision, isNew, rows): "saved revision \(revision)" + (isNew ? "" : " (unchanged)") + ", \(rows) rows"
        case let .saveFailed(error): "save failed: \(error)"
        case let .restored(report): "restored revision \(report.revision.map(String.init) ?? "none"), \(report.dropped.count) dropped"
        case let .restoredPresentation(level): "restored presentation \(level)"
        case let .confirmed(revision): "confirmed revision \(revision.map(String.init) ?? "none")"
        }
    }
}
