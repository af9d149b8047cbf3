public import NavStateModel

// A navigation operation that could not be done; the state is unchanged. Each
// code is one line of this table: its name, and the message it makes of the
// details an error of it was made with (`d["path"]`; an unlabelled one is
// `d[""]`).
extension NavStateError.Codes {
    /// A scene to hand off is larger than ``SceneHandoff/maximumBytes``, or
    /// a handed-off payload is (a scene too deep, or a stranger's).
    public static var handoffTooLarge: NavStateError.Code { .init("handoffTooLarge") { d in "the handed-off scene is \(d["bytes"]) bytes, more than the \(d["limit"]) a handoff carries" } }
    /// The bytes, or the link, carry no NavState scene handoff.
    public static var notAHandoff: NavStateError.Code { .init("notAHandoff") { _ in "this is not a NavState scene handoff" } }
    /// A handed-off NavState scene that cannot be read: broken JSON, a tree
    /// that breaks a scene-state rule; the text says what and where.
    public static var unreadableHandoff: NavStateError.Code { .init("unreadableHandoff") { d in "the handed-off scene cannot be read: \(d[""])" } }
    /// The scene could not be written for handoff (an encoder failure).
    public static var unencodableHandoff: NavStateError.Code { .init("unencodableHandoff") { d in "the scene cannot be written for handoff: \(d[""])" } }
    /// A screen's own state set for a location that holds no entry.
    public static var noEntry: NavStateError.Code { .init("noEntry") { d in "the scene has no entry at \(d[""]) to keep screen state for" } }
}
