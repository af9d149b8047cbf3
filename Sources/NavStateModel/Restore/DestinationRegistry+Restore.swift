extension DestinationRegistry {
    /// Turns one saved entry into a destination the way a restore does:
    /// refuse never-persisted types, then decode as ``decode(_:)`` does
    /// (newer versions refused, older ones upgraded), then ask the validator.
    public func restore(entry: NavEntry) async -> Result<AnyDestination, DropReason> {
        if persistence(ofTag: entry.tag) == .neverPersisted {
            return .failure(.neverPersisted)
        }
        let destination: AnyDestination
        switch decode(entry) {
        case .success(let decoded): destination = decoded
        case .failure(let reason): return .failure(reason)
        }
        if let validator = destination.registration.validator, case .reject(let why) = await validator(destination.base) {
            return .failure(.rejectedByValidator(why))
        }
        return .success(destination)
    }
}
