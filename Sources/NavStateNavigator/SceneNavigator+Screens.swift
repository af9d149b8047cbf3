import Foundation
import Logging
import NavState
public import NavStateModel

// Each screen's own state through the navigator: a draft, a list's top row.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    /// The location of the entry on top: the last entry of the stack on
    /// screen, or the top presentation's destination when its stack is
    /// empty; `nil` when nothing is pushed or presented.
    public var topLocation: EntryLocation? {
        if let address = state.stackOnScreen, let stack = state.stack(address), !stack.isEmpty {
            return .stack(address, position: stack.count - 1)
        }
        return state.presentations.isEmpty ? nil : .presentation(state.presentations.count)
    }

    /// The own state of the screen of the entry at `location`: empty when it
    /// has none.
    public func screen(at location: EntryLocation) -> ScreenState {
        state.screens[location] ?? ScreenState()
    }

    /// The value under `key` of the screen at `location`; `nil` when there
    /// is none, or when the saved value no longer decodes as `T` (an update
    /// changed the type): then it is logged, and the screen's other values
    /// are unaffected.
    public func screenValue<T: Decodable>(_ type: T.Type, forKey key: String, at location: EntryLocation) -> T? {
        do {
            return try screen(at: location).value(type, forKey: key)
        } catch {
            store.logger.in(.navigator).notice("screen value starts afresh", metadata: ["scene": "\(scene)", "error": "\(error)"])
            return nil
        }
    }

    /// Sets the value under `key` of the screen at `location` (`nil`
    /// removes it), and saves it like a push: off the main actor, coalesced
    /// with the other changes. An unchanged value saves nothing.
    ///
    /// - Throws: `NavStateError.noEntry` when no entry is at `location`
    ///   (its state would have no screen to go to),
    ///   `NavStateError.encodingFailed` when `JSONEncoder` rejects the value.
    public func setScreenValue<T: Encodable>(_ value: T?, forKey key: String, at location: EntryLocation) throws(NavStateError) {
        guard state.element(at: location) != nil else { throw .noEntry(location) }
        var screen = screen(at: location)
        try screen.setValue(value, forKey: key)
        guard state.screens[location] ?? ScreenState() != screen else { return }
        state.screens[location] = screen.isEmpty ? nil : screen
        stateDidChange()
    }
}
