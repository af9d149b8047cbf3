import NavStateScenes
import Testing

/// The one line every face keeps its links in (`LinkLine`): a link applied
/// at once, one applied over time, and a caller's own turn (the
/// navigator's `send(to:)`), each in the order it came, one at a time, and
/// none before the line opens (the restore in place).
@MainActor
@Suite("Link line")
struct LinkLineTests {
    final class Log {
        var lines: [String] = []
    }

    /// Waits, a bounded number of hops, until `log` holds `count` lines.
    func settle(_ log: Log, count: Int) async {
        for _ in 0..<1_000 where log.lines.count < count { await Task.yield() }
    }

    @Test func aClosedLineKeepsEveryKindOfLinkAndOpeningRunsThemInTheOrderTheyCame() async {
        let line = LinkLine(isOpen: false)
        let log = Log()
        line.append(.now { log.lines.append("url 1") })
        let turn = Task { @MainActor in
            await line.turn()
            log.lines.append("send, its steps")
            await Task.yield()
            log.lines.append("send, its target")
            line.endTurn()
        }
        await Task.yield()
        line.append(.later {
            log.lines.append("handoff, decoded")
            await Task.yield()
            log.lines.append("handoff, applied")
        })
        line.append(.now { log.lines.append("url 2") })
        for _ in 0..<10 { await Task.yield() }
        #expect(log.lines.isEmpty, "nothing runs before the restore is in place")
        line.isOpen = true
        await turn.value
        await settle(log, count: 6)
        #expect(log.lines == ["url 1", "send, its steps", "send, its target", "handoff, decoded", "handoff, applied", "url 2"])
    }

    @Test func aLinkThatComesDuringATurnWaitsForItsEnd() async {
        let line = LinkLine(isOpen: true)
        let log = Log()
        await line.turn()
        line.append(.now { log.lines.append("url") })
        #expect(log.lines.isEmpty, "a turn holds the links after it")
        line.endTurn()
        #expect(log.lines == ["url"])
        // An open, idle line gives a turn at once.
        await line.turn()
        line.endTurn()
        line.append(.now { log.lines.append("next") })
        #expect(log.lines == ["url", "next"])
    }
}
