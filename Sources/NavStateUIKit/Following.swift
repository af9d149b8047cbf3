// How every coordinator follows its navigator. UIKit only (not watchOS).
// Apple: withObservationTracking(_:onChange:) (iOS 17), which reports the
// first change only, so each change tracks again.
#if canImport(UIKit) && !os(watchOS)
import Observation  // newer than the floors: behind #available (iOS 17)

/// Calls `update` on the main actor after every change of what `reading`
/// reads, for as long as `owner` lives.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
func keepUpdating<Owner: AnyObject & Sendable>(
    _ owner: Owner, reading: @escaping @MainActor @Sendable (Owner) -> Void,
    update: @escaping @MainActor @Sendable (Owner) -> Void
) {
    withObservationTracking {
        reading(owner)
    } onChange: { [weak owner] in
        Task { @MainActor in
            guard let owner else { return }
            update(owner)
            keepUpdating(owner, reading: reading, update: update)
        }
    }
}
#endif
