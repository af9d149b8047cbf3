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
            stack: [entry("home", #"{"tab":1}"#), entry("orders.detail", #"{"id":7}"#)],
            presentations: [
                Presentation(method: .managedSheet, destination: entry("cart", "{}"),
                             stack: [entry("cart.item", #"{"sku":"a\/b"}"#)]),
                Presentation(method: .cover, destination: entry("Si", "5")),
            ],
            checkpoints: [
                Checkpoint(name: "home", stack: .root, entriesKept: 0),
                Checkpoint(name: "cart", stack: .presentation(1), entriesKept: 1, valueType: "Int"),
            ],
            values: ["selectedTab": NavEntry(tag: "String", payload: #""orders""#)])
    }

    /// Root [1 2 3], a managed sheet (4) with [5 6], a plain cover (7),
    /// and checkpoints in the root and the sheet.
    static func tree() -> SceneState<NavEntry> {
        SceneState(
            stack: [entry("1"), entry("2"), entry("3")],
            presentations: [
                Presentation(method: .managedSheet, destination: entry("4"), stack: [entry("5"), entry("6")]),
                Presentation(method: .cover, destination: entry("7")),
            ],
            checkpoints: [
                Checkpoint(name: "home", stack: .root, entriesKept: 0),
                Checkpoint(name: "detail", stack: .root, entriesKept: 2, valueType: "Int"),
                Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 1),
            ])
    }
}
