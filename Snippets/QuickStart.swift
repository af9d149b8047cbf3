// Register destinations, keep a path, save it and restore it.
import Foundation
import NavState

enum OrderRoute: NavDestination {
    case list
    case detail(id: Int)
}

@MainActor
func quickStart() async throws {
    // snippet.show
    var registry = DestinationRegistry()
    try registry.register(OrderRoute.self, as: "orders")

    var path = NavPath(registry: registry)
    try path.append(OrderRoute.list)
    try path.append(OrderRoute.detail(id: 7))

    // What SwiftUI writes, and the one way to read it back.
    let json = try path.representation(style: .qualified)
    let decoded = try NavPath.decode(representation: json, registry: registry)
    precondition(decoded.path == path && decoded.failures.isEmpty)

    // In an app: try await NavStore.open(path: NavStore.defaultURL().path)
    let store = try NavStore.inMemory()
    // From the main actor: SQLite runs on the store's own queue.
    let saved = try await store.save(SceneState(stack: Array(path)), scene: "main")
    // The next launch: the state back, typed, and what was left out.
    let restored = try await store.restore(scene: "main", registry: registry)
    precondition(restored.state.contentStack == Array(path) && restored.report.revision == saved.revision)
    try await store.confirmRestore(restored.report)
    // snippet.end
    print("saved revision \(saved.revision) with \(path.count) destinations")
}

try await quickStart()
