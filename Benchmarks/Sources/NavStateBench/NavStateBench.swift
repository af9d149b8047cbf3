import BenchSupport
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// Runs every workload of docs/benchmarks.md and prints Markdown tables.
///
/// Usage: `NavStateBench [--quick] [--navstate PATH]`, or the internal
/// `NavStateBench worker …` used for the multi-process workload.
@main
struct NavStateBench {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "profile-save" {
            try await ProfileSave.run(depth: arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10)
            return
        }
        if arguments.first == "fill", arguments.count == 3, let count = Int(arguments[2]) {
            _ = try Workloads.fill(arguments[1], scenes: count, depth: 10)
            return
        }
        if arguments.first == "navigator", #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
            // Only the SceneNavigator workload, for profiling the main actor's share.
            let directory = try scratchDirectory("nav")
            defer { try? FileManager.default.removeItem(at: directory) }
            let results = try await NavigatorPushes.run(in: directory, bursts: 500)
            print("push median \(format(results.push.median)), p99 \(format(results.push.p99)); burst to durable median \(format(results.burstToDurable.median)); \(results.savesPerBurst) saves per burst")
            return
        }
        if arguments.first == "navigation-path", #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
            // The cost per push of a stack bound to SwiftUI's NavigationPath.
            for (depth, results) in try await NavigationPathPushes.run(depths: [1, 10, 50], iterations: 20_000) {
                printTable("One push on a \(depth)-deep stack, main actor", results, baseline: "navigator.push(value)")
            }
            return
        }
        if arguments.first == "save-spread" {
            // Every save of a push/pop loop timed, by revision number mod 16:
            // which saves cost what (full rows, forgetting, checkpoints).
            let directory = try scratchDirectory("spread")
            defer { try? FileManager.default.removeItem(at: directory) }
            let registry = BenchData.registry
            let store = try NavStore(path: directory.appendingPathComponent("s.sqlite").path, configuration: Workloads.quiet())
            let depth = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
            var state = SceneState<AnyDestination>(stack: try BenchData.path(depth: depth).map { try AnyDestination($0, in: registry) })
            let extra = try AnyDestination(BenchData.route(depth), in: registry)
            var byResidue: [Int: [Double]] = [:]
            var all: [Double] = []
            for index in 0..<20_000 {
                if index.isMultiple(of: 2) { state.contentStack.append(extra) } else { state.contentStack.removeLast() }
                let start = Harness.now()
                let saved = try store.saveBlocking(state, scene: "main")
                let elapsed = Double(Harness.now() - start)
                all.append(elapsed)
                byResidue[saved.revision % 16, default: []].append(elapsed)
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            print("all: median \(format(median(all))), p10 \(format(all.sorted()[all.count / 10]))")
            for residue in byResidue.keys.sorted() { print("revision % 16 == \(residue): median \(format(median(byResidue[residue] ?? [0])))") }
            return
        }
        if arguments.first == "history", arguments.count == 2, let revisions = Int(arguments[1]) {
            // Only the "Cost by history kept" workload, for one history length.
            let directory = try scratchDirectory("history")
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = try await Workloads.withHistory(revisions, in: directory, iterations: 2000)
            print("\(revisions) revisions: save \(format(result.save.median)), restore head \(format(result.restore.median))")
            return
        }
        if arguments.first == "sql-shape" {
            // The save's SQL without NavStore's Swift, beside the floor and a save.
            let directory = try scratchDirectory("shape")
            defer { try? FileManager.default.removeItem(at: directory) }
            printTable("The save's SQL alone, 10-deep push", try await ShapeExperiment.run(in: directory), baseline: "raw sqlite3 floor")
            return
        }
        if arguments.first == "saves" {
            // Only the save workloads, quick, for trying a change to the save path.
            let directory = try scratchDirectory("saves")
            defer { try? FileManager.default.removeItem(at: directory) }
            let results = try await Workloads.savePush(depth: 10, durability: .normal, in: directory, iterations: 2000)
            printTable("Save after one push, 10-deep stack, normal durability", results, baseline: "raw sqlite3 floor")
            let byDepth = try await Workloads.saveByDepth(in: directory, iterations: 2000)
            printTable("NavStore save after one push, 10-deep vs 1,000-deep, interleaved", byDepth, baseline: "10-deep")
            return
        }
        if arguments.first == "trees" {
            // Only the tree workloads: a push in one tab of five, and the restore of five tabs.
            let directory = try scratchDirectory("trees")
            defer { try? FileManager.default.removeItem(at: directory) }
            let inTab = try await Workloads.saveInTab(in: directory, iterations: 4000)
            printTable("Push and save in one tab of a 5-tab scene (10 per tab) vs one 10-deep stack, interleaved", inTab, baseline: "one 10-deep stack")
            let restore = try await Workloads.restoreTabs(in: directory, iterations: 3000)
            printTable("Restore (read and decode with a registry), 5 tabs × 10 vs one 10-deep stack", restore, baseline: "one 10-deep stack")
            return
        }
        if arguments.first == "launch" {
            // Only the launch workload (and the process pair, given a navstate binary).
            let directory = try scratchDirectory("launch")
            defer { try? FileManager.default.removeItem(at: directory) }
            let navstate = arguments.count > 1 ? arguments[1] : nil
            try await launchTables(in: directory, iterations: 4000, navstate: navstate)
            return
        }
        if arguments.first == "launch-sql" {
            // What each part of a launch's SQL costs, without NavStore.
            let directory = try scratchDirectory("launch-sql")
            defer { try? FileManager.default.removeItem(at: directory) }
            printTable("A launch's SQL through the C API, each part left out in turn", try await Launch.sqlParts(in: directory, iterations: 4000),
                       baseline: "the same SQL as NavStore's launch")
            return
        }
        if arguments.first == "launch-loop", arguments.count == 3, let count = Int(arguments[2]) {
            // One launch contender in a loop, for strace, perf or callgrind.
            let directory = try scratchDirectory("launch-loop")
            defer { try? FileManager.default.removeItem(at: directory) }
            try await Launch.loop(arguments[1], count: count, in: directory)
            return
        }
        if arguments.first == "worker" {
            await Workloads.worker(Array(arguments.dropFirst()))
            return
        }
        let quick = arguments.contains("--quick")
        let navstate = arguments.firstIndex(of: "--navstate").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        let scale = quick ? 0.1 : 1.0
        func n(_ count: Int) -> Int { max(20, Int(Double(count) * scale)) }

        let directory = try scratchDirectory("bench")
        defer { try? FileManager.default.removeItem(at: directory) }

        print("# NavState benchmarks\n")
        print("Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)")
        print("Medians of interleaved rounds (p10–p90 in brackets); ratios are from the same run.\n")

        // Save after one push.
        for (depth, durability, iterations) in [(10, NavStore.Durability.normal, 4000), (1000, .normal, 600), (10, .full, 300)] {
            let results = try await Workloads.savePush(depth: depth, durability: durability, in: directory, iterations: n(iterations))
            printTable("Save after one push, \(depth)-deep stack, \(durability) durability", results, baseline: "raw sqlite3 floor")
            if depth == 10 && durability == .normal {
                if let save = results["NavStore save"]?.median, let pushAndSave = results["NavStore push + save"]?.median,
                   let floor = results["raw sqlite3 floor"]?.median, let pathStore = results["PathStore (file)"]?.median {
                    target("NavStore save vs raw floor, 10-deep", save / floor, "≤ 1.5×", save / floor <= 1.5)
                    target("PathStore push + save vs NavStore push + save, 10-deep", pathStore / pushAndSave, "≥ 15×", pathStore / pushAndSave >= 15)
                }
            }
        }
        let byDepth = try await Workloads.saveByDepth(in: directory, iterations: n(4000))
        printTable("NavStore save after one push, 10-deep vs 1,000-deep, interleaved", byDepth, baseline: "10-deep")
        if let deep = byDepth["1000-deep"]?.median, let shallow = byDepth["10-deep"]?.median {
            target("NavStore save 1,000-deep vs 10-deep", deep / shallow, "≤ 1.2×", deep / shallow <= 1.2)
        }

        // Trees: a push in one tab of five.
        let inTab = try await Workloads.saveInTab(in: directory, iterations: n(4000))
        printTable("Push and save in one tab of a 5-tab scene (10 per tab) vs one 10-deep stack, interleaved", inTab, baseline: "one 10-deep stack")
        if let tab = inTab["one tab of 5 × 10"]?.median, let stack = inTab["one 10-deep stack"]?.median {
            target("push + save in one tab of 5 × 10 vs one 10-deep stack", tab / stack, "≤ 1.1×", tab / stack <= 1.1)
        }

        // Saving from the main actor.
        let mainActor = try await MainActorSave.run(in: directory, iterations: n(3000))
        print("## Saving from the main actor, 10-deep, normal durability\n")
        var mainActorTable = Table(headers: ["measure", "median", "p99", "max"])
        for (name, stats) in [
            ("`try await store.save(…)` from the main actor: call to return, the save committed", mainActor.asyncSave),
            ("a probe's wait for the main actor while it makes async saves", mainActor.probeDuringAsync),
            ("a probe's wait for the main actor while it makes blocking saves", mainActor.probeDuringSync),
        ] {
            mainActorTable.rows.append([name, format(stats.median), format(stats.p99), format(stats.maximum)])
        }
        print(mainActorTable.render() + "\n")

        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
            let navigator = try await NavigatorPushes.run(in: directory, bursts: max(20, n(500)))
            print("## SceneNavigator with autosave, from the main actor, 10-deep\n")
            var navigatorTable = Table(headers: ["measure", "median", "p99", "max"])
            navigatorTable.rows.append([
                "`navigator.push(…)`: main-actor time per push", format(navigator.push.median),
                format(navigator.push.p99), format(navigator.push.maximum)])
            navigatorTable.rows.append([
                "last operation of a burst of \(navigator.burst) to durable (`flush()` returns)",
                format(navigator.burstToDurable.median), format(navigator.burstToDurable.p99),
                format(navigator.burstToDurable.maximum)])
            print(navigatorTable.render())
            print(String(format: "\n%.1f saves per burst of %d operations\n", navigator.savesPerBurst, navigator.burst))
            let pushMicroseconds = navigator.push.median / 1_000
            target("SceneNavigator push with autosave, main-actor median", pushMicroseconds, "< 10 µs", pushMicroseconds < 10, unit: "µs")
        }

        // Restore.
        for (depth, iterations) in [(10, 3000), (1000, 200)] {
            let results = try await Workloads.restore(depth: depth, in: directory, iterations: n(iterations))
            printTable("Restore (read and decode with a registry), \(depth)-deep", results, baseline: "NavStore")
            if depth == 10, let navstate = results["NavStore"]?.median, let pathStore = results["PathStore (file)"]?.median,
               let grdb = results["GRDB record"]?.median {
                target("PathStore restore vs NavStore restore, 10-deep", pathStore / navstate, "≥ 2×", pathStore / navstate >= 2)
                target("NavStore restore vs GRDB restore, 10-deep", navstate / grdb, "≤ 1×", navstate <= grdb)
            }
        }

        let treeRestore = try await Workloads.restoreTabs(in: directory, iterations: n(3000))
        printTable("Restore (read and decode with a registry), 5 tabs × 10 vs one 10-deep stack", treeRestore, baseline: "one 10-deep stack")
        if let tree = treeRestore["5 tabs × 10"]?.median, let stack = treeRestore["one 10-deep stack"]?.median,
           let pathStore = treeRestore["PathStore (file), the same 50"]?.median {
            target("restore 5 tabs × 10 vs one 10-deep stack", tree / stack, "≤ 5.5×", tree / stack <= 5.5)
            target("PathStore restoring the same 50 vs NavStore restoring 5 × 10", pathStore / tree, "> 1×", pathStore > tree)
        }

        // Launch.
        try await launchTables(in: directory, iterations: n(4000), navstate: navstate, processRuns: quick ? 10 : 40)

        // Scenes axis.
        let sceneCounts = quick ? [10, 1_000, 10_000] : [10, 1_000, 100_000]
        var sceneRows: [[String]] = []
        var restoreBy: [Int: Double] = [:]
        var bigFile = ""
        for count in sceneCounts {
            let path = directory.appendingPathComponent("scenes-\(count).sqlite").path
            let fillStart = Harness.now()
            let store = try Workloads.fill(path, scenes: count, depth: 10)
            let fillSeconds = Double(Harness.now() - fillStart) / 1e9
            let stats = try await Workloads.restoreAmong(store, scenes: count, iterations: n(2000))
            restoreBy[count] = stats.median
            bigFile = path
            sceneRows.append([String(count), format(stats.median), "[\(format(stats.p10))–\(format(stats.p90))]",
                              String(format: "%.1f s (%.0f µs/save)", fillSeconds, fillSeconds * 1e6 / Double(count))])
        }
        print("## Restore of one 10-deep scene by number of scenes in the file\n")
        var sceneTable = Table(headers: ["scenes", "restore median", "p10–p90", "time to save them all"])
        sceneTable.rows = sceneRows
        print(sceneTable.render() + "\n")
        if let small = restoreBy[sceneCounts[0]], let large = restoreBy[sceneCounts[sceneCounts.count - 1]] {
            target("restore with \(sceneCounts.last ?? 0) scenes vs 10", large / small, "≤ 1.5×", large / small <= 1.5)
        }

        if let navstate {
            let stats = try Workloads.navstateScenes(navstate: navstate, database: bigFile, runs: quick ? 3 : 7)
            print("## `navstate scenes` on \(sceneCounts.last ?? 0) scenes (wall time, whole process)\n")
            print("median \(format(stats.median)), min \(format(stats.percentile(0))), max \(format(stats.percentile(1)))\n")
            target("navstate scenes on \(sceneCounts.last ?? 0) scenes", stats.median / 1e9, "< 0.2 s", stats.median < 0.2e9, unit: "s")
            let json = try Workloads.navstateScenes(navstate: navstate, database: bigFile, runs: quick ? 3 : 7, extra: ["--json"])
            print("`--json`: median \(format(json.median)), min \(format(json.percentile(0))), max \(format(json.percentile(1))) (no target)\n")
        } else {
            print("(`navstate scenes` not measured: pass --navstate PATH, as run.sh does)\n")
        }

        // History axis.
        print("## Cost by history kept (10-deep scene)\n")
        var historyTable = Table(headers: ["revisions already saved", "save after push", "restore head"])
        for revisions in quick ? [20, 2_000] : [20, 2_000, 20_000] {
            let (save, restore) = try await Workloads.withHistory(revisions, in: directory, iterations: n(1000))
            historyTable.rows.append([String(revisions), format(save.median), format(restore.median)])
        }
        print(historyTable.render() + "\n")

        // Depth axis.
        print("## Cost by depth (save after one push; restore)\n")
        var depthTable = Table(headers: ["depth", "NavStore push + save", "PathStore push + save", "NavStore restore", "PathStore restore"])
        for depth in [10, 100, 1000] {
            let save = try await Workloads.savePush(depth: depth, durability: .normal, in: directory, iterations: n(depth == 1000 ? 300 : 1000))
            let restore = try await Workloads.restore(depth: depth, in: directory, iterations: n(depth == 1000 ? 100 : 500))
            depthTable.rows.append([
                String(depth), format(save["NavStore push + save"]?.median ?? .nan), format(save["PathStore (file)"]?.median ?? .nan),
                format(restore["NavStore"]?.median ?? .nan), format(restore["PathStore (file)"]?.median ?? .nan),
            ])
        }
        print(depthTable.render() + "\n")

        // File bytes.
        let bytes = try Workloads.bytesPerRevision(depth: 10, in: directory, revisions: quick ? 400 : 4000)
        print("## File bytes per revision (10-deep scene, alternating push and pop, every revision kept)\n")
        print(String(format: "NavStore: %.0f bytes per revision, history kept; state payload %d bytes; PathStore file %d bytes (no history)\n",
                     bytes.perRevision, bytes.statePayload, bytes.pathStoreFile))
        target("file bytes per revision vs payload bytes", bytes.perRevision / Double(bytes.statePayload), "≤ 2×", bytes.perRevision <= 2 * Double(bytes.statePayload))

        // Several processes.
        print("## Throughput: 2 processes × 4 threads saving to one file\n")
        var throughputTable = Table(headers: ["durability", "saves per second", "errors"])
        for durability in [NavStore.Durability.normal, .full] {
            let result = try Workloads.throughput(
                executable: CommandLine.arguments[0], directory: directory, processes: 2, threads: 4,
                seconds: quick ? 1 : 3, durability: durability)
            throughputTable.rows.append([durability.rawValue, String(format: "%.0f", result.savesPerSecond), String(result.errors)])
        }
        print(throughputTable.render() + "\n")

        print("## Targets\n")
        var targetTable = Table(headers: ["target", "measured", "goal", "met"])
        targetTable.rows = targets
        print(targetTable.render())
    }

    /// The launch tables and their targets.
    static func launchTables(in directory: URL, iterations: Int, navstate: String?, processRuns: Int = 40) async throws {
        let launch = try await Launch.run(in: directory, iterations: iterations)
        printTable("Launch: a fresh store, restore through the guard, confirm (10-deep, 20 revisions)", launch,
                   baseline: "raw sqlite3 floor + the same decode")
        if let ours = launch["NavStore launch: open, guarded restore, confirm"]?.median,
           let floor = launch["raw sqlite3 floor + the same decode"]?.median {
            target("launch vs raw sqlite3 floor + decode, 10-deep", ours / floor, "≤ 1.5×", ours / floor <= 1.5)
            target("launch median, 10-deep", ours / 1_000, "< 500 µs", ours < 500_000, unit: "µs")
        }
        let restore = try await Workloads.restore(depth: 10, in: directory, iterations: iterations / 2)
        if let guarded = restore["NavStore with crash-loop guard"]?.median, let plain = restore["NavStore"]?.median,
           let async = restore["NavStore, async load"]?.median {
            print(String(format: "Restore with the store open, 10-deep: %@ through the guard (restore and confirm, two hops to the store's queue), %@ by the blocking load, %@ by the async load (one hop): %.2f× and %.2f×\n",
                         format(guarded), format(plain), format(async), guarded / plain, guarded / async))
            target("restore through the guard vs without, 10-deep, store open", guarded / plain, "≤ 1.3×", guarded / plain <= 1.3)
        }
        if let navstate {
            let database = directory.appendingPathComponent("launch-process.sqlite").path
            try LaunchFile.make(database)
            let processes = try Launch.processes(navstate: navstate, database: database, runs: processRuns)
            printTable("Whole process: `navstate show` against `navstate --version` (wall time)", processes, baseline: "navstate --version")
        }
    }

    nonisolated(unsafe) static var targets: [[String]] = []

    static func target(_ name: String, _ value: Double, _ goal: String, _ met: Bool, unit: String = "×") {
        let measured = unit == "×" ? String(format: "%.2f×", value) : String(format: "%.3f %@", value, unit)
        targets.append([name, measured, goal, met ? "yes" : "**no**"])
    }

    static func printTable(_ title: String, _ results: [String: Stats], baseline: String) {
        print("## \(title)\n")
        var table = Table(headers: ["contender", "median", "p10–p90", "p99", "× \(baseline)"])
        let base = results[baseline]?.median ?? .nan
        for (name, stats) in results.sorted(by: { $0.value.median < $1.value.median }) {
            table.rows.append([
                name, format(stats.median), "\(format(stats.p10))–\(format(stats.p90))", format(stats.p99),
                String(format: "%.2f", stats.median / base),
            ])
        }
        print(table.render() + "\n")
    }
}

