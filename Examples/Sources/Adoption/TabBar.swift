// Adoption: a tab bar with a stack of the app's own routes per tab. The
// lines NavState adds end in `// NavState`.
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: tab-bar
import NavStateUI // NavState
import SwiftUI

struct ShopTabs: View {
    @State private var tab = ShopTab.home
    @State private var homePath: [HomeRoute] = []
    @State private var ordersPath: [OrderRoute] = []

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack(path: $homePath) { HomeView() }
                .tag(ShopTab.home)
            NavigationStack(path: $ordersPath) { OrderList() }
                .tag(ShopTab.orders)
        }
        .restoresNavigation( // NavState
            .stack($homePath, name: "home"), .stack($ordersPath, name: "orders"), .selection($tab), // NavState
            types: ShopTab.self, HomeRoute.self, OrderRoute.self) // NavState
    }
}
// docs.end
#endif
