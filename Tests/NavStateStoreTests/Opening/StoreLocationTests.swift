import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
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
            .save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        #expect(try NavStore(readingAt: url.path).load(scene: "main")?.state.contentStack.count == 1)
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
        #expect(throws: NavStateError.invalidFileName("")) { try NavStore.defaultURL(in: directory.url, fileName: "") }
        #expect(throws: NavStateError.invalidFileName("../x.sqlite")) {
            try NavStore.defaultURL(in: directory.url, fileName: "../x.sqlite")
        }
    }

    #if !canImport(Darwin)
    @Test func anAppGroupIsRefusedWhereThereAreNone() {
        #expect {
            try NavStore.defaultURL(appGroup: "group.com.example.shop")
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .appGroupUnavailable else { return false }
            return error.detail("") == "group.com.example.shop" && "\(error)".contains("Apple platforms only")
        }
    }
    #endif

    @Test func eachPlatformKeepsTheStoreWhereItsDataSurvivesOrSaysItMayNot() {
        typealias Location = NavStore.StorageLocation
        #expect(Location.current == .applicationSupport, "Linux, as iOS")
        #expect(Location.applicationSupport.directory == .applicationSupportDirectory)
        #expect(Location.applicationSupportPerApp.directory == .applicationSupportDirectory)
        #expect(Location.caches.directory == .cachesDirectory, "tvOS writes nothing to Application Support")
        #expect(!Location.caches.isPersistent)
        #expect(Location.applicationSupport.isPersistent && Location.applicationSupportPerApp.isPersistent)
        let container = URL(fileURLWithPath: "/containers/group.shop")
        #expect(Location.applicationSupport.appGroupFolder(in: container) == container)
        #expect(Location.caches.appGroupFolder(in: container).path == "/containers/group.shop/Library/Caches")
    }

    @Test func backupExclusionCoversTheFilesAndTheFolderDefaultURLMade() throws {
        let directory = try TemporaryDirectory()
        let url = try NavStore.defaultURL(in: directory.url, fileName: "navstate.sqlite")
        // Open, so its -wal and -shm exist.
        let store = try NavStore(path: url.path, configuration: StoreFixtures.quiet())
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        let folder = url.deletingLastPathComponent().path
        #expect(StoreFile.backupExclusionTargets(url.path) == [url.path, url.path + "-wal", url.path + "-shm", folder])
        // A file the app placed in a folder of its own: that folder is left alone.
        let own = directory.path("Documents/shop.sqlite")
        try FileManager.default.createDirectory(atPath: directory.path("Documents"), withIntermediateDirectories: true)
        let ownStore = try NavStore(path: own, configuration: StoreFixtures.quiet())
        try ownStore.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        #expect(StoreFile.backupExclusionTargets(own) == [own, own + "-wal", own + "-shm"])
        _ = (store, ownStore)
    }

    @Test func backupExclusionAndProtectionAreOnByDefault() {
        let configuration = NavStore.Configuration()
        #expect(configuration.isExcludedFromBackup)
        #expect(configuration.fileProtection?.rawValue == FileProtectionType.completeUntilFirstUserAuthentication.rawValue)
    }
}
