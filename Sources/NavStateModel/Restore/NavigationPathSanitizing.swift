public import Foundation

extension DestinationRegistry {
    /// Makes SwiftUI `NavigationPath.CodableRepresentation` JSON safe to
    /// decode: removes the pairs this registry cannot restore and rewrites
    /// the ones SwiftUI could not decode as they are.
    ///
    /// SwiftUI's `NavigationPath(_:)` fails as a whole (and on iOS 16 could
    /// trap) when one element's type is gone or its payload no longer decodes,
    /// and it knows each type only by its current module-qualified name and its
    /// current `Codable` shape. This restores every pair the way a store's
    /// restore does (this registry, its validators, `policy`), then writes:
    ///
    /// - a pair that cannot be restored: removed;
    /// - a pair already under its type's qualified name, at its current version:
    ///   kept byte for byte;
    /// - a pair that resolved only through an alias, a stable or mangled name, or
    ///   an older payload the registry upgraded: rewritten with the type's
    ///   qualified name and its current payload, so SwiftUI can decode it.
    ///
    /// ```swift
    /// let safe = try await registry.sanitizedNavigationPath(savedJSON)
    /// path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: safe.json))
    /// ```
    ///
    /// - Parameters:
    ///   - data: Saved `CodableRepresentation` JSON.
    ///   - policy: What a pair that cannot be restored costs, as in a restore.
    ///
    /// - Returns: `json`, which SwiftUI's `NavigationPath.CodableRepresentation`
    ///   decodes; `dropped`, the removed pairs, located by position in push
    ///   order (0 = bottom); `rewritten`, the kept pairs whose tag or payload
    ///   was rewritten for SwiftUI, by position in push order, with the
    ///   entry as it was read.
    ///
    /// - Throws: ``NavStateError`` when the document is not a
    ///   representation at all; there is nothing to keep then.
    public func sanitizedNavigationPath(
        _ data: some Collection<UInt8>, policy: RestorePolicy = .dropUndecodable
    ) async throws(NavStateError) -> (json: Data, dropped: [DroppedEntry], rewritten: [(position: Int, original: NavEntry)]) {
        let bytes = Array(data)
        let items = try JSONStringArrayReader.items(in: bytes)
        guard items.count.isMultiple(of: 2) else { throw .oddItemCount(items.count) }
        let pairCount = items.count / 2
        let entries = PathRepresentation.entries(fromStrings: items.map(\.value)) ?? []
        let registry = self
        let restorer = SceneRestorer<AnyDestination>(
            restoreEntry: { await registry.restore(entry: $0) }, policy: policy)
        let (restored, dropped) = await restorer.restore(SceneState(stack: entries))
        let droppedPositions = Set(dropped.compactMap { dropped -> Int? in
            guard case let .stack(stack, position) = dropped.location, stack == .root else { return nil }
            return position
        })
        let keptPositions = (0..<pairCount).filter { !droppedPositions.contains($0) }
        var destinations: [Int: AnyDestination] = [:]
        for (position, destination) in zip(keptPositions, restored.contentStack) {
            destinations[position] = destination
        }

        var output: [UInt8] = [UInt8(ascii: "[")]
        var rewritten: [(position: Int, original: NavEntry)] = []
        for pair in 0..<pairCount {
            // The order is its own inverse: the push position of pair p.
            let position = PathRepresentation.pair(atPushPosition: pair, of: pairCount)
            guard let destination = destinations[position] else { continue }
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            let original = entries[position]
            if let current = Self.swiftUIEntry(of: destination), current != original {
                rewritten.append((position, original))
                JSONStringArrayWriter.appendString(current.tag, to: &output)
                output.append(UInt8(ascii: ","))
                JSONStringArrayWriter.appendString(current.payload, to: &output)
            } else {
                output.append(contentsOf: bytes[items[2 * pair].range])
                output.append(UInt8(ascii: ","))
                output.append(contentsOf: bytes[items[2 * pair + 1].range])
            }
        }
        output.append(UInt8(ascii: "]"))
        if dropped.isEmpty && rewritten.isEmpty {
            return (json: Data(bytes), dropped: [], rewritten: [])
        }
        return (
            json: Data(output), dropped: dropped.sorted { $0.location.sortKey < $1.location.sortKey },
            rewritten: rewritten.sorted { $0.position < $1.position })
    }

    /// The pair SwiftUI writes for a destination: its type's qualified name,
    /// no version, the payload its current `Codable` decoded. `nil` when the
    /// type has no qualified name (then the pair is kept as read).
    private static func swiftUIEntry(of destination: AnyDestination) -> NavEntry? {
        try? destination.entry(style: .qualified)
    }
}

extension EntryLocation {
    /// Orders locations as they sit in a scene: stacks by level, address
    /// and position, then presentations, then values by name.
    package var sortKey: String {
        switch self {
        case let .stack(stack, position):
            String(format: "0-%06d-", stack.presentation) + stack.description + String(format: "-%06d", position)
        case let .presentation(index): String(format: "0-%06d-", index)
        case let .selection(split, column): String(format: "0-%06d-", split.presentation) + split.description + "~" + column.rawValue
        case let .value(name): "1-" + name
        }
    }
}
