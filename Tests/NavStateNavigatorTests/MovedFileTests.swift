import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateNavigator
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A file deleted or replaced under an open store (a user clearing the
/// app's data, a test harness, a sync tool) is noticed: saves fail with a
/// typed error instead of landing in a file nobody will open again.
@Suite("Moved files")
struct MovedFileTests {
    private func state(_ count: Int) -> SceneState<NavEntry> {
        SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }

    @Test func aDeletedFileFailsEverySaveWithATypedError() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try await store.save(state(1), scene: "main")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        await #expect(throws: NavStateError.fileMoved(path: path)) { try await store.save(self.state(2), scene: "main") }
        await #expect(throws: NavStateError.fileMoved(path: path)) { _ = try await store.load(scene: "main") }
        // The next launch starts a new file, and it works.
        let next = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await next.load(scene: "main") == nil)
        #expect(try await next.save(state(3), scene: "main").revision == 1)
    }

    @Test func aReplacedFileFailsTheSaveAndIsLeftAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try await store.save(state(1), scene: "main")
        // Another store's file moved over this one, as a restore from a backup would.
        let other = directory.path("other.sqlite")
        do {
            let writer = try NavStore(path: other, configuration: StoreFixtures.quiet())
            try await writer.save(state(5), scene: "main")
        }
        // A whole replacement: the old -wal and -shm go with the old file.
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        #expect(rename(other, path) == 0)
        await #expect(throws: NavStateError.fileMoved(path: path)) { try await store.save(self.state(2), scene: "main") }
        let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await reopened.load(scene: "main")?.state == state(5))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @MainActor @Test func theNavigatorReportsIt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let registry = DestinationRegistry()
        let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
        try await navigator.restore()
        try navigator.push(1)
        try await navigator.flush()
        try FileManager.default.removeItem(atPath: path)
        try navigator.push(2)
        await #expect(throws: NavStateError.fileMoved(path: path)) { try await navigator.flush() }
        #expect(navigator.lastSaveError == .fileMoved(path: path))
    }
}
