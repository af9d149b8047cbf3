// The shop app: one WindowGroup whose windows each show a scene of the
// shared store. SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
import NavState
import NavStateNavigator
import NavStateUI
import ShopCore
import SwiftUI

@main
struct ShopApp: App {
    var body: some Scene {
        WindowGroup(id: "shop") {
            ShopWindow()
        }
    }
}

// docs: window
/// One window: the store opened once for the app, this window's scene
/// restored into the tab bar, and shop links carried out in it.
struct ShopWindow: View {
    @State private var windows: WindowScenes?
    @State private var unsaved: NavStateError?
    private let registry = try? Shop.registry()

    var body: some View {
        if let windows, let registry {
            SceneNavigatorHost(windows: windows, registry: registry, options: Shop.restoreOptions, onOpenURL: { url, navigator in
                guard let link = ShopLink(url: url) else { return }
                Task { try? await link.open(in: navigator) }
            }) { navigator in
                ShopRoot(navigator: navigator, unsaved: unsaved)
            }
        } else {
            ProgressView().task {
                // Application Support; defaultURL(appGroup:) shares it with a widget.
                let path = (try? NavStore.defaultURL().path) ?? NSTemporaryDirectory() + "navstate.sqlite"
                (windows, unsaved) = await Shop.windows(path: path)
            }
        }
    }
}
// docs.end
#endif
