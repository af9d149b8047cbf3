import Foundation
import Logging
import NavState

/// A fresh directory per test, removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("navstate-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Read-only directories made by a test must become writable to go.
        _ = chmod(url.path, 0o700)
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

enum StoreFixtures {
    /// A configuration whose logger stays quiet unless something fails.
    static func quiet(_ durability: NavStore.Durability = .normal) -> NavStore.Configuration {
        var logger = Logger(label: "navstate.tests")
        logger.logLevel = .critical
        return NavStore.Configuration(durability: durability, logger: logger)
    }

    /// A quiet configuration that keeps every revision, for tests that
    /// check each one after many saves.
    static func keepingEveryRevision() -> NavStore.Configuration {
        var configuration = quiet()
        configuration.keptRevisions = nil
        return configuration
    }

    static func entry(_ tag: String, _ payload: String) -> NavEntry {
        NavEntry(tag: tag, payload: payload)
    }

    /// An `Int` entry.
    static func entry(_ payload: String) -> NavEntry {
        NavEntry(tag: "Int", payload: payload)
    }

    /// A state with every feature: a root stack, a managed sheet with its
    /// own stack, a plain cover above it, checkpoints and scene values.
    static func richState() -> SceneState<NavEntry> {
        SceneState(
            root: [entry("home", #"{"tab":1}"#), entry("orders.detail", #"{"id":7}"#)],
            presentations: [
                Presentation(method: .managedSheet, destination: entry("cart", "{}"),
                             stack: [entry("cart.item", #"{"sku":"a\/b"}"#)]),
                Presentation(method: .cover, destination: entry("Si", "5")),
            ],
            checkpoints: [
                Checkpoint(name: "home", stack: 0, entriesKept: 0),
                Checkpoint(name: "cart", stack: 1, entriesKept: 1, valueType: "Int"),
            ],
            values: ["selectedTab": NavEntry(tag: "String", payload: #""orders""#)])
    }

    static func bytes(of path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }
}
