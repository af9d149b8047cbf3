import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateModel
import NavStateSQLite
import NavStateTooling

/// The store fuzzer's one input: a store file built from the bytes (scene
/// rows and revision rows with their numbers, bases, counts, chain bytes and
/// change blobs, sealed or not), then everything an app and a tool do with
/// it. Every reader and writer must give a typed error or a valid state; a
/// trap, or a state that breaks the scene rules, is a finding.
///
/// `scripts/fuzz.sh` runs it under libFuzzer; `FuzzRegressionTests` runs
/// `Fuzz/Corpus/store` and the saved crashing inputs in every `swift test`.
enum StoreFuzzing {
    /// Reads choices off the input; zeros once it runs out.
    struct Input {
        var bytes: [UInt8]
        var offset = 0

        mutating func byte() -> UInt8 {
            guard offset < bytes.count else { return 0 }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func int64() -> Int {
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
            return Int(truncatingIfNeeded: value)
        }

        /// A number a row could hold: small ones most often, the extremes of
        /// a 64-bit integer, zero and negatives, or anything.
        mutating func number(around small: Int) -> Int {
            switch byte() % 8 {
            case 0: Int(Int64.max)
            case 1: Int(Int64.min)
            case 2: 0
            case 3: -Int(byte() % 8) - 1
            case 4: int64()
            default: small + Int(byte() % 5) - 2
            }
        }

        mutating func text() -> String {
            let count = Int(byte() % 12)
            return String(decoding: (0..<count).map { _ in byte() }, as: UTF8.self)
        }
    }

    /// One input, from a thread that may block (libFuzzer's, the
    /// replayer's): never from the cooperative pool, which it would starve.
    ///
    /// - Returns: What went wrong, empty when every reader and writer gave
    ///   a valid state or a typed error.
    static func runBlocking(_ bytes: [UInt8], in directory: String) -> [String] {
        let done = DispatchSemaphore(value: 0)
        let findings = FindingsBox()
        Task.detached {
            findings.value = await run(bytes, in: directory)
            done.signal()
        }
        done.wait()
        return findings.value
    }

    /// The replayer's and libFuzzer's way out of `runBlocking`: the
    /// findings written to standard error, then a trap, which is how
    /// libFuzzer learns that an input is a finding.
    static func trapOnFindings(_ findings: [String]) {
        guard !findings.isEmpty else { return }
        FileHandle.standardError.write(Data(findings.map { "StoreFuzzer: \($0)\n" }.joined().utf8))
        fatalError("the store fuzzer found \(findings.count) problem(s)")
    }

    /// What every reader and writer did wrong on the file `bytes` build:
    /// a state that breaks the rules, a save that does not load back.
    static func run(_ bytes: [UInt8], in directory: String) async -> [String] {
        var input = Input(bytes: bytes)
        let path = directory + "/fuzz-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        var configuration = NavStore.Configuration()
        configuration.busyTimeout = .milliseconds(50)
        configuration.logger = Logger(label: "navstate.fuzz") { _ in SwiftLogNoOpLogHandler() }
        guard build(&input, at: path, configuration) else { return [] }
        return await exercise(path, configuration)
    }

    /// A file with scene "main" as the input says, and scene "other" saved
    /// by the store as it always is.
    private static func build(_ input: inout Input, at path: String, _ configuration: NavStore.Configuration) -> Bool {
        // A copy of one file made once: creating and migrating a store for
        // every input would be most of the work.
        guard write(template, to: path) else { return false }
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
            let sceneID = try connection.integer("SELECT id FROM scene WHERE name = 'main'")
            try connection.prepare("DELETE FROM revision WHERE scene_id = ?1").bind(.integer(sceneID)).run()
            let kept: SQLiteValue = input.byte() % 3 == 0 ? .null : .integer(input.number(around: 20))
            try connection.prepare("UPDATE scene SET kept_revisions = ?1 WHERE id = ?2").bind(kept, .integer(sceneID)).run()
            let rows = Int(input.byte() % 6) + 1
            var slots: SlotMap<[NavEntry]> = [:]
            for index in 1...rows {
                let number = input.number(around: index)
                let base = input.byte() % 2 == 0 ? number : input.number(around: 1)
                let change = changeBlob(&input, slots: &slots, isFull: base == number)
                let key = RevisionSeal.Key(sceneID: input.byte() % 7 == 0 ? sceneID + 1 : sceneID, number: number, base: base)
                let blob: [UInt8] = switch input.byte() % 4 {
                case 0: change
                case 1: (0..<Int(input.byte() % 24)).map { _ in input.byte() }
                default: RevisionSeal.seal(change, key)
                }
                try connection.prepare("""
                    INSERT OR REPLACE INTO revision
                        (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                    """).bind(
                        .integer(sceneID), .integer(number), .real(Double(input.number(around: 0))), .integer(base),
                        .integer(input.number(around: 3)), .integer(input.number(around: 1)),
                        .integer(input.number(around: 40)), .integer(input.number(around: 0)), .blob(blob)).run()
            }
            if input.byte() % 4 == 0 {
                try connection.prepare("INSERT OR REPLACE INTO restore_attempt (scene_id, revision, unconfirmed) VALUES (?1, ?2, ?3)")
                    .bind(.integer(sceneID), .integer(input.number(around: rows)), .integer(input.number(around: 1))).run()
            }
            return true
        } catch {
            // SQLite refused the row (a constraint): not an input worth reading.
            return false
        }
    }

