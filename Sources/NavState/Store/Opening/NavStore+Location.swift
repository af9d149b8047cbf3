public import Foundation

extension NavStore {
    /// Where an app keeps its store: `NavState/navstate.sqlite` inside the
    /// folder the platform keeps an app's own data in, or inside an App
    /// Group's shared container so the app's extensions (widgets, intents)
    /// open the same file. Missing folders are created.
    ///
    /// ```swift
    /// let store = try await NavStore.open(path: NavStore.defaultURL().path)
    /// // shared with a widget:
    /// let shared = try await NavStore.open(path: NavStore.defaultURL(appGroup: "group.com.example.shop").path)
    /// ```
    ///
    /// The folder, per platform (docs/platforms.md, "Where the file
    /// lives"):
    /// - iOS, iPadOS, watchOS, visionOS: Application Support.
    /// - macOS, where Application Support is shared by every app of the
    ///   user: `Application Support/<bundle identifier>`.
    /// - tvOS, which keeps only a small persistent allowance and writes
    ///   nothing to Application Support on a device: Caches
    ///   (`Library/Caches` in an App Group container), which the system may
    ///   purge while the app is not running. A purged store restores as
    ///   ``RestoreReport/Outcome/noSavedState``.
    ///
    /// - Throws: `NavStateError.appGroupUnavailable` for an App Group on a
    ///   platform without them, or, on the iOS family, one the app's
    ///   entitlements do not name (macOS returns a URL for any group; a
    ///   sandboxed app then fails to open there with
    ///   `NavStateError.readOnly` or
    ///   `NavStateError.cannotOpen`);
    ///   `NavStateError.cannotOpen` when a folder cannot be
    ///   created.
    public static func defaultURL(appGroup: String? = nil, fileName: String = "navstate.sqlite") throws(NavStateError) -> URL {
        let location = StorageLocation.current
        let base: URL
        if let appGroup {
            base = location.appGroupFolder(in: try appGroupContainer(appGroup))
        } else {
            base = try appFolder(location)
        }
        return try defaultURL(in: base, fileName: fileName)
    }

    /// Where the platform keeps an app's own data, as
    /// ``defaultURL(appGroup:fileName:)`` uses it.
    package enum StorageLocation: Sendable, Hashable, CaseIterable {
        /// Application Support: iOS, iPadOS, watchOS, visionOS (and Linux).
        case applicationSupport
        /// Application Support, inside a folder named after the app's
        /// bundle identifier: macOS.
        case applicationSupportPerApp
        /// Caches, which the system may purge while the app is not running:
        /// tvOS.
        case caches

        /// This platform's.
        package static var current: StorageLocation {
            #if os(tvOS)
            .caches
            #elseif os(macOS)
            .applicationSupportPerApp
            #else
            .applicationSupport
            #endif
        }

        /// The search-path directory the folder is in.
        package var directory: FileManager.SearchPathDirectory {
            switch self {
            case .applicationSupport, .applicationSupportPerApp: .applicationSupportDirectory
            case .caches: .cachesDirectory
            }
        }

        /// Whether what is kept there survives until the app deletes it.
        package var isPersistent: Bool { self != .caches }

        /// The folder inside an App Group's container: the container itself,
        /// or its `Library/Caches` on tvOS.
        package func appGroupFolder(in container: URL) -> URL {
            switch self {
            case .applicationSupport, .applicationSupportPerApp: container
            case .caches: container.appendingPathComponent("Library/Caches", isDirectory: true)
            }
        }
    }

    /// `<base>/NavState/<fileName>`, the folder created if missing.
    static func defaultURL(in base: URL, fileName: String) throws(NavStateError) -> URL {
        guard !fileName.isEmpty, !fileName.contains("/") else {
            throw .invalidFileName(fileName)
        }
        let folder = base.appendingPathComponent(folderName, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .openingFailed(path: folder.path, at: .createFolder, cause: error.localizedDescription)
        }
        return folder.appendingPathComponent(fileName, isDirectory: false)
    }

    /// The folder ``defaultURL(appGroup:fileName:)`` keeps the store in.
    static let folderName = "NavState"

    private static func appFolder(_ location: StorageLocation) throws(NavStateError) -> URL {
        let files = FileManager.default
        var base: URL
        do {
            base = try files.url(for: location.directory, in: .userDomainMask, appropriateFor: nil, create: true)
        } catch {
            throw .openingFailed(path: "\(location.directory)", at: .findFolder, cause: error.localizedDescription)
        }
        // macOS: ~/Library/Application Support is every app's; keep to ours.
        if location == .applicationSupportPerApp, let bundle = Bundle.main.bundleIdentifier {
            base = base.appendingPathComponent(bundle, isDirectory: true)
        }
        return base
    }

    private static func appGroupContainer(_ group: String) throws(NavStateError) -> URL {
        #if canImport(Darwin)
        // FileManager.containerURL(forSecurityApplicationGroupIdentifier:):
        // iOS 7, macOS 10.8, tvOS 9, watchOS 2, visionOS 1. Apple: "In iOS,
        // the value is nil when the group identifier is invalid. In macOS, a
        // URL of the expected form is always returned, even if the app group
        // is invalid".
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            throw .appGroupUnavailable(group)
        }
        return container
        #else
        throw .appGroupUnavailable(group)
        #endif
    }
}
