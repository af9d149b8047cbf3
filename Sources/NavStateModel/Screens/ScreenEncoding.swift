import Foundation

/// A screen's values as a store's file holds them (docs/database.md,
/// "Schema 7"): each key, in increasing order, then its value, each a
/// varint length and its UTF-8. A restore checks a row once and keeps it
/// so; a value is decoded when the app reads it, so a restore of many
/// screens decodes none of the screens the user does not go back to.
package struct ScreenEncoding: Sendable {
    /// The row's bytes, checked.
    package let bytes: [UInt8]
    /// UTF-8 bytes of the keys and the values: what the store's limits count.
    package let byteCount: Int
    /// How many values.
    package let count: Int

    /// The bytes as written, checked: every length within the row, every
    /// text UTF-8, the keys in increasing order (so none twice); `nil`
    /// otherwise, which only a tampered file holds.
    package init?(checking bytes: [UInt8]) {
        var byteCount = 0
        var count = 0
        let valid = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var reader = Reader(buffer)
            var previous: String?
            while !reader.isAtEnd {
                guard let key = reader.next(), let value = reader.next(), Self.isUTF8(value) else { return false }
                guard let text = Self.text(key) else { return false }
                if let previous, !(previous < text) { return false }
                previous = text
                byteCount += key.count + value.count
                count += 1
            }
            return true
        }
        guard valid else { return nil }
        self.bytes = bytes
        self.byteCount = byteCount
        self.count = count
    }

    /// The encoding of `values`, keys in increasing order.
    package init(_ values: [String: String]) {
        var bytes: [UInt8] = []
        var byteCount = 0
        func add(_ key: String, _ value: String) {
            Self.append(key, to: &bytes)
            Self.append(value, to: &bytes)
            byteCount += key.utf8.count + value.utf8.count
        }
        if values.count == 1, let (key, value) = values.first {
            // One value, the most common: nothing to sort.
            bytes.reserveCapacity(key.utf8.count + value.utf8.count + 6)
            add(key, value)
        } else {
            for (key, value) in values.sorted(by: { $0.key < $1.key }) { add(key, value) }
        }
        self.bytes = bytes
        self.byteCount = byteCount
        self.count = values.count
    }

    /// Every value by key.
    package var values: [String: String] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer)
            var values = [String: String](minimumCapacity: count)
            while !reader.isAtEnd {
                guard let key = reader.next(), let value = reader.next(), let keyText = Self.text(key),
                      let valueText = Self.text(value) else { break }
                values[keyText] = valueText
            }
            return values
        }
    }

    /// The keys, in increasing order.
    package var keys: [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer)
            var keys: [String] = []
            keys.reserveCapacity(count)
            while !reader.isAtEnd {
                guard let key = reader.next(), reader.next() != nil, let text = Self.text(key) else { break }
                keys.append(text)
            }
            return keys
        }
    }

    /// The value under `key`, found without decoding the others.
    package func value(forKey key: String) -> String? {
        var key = key
        return key.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer -> String? in
                var reader = Reader(buffer)
                while !reader.isAtEnd {
                    guard let stored = reader.next(), let value = reader.next() else { return nil }
                    if stored.elementsEqual(wanted) { return Self.text(value) }
                }
                return nil
            }
        }
    }

    // MARK: Bytes

    /// Reads the texts of a row in turn.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { offset >= bytes.count }

        /// The next text's bytes; `nil` past the end, or for a length that
        /// does not fit in the row.
        mutating func next() -> UnsafeBufferPointer<UInt8>? {
            var length = 0
            var shift = 0
            while true {
                guard offset < bytes.count, shift <= 28 else { return nil }
                let byte = bytes[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length <= bytes.count - offset else { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
            offset += length
            return text
        }
    }

    /// `bytes` as a string when they are UTF-8.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return isUTF8(bytes, decodedAs: text) ? text : nil
    }

    /// Whether `bytes` are UTF-8.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isASCII(bytes) || isUTF8(bytes, decodedAs: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `bytes` are UTF-8, given `text`, their decoding: decoding
    /// repairs what is not UTF-8, so a text that reads back as other bytes
    /// was not (this works from iOS 16).
    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>, decodedAs text: String) -> Bool {
        if isASCII(bytes) { return true }
        var text = text
        return text.withUTF8 { decoded in decoded.elementsEqual(bytes) }
    }

    /// Whether every byte is below 0x80.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Appends a text: a varint length, then its UTF-8.
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        var length = UInt(text.utf8.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        bytes.append(contentsOf: text.utf8)
    }
}
