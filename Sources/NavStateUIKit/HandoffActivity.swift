// A window's scene offered to Handoff, as Apple's pattern has it: one
// activity for the scene, marked as needing a save at each change and
// filled in just before it is sent. UIKit only (not watchOS). What it
// offers is SceneConnection.handoffPayload()'s decision, tested on Linux.
// Apple: UIScene.userActivity (iOS 13), NSUserActivity.needsSave (iOS 8),
// isEligibleForHandoff (iOS 9), NSUserActivityDelegate.userActivityWillSave(_:)
// (iOS 8); "keep the userInfo small" (Handoff programming guide), the
// payload's cap is SceneHandoff.maximumBytes.
#if canImport(UIKit) && !os(watchOS)
public import Foundation
import NavStateNavigator
public import UIKit

/// Offers a window's scene to the user's other devices while it is in use:
/// one `NSUserActivity` of `activityType` (declared in the app's
/// Info.plist under `NSUserActivityTypes`), made current for the scene,
/// whose payload is the scene as it is when Handoff asks, and which is not
/// eligible while the scene cannot be handed off (too large).
///
/// ```swift
/// handoff = HandoffActivity(activityType: "com.example.shop.browse", connection: connection, scene: scene)
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class HandoffActivity: NSObject, NSUserActivityDelegate {
    /// The activity the scene offers.
    public let activity: NSUserActivity
    private let connection: SceneConnection

    /// Offers `connection`'s scene as `scene`'s user activity, from now on.
    public init(activityType: String, connection: SceneConnection, scene: UIScene) {
        self.activity = NSUserActivity(activityType: activityType)
        self.connection = connection
        super.init()
        activity.delegate = self
        scene.userActivity = activity
        changed()
        keepUpdating(self, reading: { _ = $0.connection.navigator?.state }, update: { $0.changed() })
    }

    /// The scene changed: Handoff asks for the payload again before it
    /// next sends the activity.
    private func changed() {
        activity.needsSave = true
    }

    /// Fills in the scene as it is now, just before the activity is sent;
    /// a scene that cannot be handed off makes the activity not eligible.
    /// Foundation does not say on which thread it asks: the scene is read
    /// on the main thread either way.
    public nonisolated func userActivityWillSave(_ userActivity: NSUserActivity) {
        let fill = { @MainActor [connection] in
            let payload = connection.handoffPayload()
            userActivity.isEligibleForHandoff = payload != nil
            userActivity.userInfo = payload.map { [SceneHandoff.userInfoKey: $0] } ?? [:]
        }
        if Thread.isMainThread {
            MainActor.assumeIsolated { fill() }
        } else {
            DispatchQueue.main.sync { fill() }
        }
    }
}
#endif
