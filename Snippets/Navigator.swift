// A scene's live navigation: the navigator holds the state the UI shows,
// saves every change by itself, and restores it at the next launch.
import Foundation
import NavState
import NavStateNavigator

enum ShopRoute: NavDestination {
    case product(Int)
    case cart
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
func navigate() async throws {
    let store = try NavStore.inMemory()  // an app: try await NavStore.open(path: NavStore.defaultURL().path)
    var registry = DestinationRegistry()
    try registry.register(ShopRoute.self, as: "shop")

    // snippet.show
    let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
    try await navigator.restore()        // at launch, before the first screen
    try await navigator.confirm()        // once that screen is up

    try navigator.push(ShopRoute.product(7))
    navigator.setCheckpoint("product")
    try navigator.present(ShopRoute.cart, style: .managedSheet)
    try navigator.returnToCheckpoint("product")   // the sheet goes
    try await navigator.flush()          // when the scene goes to the background

    // The next launch, the same scene comes back:
    let relaunched = SceneNavigator(scene: "main", store: store, registry: registry)
    try await relaunched.restore()
    // snippet.end
    precondition(relaunched.state == navigator.state)
    print("restored \(relaunched.path.count) screen, saved in \(navigator.savesCompleted) saves")
}

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
    try await navigate()
}
