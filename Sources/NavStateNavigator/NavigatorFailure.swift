package import NavStateModel


/// Why a navigation operation could not be done. The state is unchanged.
///
/// Kinds of ``/NavStateModel/NavStateError``, package-wide so that kinds can be added without breaking an app's `switch`.
package enum NavigatorFailure: NavStateFailure {
    case handoffTooLarge(bytes: Int, limit: Int)
    case notAHandoff
    case unreadableHandoff(String)
    case unencodableHandoff(String)

    public var description: String {
        switch self {
        case let .handoffTooLarge(bytes, limit): "the handed-off scene is \(bytes) bytes, more than the \(limit) a handoff carries"
        case .notAHandoff: "this is not a NavState scene handoff"
        case .unreadableHandoff(let problem): "the handed-off scene cannot be read: \(problem)"
        case .unencodableHandoff(let problem): "the scene cannot be written for handoff: \(problem)"
        }
    }

    /// The code of this kind.
    package var code: NavStateError.Code {
        switch self {
        case .handoffTooLarge: .handoffTooLarge
        case .notAHandoff: .notAHandoff
        case .unreadableHandoff: .unreadableHandoff
        case .unencodableHandoff: .unencodableHandoff
        }
    }
}

extension NavStateError {
    /// The navigator's failure, when the navigator threw this error.
    package var navigatorKind: NavigatorFailure? { failure(as: NavigatorFailure.self) }
}
