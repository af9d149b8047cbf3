// Adoption where the app keeps its state, shaped like a real tab-bar app:
// the selected tab in the `App` struct, each tab's view owning its router
// (`@StateObject`) whose `path: [RouterDestination]` and `sheet` drive its
// stack and a `.sheet(item:)`, the routes `public` in a feature module
// compiled in Swift 6 mode (AdoptionFeatures), not `Sendable`. Each part is
// written next to its state; nothing moves. The window's navigation goes to
// the user's other devices with Handoff (the type is in the app's
// Info.plist, `NSUserActivityTypes`). The lines NavState adds end in
// `// NavState` (AdoptionCostTests counts them).
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: feature-tabs
import AdoptionFeatures
import Combine
import NavStateUI // NavState
import SwiftUI

/// A tab's router, as the app had it.
@MainActor
final class TabRouter: ObservableObject {
    @Published var path: [RouterDestination] = []
    @Published var sheet: SheetDestination?
}

/// The sign-in state, as the app had it.
@MainActor
final class AppAccount: ObservableObject {
    @Published var isSignedIn = false
}

struct FeatureTabsApp: App {
    @State private var selectedTab = AppTab.timeline
    @StateObject private var account = AppAccount()

    var body: some Scene {
        WindowGroup {
            TabView(selection: $selectedTab) {
                TimelineTab().tag(AppTab.timeline)
                ExploreTab().tag(AppTab.explore)
                if account.isSignedIn {
                    NotificationsTab().tag(AppTab.notifications)
                }
            }
            .restoresNavigation(.selection($selectedTab) { $0 != .notifications || account.isSignedIn }, handoff: "com.example.tabs.browsing") // NavState
        }
    }
}

struct TimelineTab: View {
    @StateObject private var router = TabRouter()

    var body: some View {
        NavigationStack(path: $router.path) {
            FeedScreen(title: "Timeline")
                .withDestinations()
        }
        .sheet(item: $router.sheet) { FeatureSheet(sheet: $0) }
        .restoresNavigation(.stack($router.path, name: "timeline"), .presented($router.sheet, name: "timeline-sheet")) // NavState
    }
}

struct ExploreTab: View {
    @StateObject private var router = TabRouter()

    var body: some View {
        NavigationStack(path: $router.path) {
            FeedScreen(title: "Explore")
                .withDestinations()
        }
        .sheet(item: $router.sheet) { FeatureSheet(sheet: $0) }
        .restoresNavigation(.stack($router.path, name: "explore"), .presented($router.sheet, name: "explore-sheet")) // NavState
    }
}

struct NotificationsTab: View {
    @StateObject private var router = TabRouter()

    var body: some View {
        NavigationStack(path: $router.path) {
            FeedScreen(title: "Notifications")
                .withDestinations()
        }
        .sheet(item: $router.sheet) { FeatureSheet(sheet: $0) }
        .restoresNavigation(.stack($router.path, name: "notifications"), .presented($router.sheet, name: "notifications-sheet")) // NavState
    }
}
// docs.end

struct FeedScreen: View {
    let title: String

    var body: some View {
        List(1..<20) { id in
            NavigationLink("Status \(id)", value: RouterDestination.status(id: "\(id)"))
        }
        .navigationTitle(title)
    }
}

extension View {
    func withDestinations() -> some View {
        navigationDestination(for: RouterDestination.self) { destination in
            Text(String(describing: destination))
        }
    }
}

struct FeatureSheet: View {
    let sheet: SheetDestination

    var body: some View { Text(String(describing: sheet)) }
}
#endif
