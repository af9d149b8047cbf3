import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// What may stand at a store's path, and in the folders above it.
///
/// On Apple platforms the folders an app is given pass through links
/// (`/var` is `/private/var`, `/tmp` is `/private/tmp`), so a link above
/// the file is followed; a link at the file, its `-wal` or its `-shm`, and
/// anything that is not a regular file, is refused before anything is
/// opened or changed.
@Suite("Store paths")
struct StorePathTests {
    private static let state = SceneState<NavEntry>(stack: [StoreFixtures.entry("1"), StoreFixtures.entry("2")])

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// Issue 42: a file name or path SQLite opens but cannot make a store
    /// of (no room for `-journal` after the name, a path past its 512
    /// bytes) gave SQLite's raw "unable to open database file" and left an
    /// empty file. A typed error names the cause, and nothing is created.
    @Test func aNameOrPathTooLongIsRefusedByNameAndLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let fits = directory.path(String(repeating: "a", count: StoreFile.longestFileName))
        #expect(try NavStore(path: fits, configuration: StoreFixtures.quiet()).save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main").revision == 1)

        let long = directory.path(String(repeating: "b", count: StoreFile.longestFileName + 1))
        do {
            _ = try NavStore(path: long, configuration: StoreFixtures.quiet())
            Issue.record("a 248-byte name opened")
        } catch {
            guard error.code == .cannotOpen, let reason = error.detail("reason", as: String.self) else { throw error }
            #expect(error.path == long)
            #expect(reason.contains("file name is 248 bytes long; a store's holds at most 247"), "\(reason)")
        }
        #expect(!FileManager.default.fileExists(atPath: long))

        var folder = directory.url.path + "/"
        while folder.utf8.count < StoreFile.longestPath - 120 {
            folder += String(repeating: "d", count: 100) + "/"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let deep = folder + String(repeating: "f", count: StoreFile.longestPath + 1 - folder.utf8.count)
        #expect(deep.utf8.count == StoreFile.longestPath + 1)
        do {
            _ = try NavStore(path: deep, configuration: StoreFixtures.quiet())
            Issue.record("a path past SQLite's length opened")
        } catch {
            guard error.code == .cannotOpen, let reason = error.detail("reason", as: String.self) else { throw error }
            #expect(reason.contains("path is 505 bytes long"), "\(reason)")
        }
        #expect(!FileManager.default.fileExists(atPath: deep))
        let deepest = folder + String(repeating: "f", count: StoreFile.longestPath - folder.utf8.count)
        #expect(try NavStore(path: deepest, configuration: StoreFixtures.quiet()).save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func aLinkedFolderAboveTheFileIsFollowed() async throws {
        let directory = try TemporaryDirectory()
        let real = directory.path("private/var/mobile")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        // As /var -> /private/var on iOS and macOS.
        try FileManager.default.createSymbolicLink(atPath: directory.path("var"), withDestinationPath: directory.path("private/var"))
        let path = directory.path("var/mobile/navstate.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await store.save(Self.state, scene: "main").revision == 1)
        #expect(try await store.load(scene: "main")?.state == Self.state)
        // The file is in the real folder, whole, and the store reads back
        // through the link as a reader and as a new writer.
        #expect(try (FileManager.default.attributesOfItem(atPath: real + "/navstate.sqlite")[.size] as? Int ?? 0) > 0)
        let reader = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        #expect(try await reader.load(scene: "main")?.state == Self.state)
        let again = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await again.save(SceneState(stack: [StoreFixtures.entry("3")]), scene: "main").revision == 2)
    }

