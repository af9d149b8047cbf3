// Adoption: one persisted NavigationStack. The lines NavState adds end in
// `// NavState` (AdoptionCostTests counts them; README.md gives the count).
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: one-stack
import NavStateUI // NavState
import SwiftUI

struct OrdersTab: View {
    @State private var path = NavigationPath()

    var body: some View {
        NavigationStack(path: $path) {
            OrderList()
        }
        .restoresNavigation(.stack($path), types: OrderRoute.self) // NavState
    }
}
// docs.end
#endif
