public import Foundation

/// Makes SwiftUI `NavigationPath.CodableRepresentation` JSON safe to decode.
///
/// SwiftUI's `NavigationPath(_:)` fails as a whole (and on iOS 16 could
/// trap) when one element's type is gone or its payload no longer decodes.
/// The sanitiser removes exactly those pairs and keeps every other pair's
/// bytes as they were, in order, so an app that keeps SwiftUI's own path
/// gets NavState's safety without changing its model:
///
/// ```swift
/// let safe = try await PathSanitizer(registry: registry).sanitize(savedJSON)
/// path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: safe.json))
/// ```
public struct PathSanitizer: Sendable {
    public let registry: DestinationRegistry
    public let policy: RestorePolicy

    public init(registry: DestinationRegistry, policy: RestorePolicy = .dropUndecodable) {
        self.registry = registry
        self.policy = policy
    }

    /// The result of sanitising: JSON SwiftUI can decode, and what was removed.
    public struct Result: Sendable {
        public var json: Data
        /// Removed pairs, positions in push order (0 = bottom).
        public var dropped: [DroppedEntry]
    }

    /// Removes the pairs the registry cannot restore.
    ///
    /// - Throws: ``NavModelError`` when the document is not a representation
    ///   at all; there is nothing to keep then.
    public func sanitize(_ data: some Collection<UInt8>) async throws(NavModelError) -> Result {
        let bytes = Array(data)
        let items = try JSONStringArrayReader.items(in: bytes)
        guard items.count.isMultiple(of: 2) else { throw .oddItemCount(items.count) }
        let pairCount = items.count / 2
        // Pairs are stored last-pushed first; position p in push order is
        // pair (pairCount - 1 - p) in the document.
        var keep = [Bool](repeating: true, count: pairCount)
        var dropped: [DroppedEntry] = []
        for position in 0..<pairCount {
            let pair = pairCount - 1 - position
            let entry = NavEntry(wireTag: items[2 * pair].value, payload: items[2 * pair + 1].value)
            let location = EntryLocation.stack(0, position: position)
            if case .failure(let reason) = await registry.restore(entry: entry) {
                keep[pair] = false
                dropped.append(DroppedEntry(location: location, entry: entry, reason: reason))
                if policy == .truncateAtFirstFailure {
                    for later in (position + 1)..<pairCount {
                        let laterPair = pairCount - 1 - later
                        keep[laterPair] = false
                        dropped.append(DroppedEntry(
                            location: .stack(0, position: later),
                            entry: NavEntry(wireTag: items[2 * laterPair].value, payload: items[2 * laterPair + 1].value),
                            reason: .aboveDroppedEntry(location)))
                    }
                    break
                }
            }
        }
        if policy == .allOrNothing && !dropped.isEmpty {
            let failed = Set(dropped.map(\.location))
            for position in 0..<pairCount where !failed.contains(.stack(0, position: position)) {
                let pair = pairCount - 1 - position
                dropped.append(DroppedEntry(
                    location: .stack(0, position: position),
                    entry: NavEntry(wireTag: items[2 * pair].value, payload: items[2 * pair + 1].value),
                    reason: .allOrNothing))
            }
            keep = keep.map { _ in false }
        }
        if dropped.isEmpty {
            return Result(json: Data(bytes), dropped: [])
        }
        var output: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for pair in 0..<pairCount where keep[pair] {
            for item in [items[2 * pair], items[2 * pair + 1]] {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                output.append(contentsOf: bytes[item.range])
            }
        }
        output.append(UInt8(ascii: "]"))
        return Result(json: Data(output), dropped: dropped.sorted { $0.location.sortKey < $1.location.sortKey })
    }
}

extension EntryLocation {
    /// Orders locations as they sit in a scene: stacks by level and position,
    /// then presentations, then values by name.
    var sortKey: String {
        switch self {
        case let .stack(stack, position): String(format: "0-%06d-%06d", stack, position)
        case let .presentation(index): String(format: "0-%06d-", index)
        case let .value(name): "1-" + name
        }
    }
}
