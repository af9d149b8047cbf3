public import NavStateModel

/// A screen value a save left out because it would pass one of the store's
/// limits; the rest of the save, the screen's other values included, was
/// written. The screen's previous value under that key is gone from the file
/// too: a restore never gives an older draft than the one on screen.
public struct LeftOutScreenValue: Sendable, Hashable, CustomStringConvertible {
    /// The entry whose screen holds the value.
    public var location: EntryLocation
    /// The value's key.
    public var key: String
    /// UTF-8 bytes of the key and the value.
    public var bytes: Int
    /// The limit it would pass: `screenBytes` (the screen's values
    /// together) or `sceneScreenBytes` (every screen of the scene).
    public var limit: String

    public var description: String {
        "screen value '\(key)' of \(location) (\(bytes) bytes) left out: past \(limit)"
    }
}
