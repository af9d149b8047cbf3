import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateReports
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A typed save of a tab bar learns from the store's cached head before it
/// takes the lock: the tree's layout, shared with the cache
/// (`WrittenTree`), and each tab's known prefix, written in storage the
/// cache hands from one save to the next (`HeadCache.Head.knownStorage`).
/// Another connection that writes the scene in between leaves that head
/// stale: every save must still land on the file's own head and load back
/// as the app's state.
@Suite("Quick saves of a tab bar")
struct TreeQuickSaveTests {
    private static let tabIDs = ["home", "orders", "cart", "search", "profile"]

    /// One store kept open for thousands of typed saves of a tab bar (a
    /// push or a pop in some tab, now and then a screen below the top
    /// replaced, a tab switch, or a tab added or taken away) while another connection now and then saves another
    /// tree to the same scene, deletes it or trims its history.
    @Test func aLongLivedTabBarNeverWritesPastAnotherConnectionsChange() throws {
        let registry = try Samples.registry()
        let pool = try (0..<6).map { try AnyDestination(SettingsRoute(section: "s\($0)", depth: $0), in: registry) }
        var file = try LongLivedFile(seed: 46)
        let (app, reader) = (file.app, file.reader)
        var theirs = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: ["a", "b"], selected: "b")))
        try theirs.setStack(.tab("a"), to: [pool[5]])
        var state = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: Self.tabIDs, selected: "cart")))
        for id in Self.tabIDs { try state.setStack(.tab(id), to: Array(pool.prefix(3))) }
        var random = SplitMix64(state: 45)
        for step in 0..<Sanitizers.rounds(2_000, underSanitizer: 300) {
            guard case .tabs(let tabs) = state.content else { Issue.record("not a tab bar"); return }
            let tab = StackAddress.tab(tabs.tabs[Int(random.next() % UInt64(tabs.tabs.count))].id)
            var stack = state.stack(tab) ?? []
            switch random.next() % 20 {
            case 0: try state.select(tab)
            case 1 where tabs.tabs.count == Self.tabIDs.count:
                state.content = .tabs(NavTabs(tabs.tabs + [NavTab("extra", .stack([pool[1]]))], selected: tabs.selected))
            case 2 where tabs.tabs.count > Self.tabIDs.count:
                state.content = .tabs(NavTabs(Array(tabs.tabs.prefix(Self.tabIDs.count)), selected: "home"))
            case 3 where !stack.isEmpty, 4 where !stack.isEmpty:
                // A screen below the top replaced: the tab's known prefix
                // ends there.
                stack[Int(random.next() % UInt64(stack.count))] = pool[step % pool.count]
                try state.setStack(tab, to: stack)
            default:
                if stack.count > 1, random.next() % 2 == 0 { stack.removeLast() } else { stack.append(pool[step % pool.count]) }
                try state.setStack(tab, to: stack)
            }
            let head = try reader.history(scene: "main").map(\.revision).max() ?? 0
            let saved = try app.save(state, scene: "main")
            #expect(saved.revision == head + 1 || !saved.isNewRevision && saved.revision == head)
            #expect(try reader.load(scene: "main")?.state == state.map(\.stableEntry))
            // Now and then another tree in the same scene (the app's cached
            // layout is then no longer the file's), another scene, a delete
            // or a trim.
            try file.other.maybeWrite(
                "main", saving: { try $0.save(theirs, scene: "main") }, elsewhere: { [state] in try $0.save(state, scene: "elsewhere") })
        }
        #expect(file.other.writes > 10)
        #expect(try reader.integrityCheck().isEmpty)
    }
}
