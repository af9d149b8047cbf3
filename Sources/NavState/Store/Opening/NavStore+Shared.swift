import Foundation

extension NavStore {
    /// The store at `path`, opened once for the whole process: every call
    /// with the same file (the first window's, a second window's opening at
    /// the same moment, an intent's) gets the same store, and calls made
    /// while the open runs wait for it rather than opening the file again.
    /// A failed open is not kept: the next call tries again.
    ///
    /// ```swift
    /// let store = try await NavStore.shared(path: NavStore.defaultURL().path)
    /// ```
    ///
    /// The first call's `configuration` is the store's; later calls' are
    /// not looked at. Opened as ``open(path:configuration:)`` opens, on the
    /// store's own queue.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - configuration: The store's configuration, from the first call.
    ///   - recovering: When the first call's is true and the file is not a
    ///     store this build can use (not SQLite, damaged, another app's, a
    ///     newer schema), it is moved aside intact and a fresh store
    ///     started, as ``openRecovering(path:configuration:)`` does, and the
    ///     move is logged; what moving cannot cure (a read-only folder, a
    ///     full disk) is still thrown.
    public static func shared(
        path: String, configuration: Configuration = Configuration(), recovering: Bool = false
    ) async throws(NavStateError) -> NavStore {
        let store = try await sharedOpen(path: path, configuration: configuration, recovering: recovering)
        // A store whose files changed under it (moved, its -wal replaced)
        // has let go of them for good: it leaves the table, and the path
        // is opened afresh, once.
        store.noticeChangedFiles()
        guard store.isDetached else { return store }
        await SharedStores.forget(store)
        return try await sharedOpen(path: path, configuration: configuration, recovering: recovering)
    }

    private static func sharedOpen(
        path: String, configuration: Configuration, recovering: Bool
    ) async throws(NavStateError) -> NavStore {
        let key = (try? StoreFile.resolvingDirectory(of: path)) ?? path
        let opening = SharedStores.opening(key) {
            Task { () async -> Result<NavStore, NavStateError> in
                do throws(NavStateError) {
                    return .success(try await open(path: path, configuration: configuration))
                } catch {
                    guard recovering, error.isCuredBySettingTheFileAside else { return .failure(error) }
                    do throws(NavStateError) {
                        return .success(try await openRecovering(path: path, configuration: configuration).store)
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        switch await opening.value {
        case .success(let store):
            return store
        case .failure(let error):
            SharedStores.forget(key, ifStill: opening)
            throw error
        }
    }
}

/// The stores ``NavStore/shared(path:configuration:recovering:)`` opened, by the path
/// SQLite opens (links in the folders resolved).
enum SharedStores {
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var opens: [String: Task<Result<NavStore, NavStateError>, Never>] = [:]
    }

    private static let table = Table()

    /// The open of `key` under way or done, or a new one `start` makes.
    static func opening(_ key: String, start: () -> Task<Result<NavStore, NavStateError>, Never>) -> Task<Result<NavStore, NavStateError>, Never> {
        table.lock.lock()
        defer { table.lock.unlock() }
        if let running = table.opens[key] { return running }
        let task = start()
        table.opens[key] = task
        return task
    }

    /// Forgets a failed open, unless another has taken its place.
    static func forget(_ key: String, ifStill task: Task<Result<NavStore, NavStateError>, Never>) {
        table.lock.lock()
        defer { table.lock.unlock() }
        if table.opens[key] == task { table.opens[key] = nil }
    }

    /// The opens under way or done, by key.
    private static func entries() -> [String: Task<Result<NavStore, NavStateError>, Never>] {
        table.lock.lock()
        defer { table.lock.unlock() }
        return table.opens
    }

    /// Forgets `store`, which let go of its files: the next call opens the
    /// path afresh.
    static func forget(_ store: NavStore) async {
        for (key, task) in entries() {
            guard case .success(let opened) = await task.value, opened === store else { continue }
            forget(key, ifStill: task)
        }
    }
}
