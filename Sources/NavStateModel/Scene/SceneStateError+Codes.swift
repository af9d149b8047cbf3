extension SceneStateError {
    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch SceneStateError.stackInPlainPresentation { … }`). Kinds are added in later
    /// releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`stackInPlainPresentation`).
        public let name: String

        init(_ name: String) { self.name = name }

        public var description: String { name }

        /// The code of ``SceneStateError/stackInPlainPresentation(presentation:method:entries:)``.
        public static let stackInPlainPresentation = Code("stackInPlainPresentation")
        /// The code of ``SceneStateError/checkpointStackMissing(checkpoint:stack:)``.
        public static let checkpointStackMissing = Code("checkpointStackMissing")
        /// The code of ``SceneStateError/checkpointBeyondStack(checkpoint:stack:keeps:entries:)``.
        public static let checkpointBeyondStack = Code("checkpointBeyondStack")
        /// The code of ``SceneStateError/noSuchStack(_:)``.
        public static let noSuchStack = Code("noSuchStack")
        /// The code of ``SceneStateError/emptyTabBar(_:)``.
        public static let emptyTabBar = Code("emptyTabBar")
        /// The code of ``SceneStateError/invalidTabID(_:tabBar:)``.
        public static let invalidTabID = Code("invalidTabID")
        /// The code of ``SceneStateError/duplicateTabID(_:tabBar:)``.
        public static let duplicateTabID = Code("duplicateTabID")
        /// The code of ``SceneStateError/selectedTabMissing(_:tabBar:)``.
        public static let selectedTabMissing = Code("selectedTabMissing")
        /// The code of ``SceneStateError/contentSelectionWithoutColumn(_:)``.
        public static let contentSelectionWithoutColumn = Code("contentSelectionWithoutColumn")
        /// The code of ``SceneStateError/cannotDismiss(count:presented:)``.
        public static let cannotDismiss = Code("cannotDismiss")
        /// The code of ``SceneStateError/cannotPop(count:entries:)``.
        public static let cannotPop = Code("cannotPop")
        /// The code of ``SceneStateError/cannotPushOnto(_:)``.
        public static let cannotPushOnto = Code("cannotPushOnto")
        /// The code of ``SceneStateError/checkpointNotFound(_:)``.
        public static let checkpointNotFound = Code("checkpointNotFound")
        /// The code of ``SceneStateError/checkpointValueMismatch(checkpoint:expected:got:)``.
        public static let checkpointValueMismatch = Code("checkpointValueMismatch")

        /// Whether `error` is a `SceneStateError` of this code: `catch SceneStateError.stackInPlainPresentation { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? SceneStateError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code {
        switch kind {
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

    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: SceneStateError) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`: `catch SceneStateError.stackInPlainPresentation(…)`.
    public static func ~= (pattern: SceneStateError, error: any Error) -> Bool {
        (error as? SceneStateError) == pattern
    }
}

extension SceneStateError {
    /// A plain sheet or cover holds a stack or a container; only managed
    /// presentations do.
    /// `presentation` counts from 1.
    public static func stackInPlainPresentation(presentation: Int, method: PresentationMethod, entries: Int) -> SceneStateError {
        SceneStateError(kind: .stackInPlainPresentation(presentation: presentation, method: method, entries: entries))
    }

    /// The code of ``stackInPlainPresentation(presentation:method:entries:)``, for a `catch` pattern.
    public static let stackInPlainPresentation = Code.stackInPlainPresentation

    /// A checkpoint names a stack the scene does not have.
    public static func checkpointStackMissing(checkpoint: String, stack: StackAddress) -> SceneStateError {
        SceneStateError(kind: .checkpointStackMissing(checkpoint: checkpoint, stack: stack))
    }

    /// The code of ``checkpointStackMissing(checkpoint:stack:)``, for a `catch` pattern.
    public static let checkpointStackMissing = Code.checkpointStackMissing

    /// A checkpoint keeps more entries than its stack holds.
    public static func checkpointBeyondStack(checkpoint: String, stack: StackAddress, keeps: Int, entries: Int) -> SceneStateError {
        SceneStateError(kind: .checkpointBeyondStack(checkpoint: checkpoint, stack: stack, keeps: keeps, entries: entries))
    }

    /// The code of ``checkpointBeyondStack(checkpoint:stack:keeps:entries:)``, for a `catch` pattern.
    public static let checkpointBeyondStack = Code.checkpointBeyondStack

    /// No stack (or container) is at this address.
    public static func noSuchStack(_ value: StackAddress) -> SceneStateError {
        SceneStateError(kind: .noSuchStack(value))
    }

    /// The code of ``noSuchStack(_:)``, for a `catch` pattern.
    public static let noSuchStack = Code.noSuchStack

    /// A tab bar with no tabs.
    public static func emptyTabBar(_ value: StackAddress) -> SceneStateError {
        SceneStateError(kind: .emptyTabBar(value))
    }

    /// The code of ``emptyTabBar(_:)``, for a `catch` pattern.
    public static let emptyTabBar = Code.emptyTabBar

    /// A tab identifier that is empty or holds `/`.
    public static func invalidTabID(_ id: String, tabBar: StackAddress) -> SceneStateError {
        SceneStateError(kind: .invalidTabID(id, tabBar: tabBar))
    }

    /// The code of ``invalidTabID(_:tabBar:)``, for a `catch` pattern.
    public static let invalidTabID = Code.invalidTabID

    /// Two tabs of one tab bar with the same identifier.
    public static func duplicateTabID(_ id: String, tabBar: StackAddress) -> SceneStateError {
        SceneStateError(kind: .duplicateTabID(id, tabBar: tabBar))
    }

    /// The code of ``duplicateTabID(_:tabBar:)``, for a `catch` pattern.
    public static let duplicateTabID = Code.duplicateTabID

    /// A tab bar selects a tab it does not have.
    public static func selectedTabMissing(_ id: String, tabBar: StackAddress) -> SceneStateError {
        SceneStateError(kind: .selectedTabMissing(id, tabBar: tabBar))
    }

    /// The code of ``selectedTabMissing(_:tabBar:)``, for a `catch` pattern.
    public static let selectedTabMissing = Code.selectedTabMissing

    /// A split view of two columns has a content-column selection.
    public static func contentSelectionWithoutColumn(_ value: StackAddress) -> SceneStateError {
        SceneStateError(kind: .contentSelectionWithoutColumn(value))
    }

    /// The code of ``contentSelectionWithoutColumn(_:)``, for a `catch` pattern.
    public static let contentSelectionWithoutColumn = Code.contentSelectionWithoutColumn

    /// Dismissing more presentations than are shown.
    public static func cannotDismiss(count: Int, presented: Int) -> SceneStateError {
        SceneStateError(kind: .cannotDismiss(count: count, presented: presented))
    }

    /// The code of ``cannotDismiss(count:presented:)``, for a `catch` pattern.
    public static let cannotDismiss = Code.cannotDismiss

    /// Popping more entries than the top-most stack holds.
    public static func cannotPop(count: Int, entries: Int) -> SceneStateError {
        SceneStateError(kind: .cannotPop(count: count, entries: entries))
    }

    /// The code of ``cannotPop(count:entries:)``, for a `catch` pattern.
    public static let cannotPop = Code.cannotPop

    /// Pushing onto a plain sheet or cover, which has no stack.
    public static func cannotPushOnto(_ value: PresentationMethod) -> SceneStateError {
        SceneStateError(kind: .cannotPushOnto(value))
    }

    /// The code of ``cannotPushOnto(_:)``, for a `catch` pattern.
    public static let cannotPushOnto = Code.cannotPushOnto

    /// No checkpoint of that name can be returned to.
    public static func checkpointNotFound(_ value: String) -> SceneStateError {
        SceneStateError(kind: .checkpointNotFound(value))
    }

    /// The code of ``checkpointNotFound(_:)``, for a `catch` pattern.
    public static let checkpointNotFound = Code.checkpointNotFound

    /// A value of the wrong type returned to a checkpoint; `expected` is
    /// `nil` when the checkpoint returns no value.
    public static func checkpointValueMismatch(checkpoint: String, expected: String?, got: String) -> SceneStateError {
        SceneStateError(kind: .checkpointValueMismatch(checkpoint: checkpoint, expected: expected, got: got))
    }

    /// The code of ``checkpointValueMismatch(checkpoint:expected:got:)``, for a `catch` pattern.
    public static let checkpointValueMismatch = Code.checkpointValueMismatch
}
