// The Swift blocks of NavState.docc/TheStore.md, TheStoresFile.md and RevisionsAndHistory.md, compiled: each `// docs:` region is
// one block, and DocumentationCodeTests keeps the two equal.
import Foundation
import NavState

enum ShopRoute: NavDestination { case order(Int), item(String) }

struct AppLogger {
    func error(_ message: String) { print(message) }
}

@MainActor
func savingAndRestoring(url: URL, path: NavPath, registry: DestinationRegistry) async throws -> RestoreReport {
    // docs: save-restore
    let store = try await NavStore.open(path: url.path)      // created 0600 if missing

    var state = SceneState<AnyDestination>(stack: Array(path))
    state.values["selectedTab"] = try AnyDestination("orders", in: registry)
    let saved = try await store.save(state, scene: "main")   // saved.revision == 1, 2, …

    // The next launch: the typed state, and what was left out and why.
    let restored = try await store.restore(scene: "main", registry: registry)
    // docs.end
    precondition(restored.report.revision == saved.revision)
    return restored.report
}

func saving(_ state: SceneState<AnyDestination>, in store: NavStore, logger: AppLogger) async {
    // docs: errors
    do {
        try await store.save(state, scene: "main")
    } catch NavStateError.diskFull {
        logger.error("the disk is full; the last save is still in the file")
    } catch where error.code == .conflict {
        logger.error("scene \(error.scene ?? "") is at revision \(error.revision ?? 0) already")
    } catch {
        logger.error("navigation state not saved: \(error)")
    }
    // docs.end
}

func tabs(order: AnyDestination, item: AnyDestination) throws -> SceneState<AnyDestination> {
    // docs: tabs
    var state = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: ["home", "orders", "cart"])))
    try state.setStack(.tab("orders"), to: [order])
    try state.select(.tab("orders"))      // the tab bar shows Orders
    state.contentStack.append(item)               // pushes in the tab on screen
    // docs.end
    return state
}

func recovering(url: URL, logger: AppLogger) async throws -> NavStore {
    // docs: recovering
    let (store, recovery) = try await NavStore.openRecovering(path: url.path)
    if let recovery {
        logger.error("navigation state reset: \(recovery.error); the old file is at \(recovery.movedTo ?? "its place"), scenes set aside: \(recovery.scenesSetAside.keys.sorted())")
    }
    // docs.end
    return store
}

/// The run, in a function of its own: what it makes is released when it
/// returns, not held by the top-level code until the process exits (which
/// LeakSanitizer reported as leaked).
func run() async throws {
    var registry = DestinationRegistry()
    try registry.register(ShopRoute.self, as: "shop")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-store-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = NavPath([try AnyDestination(ShopRoute.order(7), in: registry)], registry: registry)
    let report = try await savingAndRestoring(url: directory.appendingPathComponent("navstate.sqlite"), path: path, registry: registry)
    let state = try tabs(order: try AnyDestination(ShopRoute.order(7), in: registry), item: try AnyDestination(ShopRoute.item("a"), in: registry))
    _ = try await recovering(url: directory.appendingPathComponent("navstate.sqlite"), logger: AppLogger())
    print("revision \(report.revision ?? 0); orders tab: \(state.contentStack.count) screens")
}

try await run()
