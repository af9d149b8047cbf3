// The one place a route becomes a view.
#if canImport(SwiftUI)
import NavState
import NavStateNavigator
import NavStateUI
import ShopCore
import SwiftUI

/// The root of each tab.
struct TabRoot: View {
    let tab: ShopTab
    let navigator: SceneNavigator

    var body: some View {
        List {
            switch tab {
            case .home:
                NavigationLink("Product 12", value: AppRoute.product(id: 12))
                NavigationLink("Developer", value: AppRoute.debug)
            case .orders:
                NavigationLink("Order 7", value: AppRoute.order(id: 7))
                // A deep link in the app: switch to Orders, push, one update per step.
                Button("Track order 9") { Task { try? await ShopLink(tab: .orders, routes: [.order(id: 9)]).open(in: navigator) } }
            case .cart:
                Button("Check out") { try? navigator.present(AppRoute.checkout, style: .managedSheet) }
            }
        }
        .navigationTitle(tab.title)
    }
}

/// The destination dispatcher: every screen, pushed or presented, restored
/// or new, is built here.
struct AppScreen: View {
    let route: AppRoute?
    let navigator: SceneNavigator
    var unsaved: NavStateError?

    init(route: AppRoute, navigator: SceneNavigator, unsaved: NavStateError? = nil) {
        self.route = route
        self.navigator = navigator
        self.unsaved = unsaved
    }

    /// A presentation's destination; one this version does not know shows
    /// as such instead of crashing (the restore drops those anyway).
    init(destination: AnyDestination, navigator: SceneNavigator, unsaved: NavStateError? = nil) {
        self.init(route: destination.as(AppRoute.self) ?? .debug, navigator: navigator, unsaved: unsaved)
    }

    var body: some View {
        switch route {
        case .product(let id)?:
            Text("Product \(id)").navigationTitle("Product")
        case .order(let id)?:
            List { NavigationLink("Line 1", value: AppRoute.orderLine(order: id, line: 1)) }.navigationTitle("Order \(id)")
        case let .orderLine(order, line)?:
            Text("Order \(order), line \(line)")
        case .checkout?:
            // The checkout's own stack: pushes here stay in the sheet.
            List {
                NavigationLink("Pay 40", value: AppRoute.payment(amount: 40))
                Button("Close") { navigator.dismiss() }
            }
            .navigationTitle("Checkout")
        case .payment(let amount)?:
            Text("Paying \(amount)")
        case .debug?, nil:
            DebugScreen(navigator: navigator, unsaved: unsaved)
        }
    }
}

/// What the crash-loop guard decided at this window's launch, and a way to
/// open another window (each shows a scene of its own).
struct DebugScreen: View {
    let navigator: SceneNavigator
    let unsaved: NavStateError?
    #if !os(tvOS)
    @Environment(\.openWindow) private var openWindow
    #endif

    var body: some View {
        List {
            Section("Restore") {
                ForEach(Shop.describe(navigator.restoreReport, unsaved: unsaved), id: \.self) { Text($0) }
            }
            Section("Windows") {
                Text("This window's scene: \(navigator.scene)")
                #if !os(tvOS)
                Button("Open another window") { openWindow(id: "shop") }
                #endif
            }
        }
        .navigationTitle("Developer")
    }
}
#endif
