import Foundation
@_spi(Tooling) import NavState
import NavStateReports
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// One I/O error injected at the Nth read, write, truncation, sync or lock
/// of a run of saves on one store, for every N (issue 62): `EIO` on a read
/// or a write, a full disk, a short write, a failing `fsync`, a failing
/// lock. What must hold: the save that met the error fails with a typed
/// error or lands whole; the same store goes on, and each later save lands
/// (its cached head re-read, not trusted); after every acknowledged save,
/// another connection reads exactly that state; and the file, opened
/// again, holds the last acknowledged save (or the failed one after it,
/// which may have committed before its error).
extension FaultSweeps {
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

    /// Runs the saves of PowerLossTests on one store with `fault`; the
    /// rules it broke.
    static func run(_ directory: TemporaryDirectory, fault: FaultyDisk.Fault?) -> [String] {
        let path = directory.url.appendingPathComponent("nav.sqlite").path
        FaultyDisk.shared.begin(directory.url.path, fault: fault)
        var broken: [String] = []
        var acknowledged: SceneState<NavEntry>?, failed: SceneState<NavEntry>?
        let store: NavStore
        do {
            store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        } catch {
            FaultyDisk.shared.end()
            // An open that met the fault fails with a typed error; the next one works.
            if (try? NavStore(path: path, configuration: StoreFixtures.quiet())) == nil { broken.append("the file does not open after \(error)") }
            return broken
        }
        for state in PowerLossTests.states {
            do {
                try store.save(state, scene: "main")
                acknowledged = state
                failed = nil
                let reader = try NavStore(readingAt: path)
                let read = try reader.load(scene: "main")?.state
                if read != state { broken.append("after an acknowledged save another connection reads \(read?.contentStack.map(\.payload) ?? [])") }
            } catch {
                if failed != nil || !FaultyDisk.shared.faultInjected { broken.append("a save with no fault of its own failed: \(error)") }
                failed = state
            }
        }
        FaultyDisk.shared.end()
        do {
            let head = try NavStore(path: path, configuration: StoreFixtures.quiet()).load(scene: "main")?.state
            if head != acknowledged, head != failed { broken.append("reopened, the head is \(head?.contentStack.map(\.payload) ?? [])") }
        } catch {
            broken.append("reopened: \(error)")
        }
        return broken
    }

    @Test func everyInjectedErrorLeavesTheStoreWorkingAndTheFileAtAnAcknowledgedSave() throws {
        // How many calls of each kind the run makes.
        let probe = try TemporaryDirectory()
        #expect(Self.run(probe, fault: nil) == [])
        let calls = FaultyDisk.shared.calls
        var injected = 0, broken: [String] = []
        for (operation, code, short) in Self.faults {
            for n in 1...max(1, calls[operation] ?? 0) {
                let directory = try TemporaryDirectory()
                let fault = FaultyDisk.Fault(operation, at: n, code: code, short: short)
                broken += Self.run(directory, fault: fault).map { "\(fault): \($0)" }
                if FaultyDisk.shared.faultInjected { injected += 1 }
            }
        }
        print("I/O errors: \(injected) faults injected over \(calls.sorted { $0.key.rawValue < $1.key.rawValue })")
        #expect(injected > 50, "the faults reach the store: \(injected)")
        #expect(broken == [])
    }
}
}
