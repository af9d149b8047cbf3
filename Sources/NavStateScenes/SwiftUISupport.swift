// What both SwiftUI faces (NavStateUI's bindings of the app's own state and
// NavStateNavigator's SceneNavigator glue) need from SwiftUI and Foundation
// on Apple platforms. SwiftUI only: compiles to nothing where there is none
// (Linux). Each Apple API used is named where it is called.
#if canImport(SwiftUI)
import Foundation
package import NavStateModel
package import SwiftUI

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension WindowPhase {
    /// SwiftUI's `ScenePhase` (iOS 14); a phase added later counts as
    /// in the foreground, the case that saves and never suspends.
    package init(_ phase: ScenePhase) {
        switch phase {
        case .active: self = .active
        case .background: self = .background
        default: self = .inactive
        }
    }
}

/// Work that must finish even if the app is about to be suspended.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
package enum BackgroundWork {
    /// Runs `job` on the main actor inside a background-task assertion:
    /// `ProcessInfo.performExpiringActivity(withReason:using:)` (iOS 8.2,
    /// tvOS 9, watchOS 2, visionOS 1; safe in app extensions, unlike
    /// `UIApplication.shared`), whose block keeps the process running until
    /// it returns. macOS does not suspend apps, so there it just runs.
    /// What each call of the block does is ``ExpiringWork``'s to say:
    /// the job runs even when no time was granted, and its expiry runs
    /// when the time runs out during it.
    package static func run(_ reason: String, _ job: BackgroundJob) {
        #if os(macOS)
        Task { @MainActor in await job.run() }
        #else
        let decisions = ExpiringWork()
        ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expired in
            // Called on a background queue, the second time on another.
            switch decisions.callback(expired: expired) {
            case .nothing:
                return
            case .stopWork:
                job.expire()
            case .runWork:
                let done = DispatchSemaphore(value: 0)
                Task { @MainActor in
                    await job.run()
                    decisions.workEnded()
                    done.signal()
                }
                done.wait()
            }
        }
        #endif
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension View {
    /// `onChange(of:perform:)` (iOS 14, deprecated in iOS 17) before iOS 17,
    /// `onChange(of:initial:_:)` (iOS 17) from then.
    @ViewBuilder
    package func onNavStateChange<Value: Equatable>(of value: Value, perform: @escaping (Value) -> Void) -> some View {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) {
            onChange(of: value) { _, new in perform(new) }
        } else {
            onChange(of: value, perform: perform)
        }
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension NavigationPath {
    /// A path of the destinations' own values, each appended as the
    /// `Codable` value it is (so the path's `codable` exists).
    package init(destinations: some Sequence<AnyDestination>) {
        self.init()
        for destination in destinations {
            if let value = destination.base as? any Codable & Hashable { append(value) }
        }
    }

    /// Whether the shorter of `self` and `other` is the start of the
    /// longer: a push or a pop, not a replacement. `NavigationPath` shows
    /// no elements, but is `Equatable`.
    package func sharesPrefix(with other: NavigationPath) -> Bool {
        var longer = count >= other.count ? self : other
        let shorter = count >= other.count ? other : self
        longer.removeLast(longer.count - shorter.count)
        return longer == shorter
    }

    /// The path's values as SwiftUI encodes them (`codable`, through
    /// `JSONEncoder`), or `nil` when one of them is not `Codable`.
    package var codableJSON: Data? {
        codable.flatMap { try? JSONEncoder().encode($0) }
    }
}
#endif
