public import Foundation
import Logging
import NavState
public import NavStateModel

/// SwiftUI's `NavigationPath`, seen from the navigator: what a stack bound
/// to one reports when SwiftUI changes it, turned into entries through the
/// registry.
///
/// `NavigationLink(value:)` appends its value to the `NavigationPath` of
/// the `NavigationStack` it is in, and `navigationDestination(for:)` shows
/// it; neither works with a path of ``AnyDestination``. So `NavStateUI`
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
    ///     (a pop): `NavigationPath` is `Equatable`, so `NavStateUI` compares
    ///     the shorter with the longer cut to its length.
    ///   - codableJSON: The new path's `codable` encoded with `JSONEncoder`,
    ///     or `nil` when it has none; called only when values must be read.
    ///   - stack: The stack the path is bound to.
    /// - Returns: Whether the stack now holds the path.
    @discardableResult
    public func applyNavigationPath(
        count: Int, keepsEntries: Bool, codableJSON: () -> Data?, at stack: StackAddress
    ) -> Bool {
        guard let current = state.stack(stack), count >= 0 else {
            refuse("no stack at \(stack)", at: stack)
            return false
        }
        if keepsEntries, count <= current.count {
            if count < current.count { pop(current.count - count, from: stack) }
            return true
        }
        let added = keepsEntries ? count - current.count : count
        guard let data = codableJSON() else {
            refuse("the path holds a value that is not Codable", at: stack)
            return false
        }
        let decoded: [AnyDestination]
        switch Self.lastDestinations(added, of: count, inCodableJSON: data, registry: registry) {
        case .success(let destinations): decoded = destinations
        case .failure(let refusal):
            refuse(refusal.problem, at: stack)
            return false
        }
        if stack.presentation > 0, !state.presentations[stack.presentation - 1].method.isManaged {
            refuse("a plain presentation has no stack", at: stack)
            return false
        }
        if keepsEntries {
            appendPushed(decoded, onto: stack)
        } else {
            setPath(NavPath(decoded, registry: registry), at: stack)
        }
        return true
    }

    /// The last `added` values of a path of `count` in SwiftUI's JSON, bottom
    /// first, or what is wrong with it.
    static func lastDestinations(
        _ added: Int, of count: Int, inCodableJSON data: Data, registry: DestinationRegistry
    ) -> Result<[AnyDestination], PathRefusal> {
        let entries: [NavEntry]
        do {
            entries = try PathRepresentation.entries(from: data)
        } catch {
            return .failure(PathRefusal(problem: "SwiftUI's path JSON does not read: \(error)"))
        }
        guard entries.count == count, added <= count else {
            return .failure(PathRefusal(problem: "SwiftUI's path JSON holds \(entries.count) values, the path \(count)"))
        }
        var destinations: [AnyDestination] = []
        destinations.reserveCapacity(added)
        for entry in entries.suffix(added) {
            switch registry.decode(entry) {
            case .success(let destination): destinations.append(destination)
            case .failure(let reason):
                return .failure(PathRefusal(problem: "a value of type '\(entry.tag)' cannot be saved: \(reason)"))
            }
        }
        return .success(destinations)
    }

    private func refuse(_ problem: String, at stack: StackAddress) {
        store.logger.error(
            "navigation path change refused", metadata: ["scene": "\(scene)", "stack": "\(stack)", "problem": "\(problem)"])
    }
}

/// Why a `NavigationPath` change was refused, for the log.
struct PathRefusal: Error {
    let problem: String
}
