import CNavStateSQLite
import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateNavigator
import NavStateScenes

// `NavStateBudgets OPERATION COUNT`: sets up OPERATION's store and scene,
// then runs it COUNT times and exits. Benchmarks/check-budgets.sh runs each
// operation twice under valgrind (and strace), with COUNT and with 0, and
// divides the difference by COUNT: the cost of one operation, setup and
// process start subtracted. Saves and main-actor changes alternate a push
// and a pop of one route, so COUNT must be even for them.
//
// Operations (docs/benchmarks.md, "Budgets"):
//   floor                 the raw sqlite3 save: one upsert of the 10-deep
//                         path's SwiftUI JSON, already encoded
//   save-10, save-1000    NavStore save of a stack this deep
//   save-tab              NavStore save of the selected tab of five (10 each)
//   save-screen           NavStore save of one screen's draft alone, the top
//                         of a 10-deep stack (a keystroke)
//   save-screens          the same with a screen on every entry, each set
//                         as an app sets it
//   restore-10, restore-tabs
//                         a restore through the crash-loop guard and its
//                         confirmation, on an open store (10-deep; 5 tabs x 10)
//   restore-screens       restore-10 with a screen's state on every entry
//   launch                open the file, guarded restore, confirm, close
//   navigator-D           SceneNavigator push or pop on the main actor, D deep
//   array-D               the binding face's handling of a typed array's
//                         push or pop (NavStateUI's restoresNavigation), D deep
//   path-D                the same for a NavigationPath, SwiftUI's JSON read

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let count = Int(arguments[1]), count >= 0, count.isMultiple(of: 2) else {
    FileHandle.standardError.write(Data("usage: NavStateBudgets OPERATION COUNT (COUNT even)\n".utf8))
    exit(2)
}
let operation = arguments[0]
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-budgets-\(UUID().uuidString)")

/// The depth named after `prefix` in the operation, if it is one of those.
func depth(after prefix: String) -> Int? {
    guard operation.hasPrefix(prefix) else { return nil }
    return Int(operation.dropFirst(prefix.count))
}

/// Runs the operation; in the main actor's task below.
@MainActor
func run() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("budgets.sqlite").path
    switch operation {
    case "floor":
        try Operations.floor(path: path, saves: count)
    case "save-tab":
        try Operations.saves(of: Workload.tabs(depth: 10), path: path, saves: count)
    case "save-screen":
        try Operations.screenSaves(depth: 10, path: path, saves: count)
    case "save-screens":
        try Operations.screenSavesAmongOthers(depth: 10, path: path, saves: count)
    case "restore-screens":
        var state = try Workload.stack(depth: 10)
        for position in 0..<10 {
            state.screens[.stack(.root, position: position)] =
                ScreenState(json: ["draft": #""Dear Ana, thank you for the order""#, "topRow": "\(position * 7)"])
        }
        try await Operations.restores(of: state, path: path, count: count)
    case "restore-10":
        try await Operations.restores(of: Workload.stack(depth: 10), path: path, count: count)
    case "restore-tabs":
        try await Operations.restores(of: Workload.tabs(depth: 10), path: path, count: count)
    case "launch":
        try await Operations.launches(of: Workload.stack(depth: 10), path: path, count: count)
    default:
        if let depth = depth(after: "save-") {
            try Operations.saves(of: Workload.stack(depth: depth), path: path, saves: count)
        } else if let depth = depth(after: "navigator-") {
            try await Operations.navigatorChanges(depth: depth, count: count)
        } else if let depth = depth(after: "array-") {
            try await Operations.arrayChanges(depth: depth, count: count)
        } else if let depth = depth(after: "path-") {
            try await Operations.pathChanges(depth: depth, count: count)
        } else {
            throw HarnessError("unknown operation \(operation)")
        }
    }
}

// The main thread runs the main actor's queue through its run loop, and
// never exits before the process does: valgrind cannot run a process whose
// main thread ends while others go on, as an `async` top level does
// (`dispatchMain` ends it). The task exits the process as soon as the
// operation returns, so whatever was queued behind the measured work (a
// navigator's save) is left undone: the count is of the operation alone.
Task { @MainActor in
    do {
        try await run()
    } catch {
        FileHandle.standardError.write(Data("NavStateBudgets: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
while true {
    _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}
