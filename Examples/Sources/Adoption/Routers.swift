// Adoption: a tab bar whose stacks live in router objects, and a sheet
// presented from an optional item. The lines NavState adds end in
// `// NavState`.
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: routers
import NavStateUI // NavState
import SwiftUI

struct RoutedTabs: View {
    @StateObject private var home = Router<HomeRoute>()
    @StateObject private var orders = Router<OrderRoute>()
    @State private var tab = ShopTab.home
    @State private var sheet: ShopSheet?

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack(path: $home.path) { HomeView() }
                .tag(ShopTab.home)
            NavigationStack(path: $orders.path) { OrderList() }
                .tag(ShopTab.orders)
        }
        .sheet(item: $sheet) { SheetScreen(sheet: $0) }
        .restoresNavigation( // NavState
            .stack($home.path, name: "home"), .stack($orders.path, name: "orders"), // NavState
            .selection($tab), .presented($sheet), // NavState
            types: ShopTab.self, ShopSheet.self, HomeRoute.self, OrderRoute.self) // NavState
    }
}
// docs.end
#endif
