public import NavStateModel

extension DestinationRegistry {
    /// A registry built from an app version's manifest: it resolves tags,
    /// versions and persistence exactly as that app's registry does (the same
    /// claim rules, in the same code), but it has none of the app's types, so
    /// it cannot decode payloads.
    ///
    /// ```swift
    /// let newApp = try DestinationRegistry(manifest: RegistryManifest(json: data))
    /// let dropped = await newApp.dryRun(savedState)
    /// ```
    public init(manifest: RegistryManifest) throws(NavStateError) {
        self.init()
        for type in manifest.types {
            let described = DestinationRegistration(
                describing: type.name, version: type.version, aliases: type.aliases,
                automaticNames: type.swiftNames, qualifiedName: type.qualifiedName,
                mangledName: type.mangledName, persistence: type.isPersisted ? .persisted : .neverPersisted)
            do throws(NavStateError) {
                guard type.version >= 1 else {
                    throw .invalidVersion(type: type.name, version: type.version)
                }
                try add(described)
            } catch {
                throw .invalidRegistry(error)
            }
        }
    }

    /// The registry described as data, for `navstate check --registry`.
    public var manifest: RegistryManifest {
        RegistryManifest(types: registrations.filter { !$0.isBuiltIn }.map { registration in
            RegistryManifest.TypeDescription(
                name: registration.name,
                version: registration.version,
                aliases: registration.aliases,
                swiftNames: registration.automaticNames,
                qualifiedName: registration.qualifiedName,
                mangledName: registration.mangledName,
                isPersisted: registration.persistence == .persisted)
        })
    }

    /// The entry with its tag rewritten in another style, payload untouched.
    ///
    /// - Throws: `NavStateError.unknownTag` when no type answers to
    ///   the tag; `NavStateError.tagUnavailable` when the
    ///   type has no tag in that style.
    public func translate(_ entry: NavEntry, to style: TagStyle) throws(NavStateError) -> NavEntry {
        if style == .asRead { return entry }
        guard let resolved = resolve(entry), let (registration, _) = match(for: entry.tag) else {
            throw .unknownTag(entry.tag)
        }
        if style == .stable {
            let version = resolved.savedVersion
            return NavEntry(tag: registration.name, version: version == 1 ? nil : version, payload: entry.payload)
        }
        return NavEntry(tag: try registration.tag(for: style, version: resolved.savedVersion), version: nil, payload: entry.payload)
    }

    /// What a restore would drop from `state`, judged on tags, versions and
    /// persistence alone, with the restore engine's own policies: what a
    /// registry built from a manifest can tell without the app's types.
    public func dryRun(_ state: SceneState<NavEntry>, policy: RestorePolicy = .dropUndecodable) async -> [DroppedEntry] {
        let restorer = SceneRestorer<NavEntry>(restoreEntry: { entry in
            if self.persistence(ofTag: entry.tag) == .neverPersisted { return .failure(.neverPersisted) }
            return self.admit(entry).map { _ in entry }
        }, policy: policy)
        return await restorer.restore(state).1
    }
}
