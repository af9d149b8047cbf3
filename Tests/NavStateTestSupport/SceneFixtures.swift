import NavStateModel

/// Entries and states for tests of every layer.
enum SceneFixtures {
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
}
