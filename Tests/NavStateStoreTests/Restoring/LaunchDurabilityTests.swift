import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The crash-loop guard counts a launch before it hands out the state: an
/// app killed the moment `restore` returns (SIGKILL, nothing closed or
/// flushed) has its attempt in the file, and the launches after it see it.
@Suite("Launch durability", .serialized)
struct LaunchDurabilityTests {
    static let helper = CommandRunner(executable: CommandRunner.builtProduct("NavStateTestHelper"))

    @Test func aLaunchKilledRightAfterRestoreReturnsIsCounted() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("launch.sqlite")
        do {
            let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
            try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
            try store.save(SceneState(stack: [StoreFixtures.entry("1"), StoreFixtures.entry("2")]), scene: "main")
        }
        // The default guard: two unconfirmed restores of a revision, then
        // the one before it.
        for (launch, expected) in [(1, "restored 2"), (2, "restored 2"), (3, "restored 1")] {
            let output = try Self.helper.run(["launch-and-die", db, "main"])
            #expect(output.status == 128 + SIGKILL, "launch \(launch): \(output.text) \(output.stderr)")
            #expect(output.text == expected + "\n", "launch \(launch)")
            // What the next launch will find: every killed launch counted.
            let reader = try NavStore(readingAt: db, configuration: StoreFixtures.quiet())
            let attempts = try reader.unconfirmedRestores(scene: "main").map { "\($0.revision):\($0.count)" }
            #expect(attempts == (launch < 3 ? ["2:\(launch)"] : ["2:2", "1:1"]), "launch \(launch)")
        }
    }
}
