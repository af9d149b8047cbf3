import Foundation
import NavStateModel
import NavStateSQLite

/// The part of a revision that is not stack entries: presentation methods,
/// checkpoints and scene values, stored as one small JSON text per revision.
package struct StoredLayout: Codable, Equatable {
    struct Value: Codable, Equatable {
        var tag: String
        var version: Int?
        var payload: String
    }

    var presentations: [PresentationMethod]
    var checkpoints: [Checkpoint]
    var values: [String: Value]

    /// The layout of a state with nothing presented, marked or selected: by
    /// far the most common, so it skips the encoder.
    static let emptyJSON = #"{"checkpoints":[],"presentations":[],"values":{}}"#

    package init(_ presentations: [PresentationMethod], _ checkpoints: [Checkpoint], _ values: [String: NavEntry]) {
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values.mapValues { Value(tag: $0.tag, version: $0.version, payload: $0.payload) }
    }

    package func json() -> String {
        if presentations.isEmpty && checkpoints.isEmpty && values.isEmpty { return Self.emptyJSON }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Strings, integers and arrays of them always encode.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? Self.emptyJSON
    }

    /// The layout a revision row holds; `nil` when it does not decode
    /// (``Damage/unreadableLayout``).
    static func decode(_ text: String) -> StoredLayout? {
        if text == emptyJSON { return StoredLayout([], [], [:]) }
        return try? JSONDecoder().decode(StoredLayout.self, from: Data(text.utf8))
    }
}
