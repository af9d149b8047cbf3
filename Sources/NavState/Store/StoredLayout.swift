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

    /// The layout's JSON text, written as `JSONEncoder` with `.sortedKeys`
    /// writes it (`StoredLayoutTests` compares the two on generated
    /// layouts), through the wire format's one string writer: nothing in it
    /// can fail, so nothing is ever dropped.
    package func json() -> String {
        if presentations.isEmpty && checkpoints.isEmpty && values.isEmpty { return Self.emptyJSON }
        var out: [UInt8] = []
        out.reserveCapacity(64 + values.reduce(0) { $0 + $1.key.utf8.count + $1.value.tag.utf8.count + $1.value.payload.utf8.count + 40 })
        func text(_ literal: StaticString) {
            literal.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func string(_ value: String) { JSONStringArrayWriter.appendString(value, to: &out) }
        func number(_ value: Int) { out.append(contentsOf: String(value).utf8) }
        text(#"{"checkpoints":["#)
        for (index, checkpoint) in checkpoints.enumerated() {
            if index > 0 { text(",") }
            // Keys sorted: `index` is `entriesKept` on the wire.
            text(#"{"index":"#)
            number(checkpoint.entriesKept)
            text(#","name":"#)
            string(checkpoint.name)
            text(#","stack":"#)
            number(checkpoint.stack)
            if let valueType = checkpoint.valueType {
                text(#","valueType":"#)
                string(valueType)
            }
            text("}")
        }
        text(#"],"presentations":["#)
        for (index, method) in presentations.enumerated() {
            if index > 0 { text(",") }
            string(method.rawValue)
        }
        text(#"],"values":{"#)
        for (index, (name, value)) in values.sorted(by: { Self.encoderOrder($0.key, $1.key) }).enumerated() {
            if index > 0 { text(",") }
            string(name)
            text(#":{"payload":"#)
            string(value.payload)
            text(#","tag":"#)
            string(value.tag)
            if let version = value.version {
                text(#","version":"#)
                number(version)
            }
            text("}")
        }
        text("}}")
        return String(decoding: out, as: UTF8.self)
    }

    /// The order `JSONEncoder`'s `.sortedKeys` gives keys: by their UTF-8
    /// bytes.
    static func encoderOrder(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// The layout a revision row holds; `nil` when it does not decode
    /// (``Damage/unreadableLayout``).
    static func decode(_ text: String) -> StoredLayout? {
        if text == emptyJSON { return StoredLayout([], [], [:]) }
        return try? JSONDecoder().decode(StoredLayout.self, from: Data(text.utf8))
    }
}
