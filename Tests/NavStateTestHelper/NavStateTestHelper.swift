import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateTooling

/// A second process for the store's multi-process, kill and stress tests.
///
/// - `save DB SCENE COUNT [full]`: saves COUNT growing revisions; prints
///   `saved REVISION` for each.
/// - `churn DB SCENE [full]`: saves ``ChurnState/state(revision:)`` for the
///   next revision, forever, printing `ack REVISION NANOSECONDS` after each
///   save returns (the time on the system-wide monotonic clock, so the kill
///   test can tell whether a kill landed while the writer was saving);
///   the kill test ends it with SIGKILL.
/// - `stress DB PREFIX THREADS SAVES`: THREADS threads each save SAVES
///   revisions to their own scene and try SAVES conditional saves on the
///   shared scene `shared` and SAVES unconditional saves of the scene `free`;
///   prints `own THREAD REVISION`, `shared REVISION MARKER`, `conflict`,
///   `free REVISION MARKER` and `error MESSAGE` lines.
///
/// - `open DB`: opens the store and saves one small scene; prints `ok` or
///   `error DESCRIPTION` (run as another user by the read-only tests).
/// - `read DB SCENE STOPFILE`: a reader beside a live writer: opens the file
///   read-only and loads SCENE and the scene list again and again until
///   STOPFILE exists; prints `reads N` at the end, `error MESSAGE` on any
///   failure.
/// - `reopen DB STOPFILE`: opens a writing store, lists the scenes and closes
///   it, again and again until STOPFILE exists, as an app extension
///   launching would; prints `opens N`.
///
/// - `migrate DB`: opens the store for writing, which applies every
///   migration the file lacks; prints `migrated`.
/// - `launch-and-die DB SCENE`: an app's launch cut short: opens the store,
///   restores SCENE through the crash-loop guard, prints `restored REVISION`
///   (or `restored none`) and kills itself with SIGKILL the moment `restore`
///   returns, with nothing closed or flushed.
///
/// - `change-and-die DB SCENE CHANGE`: saves three revisions, then changes
///   its own files under the open store (`delete-wal`, `truncate`), tries
///   three more saves, and kills itself with SIGKILL, as iOS ends an app;
///   prints `saved REVISION` for each save acknowledged and `error
///   DESCRIPTION` for each refused.
///
/// - `live DB STOPFILE`: an app at full speed on a file the tools read:
///   saves `main` again and again, its stack pushed and popped so each
///   head's counts differ from the last (after three saves of `still`,
///   which it leaves alone); every 25th save also saves and
///   deletes a scene of its own, every 100th prunes the history, until
///   STOPFILE exists; prints `saves N`.
///
/// `save` and `stress` keep every revision, so the tests can check each.
///
/// Every line is written straight to the descriptor, so a kill never loses
/// an acknowledgement that was made.
@main
struct NavStateTestHelper {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "save" where arguments.count >= 4:
                guard let count = Int(arguments[3]) else { usage() }
                try save(db: arguments[1], scene: arguments[2], count: count, full: arguments.count > 4 && arguments[4] == "full")
            case "read" where arguments.count == 4:
                read(db: arguments[1], scene: arguments[2], until: arguments[3])
            case "reopen" where arguments.count == 3:
                reopen(db: arguments[1], until: arguments[2])
            case "churn" where arguments.count >= 3:
                try churn(db: arguments[1], scene: arguments[2], full: arguments.count > 3 && arguments[3] == "full")
            case "open" where arguments.count == 2:
                do {
                    let store = try NavStore(path: arguments[1], configuration: configuration(full: false))
                    try await store.save(SceneState(stack: [NavEntry(tag: "Int", payload: "1")]), scene: "probe")
                    say("ok")
                } catch {
                    say("error \(error)")
                }
            case "migrate" where arguments.count == 2:
                // Opening for writing applies every migration the file lacks.
                _ = try NavStore(path: arguments[1], configuration: configuration(full: false))
                say("migrated")
            case "launch-and-die" where arguments.count == 3:
                let store = try await NavStore.open(path: arguments[1], configuration: configuration(full: false))
                let restored = try await store.restore(scene: arguments[2], registry: DestinationRegistry())
                say("restored \(restored.report.revision.map(String.init) ?? "none")")
                kill(getpid(), SIGKILL)
            case "change-and-die" where arguments.count == 4:
                let path = arguments[1]
                let store = try NavStore(path: path, configuration: configuration(full: false))
                for revision in 1...6 {
                    if revision == 4 {
                        switch arguments[3] {
                        case "delete-wal": unlink(path + "-wal")
                        case "truncate": truncate(path, 0)
                        default: usage()
                        }
                    }
                    do {
                        let saved = try await store.save(SceneState(stack: (0..<revision).map { NavEntry(tag: "Int", payload: String($0)) }), scene: arguments[2])
                        say("saved \(saved.revision)")
                    } catch {
                        say("error \(error)")
                    }
                }
                kill(getpid(), SIGKILL)
            case "live" where arguments.count == 3:
                try live(db: arguments[1], until: arguments[2])
            case "stress" where arguments.count == 5:
                guard let threads = Int(arguments[3]), let saves = Int(arguments[4]) else { usage() }
                await stress(db: arguments[1], prefix: arguments[2], threads: threads, saves: saves)
            default:
                usage()
            }
        } catch {
            say("error \(error)")
            exit(1)
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: NavStateTestHelper save|churn|stress …\n".utf8))
        exit(2)
    }

    /// `CLOCK_MONOTONIC`: one clock for every process on the machine.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func configuration(full: Bool, keepingEveryRevision: Bool = false) -> NavStore.Configuration {
        var configuration = NavStore.Configuration(durability: full ? .full : .normal)
        configuration.logger.logLevel = .critical
        if keepingEveryRevision { configuration.keptRevisions = nil }
        // The tests that run helpers check that nothing is lost under
        // contention, not how long a lock may be waited for: on 2 cores
        // running the whole suite at once, a wait can pass 5 s.
        configuration.busyTimeout = .seconds(30)
        return configuration
    }

    /// Until the test writes the stop file; also stops when the test's
    /// directory is gone or the process that started this one has ended, so
    /// a test killed half-way never leaves a helper spinning for hours.
    static func shouldKeepGoing(until stopFile: String) -> Bool {
        let directory = (stopFile as NSString).deletingLastPathComponent
        return !FileManager.default.fileExists(atPath: stopFile)
            && FileManager.default.fileExists(atPath: directory)
            && getppid() != 1
    }

    static func read(db: String, scene: String, until stopFile: String) {
        var reads = 0
        do {
            let store = try NavStore(readingAt: db, configuration: configuration(full: false))
            while shouldKeepGoing(until: stopFile) {
                _ = try store.load(scene: scene)
                _ = try store.scenes()
                reads += 1
            }
        } catch {
            say("error \(error)")
        }
        say("reads \(reads)")
    }

    static func reopen(db: String, until stopFile: String) {
        var opens = 0
        while shouldKeepGoing(until: stopFile) {
            do {
                let store = try NavStore(path: db, configuration: configuration(full: false))
                _ = try store.scenes()
                opens += 1
            } catch {
                say("error \(error)")
            }
            usleep(2_000)
        }
        say("opens \(opens)")
    }

    static func save(db: String, scene: String, count: Int, full: Bool) throws {
        let store = try NavStore(path: db, configuration: configuration(full: full, keepingEveryRevision: true))
        var state = SceneState<NavEntry>()
        for index in 0..<count {
            state.contentStack.append(NavEntry(tag: "Int", payload: String(index)))
            say("saved \(try store.save(state, scene: scene).revision)")
        }
    }

    static func live(db: String, until stopFile: String) throws {
        let store = try NavStore(path: db, configuration: configuration(full: false))
        // A scene the app never touches again, for `navstate diff`.
        for count in 1...3 {
            try store.save(SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) }), scene: "still")
        }
        var stack: [NavEntry] = []
        var saves = 0
        while access(stopFile, F_OK) != 0 {
            if stack.count >= 30 || (saves % 3 == 2 && !stack.isEmpty) {
                stack.removeLast()
            } else {
                stack.append(NavEntry(tag: "Int", payload: String(saves)))
            }
            try store.save(SceneState(stack: stack), scene: "main")
            saves += 1
            if saves % 25 == 0 {
                let passing = "passing-\(saves)"
                try store.save(SceneState(stack: [NavEntry(tag: "Int", payload: "1")]), scene: passing)
                _ = try store.delete(scene: passing)
            }
            if saves % 100 == 0 { try store.prune(keepRevisions: 3) }
        }
        say("saves \(saves)")
    }

    static func churn(db: String, scene: String, full: Bool) throws {
        let store = try NavStore(path: db, configuration: configuration(full: full))
        var revision = try store.load(scene: scene)?.revision ?? 0
        while true {
            revision = try store.save(ChurnState.state(revision: revision + 1), scene: scene, expectedHead: revision).revision
            say("ack \(revision) \(monotonicNanoseconds())")
        }
    }

    static func stress(db: String, prefix: String, threads: Int, saves: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    do {
                        let store = try NavStore(path: db, configuration: configuration(full: false, keepingEveryRevision: true))
                        var own = SceneState<NavEntry>()
                        for index in 0..<saves {
                            own.contentStack.append(NavEntry(tag: "Int", payload: String(index)))
                            say("own \(thread) \(try store.save(own, scene: "\(prefix)-\(thread)").revision)")
                            let head = try store.load(scene: "shared")
                            var shared = head?.state ?? SceneState()
                            let marker = "\"\(prefix)-\(thread)-\(index)\""
                            shared.contentStack.append(NavEntry(tag: "String", payload: marker))
                            if shared.contentStack.count > 50 { shared.contentStack.removeFirst(shared.contentStack.count - 50) }
                            do {
                                let saved = try store.save(shared, scene: "shared", expectedHead: head?.revision ?? 0)
                                say("shared \(saved.revision) \(marker)")
                            } catch NavStateError.conflict {
                                say("conflict")
                            }
                            // The same scene without a check: last writer wins, but
                            // every save must still be its own revision.
                            let free = SceneState(stack: [NavEntry(tag: "String", payload: marker)])
                            say("free \(try store.save(free, scene: "free").revision) \(marker)")
                        }
                    } catch {
                        say("error \(error)")
                    }
                }
            }
        }
    }
}

/// The state the churn mode saves at each revision: derived from the number
/// alone, so a test can tell exactly what every revision must hold.
enum ChurnState {
    static func state(revision: Int) -> SceneState<NavEntry> {
        var state = SceneState<NavEntry>()
        state.contentStack = (0..<(revision % 12)).map { NavEntry(tag: "Int", payload: "\($0)") }
        state.contentStack.append(NavEntry(tag: "String", payload: "\"revision \(revision)\""))
        if revision.isMultiple(of: 3) {
            state.presentations = [Presentation(
                method: .managedSheet, destination: NavEntry(tag: "Int", payload: "\(revision)"),
                stack: [NavEntry(tag: "Int", payload: "\(revision % 7)")])]
            state.checkpoints = [Checkpoint(name: "sheet", stack: .presentation(1), entriesKept: 1)]
        }
        state.values["revision"] = NavEntry(tag: "Int", payload: "\(revision)")
        return state
    }
}
