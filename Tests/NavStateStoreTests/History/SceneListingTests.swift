import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// `scenes()` has two ways to find every head; they list the same rows,
/// damaged ones included, and each is chosen where it reads less.
@Suite("Scene listing")
struct SceneListingTests {
    @Test func bothPlansListTheSameScenes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("list.sqlite")
        var configuration = StoreFixtures.quiet()
        configuration.keptRevisions = nil
        do {
            let store = try NavStore(path: path, configuration: configuration)
            for index in 0..<40 {
                // Scenes with one revision, and scenes with many.
                for revision in 0...(index % 5 == 0 ? 12 : 0) {
                    let root = (0...revision).map { StoreFixtures.entry(String($0)) }
                    try store.save(SceneState(stack: root), scene: "scene-\(String(index, radix: 7))")
                }
            }
            try store.save(SceneState(), scene: "empty")
            try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "no-rows")
            try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "out-of-range")
            try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "bad-counts")
        }
        // Damage the listing must survive: a scene without rows, a head
        // numbered out of range (not history), counts out of range.
        try Tamper.run(path, """
            DELETE FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'no-rows');
            INSERT INTO revision (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
                SELECT scene_id, 9007199254740993, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change
                FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'out-of-range');
            UPDATE revision SET entry_count = -5, byte_count = 9223372036854775807
                WHERE scene_id = (SELECT id FROM scene WHERE name = 'bad-counts');
            """)
        let store = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        let seeking = try store.scenes(plan: .seekPerScene)
        let scanning = try store.scenes(plan: .scanRevisions)
        #expect(seeking.count == 44)
        #expect(seeking == scanning)
        #expect(try store.scenes() == seeking)
        #expect(seeking.map(\.scene) == seeking.map(\.scene).sorted())
        let byName = Dictionary(uniqueKeysWithValues: seeking.map { ($0.scene, $0) })
        #expect(byName["no-rows"]?.headIsMissing == true)
        #expect(byName["out-of-range"]?.revision == 1)
        #expect(byName["bad-counts"].map { [$0.entryCount, $0.bytes] } == [0, 0])
        #expect(byName["scene-0"]?.revision == 13)
    }

    @Test func theScanIsChosenOnlyWhereScenesHoldFewRows() throws {
        let thin = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        for index in 0..<50 { try thin.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "window-\(index)") }
        #expect(try thin.chosenListingPlan() == .scanRevisions)
        let thick = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        for index in 0..<50 {
            for revision in 1...6 { try thick.save(SceneState(stack: [StoreFixtures.entry(String(revision))]), scene: "scene-\(index)") }
        }
        #expect(try thick.chosenListingPlan() == .seekPerScene)
        #expect(try NavStore.inMemory(configuration: StoreFixtures.quiet()).chosenListingPlan() == .seekPerScene)
    }
}
