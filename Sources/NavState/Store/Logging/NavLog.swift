// Where NavState's records go: the app's swift-log `Logger` (the
// configuration's `logger`) and, on Apple platforms when the configuration
// says `logsToUnifiedLog`, the unified logging system (os.Logger, iOS 14 /
// macOS 11 / tvOS 14 / watchOS 7), which Console, `log stream` and a
// sysdiagnose show without the app bootstrapping anything. Not a swift-log
// `LogHandler`: the protocol's requirements differ between the swift-log
// releases an app may resolve (1.6 to 1.16), and no one conformance
// compiles without a warning on all of them.
package import Logging
#if canImport(os)
import os
#endif

/// NavState's log: the swift-log logger, and the unified log's sink.
package struct NavLog: Sendable {
    /// Which part of NavState wrote a record: the unified log's category.
    package enum Category: String, Sendable, Hashable, CaseIterable {
        case store, navigator
    }

    /// The unified logging system's levels (`OSLogType`).
    package enum Severity: Sendable, Hashable {
        case debug, info, `default`, error, fault
    }

    /// Receives a record for the unified log: its category, level,
    /// NavState's message (fixed text that names no user data) and its
    /// metadata as `key=value` pairs (which may name scenes, paths and
    /// destinations, so they are written as private data).
    package typealias Sink = @Sendable (Category, Severity, String, String) -> Void

    /// The unified log's subsystem.
    package static let subsystem = "navstate"

    package var logger: Logging.Logger
    package var category: Category
    package var sink: Sink?

    package init(logger: Logging.Logger, category: Category = .store, sink: Sink? = nil) {
        self.logger = logger
        self.category = category
        self.sink = sink
    }

    /// The same log, writing under `category`.
    package func `in`(_ category: Category) -> NavLog {
        var log = self
        log.category = category
        return log
    }

    package func log(
        level: Logging.Logger.Level, _ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        guard level >= logger.logLevel else { return }
        let message = message()
        let metadata = metadata()
        logger.log(level: level, message, metadata: metadata, file: file, function: function, line: line)
        if let sink {
            var all = logger.handler.metadata
            if let metadata { all.merge(metadata) { _, new in new } }
            sink(category, Self.severity(of: level), message.description, Self.details(all))
        }
    }

    package func trace(_ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil) {
        log(level: .trace, message(), metadata: metadata())
    }

    package func debug(_ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil) {
        log(level: .debug, message(), metadata: metadata())
    }

    package func info(_ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil) {
        log(level: .info, message(), metadata: metadata())
    }

    package func notice(_ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil) {
        log(level: .notice, message(), metadata: metadata())
    }

    package func warning(_ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil) {
        log(level: .warning, message(), metadata: metadata())
    }

    package func error(_ message: @autoclosure () -> Logging.Logger.Message, metadata: @autoclosure () -> Logging.Logger.Metadata? = nil) {
        log(level: .error, message(), metadata: metadata())
    }

    /// swift-log's seven levels on the unified log's five: trace and debug
    /// are `debug`, notice and warning `default` (kept in the log store,
    /// unlike `info` and `debug`), critical is `fault`.
    package static func severity(of level: Logging.Logger.Level) -> Severity {
        switch level {
        case .trace, .debug: .debug
        case .info: .info
        case .notice, .warning: .default
        case .error: .error
        case .critical: .fault
        }
    }

    /// Metadata as `key=value` pairs sorted by key, so a record always
    /// reads the same.
    package static func details(_ metadata: Logging.Logger.Metadata) -> String {
        metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// The unified log's sink, where there is one; its loggers are made once.
    package static let unifiedLog: Sink? = {
        #if canImport(os)
        let loggers = UnifiedLoggers()
        return { category, severity, message, details in
            guard let log = loggers.byCategory[category] else { return }
            let type: OSLogType = switch severity {
            case .debug: .debug
            case .info: .info
            case .default: .default
            case .error: .error
            case .fault: .fault
            }
            log.log(level: type, "\(message, privacy: .public) \(details, privacy: .private)")
        }
        #else
        return nil
        #endif
    }()
}

#if canImport(os)
/// One `os.Logger` per category, made once. `@unchecked Sendable`: the
/// dictionary is never changed after `init`, and Apple documents the
/// unified logging APIs as safe to call from any thread; older SDKs do not
/// mark `os.Logger` `Sendable`.
private final class UnifiedLoggers: @unchecked Sendable {
    let byCategory: [NavLog.Category: os.Logger]

    init() {
        byCategory = Dictionary(uniqueKeysWithValues: NavLog.Category.allCases.map {
            ($0, os.Logger(subsystem: NavLog.subsystem, category: $0.rawValue))
        })
    }
}
#endif
