// A scene state that breaks one of its rules, or an operation on one that
// cannot apply. Each code is one line of this table: its name, and the message
// it makes of the details an error of it was made with (`d["path"]`; an
// unlabelled one is `d[""]`).
extension NavStateError.Codes {
    /// A plain sheet or cover holds a stack or a container; only managed
    /// presentations do.
    /// `presentation` counts from 1.
    public static var stackInPlainPresentation: NavStateError.Code { .init("stackInPlainPresentation") { d in "presentation \(d["presentation"]) is a \(d["method"]) but has a stack of \(d["entries"]); only managed presentations have stacks" } }
    /// A checkpoint names a stack the scene does not have.
    public static var checkpointStackMissing: NavStateError.Code { .init("checkpointStackMissing") { d in "checkpoint '\(d["checkpoint"])' is in stack \(d["stack"]), which the scene does not have" } }
    /// No stack (or container) is at this address.
    public static var noSuchStack: NavStateError.Code { .init("noSuchStack") { d in "the scene has no stack at \(d[""])" } }
    /// A tab bar with no tabs.
    public static var emptyTabBar: NavStateError.Code { .init("emptyTabBar") { d in "the tab bar at \(d[""]) has no tabs" } }
    /// A tab identifier that is empty or holds `/`.
    public static var invalidTabID: NavStateError.Code { .init("invalidTabID") { d in "the tab bar at \(d["tabBar"]) has a tab named '\(d[""])'; a tab identifier is not empty and has no '/'" } }
    /// Two tabs of one tab bar with the same identifier.
    public static var duplicateTabID: NavStateError.Code { .init("duplicateTabID") { d in "the tab bar at \(d["tabBar"]) has two tabs named '\(d[""])'" } }
    /// A tab bar selects a tab it does not have.
    public static var selectedTabMissing: NavStateError.Code { .init("selectedTabMissing") { d in "the tab bar at \(d["tabBar"]) selects '\(d[""])', which is not one of its tabs" } }
    /// A split view of two columns has a content-column selection.
    public static var contentSelectionWithoutColumn: NavStateError.Code { .init("contentSelectionWithoutColumn") { d in "the split view at \(d[""]) has two columns but a content-column selection" } }
    /// A checkpoint keeps more entries than its stack holds.
    public static var checkpointBeyondStack: NavStateError.Code { .init("checkpointBeyondStack") { d in "checkpoint '\(d["checkpoint"])' keeps \(d["keeps"]) entries of stack \(d["stack"]), which has \(d["entries"])" } }
    /// Dismissing more presentations than are shown.
    public static var cannotDismiss: NavStateError.Code { .init("cannotDismiss") { d in "cannot dismiss \(d["count"]) of \(d["presented"]) presentations" } }
    /// Popping more entries than the top-most stack holds.
    public static var cannotPop: NavStateError.Code { .init("cannotPop") { d in "cannot pop \(d["count"]) of \(d["entries"]) entries" } }
    /// Pushing onto a plain sheet or cover, which has no stack.
    public static var cannotPushOnto: NavStateError.Code { .init("cannotPushOnto") { d in "cannot push onto a \(d[""]), which has no stack" } }
    /// No checkpoint of that name can be returned to.
    public static var checkpointNotFound: NavStateError.Code { .init("checkpointNotFound") { d in "there is no checkpoint '\(d[""])' to return to in this scene" } }
    /// A value of the wrong type returned to a checkpoint; `expected` is
    /// `nil` when the checkpoint returns no value.
    public static var checkpointValueMismatch: NavStateError.Code { .init("checkpointValueMismatch") { d in d["expected"].isEmpty ? "checkpoint '\(d["checkpoint"])' returns no value, but a \(d["got"]) was given; return without a value" : "checkpoint '\(d["checkpoint"])' returns a \(d["expected"]), but a \(d["got"]) was given; a handler for \(d["expected"]) would never see it" } }
}
