import Foundation
public import NavState
public import NavStateNavigator

extension Shop {
    /// The windows' scenes over the app's store, opened once per process. A
    /// file this build cannot use is moved aside for a fresh one; when no
    /// file can be opened at all (a read-only folder, a full disk), the app
    /// navigates with a store in memory, unsaved this launch, rather than
    /// show a blank window. `failure` says why it is unsaved.
    @MainActor
    public static func windows(path: String) async -> (windows: WindowScenes?, failure: NavStateError?) {
        do {
            return (try await WindowScenes.shared(path: path), nil)
        } catch {
            return ((try? NavStore.inMemory()).map { WindowScenes(store: $0) }, error)
        }
    }

    /// The crash-loop guard's report, line by line, for the debug screen.
    public static func describe(_ report: RestoreReport?, unsaved failure: NavStateError? = nil) -> [String] {
        var lines: [String] = []
        if let failure { lines.append("unsaved this launch: \(failure)") }
        guard let report else { return lines + ["not restored yet"] }
        lines.append("scene \(report.scene): \(report.outcome.rawValue)")
        if let revision = report.revision { lines.append("revision \(revision) of \(report.headRevision ?? revision)") }
        for skipped in report.skipped {
            let why = skipped.damage.map { "damaged: \($0)" } ?? "\(skipped.unconfirmedRestores) unconfirmed launches"
            lines.append("skipped revision \(skipped.revision): \(why)")
        }
        for dropped in report.dropped { lines.append("dropped \(dropped)") }
        for change in report.treeChanges { lines.append("tree: \(change)") }
        return lines
    }
}
