package import Foundation
package import NavStateModel

// The app's own values turned into a part's state and back, for every face
// that binds them: typed arrays, selections and presented items.

extension SceneLayout.Value {
    /// A stack of the app's own values, or `nil` when one of them cannot be
    /// saved (its type is not registered, `JSONEncoder` refuses it).
    package static func stack<Route: NavDestination>(of routes: [Route], in registry: DestinationRegistry) -> Self? {
        var entries: [AnyDestination] = []
        entries.reserveCapacity(routes.count)
        for route in routes {
            guard let entry = try? AnyDestination(route, in: registry) else { return nil }
            entries.append(entry)
        }
        return .stack(entries)
    }

    /// One value of the app's, or none; `nil` when it cannot be saved.
    package static func one<Value: NavDestination>(_ value: Value?, in registry: DestinationRegistry) -> Self? {
        guard let value else { return .one(nil) }
        guard let entry = try? AnyDestination(value, in: registry) else { return nil }
        return .one(entry)
    }

    /// The stack as the app's values: the entries up to the first that is
    /// not a `Route` (a restored stack of another type keeps what is
    /// below it, in order).
    package func routes<Route>(as type: Route.Type) -> [Route]? {
        guard case .stack(let entries) = self else { return nil }
        var routes: [Route] = []
        routes.reserveCapacity(entries.count)
        for entry in entries {
            guard let route = entry.base as? Route else { break }
            routes.append(route)
        }
        return routes
    }

    /// The one value as the app's, `.some(nil)` for none; `nil` when it is
    /// not a `Value`.
    package func value<Value>(as type: Value.Type) -> Value?? {
        guard case .one(let entry) = self else { return nil }
        guard let entry else { return .some(nil) }
        guard let value = entry.base as? Value else { return nil }
        return .some(value)
    }
}

extension DestinationRegistry {
    /// A registry naming each of `types` by its own name (`Panel`), or by
    /// its module-qualified name (`FoodTruck.Panel`) when another type
    /// took that; the standard library's types and `UUID` are built in.
    /// An app that later renames a type passes a registry with the old name
    /// as an alias instead.
    ///
    /// - Returns: The registry, and why a type could not be named (each is
    ///   then not saved, and the face logs it).
    package static func naming(_ types: [any NavDestination.Type]) -> (registry: DestinationRegistry, problems: [NavStateError]) {
        DestinationRegistry().adding(types, and: nil)
    }

    /// This registry with `given` merged in, and each of `types` it lacks
    /// named as ``naming(_:)`` names them: the registry of a window whose
    /// views each bring their parts' types and perhaps a registry.
    ///
    /// - Returns: The registry, and why a type or `given` could not be
    ///   added (their values are then not saved, and the face logs it).
    package func adding(
        _ types: [any NavDestination.Type], and given: DestinationRegistry?
    ) -> (registry: DestinationRegistry, problems: [NavStateError]) {
        var merged = self
        var problems: [NavStateError] = []
        if let given {
            do {
                merged = try merged.merging(given)
            } catch {
                problems.append(error)
            }
        }
        for type in types {
            if let problem = merged.adding(type) { problems.append(problem) }
        }
        return (merged, problems)
    }

    private mutating func adding<T: NavDestination>(_ type: T.Type) -> NavStateError? {
        guard !contains(type) else { return nil }
        do {
            try register(type, as: String(describing: type))
            return nil
        } catch {
            do {
                try register(type, as: String(reflecting: type))
                return nil
            } catch {
                return error
            }
        }
    }
}

extension SceneLayout.Value {
    /// A whole `NavigationPath` of `count` values, read from its `codable`
    /// JSON; `nil` when a value cannot be saved.
    package static func stack(
        ofPathCount count: Int, codableJSON: () -> Data?, in registry: DestinationRegistry
    ) -> Self? {
        if count == 0 { return .stack([]) }
        let change = NavigationPathChange.reading(
            count: count, keepsEntries: false, over: 0, codableJSON: codableJSON, registry: registry)
        guard case .success(.replace(let entries)) = change else { return nil }
        return .stack(entries)
    }

    /// A stack part's next state when the app's array went from `old` to
    /// `new`: a push reads only the routes appended, a pop keeps what
    /// stays; `nil` when a route cannot be saved.
    package func next<Route: NavDestination>(from old: [Route], to new: [Route], in registry: DestinationRegistry) -> Self? {
        var next = self
        return next.advance(from: old, to: new, in: registry) ? next : nil
    }

    /// Makes this stack part's state ``next(from:to:in:)``'s, in place: a
    /// push appends to the entries and a pop removes from their end,
    /// without copying the ones that stay when nothing else holds them.
    ///
    /// - Returns: `false`, leaving the state as it was, when a route cannot
    ///   be saved.
    package mutating func advance<Route: NavDestination>(
        from old: [Route], to new: [Route], in registry: DestinationRegistry
    ) -> Bool {
        if case .stack(var entries) = self, entries.count == old.count {
            if new.count >= old.count, Self.isPrefix(old, of: new) {
                guard case .stack(let pushed)? = Self.stack(of: Array(new.dropFirst(old.count)), in: registry) else {
                    return false
                }
                self = .stack([])  // So `entries` is the array's one holder.
                entries.append(contentsOf: pushed)
                self = .stack(entries)
                return true
            }
            if Self.isPrefix(new, of: old) {
                self = .stack([])
                entries.removeLast(old.count - new.count)
                self = .stack(entries)
                return true
            }
        }
        guard let replaced = Self.stack(of: new, in: registry) else { return false }
        self = replaced
        return true
    }

    /// Whether `prefix` is the start of `array`. It runs on the main actor
    /// (the app's routes need not be `Sendable`, so they stay there) and
    /// generic over the app's route type, unknown here, where `==` costs a
    /// witness call a level: so elements the same bit for bit, as an
    /// array's copy leaves them (SwiftUI's push copies the app's array and
    /// appends), are the same value at once, and only the others are
    /// compared with `==` (a route rebuilt from new strings, say). A
    /// push at 1,000 deep compares memory, not routes (docs/benchmarks.md,
    /// "The main actor's cost by depth").
    static func isPrefix<Route: Equatable>(_ prefix: [Route], of array: [Route]) -> Bool {
        guard prefix.count <= array.count else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            array.withUnsafeBufferPointer { array in
                guard let start = prefix.baseAddress, let other = array.baseAddress else { return true }
                if start == other { return true }
                let stride = MemoryLayout<Route>.stride, size = MemoryLayout<Route>.size
                // The whole prefix at once; padding between elements may
                // differ, and then each element's own bytes are compared.
                if memcmp(start, other, prefix.count * stride) == 0 { return true }
                for index in prefix.indices where memcmp(start + index, other + index, size) != 0 {
                    if prefix[index] != array[index] { return false }
                }
                return true
            }
        }
    }
}
