public import Foundation

extension NavStore {
    /// How the store's files are protected while the device is locked (the
    /// iOS family's Data Protection; macOS and Linux ignore it).
    public enum FileProtection: Sendable, Hashable {
        /// Readable and writable once the user has unlocked the device after
        /// a restart, even while it is locked again: background saves (a
        /// scene going to the background as the screen locks) still land.
        /// The default.
        case untilFirstUserAuthentication
        /// Unreadable while the device is locked; a save attempted then
        /// fails. Only for apps that never save in the background.
        case complete
        /// No protection class set by NavState: the file gets its folder's,
        /// or the app's default.
        case inherited
    }

    /// Where an app keeps its store: `NavState/navstate.sqlite` inside the
    /// app's Application Support folder, or inside an App Group's shared
    /// container so the app's extensions (widgets, intents) open the same
    /// file. Missing folders are created.
    ///
    /// ```swift
    /// let store = try NavStore(path: NavStore.defaultURL().path)
    /// // shared with a widget:
    /// let shared = try NavStore(path: NavStore.defaultURL(appGroup: "group.com.example.shop").path)
    /// ```
    ///
    /// On macOS, where Application Support is shared by every app of the
    /// user, the folder is `Application Support/<bundle identifier>/NavState`.
    ///
    /// - Throws: ``NavStoreError/invalidArgument(_:)`` for an App Group on a
    ///   platform without them, or one the app's entitlements do not name;
    ///   ``NavStoreError/cannotOpen(path:message:)`` when a folder cannot be
    ///   created.
    public static func defaultURL(appGroup: String? = nil, fileName: String = "navstate.sqlite") throws(NavStoreError) -> URL {
        let base: URL
        if let appGroup {
            base = try appGroupContainer(appGroup)
        } else {
            base = try applicationSupport()
        }
        return try defaultURL(in: base, fileName: fileName)
    }

    /// `<base>/NavState/<fileName>`, the folder created if missing.
    static func defaultURL(in base: URL, fileName: String) throws(NavStoreError) -> URL {
        guard !fileName.isEmpty, !fileName.contains("/") else {
            throw .invalidArgument("a store's file name cannot be empty or hold '/': '\(fileName)'")
        }
        let folder = base.appendingPathComponent("NavState", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: folder.path, message: "its folder could not be created: \(error.localizedDescription)")
        }
        return folder.appendingPathComponent(fileName, isDirectory: false)
    }

    private static func applicationSupport() throws(NavStoreError) -> URL {
        let files = FileManager.default
        var base: URL
        do {
            base = try files.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        } catch {
            throw .cannotOpen(path: "Application Support", message: error.localizedDescription)
        }
        #if os(macOS)
        // macOS: ~/Library/Application Support is every app's; keep to ours.
        if let bundle = Bundle.main.bundleIdentifier {
            base = base.appendingPathComponent(bundle, isDirectory: true)
        }
        #endif
        return base
    }

    private static func appGroupContainer(_ group: String) throws(NavStoreError) -> URL {
        #if canImport(Darwin)
        // FileManager.containerURL(forSecurityApplicationGroupIdentifier:):
        // iOS 7, macOS 10.8, tvOS 9, watchOS 2, visionOS 1. Nil on iOS for
        // a group the app's entitlements do not list.
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            throw .invalidArgument("no container for App Group '\(group)'; list it in the app's and extensions' entitlements")
        }
        return container
        #else
        throw .invalidArgument("App Groups exist on Apple platforms only; '\(group)' cannot be used here")
        #endif
    }

    /// Marks the store's files as the configuration asks: excluded from
    /// backups, and with their Data Protection class. Run at every writable
    /// open, since some file operations reset the backup flag (Apple:
    /// "Set this property each time you save a file").
    static func applyFileAttributes(_ path: String, _ configuration: Configuration) throws(NavStoreError) {
        #if canImport(Darwin)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            if configuration.isExcludedFromBackup {
                var url = URL(fileURLWithPath: path + suffix)
                // URLResourceValues.isExcludedFromBackup: iOS 8, macOS 10.10,
                // tvOS 9, watchOS 2, visionOS 1.
                var values = URLResourceValues()
                values.isExcludedFromBackup = true
                do {
                    try url.setResourceValues(values)
                } catch {
                    throw .cannotOpen(path: path, message: "could not exclude it from backups: \(error.localizedDescription)")
                }
            }
            #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            // FileAttributeKey.protectionKey with FileProtectionType:
            // completeUntilFirstUserAuthentication and complete exist from
            // iOS 5 / tvOS 9 / watchOS 2 / visionOS 1.
            let protection: FileProtectionType? = switch configuration.fileProtection {
            case .untilFirstUserAuthentication: .completeUntilFirstUserAuthentication
            case .complete: .complete
            case .inherited: nil
            }
            if let protection {
                do {
                    try FileManager.default.setAttributes([.protectionKey: protection], ofItemAtPath: path + suffix)
                } catch {
                    throw .cannotOpen(path: path, message: "could not set its file protection: \(error.localizedDescription)")
                }
            }
            #endif
        }
        #endif
    }
}
