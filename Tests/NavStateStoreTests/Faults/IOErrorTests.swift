import Foundation
@_spi(Tooling) import NavState
import NavStateReports
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

extension FaultSweeps {
/// One I/O error injected at the Nth read, write, truncation, sync or lock
/// of a run on one store, for every N (issue 62): `EIO` on a read or a
/// write, a full disk, a short write, a failing `fsync`, a failing lock.
/// The runs: saves on a fresh file (its creation and migrations included),
/// saves that prune the history, saves and a checkpoint, a launch's
/// restore and its confirmation before the saves, and a committed
/// fixture's migration before them. What must hold: the call that met the
/// error fails with a typed error or does its work whole; the same store
/// goes on, and each later save lands (its cached head re-read, not
/// trusted); after every acknowledged save, another connection reads
/// exactly that state; and the file, opened again, holds the last
/// acknowledged save (or the failed one after it, which may have committed
/// before its error), with rows that agree.
@Suite("I/O errors")
struct IOErrorTests {
    /// SQLite's result codes (sqlite.org/rescode.html): SQLITE_IOERR_READ,
    /// _WRITE, _FSYNC, _TRUNCATE and _LOCK (10 and an extended part), and
    /// SQLITE_FULL (13), which the unix VFS returns for ENOSPC.
    static let faults: [(FaultyDisk.Operation, Int32, Bool)] = [
        (.read, 10 | 1 << 8, false), (.write, 10 | 3 << 8, false), (.write, 13, false),
        (.write, 13, true), (.sync, 10 | 4 << 8, false), (.truncate, 10 | 6 << 8, false),
        (.lock, 10 | 15 << 8, false),
    ]

    /// What a run does before its saves, on the file as prepared.
    enum Run: CaseIterable, Sendable {
        case saves, savesThatPrune, savesThenCheckpoint, restoreThenSaves, migrationThenSaves, repairThenSaves, savesWithScreens

        var workload: PowerLossTests.Workload {
            switch self {
            case .savesThatPrune: .savesThatPrune
            case .repairThenSaves: .repairThenSaves
            case .savesWithScreens: .savesWithScreens
            default: .saves
            }
        }
    }

    /// The file before the run, out of the sweep: the last state saved in
    /// it, if any.
    static func prepare(_ path: String, _ run: Run) throws -> SceneState<NavEntry>? {
        switch run {
        case .savesThatPrune, .repairThenSaves:
            return try PowerLossTests.prepare(path, .normal, run.workload)
        case .restoreThenSaves:
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            for state in PowerLossTests.states.prefix(3) { try store.save(state, scene: "main") }
            return PowerLossTests.states[2]
        case .migrationThenSaves:
            try FileManager.default.copyItem(
                atPath: StoreFixtureTests.directory.appendingPathComponent("schema5-history.sqlite").path, toPath: path)
            return nil
        case .saves, .savesThenCheckpoint, .savesWithScreens:
            return nil
        }
    }

    /// Runs `run` on one store at a prepared file with `fault`; the rules it broke.
    static func check(_ directory: TemporaryDirectory, _ run: Run, fault: FaultyDisk.Fault?) async throws -> [String] {
        let path = directory.url.appendingPathComponent("nav.sqlite").path
        let before = try prepare(path, run)
        FaultyDisk.shared.begin(directory.url.path, fault: fault)
        var broken: [String] = []
        var acknowledged = before, failed: SceneState<NavEntry>?
        let configuration = PowerLossTests.configuration(.normal, run.workload)
        let store: NavStore
        do {
            store = try NavStore(path: path, configuration: configuration)
        } catch {
            FaultyDisk.shared.end()
            // An open that met the fault fails with a typed error; the next one works.
            if (try? NavStore(path: path, configuration: configuration)) == nil { broken.append("the file does not open after \(error)") }
            return broken
        }
        if run == .repairThenSaves {
            do {
                try PowerLossTests.repair(store)
            } catch {
                if !FaultyDisk.shared.faultInjected { broken.append("the repair failed with no fault: \(error)") }
            }
        }
        if run == .restoreThenSaves {
            // A launch: the guarded restore counts an attempt, the confirmation clears it.
            do {
                let (state, report) = try await store.restoreEntries(scene: "main")
                if state != before { broken.append("the restore gave \(state.contentStack.map(\.payload))") }
                try await store.confirmRestore(report)
            } catch {
                if !FaultyDisk.shared.faultInjected { broken.append("the restore failed with no fault: \(error)") }
            }
        }
        for state in PowerLossTests.states(run.workload) {
            do {
                _ = try await store.save(state, scene: "main")
                acknowledged = state
                failed = nil
                let read = try await NavStore(readingAt: path).load(scene: "main")?.state
                if read != state { broken.append("after an acknowledged save another connection reads \(read?.contentStack.map(\.payload) ?? [])") }
            } catch {
                if failed != nil || !FaultyDisk.shared.faultInjected { broken.append("a save with no fault of its own failed: \(error)") }
                failed = state
            }
        }
        if run == .savesThenCheckpoint { _ = try? store.checkpointWAL() }
        FaultyDisk.shared.end()
        do {
            let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
            let head = try await reopened.load(scene: "main")?.state
            if head != acknowledged, head != failed { broken.append("reopened, the head is \(head?.contentStack.map(\.payload) ?? [])") }
            let damage = try reopened.inconsistentRows()
            if !damage.isEmpty { broken.append("reopened, inconsistent rows: \(damage)") }
            // The next launch's restore, past the crash-loop guard's counts, gives the head.
            if head != nil, try await reopened.restoreEntries(scene: "main").state != head {
                broken.append("reopened, the restore does not give the head")
            }
            let others = try PowerLossTests.others(reopened)
            // The damaged scene under its name or set aside: one, never lost.
            if run == .repairThenSaves, others.count != 1 { broken.append("reopened, the other scenes are \(others)") }
        } catch {
            broken.append("reopened: \(error)")
        }
        return broken
    }

    @Test(arguments: Run.allCases)
    func everyInjectedErrorLeavesTheStoreWorkingAndTheFileAtAnAcknowledgedSave(run: Run) async throws {
        // How many calls of each kind the run makes.
        let probe = try TemporaryDirectory()
        #expect(try await Self.check(probe, run, fault: nil) == [])
        let calls = FaultyDisk.shared.calls
        var injected = 0, broken: [String] = []
        for (operation, code, short) in Self.faults {
            for n in 1...max(1, calls[operation] ?? 0) {
                let directory = try TemporaryDirectory()
                let fault = FaultyDisk.Fault(operation, at: n, code: code, short: short)
                broken += try await Self.check(directory, run, fault: fault).map { "\(run), \(fault): \($0)" }
                if FaultyDisk.shared.faultInjected { injected += 1 }
            }
        }
        print("I/O errors, \(run): \(injected) faults injected over \(calls.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" })")
        #expect(injected > 30, "the faults reach the store: \(injected)")
        #expect(broken == [])
    }
}
}
