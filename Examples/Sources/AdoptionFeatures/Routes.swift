// A feature package's routes, as a real tab-bar app declares them: `public`,
// in a module of their own, compiled in Swift 6 language mode, and not
// `Sendable` (a `public` type is not implicitly `Sendable`). They ask what
// `NavigationPath` asks, `Codable & Hashable`, and import nothing of NavState.
// Platform-neutral, so Linux builds this module in Swift 6 mode too.

/// An account a route carries: the app's model, not `Sendable`.
public struct Account: Codable, Hashable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The app's tabs. Notifications exist only signed in.
public enum AppTab: String, Codable, Hashable {
    case timeline, explore, notifications
}

/// Where a tab's stack goes.
public enum RouterDestination: Codable, Hashable {
    case account(Account)
    case status(id: String)
    case hashtag(String)
}

/// What a tab's sheet is presented for.
public enum SheetDestination: Codable, Hashable, Identifiable {
    case newStatus
    case replyTo(statusID: String)
    case accountSettings(Account)

    public var id: String {
        switch self {
        case .newStatus: "new"
        case .replyTo(let statusID): "reply-\(statusID)"
        case .accountSettings(let account): "settings-\(account.id)"
        }
    }
}

/// Where a notes app's stack goes: a folder's list, a note's editor. Two
/// notes of one folder are two screens of one type.
public enum NoteRoute: Codable, Hashable {
    case folder(String)
    case note(id: Int)
}
