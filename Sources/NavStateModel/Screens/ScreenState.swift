import Foundation

/// One screen's own state: the small values its view keeps (a draft, the id
/// of the list's top row, a segment, a filter), each a `Codable` value
/// under a key, held as the JSON text it encodes to.
///
/// A scene's screens are ``SceneState/screens``, keyed by the location of
/// the entry each belongs to: saved in the same write as that entry,
/// restored only into it, and removed when it is popped, replaced or left
/// out. Two entries of one type, or one value pushed twice, are two
/// locations, so two screens with separate state.
///
/// ```swift
/// var screen = ScreenState()
/// try screen.setValue("Dear Ana,", forKey: "draft")
/// let draft = try screen.value(String.self, forKey: "draft")   // "Dear Ana,"
/// ```
///
/// The values are the app's content: they are held to the store's limits
/// (``byteCount``), and a value a newer build can no longer decode is that
/// value alone lost (``value(_:forKey:)`` throws), never its screen.
public struct ScreenState: Sendable, Hashable {
    /// The values as the app set them, or as a store read them, still in
    /// the row's bytes until one is read.
    private var storage: Storage

    private enum Storage: Sendable {
        case values([String: String])
        case encoded(ScreenEncoding)
    }

    /// Each key's value as JSON text.
    public var json: [String: String] {
        switch storage {
        case .values(let values): values
        case .encoded(let encoding): encoding.values
        }
    }

    /// A screen with no state.
    public init() {
        storage = .values([:])
    }

    /// A screen holding these JSON texts, as a store read them; nothing
    /// checks that they are JSON until a value is decoded.
    public init(json: [String: String]) {
        storage = .values(json)
    }

    /// A screen as a store's row holds it, checked: its values are read
    /// from the row's bytes when asked for.
    package init(encoded: ScreenEncoding) {
        storage = .encoded(encoded)
    }

    /// The row's bytes, when the screen is still as a store read it.
    package var encoded: ScreenEncoding? {
        if case .encoded(let encoding) = storage { return encoding }
        return nil
    }

    /// Whether the screen holds no value.
    public var isEmpty: Bool {
        switch storage {
        case .values(let values): values.isEmpty
        case .encoded(let encoding): encoding.count == 0
        }
    }

    /// The keys, in order.
    public var keys: [String] {
        switch storage {
        case .values(let values): values.keys.sorted()
        case .encoded(let encoding): encoding.keys
        }
    }

    /// UTF-8 bytes of the keys and the values: what the store's limits count.
    public var byteCount: Int {
        switch storage {
        case .values(let values): values.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        case .encoded(let encoding): encoding.byteCount
        }
    }

    /// The JSON text under `key`.
    private func text(forKey key: String) -> String? {
        switch storage {
        case .values(let values): values[key]
        case .encoded(let encoding): encoding.value(forKey: key)
        }
    }

    /// Equal when they hold the same texts under the same keys, whichever
    /// form each is in.
    public static func == (lhs: ScreenState, rhs: ScreenState) -> Bool {
        if case .encoded(let left) = lhs.storage, case .encoded(let right) = rhs.storage, left.bytes == right.bytes {
            return true
        }
        return lhs.json == rhs.json
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(json)
    }

    /// The value under `key`, decoded; `nil` when there is none.
    ///
    /// - Throws: `NavStateError.screenValueUndecodable` when the saved JSON
    ///   is not a `T` (an update changed the type): the caller starts that
    ///   value afresh, and the rest of the screen is unaffected.
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws(NavStateError) -> T? {
        guard let text = text(forKey: key) else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw .screenValueUndecodable(key: key, type: String(reflecting: T.self), description: String(describing: error))
        }
    }

    /// Sets the value under `key`, encoded as JSON with sorted keys (the same
    /// value always gives the same bytes, so an unchanged value writes
    /// nothing); `nil` removes it.
    ///
    /// - Throws: `NavStateError.encodingFailed` when `JSONEncoder` rejects it.
    public mutating func setValue<T: Encodable>(_ value: T?, forKey key: String) throws(NavStateError) {
        guard let value else {
            setJSON(nil, forKey: key)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            setJSON(String(decoding: try encoder.encode(value), as: UTF8.self), forKey: key)
        } catch {
            throw .encodingFailed(type: String(reflecting: T.self), description: String(describing: error))
        }
    }

    /// Sets or removes the JSON text under `key` as it is, unchecked.
    public mutating func setJSON(_ text: String?, forKey key: String) {
        var values = json
        values[key] = text
        // Kept as a store writes it: a save of many screens encodes only
        // the one that changed.
        storage = .encoded(ScreenEncoding(values))
    }
}