    /// A store file with scenes "main" and "other", one revision each.
    private static let template: [UInt8] = {
        let path = NSTemporaryDirectory() + "/navstate-fuzz-template-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        do {
            var configuration = NavStore.Configuration()
            configuration.logger = Logger(label: "navstate.fuzz") { _ in SwiftLogNoOpLogHandler() }
            let store = try NavStore(path: path, configuration: configuration)
            try store.save(SceneState(stack: [NavEntry(tag: "Int", payload: "1")]), scene: "main")
            try store.save(SceneState(stack: [NavEntry(tag: "Int", payload: "2")]), scene: "other")
            _ = try store.checkpointWAL()
        } catch {
            fatalError("a fresh store failed: \(error)")
        }
        guard let bytes = read(path) else { fatalError("the template store cannot be read") }
        return bytes
    }()

    // Plain POSIX file I/O: Foundation's file reading on Linux leaks a
    // small buffer per call, which LeakSanitizer under libFuzzer reports.
    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    /// A change as the store encodes it, of slots the input chooses
    /// (extreme slots too), updating `slots` as a delta would.
    private static func changeBlob(_ input: inout Input, slots: inout SlotMap<[NavEntry]>, isFull: Bool) -> [UInt8] {
        if isFull { slots = [:] }
        for _ in 0..<Int(input.byte() % 4) {
            let slot: Int = switch input.byte() % 6 {
            case 0: Int.min
            case 1: Int(Int32.max) + 1
            default: Int(input.byte() % 5) - 2
            }
            let count = Int(input.byte() % 4)
            slots[slot] = (0..<count).map { _ in
                NavEntry(tag: input.byte() % 2 == 0 ? "Int" : input.text(), version: input.byte() % 5 == 0 ? input.number(around: 1) : nil,
                         payload: input.byte() % 3 == 0 ? input.text() : String(input.byte()))
            }
        }
        let methods: [PresentationMethod] = (0..<Int(input.byte() % 3)).map { _ in
            [.sheet, .cover, .managedSheet, .managedCover][Int(input.byte() % 4)]
        }
        let checkpoints = (0..<Int(input.byte() % 2)).map { _ in
            Checkpoint(
                name: "c",
                stack: input.byte() % 3 == 0
                    ? StackAddress(input.text()) ?? .tab("a") : StackAddress(presentation: input.number(around: 0)),
                entriesKept: input.number(around: 1))
        }
        // Trees, valid or not: tabs with odd identifiers, levels that do not
        // match, split views with a column count or visibility no save writes.
        func shape(depth: Int) -> NavContainer<NavEntry> {
            switch input.byte() % (depth > 2 ? 1 : 3) {
            case 0: return .empty
            case 1:
                let ids = ["a", "b", "", "a/b", "a"]
                let tabs = (0..<Int(input.byte() % 3)).map { _ in
                    NavTab(ids[Int(input.byte()) % ids.count], shape(depth: depth + 1))
                }
                return .tabs(NavTabs(tabs, selected: ids[Int(input.byte()) % ids.count]))
            default:
                return .split(NavSplit(visibility: .all, detail: shape(depth: depth + 1)))
            }
        }
        let shapes: [NavContainer<NavEntry>]? = input.byte() % 2 == 0
            ? nil : (0..<(methods.count + Int(input.byte() % 3))).map { _ in shape(depth: 0) }
        var layout = input.byte() % 5 == 0 ? input.text() : StoredLayout(methods, checkpoints, [:], shapes: shapes).json()
        if input.byte() % 4 == 0 {
            layout = layout.replacingOccurrences(of: #""columns":2"#, with: #""columns":\#(input.byte() % 5)"#)
                .replacingOccurrences(of: #""visibility":"all""#, with: input.byte() % 2 == 0 ? #""visibility":"none""# : #""visibility":"all""#)
        }
        return RevisionChange.full(slots, layout: layout)
    }

    /// Everything that reads or writes the file; each must give a valid
    /// state or a typed error.
    private static func exercise(_ path: String, _ configuration: NavStore.Configuration) async -> [String] {
        var findings: [String] = []
        let store: NavStore
        do {
            store = try NavStore(path: path, configuration: configuration)
        } catch {
            return findings
        }
        // A typed refusal (`load` throws NavStateError only) is fine; a
        // state that breaks the rules is not.
        if case .some(.some(let loaded)) = try? await store.load(scene: "main") {
            do {
                try loaded.state.validate()
            } catch {
                findings.append("a load handed out an invalid state: \(error)")
            }
        }
        let registry = DestinationRegistry()
        for policy in [RestorePolicy.dropUndecodable, .truncateAtFirstFailure, .allOrNothing] {
            guard let restored = try? await store.restore(scene: "main", registry: registry, options: RestoreOptions(policy: policy)) else {
                continue
            }
            do {
                try restored.state.validate()
            } catch {
                findings.append("a restore (\(policy)) handed out an invalid state: \(error)")
            }
        }
        _ = try? store.damagedScenes()
        _ = try? store.inconsistentRows()
        _ = try? await store.scenes()
        _ = try? store.history(scene: "main")
        _ = try? store.stats()
        // A save on top, then the head is what was saved.
        let saved = SceneState(stack: [NavEntry(tag: "Int", payload: "7")])
        if case .some(let result) = try? await store.save(saved, scene: "main") {
            let head = try? await store.load(scene: "main")
            if head?.revision != result.revision || head?.state != saved {
                findings.append("a save on top of the fuzzed rows did not load back")
            }
        }
        _ = try? store.prune(keepRevisions: 2)
        _ = try? await NavStore.openRecovering(path: path, configuration: configuration)
        return findings
    }
}

/// `runBlocking`'s result, written by one task and read after it signalled.
private final class FindingsBox: @unchecked Sendable {
    var value: [String] = []
}
