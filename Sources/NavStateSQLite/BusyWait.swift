import CNavStateSQLite

/// How long a store's connections wait for another connection's lock, and
/// a switch, safe to throw from any thread while a connection waits, that
/// ends every wait at once (the C handler reads it: `navstate_busy_handler`).
///
/// `@unchecked Sendable`: the timeout is written once, before any
/// connection uses it, and the switch only through atomic operations.
package final class BusyWait: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<navstate_busy>

    package init(timeoutMilliseconds: Int32) {
        pointer = UnsafeMutablePointer<navstate_busy>.allocate(capacity: 1)
        pointer.initialize(to: navstate_busy(timeout_ms: max(0, timeoutMilliseconds), stop: 0))
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Whether waits end at once.
    package var isStopped: Bool { navstate_busy_is_stopped(pointer) != 0 }

    /// Ends every wait at once (and every later one) until `stop(false)`.
    package func stop(_ stopped: Bool) {
        navstate_busy_set_stop(pointer, stopped ? 1 : 0)
    }
}
