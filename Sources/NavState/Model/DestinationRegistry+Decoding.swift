import Foundation

extension DestinationRegistry {
    /// How an entry's tag resolves: the stable name, the version the payload
    /// is at, and the registered version.
    public struct ResolvedTag: Sendable, Hashable {
        /// The stable name of the type the tag answers to.
        public var name: String
        /// The version the entry's payload is at.
        public var savedVersion: Int
        /// The version this registry knows for the type.
        public var knownVersion: Int
    }

    /// Resolves an entry's tag without decoding its payload.
    ///
    /// An entry with no version is read at version 1 when its tag is a stable
    /// name or alias (NavState writes `@version` only from version 2), and at
    /// the registered version when its tag is a SwiftUI-qualified or mangled
    /// name, which the app's current type wrote.
    public func resolve(_ entry: NavEntry) -> ResolvedTag? {
        guard let (registration, kind) = match(for: entry.tag) else { return nil }
        return ResolvedTag(
            name: registration.name, savedVersion: Self.savedVersion(of: entry, kind, registration),
            knownVersion: registration.version)
    }

    /// Decodes one entry into a destination, passing an entry saved at an
    /// older payload version through the registered upgrade steps first.
    ///
    /// - Parameter position: The entry's place in push order, for the failure.
    public func decode(_ entry: NavEntry, at position: Int = 0) -> Result<AnyDestination, EntryFailure> {
        decodeEntry(entry).mapError { EntryFailure(position: position, entry: entry, reason: $0) }
    }

    /// What every decode does, for both ``decode(_:at:)`` and a restore:
    /// resolve the tag, refuse a newer version, upgrade an older one, decode.
    func decodeEntry(_ entry: NavEntry) -> Result<AnyDestination, EntryFailure.Reason> {
        guard let (registration, kind) = match(for: entry.tag) else { return .failure(.unknownType) }
        let saved = Self.savedVersion(of: entry, kind, registration)
        if saved > registration.version {
            return .failure(.newerVersion(saved: saved, known: registration.version))
        }
        var decodedEntry = entry
        if saved < registration.version {
            switch Self.upgrade(entry.payload, from: saved, to: registration.version, steps: registration.upgrades) {
            case .success(let payload):
                let version = registration.version
                decodedEntry = NavEntry(tag: registration.name, version: version == 1 ? nil : version, payload: payload)
            case .failure(let reason):
                return .failure(reason)
            }
        }
        do {
            let value = try registration.decodePayload(decodedEntry.payload)
            return .success(AnyDestination(
                decoded: value, registration: registration, version: registration.version, entry: decodedEntry))
        } catch {
            return .failure(Self.reason(for: error))
        }
    }

    /// An entry's payload version: as written, else 1 for a name the app
    /// chose and the registered version for a SwiftUI or mangled name.
    private static func savedVersion(of entry: NavEntry, _ kind: MatchKind, _ registration: DestinationRegistration) -> Int {
        entry.version ?? (kind == .chosen ? 1 : registration.version)
    }

    /// Runs the upgrade steps from `saved` to `current` on JSON text.
    private static func upgrade(
        _ payload: String, from saved: Int, to current: Int, steps: [Int: PayloadUpgrade]
    ) -> Result<String, EntryFailure.Reason> {
        var json: JSONValue
        do {
            json = try JSONValue(parsing: payload)
        } catch {
            return .failure(.upgradeFailed(from: saved, description: "the payload is not JSON: \(error)"))
        }
        for version in saved..<current {
            guard let step = steps[version] else {
                return .failure(.upgradeFailed(from: version, description: "no upgrade step from version \(version) to \(version + 1)"))
            }
            do {
                json = try step(json)
            } catch {
                return .failure(.upgradeFailed(from: version, description: String(describing: error)))
            }
        }
        do {
            return .success(try json.jsonText())
        } catch {
            return .failure(.upgradeFailed(from: current - 1, description: "the upgraded payload does not encode: \(error)"))
        }
    }

    /// Decodes entries in push order, each to its destination or its failure.
    public func decode(_ entries: [NavEntry]) -> [Result<AnyDestination, EntryFailure>] {
        entries.enumerated().map { decode($1, at: $0) }
    }

    /// Decodes a SwiftUI-style representation, element by element.
    ///
    /// - Returns: For every element in push order, its destination or why it
    ///   failed. One bad element never costs the others.
    /// - Throws: ``NavModelError`` only when the document as a whole is not a
    ///   representation (not an array, odd count, a non-string item, …).
    public func decode(representation data: some Collection<UInt8>) throws(NavModelError)
        -> [Result<AnyDestination, EntryFailure>]
    {
        decode(try PathRepresentation.entries(from: data))
    }

    static func reason(for error: any Error) -> EntryFailure.Reason {
        guard let decodingError = error as? DecodingError else {
            return .payloadDoesNotDecode(codingPath: "", description: String(describing: error))
        }
        let context: DecodingError.Context
        let summary: String
        switch decodingError {
        case let .typeMismatch(type, ctx):
            context = ctx
            summary = "expected \(type)"
        case let .valueNotFound(type, ctx):
            context = ctx
            summary = "missing value of \(type)"
        case let .keyNotFound(key, ctx):
            context = DecodingError.Context(codingPath: ctx.codingPath + [key], debugDescription: ctx.debugDescription)
            summary = "missing key '\(key.stringValue)'"
        case let .dataCorrupted(ctx):
            context = ctx
            summary = "data corrupted"
        @unknown default:
            return .payloadDoesNotDecode(codingPath: "", description: String(describing: error))
        }
        let description = context.debugDescription.isEmpty ? summary : "\(summary): \(context.debugDescription)"
        return .payloadDoesNotDecode(codingPath: codingPathString(context.codingPath), description: description)
    }

    static func codingPathString(_ path: [any CodingKey]) -> String {
        var result = ""
        for key in path {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
    }
}
