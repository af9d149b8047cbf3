public import NavStateModel

extension NavStateError.Code {
    /// The code of ``NavStateModel/NavStateError/handoffTooLarge(bytes:limit:)``.
    public static let handoffTooLarge = Self("handoffTooLarge")
    /// The code of ``NavStateModel/NavStateError/notAHandoff``.
    public static let notAHandoff = Self("notAHandoff")
    /// The code of ``NavStateModel/NavStateError/unreadableHandoff(_:)``.
    public static let unreadableHandoff = Self("unreadableHandoff")
    /// The code of ``NavStateModel/NavStateError/unencodableHandoff(_:)``.
    public static let unencodableHandoff = Self("unencodableHandoff")
}

extension NavStateError {
    /// A scene to hand off is larger than ``SceneHandoff/maximumBytes``, or
    /// a handed-off payload is (a scene too deep, or a stranger's).
    public static func handoffTooLarge(bytes: Int, limit: Int) -> NavStateError {
        NavStateError(kind: NavigatorFailure.handoffTooLarge(bytes: bytes, limit: limit))
    }

    /// The code of ``handoffTooLarge(bytes:limit:)``, for a `catch` pattern.
    public static let handoffTooLarge = Code.handoffTooLarge

    /// The bytes, or the link, carry no NavState scene handoff.
    public static let notAHandoff = NavStateError(kind: NavigatorFailure.notAHandoff)

    /// A handed-off NavState scene that cannot be read: broken JSON, a tree
    /// that breaks a scene-state rule; the text says what and where.
    public static func unreadableHandoff(_ value: String) -> NavStateError {
        NavStateError(kind: NavigatorFailure.unreadableHandoff(value))
    }

    /// The code of ``unreadableHandoff(_:)``, for a `catch` pattern.
    public static let unreadableHandoff = Code.unreadableHandoff

    /// The scene could not be written for handoff (an encoder failure).
    public static func unencodableHandoff(_ value: String) -> NavStateError {
        NavStateError(kind: NavigatorFailure.unencodableHandoff(value))
    }

    /// The code of ``unencodableHandoff(_:)``, for a `catch` pattern.
    public static let unencodableHandoff = Code.unencodableHandoff
}
