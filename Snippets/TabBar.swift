// A tab bar with a stack in each tab: one scene, one restore, deep links
// that switch tab and push.
import Foundation
import NavState
import NavStateNavigator

enum HomeRoute: NavDestination { case page2 }
enum OrderRoute: NavDestination { case detail(id: Int) }

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
func tabs() async throws {
    let store = try NavStore.inMemory()  // an app: try await NavStore.open(path: NavStore.defaultURL().path)
    var registry = DestinationRegistry()
    try registry.register(HomeRoute.self, as: "home")
    try registry.register(OrderRoute.self, as: "orders")

    // snippet.show
    let tabs = NavContainer<AnyDestination>.tabs(NavTabs(ids: ["home", "orders", "cart"]))
    let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
    try await navigator.restore(options: RestoreOptions(tree: tabs))   // first launch: the tabs, empty

    try navigator.push(HomeRoute.page2)                                 // in the tab on screen: home
    try await navigator.send(to: .tab("orders"), OrderRoute.detail(id: 7))   // switch tab, then push
    try await navigator.flush()

    let relaunched = SceneNavigator(scene: "main", store: store, registry: registry)
    try await relaunched.restore(options: RestoreOptions(tree: tabs))
    // relaunched.selectedTab() == "orders"; relaunched.path(at: .tab("home")) holds page2
    // snippet.end
    precondition(relaunched.state == navigator.state)
    print("tab \(relaunched.selectedTab() ?? "none"): \(relaunched.path.count) screen; home: \(relaunched.path(at: .tab("home")).count) screen")
}

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
    try await tabs()
}
