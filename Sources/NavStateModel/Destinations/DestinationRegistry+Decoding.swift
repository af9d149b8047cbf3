import Foundation

extension DestinationRegistry {
    /// How an entry's tag resolves: the stable name, the version the payload
    /// is at, and the registered version.
    package struct ResolvedTag: Sendable, Hashable {
        /// The stable name of the type the tag answers to.
        package var name: String
        /// The version the entry's payload is at.
        package var savedVersion: Int
        /// The version this registry knows for the type.
        package var knownVersion: Int
    }

    /// Resolves an entry's tag without decoding its payload.
    ///
    /// An entry with no version is read at version 1 when its tag is a stable
    /// name or alias (NavState writes `@version` only from version 2), and at
    /// the registered version when its tag is a SwiftUI-qualified or mangled
    /// name, which the app's current type wrote.
    package func resolve(_ entry: NavEntry) -> ResolvedTag? {
        guard let (registration, kind) = match(for: entry.tag) else { return nil }
        return ResolvedTag(
            name: registration.name, savedVersion: Self.savedVersion(of: entry, kind, registration),
            knownVersion: registration.version)
    }

    /// Decodes one entry into a destination, passing an entry saved at an
    /// older payload version through the registered upgrade steps first.
    ///
    /// This is the element step of every decode: ``NavPath/decode(representation:registry:)``
    /// and a store's restore both come through here.
    public func decode(_ entry: NavEntry) -> Result<AnyDestination, DropReason> {
        let registration: DestinationRegistration
        let saved: Int
        switch admit(entry) {
        case .success(let admitted): (registration, saved) = admitted
        case .failure(let reason): return .failure(reason)
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
        guard let decodePayload = registration.decodePayload else {
            // Known from a manifest only: there is no Swift type to decode with.
            return .failure(.noSwiftType)
        }
        do {
            let value = try decodePayload(decodedEntry.payload)
            return .success(AnyDestination(
                decoded: value, registration: registration, version: registration.version, entry: decodedEntry))
        } catch {
            return .failure(Self.reason(for: error))
        }
    }

    /// What can be told of an entry without its payload: a type answers to
    /// its tag, and its version is not newer than the registered one.
    /// Returns the registration and the version the payload is at.
    package func admit(_ entry: NavEntry) -> Result<(DestinationRegistration, Int), DropReason> {
        guard let (registration, kind) = match(for: entry.tag) else { return .failure(.unknownType) }
        let saved = Self.savedVersion(of: entry, kind, registration)
        if saved > registration.version {
            return .failure(.newerVersion(saved: saved, known: registration.version))
        }
        return .success((registration, saved))
    }

    /// An entry's payload version: as written, else 1 for a name the app
    /// chose and the registered version for a SwiftUI or mangled name.
    private static func savedVersion(of entry: NavEntry, _ kind: MatchKind, _ registration: DestinationRegistration) -> Int {
        entry.version ?? (kind == .chosen ? 1 : registration.version)
    }

    /// Runs the upgrade steps from `saved` to `current` on JSON text.
    private static func upgrade(
        _ payload: String, from saved: Int, to current: Int, steps: [Int: PayloadUpgrade]
    ) -> Result<String, DropReason> {
        var json: JSONValue
        do {
            json = try JSONValue(parsing: payload)
        } catch {
            // Not JSON at all: what a decode would say too.
            return .failure(.payloadDoesNotDecode(codingPath: "", description: String(describing: error)))
        }
        for version in saved..<current {
            guard let step = steps[version] else {
                return .failure(.upgradeStepMissing(from: version))
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
            return .failure(.upgradeFailed(from: current - 1, description: String(describing: error)))
        }
    }

    package static func reason(for error: any Error) -> DropReason {
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
        // A missing key's debug description only repeats it, in Swift's
        // internal spelling (`CodingKeys(stringValue: …)`); a person needs
        // the summary alone.
        let detail = decodingError.isKeyNotFound ? "" : context.debugDescription
        let description = detail.isEmpty ? summary : "\(summary): \(detail)"
        return .payloadDoesNotDecode(codingPath: codingPathString(context.codingPath), description: description)
    }

    package static func codingPathString(_ path: [any CodingKey]) -> String {
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

extension DecodingError {
    fileprivate var isKeyNotFound: Bool {
        if case .keyNotFound = self { return true }
        return false
    }
}
