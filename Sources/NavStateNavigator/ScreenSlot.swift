import NavState
public import NavStateModel

/// One entry's screen state, handed to the view or view controller that
/// shows the entry, as UIKit hands each view controller its own archive
/// (`encodeRestorableState(with:)`): it reads and writes that entry's
/// values only, through its navigator, which saves them like a push.
///
/// A slot belongs to the entry it was made for, not to its location: once
/// that entry is popped or replaced (even by an equal value pushed again),
/// the slot reads nothing and its writes are dropped, so a screen on its
/// way out never writes into the state of the one that took its place.
///
/// ```swift
/// let slot = navigator.screenSlot(at: .stack(.root, position: 1))
/// let draft = slot?.value(String.self, forKey: "draft") ?? ""
/// try slot?.setValue("Dear Ana,", forKey: "draft")
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class ScreenSlot {
    /// Where the entry is.
    public let location: EntryLocation
    private weak var navigator: SceneNavigator?
    /// The entry's storage: two destinations share it only when one is a
    /// copy of the other, never when an equal value was pushed again.
    private let entry: AnyObject?

    init(location: EntryLocation, navigator: SceneNavigator, entry: AnyObject?) {
        self.location = location
        self.navigator = navigator
        self.entry = entry
    }

    /// Whether the entry is still where it was: its navigator lives and
    /// holds that very entry at ``location``.
    public var isCurrent: Bool {
        guard let navigator, let element = navigator.state.element(at: location) else { return false }
        return element.storageObject === entry
    }

    /// The screen's value under `key`; `nil` when there is none, when it no
    /// longer decodes as `T` (see ``SceneNavigator/screenValue(_:forKey:at:)``),
    /// or when the entry is gone.
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard isCurrent, let navigator else { return nil }
        return navigator.screenValue(type, forKey: key, at: location)
    }

    /// Sets the screen's value under `key` (`nil` removes it), saved like a
    /// push; dropped when the entry is gone.
    ///
    /// - Throws: `NavStateError.encodingFailed` when `JSONEncoder` rejects
    ///   the value.
    public func setValue<T: Encodable>(_ value: T?, forKey key: String) throws(NavStateError) {
        guard isCurrent, let navigator else { return }
        try navigator.setScreenValue(value, forKey: key, at: location)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    /// The slot of the entry at `location`, for the view or view controller
    /// that shows it; `nil` when no entry is there.
    public func screenSlot(at location: EntryLocation) -> ScreenSlot? {
        guard let element = state.element(at: location) else { return nil }
        return ScreenSlot(location: location, navigator: self, entry: element.storageObject)
    }
}
