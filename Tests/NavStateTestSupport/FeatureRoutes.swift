/// Routes as a feature module declares them: `public`, so not implicitly
/// `Sendable` in Swift 6 mode (this module is compiled in it), and
/// carrying a model type of the same kind. They ask only what
/// `NavigationPath` asks: `Codable & Hashable`.
public enum FeatureRoute: Codable, Hashable {
    case account(FeatureAccount)
    case settings
}

/// A model a route carries: `public`, not `Sendable`.
public struct FeatureAccount: Codable, Hashable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A tab bar's tabs, from the same module.
public enum FeatureTab: String, Codable, Hashable {
    case home, search, notifications
}
