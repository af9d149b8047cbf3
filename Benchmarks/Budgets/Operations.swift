import CNavStateSQLite
import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateNavigator
import NavStateScenes

/// Each operation the budgets hold: its setup, then `count` runs of it.
enum Operations {
    // MARK: The store

    /// Saves alternating a push and a pop of one route on the stack on
    /// screen, through one store kept open, as an app's saves come.
    static func saves(of state: SceneState<AnyDestination>, path: String, saves count: Int) throws {
        let store = try NavStore(path: path, configuration: Workload.configuration())
        var state = state
        try store.save(state, scene: "main")
        let pushed = try AnyDestination(ShopRoute.at(state.contentStack.count), in: Workload.registry)
        for _ in 0..<(count / 2) {
            state.contentStack.append(pushed)
            try store.save(state, scene: "main")
            state.contentStack.removeLast()
            try store.save(state, scene: "main")
        }
    }

    /// Saves of a screen's own state alone, as typing a draft makes them:
    /// the top entry of a `depth`-deep stack, its draft alternating
    /// between two texts of one length (one keystroke and its undo).
    static func screenSaves(depth: Int, path: String, saves count: Int) throws {
        let store = try NavStore(path: path, configuration: Workload.configuration())
        var state = try Workload.stack(depth: depth)
        let top = EntryLocation.stack(.root, position: depth - 1)
        let typed = [#""Dear Ana, thank you for the order""#, #""Dear Ana, thank you for the ordex""#]
        state.screens[top] = ScreenState(json: ["draft": typed[1]])
        try store.save(state, scene: "main")
        for _ in 0..<(count / 2) {
            for draft in typed {
                state.screens[top] = ScreenState(json: ["draft": draft])
                try store.save(state, scene: "main")
            }
        }
    }

    /// The same keystrokes with a screen on every entry of the stack, each
    /// set as an app sets it (`setJSON`, the encoding `setValue` ends in,
    /// without `JSONEncoder`): the other screens cost the save next to
    /// nothing, as they did not change.
    static func screenSavesAmongOthers(depth: Int, path: String, saves count: Int) throws {
        let store = try NavStore(path: path, configuration: Workload.configuration())
        var state = try Workload.stack(depth: depth)
        for position in 0..<depth {
            var screen = ScreenState()
            screen.setJSON(#""Dear Ana, thank you for the order""#, forKey: "draft")
            screen.setJSON("\(position * 7)", forKey: "topRow")
            state.screens[.stack(.root, position: position)] = screen
        }
        let top = EntryLocation.stack(.root, position: depth - 1)
        let typed = [#""Dear Ana, thank you for the order""#, #""Dear Ana, thank you for the ordex""#]
        state.screens[top]?.setJSON(typed[1], forKey: "draft")
        try store.save(state, scene: "main")
        for _ in 0..<(count / 2) {
            for draft in typed {
                state.screens[top]?.setJSON(draft, forKey: "draft")
                try store.save(state, scene: "main")
            }
        }
    }

    /// The raw sqlite3 floor of a save: what SwiftUI's own persistence
    /// writes (`NavigationPath.codable` as JSON, encoded beforehand), one
    /// upsert of one row in WAL mode with the store's durability.
    static func floor(path: String, saves count: Int) throws {
        let floor = try RawSQLite(path: path)
        let base = ShopRoute.path(depth: 10)
        let baseBytes = try Workload.swiftUIJSON(base)
        let pushedBytes = try Workload.swiftUIJSON(base + [ShopRoute.at(10)])
        try floor.save(baseBytes)
        for _ in 0..<(count / 2) {
            try floor.save(pushedBytes)
            try floor.save(baseBytes)
        }
    }

    /// Restores through the crash-loop guard, each confirmed, on an open
    /// store: what a window's launch costs once the store is open.
    static func restores(of state: SceneState<AnyDestination>, path: String, count: Int) async throws {
        let store = try await NavStore.open(path: path, configuration: Workload.configuration())
        try await store.save(state, scene: "main")
        for _ in 0..<count {
            let restored = try await store.restore(scene: "main", registry: Workload.registry)
            try await store.confirmRestore(restored.report)
            guard restored.state.entryCount == state.entryCount else { throw HarnessError("lost entries") }
            guard restored.state.screens.count == state.screens.count else { throw HarnessError("lost screens") }
        }
    }

    /// A whole launch: open the file, restore through the guard, confirm,
    /// let the store go.
    static func launches(of state: SceneState<AnyDestination>, path: String, count: Int) async throws {
        do {
            let store = try await NavStore.open(path: path, configuration: Workload.configuration())
            try await store.save(state, scene: "main")
        }
        let configuration = Workload.configuration()
        for _ in 0..<count {
            let store = try await NavStore.open(path: path, configuration: configuration)
            let restored = try await store.restore(scene: "main", registry: Workload.registry)
            try await store.confirmRestore(restored.report)
            guard restored.state.entryCount == state.entryCount else { throw HarnessError("lost entries") }
        }
    }

    // MARK: The main actor

    /// `SceneNavigator.push` and `pop` on the main actor, `depth` deep.
    /// Their saves run off the main actor once it is free; it is never free
    /// here, so what is counted is the main actor's part alone.
    @MainActor
    static func navigatorChanges(depth: Int, count: Int) async throws {
        let store = try NavStore.inMemory(configuration: Workload.configuration())
        let navigator = SceneNavigator(scene: "main", store: store, registry: Workload.registry)
        try await navigator.restore()
        for route in ShopRoute.path(depth: depth) { try navigator.push(route) }
        try await navigator.flush()
        let pushed = ShopRoute.at(depth)
        for _ in 0..<(count / 2) {
            try navigator.push(pushed)
            navigator.pop()
        }
        guard navigator.state.contentStack.count == depth else { throw HarnessError("lost entries") }
    }

    /// What `restoresNavigation(.stack($routes))` does on the main actor
    /// when SwiftUI reports that the app's `[Route]` changed: the change
    /// seen (`onChange` compares the values), handed to the session, and
    /// read there before the save (`settle`: is it a push onto the old
    /// array, and the pushed route encoded). The routes need not be
    /// `Sendable`, so all of it is the main actor's; the save is not.
    @MainActor
    static func arrayChanges(depth: Int, count: Int) async throws {
        let session = try await restoredSession()
        // The app's two arrays, made beforehand: the app's own append (and
        // the copy it makes of an array SwiftUI still holds) is not the
        // face's work. Each is a copy of the other's start, as an append
        // leaves it.
        let base = ShopRoute.path(depth: depth)
        var pushed = base
        pushed.append(ShopRoute.at(depth))
        var routes = base
        var seen: [ShopRoute] = []
        func changed() async {
            // SwiftUI's `onChange`, then the face, compare the values; the
            // face hands the session the change, read before the save.
            guard routes != seen, routes != seen else { return }
            session.partChanged(0, from: seen, to: routes)
            seen = routes
            await session.settle()
        }
        await changed()
        // Saved before the count starts: a save still running would be
        // counted in one run and cut short by the other's exit.
        await session.flush()
        guard case .stack(let entries) = session.current[0], entries.count == depth else { throw HarnessError("lost entries") }
        for _ in 0..<(count / 2) {
            routes = pushed
            await changed()
            routes = base
            await changed()
        }
        guard case .stack(let last) = session.current[0], last.count == depth else { throw HarnessError("lost entries") }
    }

    /// The same for a `NavigationPath`: a push hands the session SwiftUI's
    /// JSON of the whole path (made beforehand: encoding it is SwiftUI's
    /// work, docs/benchmarks.md gives its cost), of which only the value
    /// pushed is read; a pop reads nothing.
    @MainActor
    static func pathChanges(depth: Int, count: Int) async throws {
        let session = try await restoredSession()
        let base = ShopRoute.path(depth: depth)
        let pushedJSON = try Workload.swiftUIJSON(base + [ShopRoute.at(depth)])
        guard session.pathChanged(0, count: depth, keepsEntries: false, codableJSON: { try? Workload.swiftUIJSON(base) }) else {
            throw HarnessError("the path did not read")
        }
        await session.flush()
        for _ in 0..<(count / 2) {
            session.pathChanged(0, count: depth + 1, keepsEntries: true, codableJSON: { pushedJSON })
            session.pathChanged(0, count: depth, keepsEntries: true, codableJSON: { nil })
        }
        guard case .stack(let entries) = session.current[0], entries.count == depth else { throw HarnessError("lost entries") }
    }

    /// A session of one stack over an in-memory store, restored (nothing
    /// saved) and saving.
    @MainActor
    private static func restoredSession() async throws -> SceneSession {
        let store = try NavStore.inMemory(configuration: Workload.configuration())
        let windows = WindowScenes(store: store)
        let session = SceneSession(
            layout: SceneLayout([(.stack, nil)]), registry: Workload.registry, suspendsStore: false,
            openWindows: { .success(windows) })
        guard let started = await session.start(remembered: "") else { throw HarnessError("not started") }
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        return session
    }
}

/// A bare sqlite3 connection in WAL mode with one prepared upsert.
final class RawSQLite {
    private let db: OpaquePointer
    private let upsert: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let handle else { throw HarnessError("cannot open \(path)") }
        db = handle
        for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL",
                    "CREATE TABLE IF NOT EXISTS scene (name TEXT PRIMARY KEY, path BLOB NOT NULL)"] {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw HarnessError("cannot run \(sql)") }
        }
        var statement: OpaquePointer?
        let sql = "INSERT INTO scene (name, path) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET path = excluded.path"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw HarnessError("cannot prepare \(sql)")
        }
        upsert = statement
    }

    deinit {
        sqlite3_finalize(upsert)
        sqlite3_close_v2(db)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func save(_ bytes: Data) throws {
        sqlite3_reset(upsert)
        sqlite3_bind_text(upsert, 1, "main", -1, Self.transient)
        _ = bytes.withUnsafeBytes { sqlite3_bind_blob(upsert, 2, $0.baseAddress, Int32($0.count), Self.transient) }
        guard sqlite3_step(upsert) == SQLITE_DONE else { throw HarnessError("upsert failed") }
    }
}
