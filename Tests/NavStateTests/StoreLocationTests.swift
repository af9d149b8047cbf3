import Foundation
@testable import NavState
import Testing

/// Where an app's store lives by default. The backup flag and file
/// protection are Apple-only (URLResourceValues, FileAttributeKey) and
/// cannot run here; docs/platforms.md says where they were checked.
@Suite("Store location")
struct StoreLocationTests {
    @Test func theDefaultFileIsInANavStateFolderThatIsCreated() throws {
        let directory = try TemporaryDirectory()
        let base = directory.url.appendingPathComponent("Application Support", isDirectory: true)
        let url = try NavStore.defaultURL(in: base, fileName: "navstate.sqlite")
        #expect(url.path == base.appendingPathComponent("NavState/navstate.sqlite").path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        try NavStore(path: url.path, configuration: StoreFixtures.quiet())
            .save(SceneState(root: [StoreFixtures.entry("1")]), scene: "main")
        #expect(try NavStore(readingAt: url.path).load(scene: "main")?.state.root.count == 1)
        // Asked again, the same place.
        #expect(try NavStore.defaultURL(in: base, fileName: "navstate.sqlite") == url)
    }

    @Test func theAppsOwnDefaultIsInApplicationSupport() throws {
        let url = try NavStore.defaultURL()
        #expect(url.lastPathComponent == "navstate.sqlite")
        #expect(url.deletingLastPathComponent().lastPathComponent == "NavState")
        #expect(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
    }

    @Test func aBadFileNameIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: NavStoreError.self) { try NavStore.defaultURL(in: directory.url, fileName: "") }
        #expect(throws: NavStoreError.self) { try NavStore.defaultURL(in: directory.url, fileName: "../x.sqlite") }
    }

    #if !canImport(Darwin)
    @Test func anAppGroupIsRefusedWhereThereAreNone() {
        #expect {
            try NavStore.defaultURL(appGroup: "group.com.example.shop")
        } throws: { error in
            guard case NavStoreError.invalidArgument(let message) = error else { return false }
            return message.contains("Apple platforms only")
        }
    }
    #endif

    @Test func backupExclusionAndProtectionAreOnByDefault() {
        let configuration = NavStore.Configuration()
        #expect(configuration.isExcludedFromBackup)
        #expect(configuration.fileProtection == .untilFirstUserAuthentication)
    }
}
