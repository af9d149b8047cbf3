public import Foundation
import NavState
public import NavStateModel
import NavStateScenes

/// A scene's state carried to another device (Handoff, `NSUserActivity`) or
/// to another launch (a link): its entries as the registry stores them, its
/// tree, presentations, checkpoints and values, in NavState's scene JSON.
///
/// The receiving app restores the payload through its own registry and
/// restore policy, exactly as a launch restores a saved revision: names
/// resolve through aliases, old payload versions are upgraded, and what
/// cannot be restored is dropped and reported. A stranger's payload (too
/// large, not NavState's, a broken tree) is a ``/NavStateModel/NavStateError``, never a
/// crash or an invalid state.
///
/// ```swift
/// // Sending:
/// let payload = try SceneHandoff.payload(of: navigator.state)
/// // Receiving, on the other device:
/// let (state, dropped) = try await SceneHandoff.restore(payload: payload, registry: registry)
/// ```
public enum SceneHandoff {
    /// The `NSUserActivity.userInfo` key the payload goes under.
    public static let userInfoKey = HandoffFormat.userInfoKey
    /// The URL query item a link carries the payload in.
    public static let queryItemName = "navstate"
    /// The largest payload, in bytes: Handoff refuses a `userInfo` too
    /// large to receive (`NSUserActivityHandoffUserInfoTooLargeError`), and
    /// a link should stay short.
    public static let maximumBytes = HandoffFormat.maximumBytes

    /// The portable form of `state`, each screen's own state
    /// (``/NavStateModel/SceneState/screens``) included when the whole fits
    /// in ``maximumBytes``, left out when only the navigation does.
    ///
    /// - Throws: `NavStateError.handoffTooLarge` when the navigation alone
    ///   is past ``maximumBytes``.
    public static func payload(of state: SceneState<AnyDestination>) throws(NavStateError) -> Data {
        do {
            return try HandoffFormat.payload(of: state)
        } catch {
            throw error.navStateError
        }
    }

    /// The state a payload carries, restored through `registry` under
    /// `policy`, and every entry left out, with where it was and why.
    ///
    /// - Throws: ``/NavStateModel/NavStateError`` for a payload that is too large, not
    ///   NavState's, or not a valid scene.
    public static func restore(
        payload: some Collection<UInt8>, registry: DestinationRegistry, policy: RestorePolicy = .dropUndecodable
    ) async throws(NavStateError) -> (state: SceneState<AnyDestination>, dropped: [DroppedEntry]) {
        let saved = try scene(in: Array(payload))
        return await registry.restore(saved, policy: policy)
    }

    /// The scene a payload holds, as saved.
    static func scene(in bytes: [UInt8]) throws(NavStateError) -> SceneState<NavEntry> {
        do {
            return try HandoffFormat.scene(in: bytes)
        } catch {
            throw error.navStateError
        }
    }

    /// `base` with `state`'s payload as its ``queryItemName`` item
    /// (base64url), for "open this screen on another device".
    ///
    /// - Throws: `NavStateError.handoffTooLarge` past ``maximumBytes``.
    public static func link(_ base: URL, for state: SceneState<AnyDestination>) throws(NavStateError) -> URL {
        let encoded = try payload(of: state).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { throw .notAHandoff() }
        components.queryItems = (components.queryItems ?? []).filter { $0.name != queryItemName } + [URLQueryItem(name: queryItemName, value: encoded)]
        guard let url = components.url else { throw .notAHandoff() }
        return url
    }

    /// The payload a link made by ``link(_:for:)`` carries.
    ///
    /// - Throws: `NavStateError.notAHandoff` for a link without one, or one
    ///   that is not base64url; `NavStateError.handoffTooLarge`.
    public static func payload(inLink url: URL) throws(NavStateError) -> Data {
        guard let value = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first(where: { $0.name == queryItemName })?.value else { throw .notAHandoff() }
        // Four base64 characters per three bytes: refused before decoding.
        guard value.utf8.count <= (maximumBytes + 2) / 3 * 4 else {
            throw .handoffTooLarge(bytes: value.utf8.count / 4 * 3, limit: maximumBytes)
        }
        var base64 = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { throw .notAHandoff() }
        return data
    }
}

extension HandoffFormat.Problem {
    /// The navigator's error for the problem.
    var navStateError: NavStateError {
        switch self {
        case let .tooLarge(bytes, limit): NavStateError.handoffTooLarge(bytes: bytes, limit: limit)
        case .notAHandoff: NavStateError.notAHandoff()
        case .unreadableScene(let problem): NavStateError.unreadableHandoff(problem)
        case .unencodable(let problem): NavStateError.unencodableHandoff(problem)
        }
    }
}

#if canImport(Darwin)
extension NSUserActivity {
    /// Puts `state`'s portable form in `userInfo` under
    /// ``SceneHandoff/userInfoKey`` (Apple: `addUserInfoEntries(from:)`,
    /// iOS 8, macOS 10.10). The app sets the activity type it declares in
    /// its Info.plist (`NSUserActivityTypes`).
    public func addScene(_ state: SceneState<AnyDestination>) throws(NavStateError) {
        addUserInfoEntries(from: [SceneHandoff.userInfoKey: try SceneHandoff.payload(of: state)])
    }

    /// The scene payload the activity carries, for
    /// ``SceneHandoff/restore(payload:registry:policy:)``; `nil` when it
    /// carries none.
    public var scenePayload: Data? {
        userInfo?[SceneHandoff.userInfoKey] as? Data
    }
}
#endif
