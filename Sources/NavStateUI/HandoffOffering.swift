// Handoff for a window of `restoresNavigation`: what the window offers,
// and an incoming activity handed to its session in its turn.
// SwiftUI only: compiles to nothing where there is none (Linux).
#if canImport(SwiftUI)
import Foundation
import NavStateScenes
import SwiftUI

/// Offers the window's navigation to Handoff under the app's activity
/// type while the window is active, and continues an incoming activity of
/// that type in its turn among the window's links; nothing when the app
/// gave no type. Apple: `userActivity(_:isActive:_:)` and
/// `onContinueUserActivity(_:perform:)` (iOS 14, macOS 11, tvOS 14,
/// watchOS 7); the activity type must be listed in the app's Info.plist
/// (`NSUserActivityTypes`).
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct HandoffOffering: ViewModifier {
    let window: RestoringWindow
    let activityType: String?
    let isActive: Bool

    func body(content: Content) -> some View {
        if let activityType {
            content
                .userActivity(activityType, isActive: isActive) { activity in window.offer(into: activity) }
                .onContinueUserActivity(activityType) { activity in
                    guard let payload = activity.userInfo?[HandoffFormat.userInfoKey] as? Data else { return }
                    window.receive(.handoff(payload), handler: nil)
                }
        } else {
            content
        }
    }
}
#endif