    @Test func aRelativeLinkAndAPathWithoutAFolderOpen() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("link"), withDestinationPath: "real")
        let store = try NavStore(path: directory.path("link/x.sqlite"), configuration: StoreFixtures.quiet())
        #expect(try store.save(Self.state, scene: "main").revision == 1)
        #expect(FileManager.default.fileExists(atPath: directory.path("real/x.sqlite")))
        #expect(try StoreFile.resolvingDirectory(of: "x.sqlite").hasSuffix("/x.sqlite"))
        #expect(try StoreFile.resolvingDirectory(of: "/x.sqlite") == "/x.sqlite")
    }

    @Test func theCommandOpensThroughALinkedFolder() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("link"), withDestinationPath: directory.path("real"))
        let demo = try CommandRunner.navstate.run(["demo", "--db", directory.path("link/x.sqlite")])
        #expect(demo.status == 0, "\(demo.stderr)")
        let scenes = try CommandRunner.navstate.run(["scenes", "--db", directory.path("link/x.sqlite")])
        #expect(scenes.status == 0 && scenes.text.contains("demo"), "\(scenes.stderr)")
    }

    @Test(arguments: ["", "-wal", "-shm"])
    func aLinkAtTheFileOrBesideItIsRefusedAndNothingChanges(suffix: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        if suffix.isEmpty {
            let target = directory.path("target")
            #expect(FileManager.default.createFile(atPath: target, contents: Data(), attributes: [.posixPermissions: 0o644]))
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        } else {
            // An empty store file, whose -wal or -shm is a link elsewhere.
            #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
            #expect(FileManager.default.createFile(atPath: directory.path("target"), contents: Data("keep".utf8), attributes: [.posixPermissions: 0o644]))
            try FileManager.default.createSymbolicLink(atPath: path + suffix, withDestinationPath: directory.path("target"))
        }
        #expect(throws: NavStateError.notARegularFile(path: path + suffix)) {
            try NavStore(path: path, configuration: StoreFixtures.quiet())
        }
        // The link's target keeps its mode and bytes; nothing was made.
        #expect(try mode(directory.path("target")) == 0o644)
        #expect(StoreFixtures.bytes(of: directory.path("target")) == (suffix.isEmpty ? Data() : Data("keep".utf8)))
        if !suffix.isEmpty { #expect(try mode(path) == 0o644) }
        for other in ["-wal", "-shm"] where other != suffix {
            #expect(!FileManager.default.fileExists(atPath: path + other), "\(other)")
        }
    }

    /// The mode change an empty file gets never goes through a link, even
    /// one put there between the check and the change.
    @Test func ownerOnlyModesAreSetWithoutFollowingALink() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("target")
        #expect(FileManager.default.createFile(atPath: target, contents: Data(), attributes: [.posixPermissions: 0o644]))
        let path = directory.path("db.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
        let prepared = try StoreFile.prepareForWriting(path)
        #expect(!prepared.created)
        #expect(try mode(path) == 0o600)
        // A link appears at the -wal after the check: the change skips it.
        try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: target)
        #expect(chmod(path, 0o644) == 0)
        #expect(throws: NavStateError.notARegularFile(path: path + "-wal")) {
            try StoreFile.prepareForWriting(path)
        }
        #expect(try mode(target) == 0o644)
    }

    @Test func specialFilesAreRefusedWithATypedErrorAndNothingHangs() async throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("fifo.sqlite")
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = directory.path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for path in [fifo, folder, "/dev/null"] {
            #expect(throws: NavStateError.notARegularFile(path: path)) { try NavStore(path: path, configuration: StoreFixtures.quiet()) }
            #expect(throws: NavStateError.notARegularFile(path: path)) { try NavStore(readingAt: path, configuration: StoreFixtures.quiet()) }
        }
        // A FIFO beside a real store, where its -wal would be.
        let path = directory.path("db.sqlite")
        try await NavStore(path: path, configuration: StoreFixtures.quiet()).save(Self.state, scene: "main")
        #expect(mkfifo(path + "-wal", 0o600) == 0)
        #expect(throws: NavStateError.notARegularFile(path: path + "-wal")) { try NavStore(readingAt: path, configuration: StoreFixtures.quiet()) }
        #expect(throws: NavStateError.notARegularFile(path: path + "-wal")) { try NavStore(path: path, configuration: StoreFixtures.quiet()) }
        // The command answers at once, with the error, and exit status 2.
        let scenes = try CommandRunner.navstate.run(["scenes", "--db", fifo])
        #expect(scenes.status == 2)
        #expect(scenes.stderr.contains("is not a regular file"), "\(scenes.stderr)")
    }

    @Test func theErrorSaysWhatIsThereAndWhatToDo() {
        let message = NavStateError.notARegularFile(path: "/a/db.sqlite-wal").description
        #expect(message == "/a/db.sqlite-wal is not a regular file (a symbolic link, a directory, a FIFO or a device); nothing was opened or changed. Point the store at a regular file, or at a path where none exists yet")
    }
}
