// The Swift blocks of NavState.docc/RestoringAfterAnUpdate.md, compiled: each `// docs:` region is
// one block, and DocumentationCodeTests keeps the two equal.
import Foundation
import NavState

struct OrderScreen: NavDestination {
    var orderID: Int
    var note: String
}
enum HomeRoute: NavDestination { case start }
struct OrderRoute: NavDestination { var id: Int }
struct PromoRoute: NavDestination { var code: String }
enum OrderUpgradeError: Error { case missingID }
struct Bad: Error {}

/// The app's own logger and order lookup, as the text assumes them.
struct AppLogger {
    func notice(_ message: String) { print(message) }
}
actor Orders {
    func exists(_ id: Int) -> Bool { id > 0 }
}

@MainActor
func restoring(store: NavStore, registry: DestinationRegistry, logger: AppLogger) async throws -> NavPath {
    var path = NavPath(registry: registry)
    // docs: restore
    let restored = try await store.restore(scene: "main", registry: registry)
    path = NavPath(restored.state.contentStack, registry: registry)
    for dropped in restored.report.dropped {
        logger.notice("not restored: \(dropped)")        // where, which tag, why
    }
    // … once the first screen is up:
    try await store.confirmRestore(restored.report)
    // docs.end
    return path
}

@MainActor
func restoringATree(store: NavStore, registry: DestinationRegistry) async throws -> RestoreReport {
    // docs: tree
    let tabs = NavContainer<AnyDestination>.tabs(NavTabs(ids: ["home", "orders", "cart"]))
    let restored = try await store.restore(scene: "main", registry: registry, options: RestoreOptions(tree: tabs))
    // docs.end
    return restored.report
}

func upgrading(_ registry: inout DestinationRegistry) throws {
    // docs: upgrades
    try registry.register(OrderScreen.self, as: "order", version: 3, upgrades: [
        1: { json in                        // {"id":7} → {"orderId":7}
            guard case .object(var fields) = json, let id = fields.removeValue(forKey: "id") else {
                throw OrderUpgradeError.missingID
            }
            fields["orderId"] = id
            return .object(fields)
        },
        2: { json in                        // {"orderId":7} → {"orderID":7,"note":""}
            guard case .object(var fields) = json, let id = fields.removeValue(forKey: "orderId") else {
                throw OrderUpgradeError.missingID
            }
            fields["orderID"] = id
            fields["note"] = .string("")
            return .object(fields)
        },
    ])
    // docs.end
}

func validating(_ registry: inout DestinationRegistry, orders: Orders) throws {
    // docs: validator
    try registry.addValidator(for: OrderScreen.self) { order in
        await orders.exists(order.orderID) ? .accept : .reject("order \(order.orderID) no longer exists")
    }
    // docs.end
}

func versionOne(_ registry: inout DestinationRegistry) throws {
    // docs: version-1
    try registry.register(HomeRoute.self, as: "home")
    try registry.register(OrderRoute.self, as: "orders.detail")      // {"id":7}
    try registry.register(PromoRoute.self, as: "promo")
    // docs.end
}

func versionTwo(_ registry: inout DestinationRegistry) throws {
    // docs: version-2
    try registry.register(HomeRoute.self, as: "home")
    try registry.register(OrderScreen.self, as: "order", version: 2, aliases: ["orders.detail"], upgrades: [
        1: { json in
            guard case .object(var fields) = json, let id = fields.removeValue(forKey: "id") else { throw Bad() }
            fields["orderID"] = id
            fields["note"] = .string("")
            return .object(fields)
        },
    ])
    // PromoRoute is gone.
    // docs.end
}

// The worked example, run: version 1 saves, version 2 restores.
var old = DestinationRegistry()
try versionOne(&old)
var new = DestinationRegistry()
try versionTwo(&new)
try validating(&new, orders: Orders())
let store = try NavStore.inMemory()
try await store.save(
    SceneState(stack: [try AnyDestination(HomeRoute.start, in: old), try AnyDestination(OrderRoute(id: 7), in: old),
                       try AnyDestination(PromoRoute(code: "x"), in: old)]),
    scene: "main")
let path = try await restoring(store: store, registry: new, logger: AppLogger())
print("restored \(path.count) of 3")
