package import Foundation
import NavState
package import NavStateModel

/// What a change SwiftUI made to a `NavigationPath` does to the stack it
/// is bound to; the one reading of it, used by every face that binds a
/// `NavigationPath`.
package enum NavigationPathChange {
    /// The stack keeps its first `count` entries (a pop, or no change).
    case keep(Int)
    /// The values SwiftUI appended, bottom first (a link, `append`).
    case append([AnyDestination])
    /// The whole new stack.
    case replace([AnyDestination])

    /// The change from a stack of `current` entries to a path of `count`.
    package static func reading(
        count: Int, keepsEntries: Bool, over current: Int, codableJSON: () -> Data?, registry: DestinationRegistry
    ) -> Result<NavigationPathChange, PathRefusal> {
        guard count >= 0 else { return .failure(PathRefusal(problem: "a path of \(count) values")) }
        if keepsEntries, count <= current { return .success(.keep(count)) }
        let added = keepsEntries ? count - current : count
        guard let data = codableJSON() else {
            return .failure(PathRefusal(problem: "the path holds a value that is not Codable"))
        }
        let entries: [NavEntry]
        let total: Int
        do {
            (entries, total) = try PathRepresentation.lastPushed(added, in: data)
        } catch {
            return .failure(PathRefusal(problem: "SwiftUI's path JSON does not read: \(error)"))
        }
        guard total == count, entries.count == added else {
            return .failure(PathRefusal(problem: "SwiftUI's path JSON holds \(total) values, the path \(count)"))
        }
        var destinations: [AnyDestination] = []
        destinations.reserveCapacity(added)
        // Only the values appended are read; SwiftUI's format puts them first.
        for entry in entries {
            switch registry.decode(entry) {
            case .success(let destination): destinations.append(destination)
            case .failure(let reason):
                return .failure(PathRefusal(problem: "a value of type '\(entry.tag)' cannot be saved: \(reason)"))
            }
        }
        return .success(keepsEntries ? .append(destinations) : .replace(destinations))
    }
}

/// Why a `NavigationPath` change was refused, for the log.
package struct PathRefusal: Error {
    package let problem: String
}