/// `NavStateBench profile-save`: saves in a loop for a profiler.
enum ProfileSave {
    static func run(depth: Int) async throws {
        let directory = try scratchDirectory("profile")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = BenchData.registry
        let store = try NavStore(path: directory.appendingPathComponent("p.sqlite").path, configuration: Workloads.quiet())
        var state = SceneState<AnyDestination>(stack: try BenchData.path(depth: depth).map { try AnyDestination($0, in: registry) })
        let extra = try AnyDestination(BenchData.route(depth), in: registry)
        var start = Harness.now()
        for index in 0..<20_000 {
            if index.isMultiple(of: 2) { state.contentStack.append(extra) } else { state.contentStack.removeLast() }
            try store.saveBlocking(state, scene: "main")
        }
        print("save", format(Double(Harness.now() - start) / 20_000))
        if ProcessInfo.processInfo.environment["NAVSTATE_PROFILE_SAVE_ONLY"] != nil { return }
        start = Harness.now()
        for _ in 0..<2_000 {
            guard try store.loadBlocking(scene: "main") != nil else { return }
        }
        print("load", format(Double(Harness.now() - start) / 2_000))
        guard let stored = try store.loadBlocking(scene: "main") else { return }
        start = Harness.now()
        for _ in 0..<2_000 {
            _ = await registry.restore(stored.state)
        }
        print("decode", format(Double(Harness.now() - start) / 2_000))
    }
}

/// A new directory under the temporary directory (`TMPDIR`) for one run's
/// files; the caller removes it.
func scratchDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
