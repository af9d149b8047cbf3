import Foundation
import Logging
import NavState
import NavStateModel
@testable import NavStateTestSupport

enum StoreFixtures {
    /// A configuration whose logger stays quiet unless something fails.
    static func quiet(_ durability: NavStore.Durability = .normal) -> NavStore.Configuration {
        var logger = Logger(label: "navstate.tests")
        logger.logLevel = .critical
        return NavStore.Configuration(durability: durability, logger: logger)
    }

    /// A quiet configuration that keeps every revision, for tests that
    /// check each one after many saves.
    static func keepingEveryRevision() -> NavStore.Configuration {
        var configuration = quiet()
        configuration.keptRevisions = nil
        return configuration
    }

    static func entry(_ tag: String, _ payload: String) -> NavEntry { SceneFixtures.entry(tag, payload) }

    /// An `Int` entry.
    static func entry(_ payload: String) -> NavEntry { SceneFixtures.entry(payload) }

    /// ``SceneFixtures/richState()``.
    static func richState() -> SceneState<NavEntry> { SceneFixtures.richState() }

    static func bytes(of path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }
}

extension SceneState where Element == NavEntry {
    /// One stack of `count` integers, 0 up: a state whose size says which
    /// save it was.
    static func integers(_ count: Int) -> Self {
        SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }
}
