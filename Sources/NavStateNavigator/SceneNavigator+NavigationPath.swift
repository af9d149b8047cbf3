public import Foundation
import Logging
import NavState
import NavStateScenes
public import NavStateModel

/// SwiftUI's `NavigationPath`, seen from the navigator: what a stack bound
/// to one reports when SwiftUI changes it, turned into entries through the
/// registry.
///
/// `NavigationLink(value:)` appends its value to the `NavigationPath` of
/// the `NavigationStack` it is in, and `navigationDestination(for:)` shows
/// it; neither works with a path of ``AnyDestination``. So the SwiftUI glue
/// binds each stack to a `NavigationPath` of the app's own values, built
/// from the stack's entries, and forwards every change SwiftUI makes to
/// ``applyNavigationPath(count:keepsEntries:codableJSON:at:)``. A
/// `NavigationPath` shows only its count and, through `codable`, its
/// elements in SwiftUI's JSON format, which NavState reads byte for byte
/// (``/NavStateModel/PathRepresentation``). So:
///
/// - A pop (the back button, a swipe, `removeLast`) keeps the first
///   `count` entries; nothing is encoded.
/// - A push (a link, `append`) decodes only the values appended, which
///   SwiftUI's format puts first.
/// - Any other change decodes the whole path.
///
/// A value whose type is not registered, or is not `Codable` (its path then
/// has no `codable`), cannot be saved: the change is refused and logged,
/// and the stack keeps its entries, so the screen SwiftUI pushed goes
/// away again on the next update.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    /// Applies a change SwiftUI made to the `NavigationPath` of the stack at
    /// `stack`.
    ///
    /// - Parameters:
    ///   - count: The new path's `count`.
    ///   - keepsEntries: Whether the new path starts with the stack's
    ///     entries (a push) or the stack's entries start with the new path
    ///     (a pop): `NavigationPath` is `Equatable`, so the SwiftUI glue compares
    ///     the shorter with the longer cut to its length.
    ///   - codableJSON: The new path's `codable` encoded with `JSONEncoder`,
    ///     or `nil` when it has none; called only when values must be read.
    ///   - stack: The stack the path is bound to.
    /// - Returns: Whether the stack now holds the path.
    @discardableResult
    public func applyNavigationPath(
        count: Int, keepsEntries: Bool, codableJSON: () -> Data?, at stack: StackAddress
    ) -> Bool {
        guard let current = state.stack(stack) else {
            refuse("no stack at \(stack)", at: stack)
            return false
        }
        if stack.presentation > 0, !state.presentations[stack.presentation - 1].method.isManaged {
            refuse("a plain presentation has no stack", at: stack)
            return false
        }
        let change = NavigationPathChange.reading(
            count: count, keepsEntries: keepsEntries, over: current.count, codableJSON: codableJSON, registry: registry)
        switch change {
        case .failure(let refusal):
            refuse(refusal.problem, at: stack)
            return false
        case .success(.keep(let kept)):
            if kept < current.count { pop(current.count - kept, from: stack) }
        case .success(.append(let pushed)):
            appendPushed(pushed, onto: stack)
        case .success(.replace(let entries)):
            setPath(NavPath(entries, registry: registry), at: stack)
        }
        return true
    }

    private func refuse(_ problem: String, at stack: StackAddress) {
        store.logger.in(.navigator).error(
            "navigation path change refused", metadata: ["scene": "\(scene)", "stack": "\(stack)", "problem": "\(problem)"])
    }
}
