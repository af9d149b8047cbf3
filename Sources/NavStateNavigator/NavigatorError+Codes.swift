public import NavStateModel

extension NavigatorError {
    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch NavigatorError.destination { … }`). Kinds are added in later
    /// releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`destination`).
        public let name: String

        init(_ name: String) { self.name = name }

        public var description: String { name }

        /// The code of ``NavigatorError/destination(_:)``.
        public static let destination = Code("destination")
        /// The code of ``NavigatorError/sceneState(_:)``.
        public static let sceneState = Code("sceneState")
        /// The code of ``NavigatorError/handoffTooLarge(bytes:limit:)``.
        public static let handoffTooLarge = Code("handoffTooLarge")
        /// The code of ``NavigatorError/notAHandoff``.
        public static let notAHandoff = Code("notAHandoff")
        /// The code of ``NavigatorError/unreadableHandoff(_:)``.
        public static let unreadableHandoff = Code("unreadableHandoff")
        /// The code of ``NavigatorError/unencodableHandoff(_:)``.
        public static let unencodableHandoff = Code("unencodableHandoff")

        /// Whether `error` is a `NavigatorError` of this code: `catch NavigatorError.destination { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? NavigatorError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code {
        switch kind {
        case .destination: .destination
        case .sceneState: .sceneState
        case .handoffTooLarge: .handoffTooLarge
        case .notAHandoff: .notAHandoff
        case .unreadableHandoff: .unreadableHandoff
        case .unencodableHandoff: .unencodableHandoff
        }
    }

    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: NavigatorError) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`: `catch NavigatorError.destination(…)`.
    public static func ~= (pattern: NavigatorError, error: any Error) -> Bool {
        (error as? NavigatorError) == pattern
    }
}

extension NavigatorError {
    /// The value's type is not registered, or the value does not encode.
    public static func destination(_ value: RegistryError) -> NavigatorError {
        NavigatorError(kind: .destination(value))
    }

    /// The code of ``destination(_:)``, for a `catch` pattern.
    public static let destination = Code.destination

    /// The operation breaks a scene-state rule: pushing onto a plain sheet,
    /// a checkpoint that cannot be returned to, a value of the wrong type.
    public static func sceneState(_ value: SceneStateError) -> NavigatorError {
        NavigatorError(kind: .sceneState(value))
    }

    /// The code of ``sceneState(_:)``, for a `catch` pattern.
    public static let sceneState = Code.sceneState

    /// A scene to hand off is larger than ``SceneHandoff/maximumBytes``, or
    /// a handed-off payload is (a scene too deep, or a stranger's).
    public static func handoffTooLarge(bytes: Int, limit: Int) -> NavigatorError {
        NavigatorError(kind: .handoffTooLarge(bytes: bytes, limit: limit))
    }

    /// The code of ``handoffTooLarge(bytes:limit:)``, for a `catch` pattern.
    public static let handoffTooLarge = Code.handoffTooLarge

    /// The bytes, or the link, carry no NavState scene handoff.
    public static let notAHandoff = NavigatorError(kind: .notAHandoff)

    /// A handed-off NavState scene that cannot be read: broken JSON, a tree
    /// that breaks a scene-state rule; the text says what and where.
    public static func unreadableHandoff(_ value: String) -> NavigatorError {
        NavigatorError(kind: .unreadableHandoff(value))
    }

    /// The code of ``unreadableHandoff(_:)``, for a `catch` pattern.
    public static let unreadableHandoff = Code.unreadableHandoff

    /// The scene could not be written for handoff (an encoder failure).
    public static func unencodableHandoff(_ value: String) -> NavigatorError {
        NavigatorError(kind: .unencodableHandoff(value))
    }

    /// The code of ``unencodableHandoff(_:)``, for a `catch` pattern.
    public static let unencodableHandoff = Code.unencodableHandoff
}
