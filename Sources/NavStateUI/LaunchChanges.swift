/// What a change the app makes to its navigation state before the launch
/// restore has ended (a link at a cold launch) does to the restored state.
/// Never lost either way; links given to `restoresNavigation`'s
/// `onOpenURL` wait for the restore and run on the restored state.
public enum LaunchChanges: Sendable, Hashable {
    /// Applied on top of the restored state: a stack the app pushed onto
    /// gets the pushes on top of the restored stack; a stack it replaced
    /// and a selection it changed keep the app's value, and so does every
    /// part listed after a selection the app changed.
    case applyOnRestoredState
    /// Any change the app made keeps the app's whole state, and nothing of
    /// the restore is applied.
    case replaceRestoredState
}
