/// What a change made to a window's navigation before the launch restore
/// ended (a link at a cold launch, a notification, a Handoff) does to the
/// restored state. Never lost either way. One type for every face:
/// `restoresNavigation(…, launchChanges:)` and `SceneNavigator.launchLinks`
/// (each product re-exports it).
public enum LaunchChanges: Sendable, Hashable {
    /// Applied on top of the restored state, so the user gets back where
    /// they were and then where the change leads: a stack pushed onto gets
    /// the pushes on top of the restored stack; a stack replaced and a
    /// selection changed keep the new value, and so does every part listed
    /// after a changed selection. A navigator's link waits for the restore
    /// and runs on top of it. The default.
    case applyOnRestoredState
    /// The change keeps the whole state and nothing of the restore is
    /// applied. A navigator starts from the empty state (the `tree` of the
    /// restore's options) and applies its link to that, as React
    /// Navigation does when an app is opened by a link; the restore is
    /// confirmed, since nothing of it was shown.
    case replaceRestoredState
}
