import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// One store kept open as an app keeps it, saving on every push, pop,
/// presentation and dismissal, while another process reads the file and a
/// third opens and closes it like an app extension. The `-wal`, the file
/// and the history must all stay bounded, and nothing may go wrong.
///
/// `swift test` runs a short count; `scripts/soak-test.sh` sets
/// `NAVSTATE_SOAK_SAVES=100000` for the long run.
@Suite("Soak test", .serialized)
struct SoakTests {
    static var saves: Int {
        ProcessInfo.processInfo.environment["NAVSTATE_SOAK_SAVES"].flatMap(Int.init) ?? Sanitizers.rounds(6_000, underSanitizer: 2_000)
    }

    /// The state of step `step`: a 10-deep stack, then in turn a push, a
    /// pop, a managed sheet presented and dismissed; the selected tab
    /// changes every 100 steps. Consecutive steps always differ.
    static func state(step: Int) -> SceneState<NavEntry> {
        var state = SceneState<NavEntry>(stack: (0..<10).map { StoreFixtures.entry("\"screen \($0)\"") })
        switch step % 4 {
        case 0: state.contentStack.append(StoreFixtures.entry("\"pushed at \(step)\""))
        case 2:
            state.presentations = [Presentation(
                method: .managedSheet, destination: NavEntry(tag: "sheet", payload: "{\"step\":\(step)}"),
                stack: [StoreFixtures.entry("\(step)")])]
            state.checkpoints = [Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 0)]
        default: break
        }
        state.values["tab"] = StoreFixtures.entry("\(step / 100 % 3)")
        return state
    }

    /// The same steps in a tab-bar app, saved typed: the save that knows
    /// each untouched tab only through its cached head. Three tabs of ten
    /// routes, made once, so every save finds them the head's own; the
    /// step's push, or a sheet, goes on the tab selected for the step's
    /// hundred.
    struct TabBarSteps {
        let registry: DestinationRegistry
        let base: SceneState<AnyDestination>
        static let tabIDs = ["home", "orders", "cart"]

        init() throws {
            let registry = try Samples.registry()
            var base = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: Self.tabIDs)))
            for id in Self.tabIDs {
                try base.setStack(.tab(id), to: (0..<10).map { try AnyDestination(SettingsRoute(section: id, depth: $0), in: registry) })
            }
            (self.registry, self.base) = (registry, base)
        }

        func state(step: Int) throws -> SceneState<AnyDestination> {
            var state = base
            try state.select(.tab(Self.tabIDs[step / 100 % Self.tabIDs.count]))
            func route(_ section: String) throws -> AnyDestination {
                try AnyDestination(SettingsRoute(section: section, depth: step), in: registry)
            }
            switch step % 4 {
            case 0: state.contentStack.append(try route("pushed"))
            case 2:
                state.presentations = [Presentation(method: .managedSheet, destination: try route("sheet"), stack: [try route("in sheet")])]
                state.checkpoints = [Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 0)]
            default: break
            }
            return state
        }
    }

    /// What the soak saves: the one-stack steps as entries, or the tab-bar
    /// steps as typed destinations.
    enum Shape: String, Sendable, CaseIterable {
        case oneStack, typedTabBar
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test(arguments: Shape.allCases)
    func aStoreOpenForThousandsOfSavesKeepsItsFilesAndHistoryBounded(shape: Shape) throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("soak.sqlite")
        let stop = directory.path("stop")
        let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
        let tabBar = try TabBarSteps()
        func save(step: Int) throws -> SaveResult {
            switch shape {
            case .oneStack: try store.save(Self.state(step: step), scene: "main")
            case .typedTabBar: try store.save(tabBar.state(step: step), scene: "main")
            }
        }
        /// What revision `step + 1` must load as.
        func expected(step: Int) throws -> SceneState<NavEntry> {
            switch shape {
            case .oneStack: Self.state(step: step)
            case .typedTabBar: try tabBar.state(step: step).map(\.stableEntry)
            }
        }
        _ = try save(step: 0)
        let reader = try HelperProcess.start(["read", db, "main", stop])
        let opener = try HelperProcess.start(["reopen", db, stop])

        let started = Date()
        var largestWAL = 0
        var fileAtHalf = 0
        for step in 1..<Self.saves {
            let result = try save(step: step)
            #expect(result.revision == step + 1 && result.isNewRevision, "step \(step)")
            if step % 25 == 0 { largestWAL = max(largestWAL, Self.size(db + "-wal")) }
            if step == Self.saves / 2 { fileAtHalf = Self.size(db) }
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(FileManager.default.createFile(atPath: stop, contents: Data()))
        let readerOutput = try reader.finish()
        let openerOutput = try opener.finish()

        // The WAL folds back while the store stays open.
        largestWAL = max(largestWAL, Self.size(db + "-wal"))
        #expect(largestWAL <= 4 * 1024 * 1024, "the -wal reached \(largestWAL) bytes")
        // Freed pages are reused: the second half of the run does not grow the file.
        let fileAtEnd = Self.size(db)
        #expect(fileAtEnd <= fileAtHalf + 8 * 4096, "the file grew from \(fileAtHalf) to \(fileAtEnd) bytes")
        // The history is the last 20 revisions, each exactly as saved.
        let history = try store.history(scene: "main").map(\.revision)
        #expect(history == Array((Self.saves - 19)...Self.saves))
        for revision in history {
            #expect(try store.load(scene: "main", revision: revision)?.state == expected(step: revision - 1), "revision \(revision)")
        }
        #expect(try store.integrityCheck() == [])
        // Nothing went wrong in the other processes, and they did work.
        #expect(!readerOutput.contains("error"), "\(readerOutput.prefix(300))")
        #expect(!openerOutput.contains("error"), "\(openerOutput.prefix(300))")
        let reads = Int(readerOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        let opens = Int(openerOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(reads > 0 && opens > 0, "reader: \(readerOutput) opener: \(openerOutput)")
        let stats = try store.stats()
        print("soak (\(shape)): \(Self.saves) saves in \(String(format: "%.1f", seconds)) s (\(String(format: "%.0f", seconds / Double(Self.saves) * 1e6)) µs each), largest -wal \(largestWAL) bytes, file \(fileAtHalf) -> \(fileAtEnd) bytes, \(stats.revisions) revision rows (\(stats.fullRevisions) full) kept, \(reads) reads, \(opens) opens, 0 errors")
    }
}
