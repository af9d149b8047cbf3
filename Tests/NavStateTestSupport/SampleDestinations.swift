import Foundation
import NavStateModel

/// A typical app route enum with associated values.
enum ShopRoute: NavDestination {
    case home
    case product(id: Int, name: String)
    case search(query: String, filters: [String])
}

/// The type behind `backport-emoji.json`, as NavigationBackport's sample app
/// declared it.
struct EmojiVisualisation: NavDestination {
    var emoji: String
    var count: Int
}

/// A screen that must never be written to disk.
struct PaymentScreen: NavDestination {
    var cardLast4: String
}

/// A second route type, to prove types in one registry never collide.
struct SettingsRoute: NavDestination {
    var section: String
    var depth: Int
}

enum Samples {
    /// A registry knowing every sample type, with the fixture's SwiftUI name
    /// as an alias of the emoji type.
    static func registry() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(ShopRoute.self, as: "shop")
            try registry.register(
                EmojiVisualisation.self, as: "emoji",
                aliases: ["NavigationBackportApp.EmojiVisualisation"])
            try registry.register(PaymentScreen.self, as: "payment", persisted: false)
            try registry.register(SettingsRoute.self, as: "settings", version: 3)
        }
    }
}

enum Fixtures {
    /// The directory of SwiftUI fixtures: the shared originals beside the
    /// repository when they are there, else the verbatim copies under Tests/.
    static func swiftUIDirectory() -> URL {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = repository.deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/swiftui", isDirectory: true)
        if FileManager.default.fileExists(atPath: shared.appendingPathComponent("README.md").path) {
            return shared
        }
        return repository.appendingPathComponent("Tests/Fixtures/swiftui", isDirectory: true)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: swiftUIDirectory().appendingPathComponent(name))
    }
}
