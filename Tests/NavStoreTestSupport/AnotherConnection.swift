@_spi(Tooling) import NavState
@testable import NavStateTestSupport

/// Another connection to the file a long-lived store keeps saving to, which
/// now and then writes the scene under test (`QuickSaveTests`,
/// `TreeQuickSaveTests`): each save of that store must still land on the
/// file's own head.
struct AnotherConnection {
    let store: NavStore
    var random: SplitMix64
    /// How many times it wrote.
    private(set) var writes = 0

    /// One step in ten writes, each of these as often: `theirs` saved to
    /// `scene`, `elsewhere` saved to another scene, `scene` deleted, or
    /// its history trimmed to three revisions.
    mutating func maybeWrite(
        _ scene: String, saving theirs: (NavStore) throws -> Void, elsewhere: (NavStore) throws -> Void
    ) throws {
        switch random.next() % 40 {
        case 0: try theirs(store)
        case 1: try elsewhere(store)
        case 2: _ = try store.delete(scene: scene)
        case 3: try store.prune(keepRevisions: 3)
        default: return
        }
        writes += 1
    }
}

/// One file, in a temporary directory of its own, with the three stores a
/// long-lived test of saves needs: the app's, kept open for every save
/// (keeping 10 revisions); another connection that now and then writes; and
/// a reader that checks each save.
struct LongLivedFile {
    let directory: TemporaryDirectory
    let app: NavStore
    var other: AnotherConnection
    let reader: NavStore

    /// `seed` decides when the other connection writes, and what.
    init(seed: UInt64) throws {
        directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = StoreFixtures.quiet()
        configuration.keptRevisions = 10
        app = try NavStore(path: path, configuration: configuration)
        other = AnotherConnection(store: try NavStore(path: path, configuration: configuration), random: SplitMix64(state: seed))
        reader = try NavStore(path: path, configuration: StoreFixtures.quiet())
    }
}
