public import Foundation
public import Logging
import NavStateModel
import NavStateSQLite

extension NavStore {
    /// What a save survives.
    public enum Durability: String, Sendable, Hashable, CaseIterable {
        /// `synchronous=NORMAL` in WAL mode: a save survives the app crashing
        /// or being killed; the last saves before a power loss or OS crash may
        /// be rolled back (never half-written). The default.
        case normal
        /// `synchronous=FULL`: every acknowledged save also survives power
        /// loss, at the cost of an fsync per save.
        case full
    }

    /// Limits checked on every save. Past one, the save fails with
    /// `NavStateError.limitExceeded`; nothing is
    /// ever truncated silently.
    public struct Limits: Sendable, Hashable {
        /// Entries in any one stack. Default 1,000.
        public var entriesPerStack: Int = 1_000
        /// UTF-8 bytes of one entry's payload. Default 64 KiB.
        public var payloadBytes: Int = 64 * 1024
        /// Tag and payload bytes of a whole scene state. Default 1 MiB.
        public var sceneBytes: Int = 1024 * 1024
        /// UTF-8 bytes of a scene name. Default 256.
        public var sceneNameBytes: Int = 256
        /// Stacks in a whole scene: the root's, every tab's and split
        /// view's detail, every managed presentation's. Default 1,000.
        public var stacksPerScene: Int = 1_000
        /// How deeply tab bars and split views nest inside one another at
        /// one presentation level (a split view in a tab is 2). Default 16.
        public var nestingDepth: Int = 16
        /// UTF-8 bytes of one screen's own state, keys and values together
        /// (``/NavStateModel/SceneState/screens``). Default 16 KiB. Unlike
        /// the limits above, a value past it is left out of the save and
        /// reported (``SaveResult/screenValuesLeftOut``), and the save goes on.
        public var screenBytes: Int = 16 * 1024
        /// UTF-8 bytes of every screen's state of a scene. Default 256 KiB;
        /// past it, values are left out like those past ``screenBytes``.
        public var sceneScreenBytes: Int = 256 * 1024

        /// Limits with every default.
        public init() {}
    }

    /// How a store is opened.
    public struct Configuration: Sendable {
        /// What a save survives. Default ``Durability/normal``.
        public var durability: Durability = .normal
        /// How long a write waits for another process's lock. Default 5 s.
        public var busyTimeout: Duration = .seconds(5)
        /// The limits every save is checked against.
        public var limits: Limits = Limits()
        /// Where the store's events go: open, migrate, save, load, prune,
        /// purge and errors. Payload contents are only logged at trace level.
        public var logger: Logger = Logger(label: "navstate")
        /// On Apple platforms, also write the store's and navigators'
        /// events to the unified logging system, where Console,
        /// `log stream --predicate 'subsystem == "navstate"'` and a
        /// sysdiagnose show them, with no logging backend bootstrapped.
        /// Subsystem `navstate`; category `store` for the store's events
        /// and `navigator` for a `SceneNavigator`'s, its lifecycle's and a
        /// `NavigationPathSaver`'s. The levels written are those ``logger``
        /// lets through (its `logLevel`). The message is fixed text, public;
        /// the metadata (scene names, paths, destinations) is private data,
        /// shown redacted outside a debugger. Default `false`; ignored where
        /// there is no unified log (Linux).
        ///
        /// ```swift
        /// var configuration = NavStore.Configuration()
        /// configuration.logsToUnifiedLog = true
        /// ```
        public var logsToUnifiedLog = false
        /// Receives the unified log's records instead of os.Logger: tests.
        package var unifiedLogSink: NavLog.Sink?
        /// The log the store and its navigators write to.
        package var log: NavLog {
            NavLog(logger: logger, sink: unifiedLogSink ?? (logsToUnifiedLog ? NavLog.unifiedLog : nil))
        }
        /// The most pages (4 KiB each) the file may grow to, or `nil` for no
        /// cap beyond the disk. A save that would pass it fails with
        /// `NavStateError.diskFull` and changes nothing, exactly as
        /// on a full disk.
        public var maximumPageCount: Int?
        /// How many revisions of each scene a save keeps: the head and the
        /// ones before it, for history, diff and the crash-loop guard's
        /// fallback. Older ones are removed by the save itself, and their
        /// pages reused. Default 20; `nil` keeps every revision.
        public var keptRevisions: Int? = 20
        /// The store's clock: what a save records as its time, what a
        /// restore measures `maximumAge` against and what a prune measures
        /// `notUpdatedFor` against. Replace it in tests instead of sleeping.
        ///
        /// ```swift
        /// configuration.clock = { Date(timeIntervalSince1970: 1_800_000_000) }
        /// ```
        public var clock: @Sendable () -> Date = { Date() }
        /// On Apple platforms, keep the store's files out of iCloud and
        /// computer backups (restoring one device's navigation onto another
        /// surprises people). Default `true`; ignored elsewhere.
        public var isExcludedFromBackup = true
        /// The Data Protection class of the store's files on the iOS family
        /// (macOS and Linux ignore it). Default
        /// `.completeUntilFirstUserAuthentication`: readable and writable
        /// once the user has unlocked the device after a restart, even while
        /// it is locked again, so background saves (a scene going to the
        /// background as the screen locks) still land. `.complete` makes a
        /// save attempted while the device is locked fail; `nil` sets no
        /// class, and the files get their folder's or the app's default.
        public var fileProtection: FileProtectionType? = .completeUntilFirstUserAuthentication

        /// The busy timeout in whole milliseconds, as SQLite takes it.
        var busyTimeoutMilliseconds: Int32 {
            let timeout = busyTimeout.components
            return Int32(clamping: timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000)
        }

        /// A configuration with the given durability, limits and logger, and every other setting at its default.
        public init(durability: Durability = .normal, limits: Limits = Limits(), logger: Logger = Logger(label: "navstate")) {
            self.durability = durability
            self.limits = limits
            self.logger = logger
        }
    }
}
