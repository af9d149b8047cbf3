// Adoption: a split view whose sidebar selection picks what the detail
// column's stack shows, as in Apple's Food Truck sample. The lines NavState
// adds end in `// NavState`.
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: split-view
import NavStateUI // NavState
import SwiftUI

struct TruckWindow: View {
    @State private var selection: Panel? = .truck
    @State private var path = NavigationPath()

    var body: some View {
        NavigationSplitView {
            Sidebar(selection: $selection)
        } detail: {
            NavigationStack(path: $path) {
                DetailColumn(selection: $selection)
            }
        }
        // The selection first: the path lives under it.
        .restoresNavigation(.selection($selection), .stack($path), types: Panel.self) // NavState
    }
}
// docs.end
#endif
