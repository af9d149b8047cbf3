import Foundation

extension DestinationRegistry {
    /// Turns one saved entry into a destination the way a restore does:
    /// resolve the tag, refuse newer versions and never-persisted types, run
    /// the upgrade steps from the saved version, decode, then ask the
    /// validator.
    public func restore(entry: NavEntry) async -> Result<AnyDestination, DropReason> {
        guard let (registration, kind) = match(for: entry.tag) else {
            return .failure(.unknownType)
        }
        if registration.persistence == .neverPersisted {
            return .failure(.neverPersisted)
        }
        let saved = entry.version ?? (kind == .chosen ? 1 : registration.version)
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
        let value: any Hashable & Sendable
        do {
            value = try registration.decodePayload(decodedEntry.payload)
        } catch {
            return .failure(DropReason(Self.reason(for: error)))
        }
        if let validator = registration.validator, case .reject(let why) = await validator(value) {
            return .failure(.rejectedByValidator(why))
        }
        return .success(AnyDestination(
            decoded: value, registration: registration, version: registration.version, entry: decodedEntry))
    }

    private static func upgrade(
        _ payload: String, from saved: Int, to current: Int, steps: [Int: PayloadUpgrade]
    ) -> Result<String, DropReason> {
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
}
