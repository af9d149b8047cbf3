/// A scene state that breaks one of its rules, or an operation on one that
/// cannot apply.
///
/// Kinds of ``NavStateError``, package-wide so that kinds can be added without breaking an app's `switch`.
package enum SceneStateFailure: NavStateFailure {
    case stackInPlainPresentation(presentation: Int, method: PresentationMethod, entries: Int)
    case checkpointStackMissing(checkpoint: String, stack: StackAddress)
    case checkpointBeyondStack(checkpoint: String, stack: StackAddress, keeps: Int, entries: Int)
    case noSuchStack(StackAddress)
    case emptyTabBar(StackAddress)
    case invalidTabID(String, tabBar: StackAddress)
    case duplicateTabID(String, tabBar: StackAddress)
    case selectedTabMissing(String, tabBar: StackAddress)
    case contentSelectionWithoutColumn(StackAddress)
    case cannotDismiss(count: Int, presented: Int)
    case cannotPop(count: Int, entries: Int)
    case cannotPushOnto(PresentationMethod)
    case checkpointNotFound(String)
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

    /// The code of this kind.
    package var code: NavStateError.Code {
        switch self {
        case .stackInPlainPresentation: .stackInPlainPresentation
        case .checkpointStackMissing: .checkpointStackMissing
        case .checkpointBeyondStack: .checkpointBeyondStack
        case .noSuchStack: .noSuchStack
        case .emptyTabBar: .emptyTabBar
        case .invalidTabID: .invalidTabID
        case .duplicateTabID: .duplicateTabID
        case .selectedTabMissing: .selectedTabMissing
        case .contentSelectionWithoutColumn: .contentSelectionWithoutColumn
        case .cannotDismiss: .cannotDismiss
        case .cannotPop: .cannotPop
        case .cannotPushOnto: .cannotPushOnto
        case .checkpointNotFound: .checkpointNotFound
        case .checkpointValueMismatch: .checkpointValueMismatch
        }
    }
}

extension NavStateError {
    /// The scene-state rule broken, when a scene state's check threw this error.
    package var sceneStateKind: SceneStateFailure? { failure(as: SceneStateFailure.self) }
}
