/// What an app's validator says about a restored destination.
public enum ValidationVerdict: Sendable, Hashable {
    /// Keep the destination.
    case accept
    /// Drop it, saying why ("order 42 no longer exists").
    case reject(String)
}
