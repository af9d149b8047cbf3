// Version 2 of an app renamed one screen and removed another: restore what
// still makes sense, report the rest, and confirm once the UI is up.
import Foundation
import NavState

struct OrderDetail: NavDestination { var id: Int }
struct Promo: NavDestination { var code: String }

@MainActor
func appUpdate() async throws {
    let store = try NavStore.inMemory()

    // Version 1 saved a path.
    var version1 = DestinationRegistry()
    try version1.register(OrderDetail.self, as: "orders.detail")
    try version1.register(Promo.self, as: "promo")
    try await store.save(SceneState(stack: [
        try AnyDestination(OrderDetail(id: 42), in: version1),
        try AnyDestination(Promo(code: "SPRING"), in: version1),
    ]), scene: "main")

    // snippet.show
    // Version 2 renamed "orders.detail" to "order" (the old name is an
    // alias) and removed the promo screen.
    var version2 = DestinationRegistry()
    try version2.register(OrderDetail.self, as: "order", aliases: ["orders.detail"])

    let restored = try await store.restore(scene: "main", registry: version2)
    for dropped in restored.report.dropped {
        print("not restored: \(dropped)")  // stack 0 position 1 'promo': unknown type
    }
    let path = NavPath(restored.state.contentStack, registry: version2)
    // … once the first screen is on display:
    try await store.confirmRestore(restored.report)
    // snippet.end
    precondition(path.count == 1 && path[0].as(OrderDetail.self)?.id == 42)
    print("restored \(path.count) of 2; dropped \(restored.report.dropped.count)")
}

try await appUpdate()
