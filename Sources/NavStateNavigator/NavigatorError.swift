package import NavStateModel


/// Why a navigation operation could not be done. The state is unchanged.
///
/// Match a kind by its ``code``, in a `catch` or a `switch`:
/// `catch NavigatorError.sceneState { … }`. Kinds are added in later releases without
/// breaking an app's code: a `switch` over ``code`` keeps a `default`.
public struct NavigatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, with its details; ``code`` names its kind.
    package let kind: Kind

    package init(kind: Kind) { self.kind = kind }

    public var description: String { kind.description }
}

extension NavigatorError {
    /// The failures a navigator reports, package-wide so that kinds can be added without breaking an app's `switch`.
    package enum Kind: Sendable, Hashable, CustomStringConvertible {
        case destination(RegistryError)
        case sceneState(SceneStateError)
        case handoffTooLarge(bytes: Int, limit: Int)
        case notAHandoff
        case unreadableHandoff(String)
        case unencodableHandoff(String)

        public var description: String {
            switch self {
            case .destination(let error): error.description
            case .sceneState(let error): error.description
            case let .handoffTooLarge(bytes, limit): "the handed-off scene is \(bytes) bytes, more than the \(limit) a handoff carries"
            case .notAHandoff: "this is not a NavState scene handoff"
            case .unreadableHandoff(let problem): "the handed-off scene cannot be read: \(problem)"
            case .unencodableHandoff(let problem): "the scene cannot be written for handoff: \(problem)"
            }
        }
    }
}
