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
    /// Each key's value as JSON text.
    public private(set) var json: [String: String]

    /// A screen with no state.
    public init() {
        json = [:]
    }

    /// A screen holding these JSON texts, as a store read them; nothing
    /// checks that they are JSON until a value is decoded.
    public init(json: [String: String]) {
        self.json = json
    }

    /// Whether the screen holds no value.
    public var isEmpty: Bool { json.isEmpty }

    /// The keys, in order.
    public var keys: [String] { json.keys.sorted() }

    /// UTF-8 bytes of the keys and the values: what the store's limits count.
    public var byteCount: Int {
        json.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    }

    /// The value under `key`, decoded; `nil` when there is none.
    ///
    /// - Throws: `NavStateError.screenValueUndecodable` when the saved JSON
    ///   is not a `T` (an update changed the type): the caller starts that
    ///   value afresh, and the rest of the screen is unaffected.
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws(NavStateError) -> T? {
        guard let text = json[key] else { return nil }
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
            json[key] = nil
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            json[key] = String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .encodingFailed(type: String(reflecting: T.self), description: String(describing: error))
        }
    }

    /// Sets or removes the JSON text under `key` as it is, unchecked.
    public mutating func setJSON(_ text: String?, forKey key: String) {
        json[key] = text
    }
}
