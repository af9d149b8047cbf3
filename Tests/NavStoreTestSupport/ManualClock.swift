import Foundation
import NavState
@testable import NavStateTestSupport

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    func advance(by seconds: TimeInterval) {
        now.withLock { $0 += seconds }
    }

    var date: Date { now.withLock { $0 } }

    func configuration() -> NavStore.Configuration {
        var configuration = StoreFixtures.quiet()
        configuration.clock = { [self] in date }
        return configuration
    }
}
