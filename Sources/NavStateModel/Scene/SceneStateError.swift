/// A scene state that breaks one of its rules, or an operation on one that
/// cannot apply.
public enum SceneStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A plain sheet or cover holds a stack or a container; only managed
    /// presentations do.
    /// `presentation` counts from 1.
    case stackInPlainPresentation(presentation: Int, method: PresentationMethod, entries: Int)
    /// A checkpoint names a stack the scene does not have.
    case checkpointStackMissing(checkpoint: String, stack: StackAddress)
    /// A checkpoint keeps more entries than its stack holds.
    case checkpointBeyondStack(checkpoint: String, stack: StackAddress, keeps: Int, entries: Int)
    /// No stack (or container) is at this address.
    case noSuchStack(StackAddress)
    /// A tab bar with no tabs.
    case emptyTabBar(StackAddress)
    /// A tab identifier that is empty or holds `/`.
    case invalidTabID(String, tabBar: StackAddress)
    /// Two tabs of one tab bar with the same identifier.
    case duplicateTabID(String, tabBar: StackAddress)
    /// A tab bar selects a tab it does not have.
    case selectedTabMissing(String, tabBar: StackAddress)
    /// A split view of two columns has a content-column selection.
    case contentSelectionWithoutColumn(StackAddress)
    /// Dismissing more presentations than are shown.
    case cannotDismiss(count: Int, presented: Int)
    /// Popping more entries than the top-most stack holds.
    case cannotPop(count: Int, entries: Int)
    /// Pushing onto a plain sheet or cover, which has no stack.
    case cannotPushOnto(PresentationMethod)
    /// No checkpoint of that name can be returned to.
    case checkpointNotFound(String)
    /// A value of the wrong type returned to a checkpoint; `expected` is
    /// `nil` when the checkpoint returns no value.
    case checkpointValueMismatch(checkpoint: String, expected: String?, got: String)

    public var description: String {
        switch self {
        case let .stackInPlainPresentation(presentation, method, entries):
            return "presentation \(presentation) is a \(method.rawValue) but has a stack of \(entries); only managed presentations have stacks"
        case let .checkpointStackMissing(checkpoint, stack):
            return "checkpoint '\(checkpoint)' is in stack \(stack), which the scene does not have"
        case let .noSuchStack(address):
            return "the scene has no stack at \(address)"
        case let .emptyTabBar(address):
            return "the tab bar at \(address) has no tabs"
        case let .invalidTabID(id, tabBar):
            return "the tab bar at \(tabBar) has a tab named '\(id)'; a tab identifier is not empty and has no '/'"
        case let .duplicateTabID(id, tabBar):
            return "the tab bar at \(tabBar) has two tabs named '\(id)'"
        case let .selectedTabMissing(id, tabBar):
            return "the tab bar at \(tabBar) selects '\(id)', which is not one of its tabs"
        case let .contentSelectionWithoutColumn(address):
            return "the split view at \(address) has two columns but a content-column selection"
        case let .checkpointBeyondStack(checkpoint, stack, keeps, entries):
            return "checkpoint '\(checkpoint)' keeps \(keeps) entries of stack \(stack), which has \(entries)"
        case let .cannotDismiss(count, presented):
            return "cannot dismiss \(count) of \(presented) presentations"
        case let .cannotPop(count, entries):
            return "cannot pop \(count) of \(entries) entries"
        case let .cannotPushOnto(method):
            return "cannot push onto a \(method.rawValue), which has no stack"
        case let .checkpointNotFound(name):
            return "there is no checkpoint '\(name)' to return to in this scene"
        case let .checkpointValueMismatch(checkpoint, expected, got):
            guard let expected else {
                return "checkpoint '\(checkpoint)' returns no value, but a \(got) was given; return without a value"
            }
            return "checkpoint '\(checkpoint)' returns a \(expected), but a \(got) was given; a handler for \(expected) would never see it"
        }
    }
}
