/// Links (URLs, notification payloads, Handoff activities) that may come
/// before there is anything to hand them to, kept in order until there is.
///
/// At a cold launch SwiftUI can deliver `onOpenURL` before a window's
/// state is restored. The glue receives every link here; once the restore
/// has ended, the links that waited are handed over first, in the order
/// they came, and later ones at once.
///
/// ```swift
/// let inbox = LinkInbox<URL>()
/// inbox.receive(url)                                  // before the navigator
/// inbox.deliver { url in Task { await open(url) } }   // the url, now
/// ```
@MainActor
package final class LinkInbox<Link> {
    private var waiting: [Link] = []
    private var handler: (@MainActor (Link) -> Void)?

    package init() {}

    /// The links received and not handed over yet, first come first.
    package var pending: [Link] { waiting }

    /// Hands `link` over now if there is a handler, or keeps it until
    /// ``deliver(to:)``.
    package func receive(_ link: Link) {
        if let handler {
            handler(link)
        } else {
            waiting.append(link)
        }
    }

    /// From now on hands every link to `handler`, starting with those that
    /// waited, in the order they came. A second call replaces the handler.
    package func deliver(to handler: @escaping @MainActor (Link) -> Void) {
        self.handler = handler
        let ready = waiting
        waiting = []
        for link in ready { handler(link) }
    }
}

/// Links applied one at a time in the order they came, whatever their
/// source: a URL for the app's handler applied at once in its turn, a
/// Handoff payload decoded and applied over time while the links after it
/// wait; or a caller's own turn (``turn()``), which runs its steps in its
/// own task and says when it ended. Closed, it keeps every link until it
/// opens (the restore in place). `SceneSession`, the UIKit
/// `SceneConnection` and `SceneNavigator` keep their links in one.
@MainActor
package final class LinkLine {
    package enum Link {
        /// Applied at once when its turn comes.
        case now(@MainActor () -> Void)
        /// Applied over time; the links after it wait until it ends.
        case later(@MainActor () async -> Void)
        /// A caller's turn: resumed when it may run, and over at ``endTurn()``.
        case turn(CheckedContinuation<Void, Never>)
    }

    private var waiting: [Link] = []
    private var running = false
    /// Whether links run now; opening runs those that waited.
    package var isOpen: Bool {
        didSet { run() }
    }

    package init(isOpen: Bool) {
        self.isOpen = isOpen
    }

    /// Queues `link` behind those that came before it, and runs it when
    /// its turn comes: now, if the line is open and nothing is ahead.
    package func append(_ link: Link) {
        waiting.append(link)
        run()
    }

    /// Returns when the caller's link may run: once the line is open and
    /// every link before it has ended. The caller runs its link, then
    /// calls ``endTurn()``; the links after it wait until then.
    package func turn() async {
        await withCheckedContinuation { append(.turn($0)) }
    }

    /// The link whose ``turn()`` came has ended: the next one runs.
    package func endTurn() {
        running = false
        run()
    }

    private func run() {
        while isOpen, !running, !waiting.isEmpty {
            switch waiting.removeFirst() {
            case .now(let link):
                link()
            case .later(let link):
                running = true
                Task { @MainActor in
                    await link()
                    self.running = false
                    self.run()
                }
            case .turn(let turn):
                running = true
                turn.resume()
            }
        }
    }
}
