/// Tag resolution for a manifest, with the same rules as a registry.
public struct ManifestResolver: Sendable {
    private struct Target: Sendable {
        let name: String
        let version: Int
        let qualifiedName: String?
        let mangledName: String?
        let chosen: Bool
        let persistence: DestinationPersistence
        /// Which type of the manifest claimed the tag, so one type's own
        /// overlapping names are not a clash.
        let owner: Int
    }

    private var targets: [String: Target] = [:]

    /// Builds the lookup table, refusing a manifest whose tags clash.
    public init(_ manifest: RegistryManifest) throws(NavModelError) {
        let builtIns = DestinationRegistry.builtInRegistrations.map { registration in
            RegistryManifest.TypeDescription(
                name: registration.name, version: registration.version,
                aliases: [], swiftNames: registration.automaticNames,
                qualifiedName: registration.qualifiedName, mangledName: registration.mangledName)
        }
        for (owner, type) in (builtIns + manifest.types).enumerated() {
            guard type.version >= 1 else {
                throw .invalidVersion(type: type.name, version: type.version)
            }
            try DestinationRegistry.validate(name: type.name)
            for alias in type.aliases { try DestinationRegistry.validate(name: alias) }
            let swiftNames = type.swiftNames + [type.qualifiedName, type.mangledName].compactMap { $0 }
            let claims = ([type.name] + type.aliases).map { ($0, true) } + swiftNames.map { ($0, false) }
            for (tag, chosen) in claims {
                if let existing = targets[tag] {
                    if existing.owner == owner { continue }
                    throw .nameClaimedTwice(name: tag, existingType: existing.name, newType: type.name)
                }
                targets[tag] = Target(
                    name: type.name, version: type.version, qualifiedName: type.qualifiedName,
                    mangledName: type.mangledName, chosen: chosen, persistence: type.persistence, owner: owner)
            }
        }
    }

    /// How an entry's tag resolves; `nil` when no type answers to it.
    public func resolve(_ entry: NavEntry) -> DestinationRegistry.ResolvedTag? {
        guard let target = targets[entry.tag] else { return nil }
        let saved = entry.version ?? (target.chosen ? 1 : target.version)
        return DestinationRegistry.ResolvedTag(name: target.name, savedVersion: saved, knownVersion: target.version)
    }

    /// Whether entries with this tag may be saved; `nil` when unknown.
    public func persistence(ofTag tag: String) -> DestinationPersistence? {
        targets[tag]?.persistence
    }

    /// The entry with its tag rewritten in another style, payload untouched.
    ///
    /// - Throws: ``NavModelError/unknownTag(_:)`` when the manifest does not
    ///   know the tag; ``NavModelError/tagUnavailable(type:style:)`` when the
    ///   type has no tag in that style.
    public func translate(_ entry: NavEntry, to style: TagStyle) throws(NavModelError) -> NavEntry {
        if style == .stored { return entry }
        guard let target = targets[entry.tag], let resolved = resolve(entry) else {
            throw .unknownTag(entry.tag)
        }
        switch style {
        case .stored:
            return entry
        case .stable:
            let version = resolved.savedVersion
            return NavEntry(tag: target.name, version: version == 1 ? nil : version, payload: entry.payload)
        case .qualified:
            guard let qualified = target.qualifiedName else { throw .tagUnavailable(type: target.name, style: style) }
            return NavEntry(tag: qualified, version: nil, payload: entry.payload)
        case .mangled:
            guard let mangled = target.mangledName else { throw .tagUnavailable(type: target.name, style: style) }
            return NavEntry(tag: mangled, version: nil, payload: entry.payload)
        }
    }

    /// What a restore with a registry built from this manifest would drop
    /// from `state`, judged on tags, versions and persistence alone (payloads
    /// cannot be decoded without the app's types).
    public func dryRun(_ state: SceneState<NavEntry>, policy: RestorePolicy = .dropUndecodable) async -> [DroppedEntry] {
        let restorer = SceneRestorer<NavEntry>(restoreEntry: { entry in
            guard let resolved = self.resolve(entry) else { return .failure(.unknownType) }
            if self.persistence(ofTag: entry.tag) == .neverPersisted { return .failure(.neverPersisted) }
            if resolved.savedVersion > resolved.knownVersion {
                return .failure(.newerVersion(saved: resolved.savedVersion, known: resolved.knownVersion))
            }
            return .success(entry)
        }, policy: policy)
        return await restorer.restore(state).1
    }
}
