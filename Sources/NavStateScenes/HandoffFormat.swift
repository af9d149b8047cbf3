package import Foundation
package import NavStateModel

/// The bytes a scene is handed to another device in (Handoff's
/// `NSUserActivity.userInfo`, a link's query item): NavState's scene JSON
/// of the entries, in an envelope that names the format. Every face's
/// Handoff (`SceneHandoff` for the navigator and the UIKit connection,
/// `restoresNavigation` for the app's own state) reads and writes these,
/// so a payload one face offers, another continues.
package enum HandoffFormat {
    /// The `NSUserActivity.userInfo` key the payload goes under.
    package static let userInfoKey = "NavState.scene"
    /// The largest payload, in bytes: Handoff refuses a `userInfo` too
    /// large to receive (`NSUserActivityHandoffUserInfoTooLargeError`), and
    /// a link should stay short.
    package static let maximumBytes = 4_096

    static let prefix = Array(#"{"format":"navstate.handoff/1","scene":"#.utf8)
    static let suffix = Array("}".utf8)

    /// Why a scene cannot be handed off, or a payload continued.
    package enum Problem: Error, Sendable, Hashable {
        case tooLarge(bytes: Int, limit: Int)
        case notAHandoff
        case unreadableScene(String)
        case unencodable(String)
    }

    /// The payload of `state`'s entries as the registry stores them, with
    /// each screen's own state when the whole fits, and without it when
    /// only the navigation does.
    package static func payload(of state: SceneState<AnyDestination>) throws(Problem) -> Data {
        var state = state
        state.screens = state.screensWithEntries
        do {
            return try encoded(state)
        } catch {
            guard case .tooLarge = error, !state.screens.isEmpty else { throw error }
            state.screens = [:]
            return try encoded(state)
        }
    }

    private static func encoded(_ state: SceneState<AnyDestination>) throws(Problem) -> Data {
        let scene: Data
        do {
            scene = try state.map(\.entry).sceneJSON(prettyPrinted: false)
        } catch {
            throw .unencodable(String(describing: error))
        }
        let bytes = prefix + Array(scene) + suffix
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
        return Data(bytes)
    }

    /// What a window offers to Handoff: `state`'s payload, or `nil` when it
    /// offers nothing: a scene too large to hand off, or one that holds a
    /// screen whose type is never persisted (a payment screen is not
    /// carried to another device either).
    package static func offer(_ state: SceneState<AnyDestination>) -> Data? {
        let everyEntry = state.locatedElements(from: 0, includingValues: true)
        guard everyEntry.allSatisfy(\.element.isPersisted) else { return nil }
        return try? payload(of: state)
    }

    /// The scene a payload holds, as saved.
    package static func scene(in bytes: [UInt8]) throws(Problem) -> SceneState<NavEntry> {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
        guard bytes.count >= prefix.count + suffix.count, bytes.starts(with: prefix), bytes.reversed().starts(with: suffix.reversed())
        else { throw .notAHandoff }
        do {
            return try SceneState(sceneJSON: bytes[prefix.count..<(bytes.count - suffix.count)])
        } catch {
            throw .unreadableScene(error.description)
        }
    }
}
