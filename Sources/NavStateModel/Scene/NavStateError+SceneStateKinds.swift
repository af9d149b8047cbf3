extension NavStateError.Code {
    /// The code of ``NavStateError/stackInPlainPresentation(presentation:method:entries:)``.
    public static let stackInPlainPresentation = Self("stackInPlainPresentation")
    /// The code of ``NavStateError/checkpointStackMissing(checkpoint:stack:)``.
    public static let checkpointStackMissing = Self("checkpointStackMissing")
    /// The code of ``NavStateError/checkpointBeyondStack(checkpoint:stack:keeps:entries:)``.
    public static let checkpointBeyondStack = Self("checkpointBeyondStack")
    /// The code of ``NavStateError/noSuchStack(_:)``.
    public static let noSuchStack = Self("noSuchStack")
    /// The code of ``NavStateError/emptyTabBar(_:)``.
    public static let emptyTabBar = Self("emptyTabBar")
    /// The code of ``NavStateError/invalidTabID(_:tabBar:)``.
    public static let invalidTabID = Self("invalidTabID")
    /// The code of ``NavStateError/duplicateTabID(_:tabBar:)``.
    public static let duplicateTabID = Self("duplicateTabID")
    /// The code of ``NavStateError/selectedTabMissing(_:tabBar:)``.
    public static let selectedTabMissing = Self("selectedTabMissing")
    /// The code of ``NavStateError/contentSelectionWithoutColumn(_:)``.
    public static let contentSelectionWithoutColumn = Self("contentSelectionWithoutColumn")
    /// The code of ``NavStateError/cannotDismiss(count:presented:)``.
    public static let cannotDismiss = Self("cannotDismiss")
    /// The code of ``NavStateError/cannotPop(count:entries:)``.
    public static let cannotPop = Self("cannotPop")
    /// The code of ``NavStateError/cannotPushOnto(_:)``.
    public static let cannotPushOnto = Self("cannotPushOnto")
    /// The code of ``NavStateError/checkpointNotFound(_:)``.
    public static let checkpointNotFound = Self("checkpointNotFound")
    /// The code of ``NavStateError/checkpointValueMismatch(checkpoint:expected:got:)``.
    public static let checkpointValueMismatch = Self("checkpointValueMismatch")
}

extension NavStateError {
    /// A plain sheet or cover holds a stack or a container; only managed
    /// presentations do.
    /// `presentation` counts from 1.
    public static func stackInPlainPresentation(presentation: Int, method: PresentationMethod, entries: Int) -> NavStateError {
        NavStateError(kind: SceneStateFailure.stackInPlainPresentation(presentation: presentation, method: method, entries: entries))
    }

    /// The code of ``stackInPlainPresentation(presentation:method:entries:)``, for a `catch` pattern.
    public static let stackInPlainPresentation = Code.stackInPlainPresentation

    /// A checkpoint names a stack the scene does not have.
    public static func checkpointStackMissing(checkpoint: String, stack: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.checkpointStackMissing(checkpoint: checkpoint, stack: stack))
    }

    /// The code of ``checkpointStackMissing(checkpoint:stack:)``, for a `catch` pattern.
    public static let checkpointStackMissing = Code.checkpointStackMissing

    /// A checkpoint keeps more entries than its stack holds.
    public static func checkpointBeyondStack(checkpoint: String, stack: StackAddress, keeps: Int, entries: Int) -> NavStateError {
        NavStateError(kind: SceneStateFailure.checkpointBeyondStack(checkpoint: checkpoint, stack: stack, keeps: keeps, entries: entries))
    }

    /// The code of ``checkpointBeyondStack(checkpoint:stack:keeps:entries:)``, for a `catch` pattern.
    public static let checkpointBeyondStack = Code.checkpointBeyondStack

    /// No stack (or container) is at this address.
    public static func noSuchStack(_ value: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.noSuchStack(value))
    }

    /// The code of ``noSuchStack(_:)``, for a `catch` pattern.
    public static let noSuchStack = Code.noSuchStack

    /// A tab bar with no tabs.
    public static func emptyTabBar(_ value: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.emptyTabBar(value))
    }

    /// The code of ``emptyTabBar(_:)``, for a `catch` pattern.
    public static let emptyTabBar = Code.emptyTabBar

    /// A tab identifier that is empty or holds `/`.
    public static func invalidTabID(_ id: String, tabBar: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.invalidTabID(id, tabBar: tabBar))
    }

    /// The code of ``invalidTabID(_:tabBar:)``, for a `catch` pattern.
    public static let invalidTabID = Code.invalidTabID

    /// Two tabs of one tab bar with the same identifier.
    public static func duplicateTabID(_ id: String, tabBar: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.duplicateTabID(id, tabBar: tabBar))
    }

    /// The code of ``duplicateTabID(_:tabBar:)``, for a `catch` pattern.
    public static let duplicateTabID = Code.duplicateTabID

    /// A tab bar selects a tab it does not have.
    public static func selectedTabMissing(_ id: String, tabBar: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.selectedTabMissing(id, tabBar: tabBar))
    }

    /// The code of ``selectedTabMissing(_:tabBar:)``, for a `catch` pattern.
    public static let selectedTabMissing = Code.selectedTabMissing

    /// A split view of two columns has a content-column selection.
    public static func contentSelectionWithoutColumn(_ value: StackAddress) -> NavStateError {
        NavStateError(kind: SceneStateFailure.contentSelectionWithoutColumn(value))
    }

    /// The code of ``contentSelectionWithoutColumn(_:)``, for a `catch` pattern.
    public static let contentSelectionWithoutColumn = Code.contentSelectionWithoutColumn

    /// Dismissing more presentations than are shown.
    public static func cannotDismiss(count: Int, presented: Int) -> NavStateError {
        NavStateError(kind: SceneStateFailure.cannotDismiss(count: count, presented: presented))
    }

    /// The code of ``cannotDismiss(count:presented:)``, for a `catch` pattern.
    public static let cannotDismiss = Code.cannotDismiss

    /// Popping more entries than the top-most stack holds.
    public static func cannotPop(count: Int, entries: Int) -> NavStateError {
        NavStateError(kind: SceneStateFailure.cannotPop(count: count, entries: entries))
    }

    /// The code of ``cannotPop(count:entries:)``, for a `catch` pattern.
    public static let cannotPop = Code.cannotPop

    /// Pushing onto a plain sheet or cover, which has no stack.
    public static func cannotPushOnto(_ value: PresentationMethod) -> NavStateError {
        NavStateError(kind: SceneStateFailure.cannotPushOnto(value))
    }

    /// The code of ``cannotPushOnto(_:)``, for a `catch` pattern.
    public static let cannotPushOnto = Code.cannotPushOnto

    /// No checkpoint of that name can be returned to.
    public static func checkpointNotFound(_ value: String) -> NavStateError {
        NavStateError(kind: SceneStateFailure.checkpointNotFound(value))
    }

    /// The code of ``checkpointNotFound(_:)``, for a `catch` pattern.
    public static let checkpointNotFound = Code.checkpointNotFound

    /// A value of the wrong type returned to a checkpoint; `expected` is
    /// `nil` when the checkpoint returns no value.
    public static func checkpointValueMismatch(checkpoint: String, expected: String?, got: String) -> NavStateError {
        NavStateError(kind: SceneStateFailure.checkpointValueMismatch(checkpoint: checkpoint, expected: expected, got: got))
    }

    /// The code of ``checkpointValueMismatch(checkpoint:expected:got:)``, for a `catch` pattern.
    public static let checkpointValueMismatch = Code.checkpointValueMismatch
}
