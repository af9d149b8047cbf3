import Foundation

/// A value behind a lock, for tests that share state across threads.
///
/// Not `Synchronization.Mutex`, which needs iOS 18 / macOS 15: the tests
/// build for the platform floors too. `@unchecked Sendable` because `value`
/// is only touched under `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
