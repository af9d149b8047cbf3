import Foundation

/// Decodes payloads several times faster than `JSONDecoder` on Linux, and
/// never differently: whenever it meets anything whose meaning it does not
/// share with `JSONDecoder` beyond doubt, it gives up, and the caller decodes
/// the payload with `JSONDecoder` instead.
///
/// It handles objects, arrays, strings without escapes, `Bool`, `nil` and
/// integers written as plain integer literals. Everything else (floating
/// point, escapes, `Date`, `Data`, `URL`, `Decimal`, super decoders, asking
/// for all keys of a many-key object, a missing key, a type mismatch) gives
/// up. Giving up is recorded even if the type's `init(from:)` catches the
/// error, so a type can never take a different path than under
/// `JSONDecoder`.
package enum FastPayloadDecoder {
    /// The decoded value; throws ``GiveUp`` when `JSONDecoder` must decide.
    ///
    /// Throwing rather than returning `T?` spares a runtime lookup of
    /// `Optional<T>`'s metadata on every payload (`T` is the app's type,
    /// known here only generically).
    static func decode<T: Decodable>(_ type: T.Type, from payload: String) throws -> T {
        var payload = payload
        return try payload.withUTF8 { bytes throws -> T in
            guard let json = FastJSON.parse(bytes) else { throw GiveUp() }
            let outcome = Outcome()
            let value: T
            do {
                value = try T(from: Decoder(value: json, codingPath: [], outcome: outcome))
            } catch {
                throw GiveUp()
            }
            if outcome.gaveUp { throw GiveUp() }
            return value
        }
    }

    /// The decoded value, or `nil` when `JSONDecoder` must decide: the form
    /// the tests and the fuzzer compare with `JSONDecoder`'s result.
    package static func decodedValue<T: Decodable>(_ type: T.Type, from payload: String) -> T? {
        do {
            return try decode(type, from: payload)
        } catch {
            return nil
        }
    }

    /// Whether any step gave up, even one whose error was caught.
    final class Outcome {
        var gaveUp = false
        /// Nested `init(from:)` calls, bounded so nothing can recurse forever.
        var depth = 0

        func giveUp() -> GiveUp {
            gaveUp = true
            return GiveUp()
        }
    }

    struct GiveUp: Error {}

    /// Types `JSONDecoder` treats specially; they always go to it.
    static func isSpecial<T>(_ type: T.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
            || T.self is any FloatingPoint.Type
    }

    struct Decoder: Swift.Decoder {
        let value: FastJSON
        let codingPath: [any CodingKey]
        let outcome: Outcome
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func giveUp() -> GiveUp {
            outcome.gaveUp = true
            return GiveUp()
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else { throw giveUp() }
            return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath, outcome: outcome))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw giveUp() }
            return Unkeyed(elements: elements, codingPath: codingPath, outcome: outcome)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(value: value, codingPath: codingPath, outcome: outcome)
        }
    }

    /// Decodes one JSON value as `T`, giving up where JSONDecoder might differ.
    ///
    /// - Parameter codingPath: The value's coding path, built only if `T`
    ///   is not a string, a `Bool` or an integer (most fields are, and
    ///   building it costs two allocations).
    static func decodeValue<T: Decodable>(
        _ type: T.Type, _ value: FastJSON, codingPath: @autoclosure () -> [any CodingKey], outcome: Outcome
    ) throws -> T {
        if isSpecial(type) { throw outcome.giveUp() }
        switch value {
        case .string(let string) where type == String.self:
            if let result = string as? T { return result }
        case .bool(let bool) where type == Bool.self:
            if let result = bool as? T { return result }
        case .number:
            if let result = integer(value, as: type) { return result }
        default:
            break
        }
        // Primitives that did not match above are JSONDecoder's to judge;
        // and an integer type not listed (Int128) must not recurse into
        // its own init(from:).
        if type == String.self || type == Bool.self || T.self is any FixedWidthInteger.Type {
            throw outcome.giveUp()
        }
        outcome.depth += 1
        defer { outcome.depth -= 1 }
        guard outcome.depth < 256 else { throw outcome.giveUp() }
        return try T(from: Decoder(value: value, codingPath: codingPath(), outcome: outcome))
    }

    /// The number as `T` when `T` is one of the standard integer types and
    /// the literal is a plain integer in range.
    static func integer<T>(_ value: FastJSON, as type: T.Type) -> T? {
        switch type {
        case is Int.Type: integer(Int.self, value) as? T
        case is Int8.Type: integer(Int8.self, value) as? T
        case is Int16.Type: integer(Int16.self, value) as? T
        case is Int32.Type: integer(Int32.self, value) as? T
        case is Int64.Type: integer(Int64.self, value) as? T
        case is UInt.Type: integer(UInt.self, value) as? T
        case is UInt8.Type: integer(UInt8.self, value) as? T
        case is UInt16.Type: integer(UInt16.self, value) as? T
        case is UInt32.Type: integer(UInt32.self, value) as? T
        case is UInt64.Type: integer(UInt64.self, value) as? T
        default: nil
        }
    }

    /// A plain integer literal (no fraction, no exponent) within range.
    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: FastJSON) -> I? {
        guard case .number(let text) = value,
              !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        else { return nil }
        return I(text, radix: 10)
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, value: FastJSON)]
        let codingPath: [any CodingKey]
        let outcome: Outcome

        func giveUp() -> GiveUp {
            outcome.gaveUp = true
            return GiveUp()
        }

        var allKeys: [Key] {
            // JSONDecoder's order for several keys is its own; one key is
            // the same either way (enum cases with associated values).
            if members.count > 1 { outcome.gaveUp = true }
            return members.compactMap { Key(stringValue: $0.key) }
        }

        func contains(_ key: Key) -> Bool {
            members.contains { $0.key == key.stringValue }
        }

        func member(_ key: Key) throws -> FastJSON {
            guard let member = members.first(where: { $0.key == key.stringValue }) else { throw giveUp() }
            return member.value
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try member(key) { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try FastPayloadDecoder.decodeValue(type, try member(key), codingPath: codingPath + [key], outcome: outcome)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try Decoder(value: try member(key), codingPath: codingPath + [key], outcome: outcome).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try Decoder(value: try member(key), codingPath: codingPath + [key], outcome: outcome).unkeyedContainer()
        }

        func superDecoder() throws -> any Swift.Decoder { throw giveUp() }
        func superDecoder(forKey key: Key) throws -> any Swift.Decoder { throw giveUp() }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [FastJSON]
        let codingPath: [any CodingKey]
        let outcome: Outcome
        var currentIndex = 0

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        func giveUp() -> GiveUp {
            outcome.gaveUp = true
            return GiveUp()
        }

        mutating func next() throws -> FastJSON {
            guard !isAtEnd else { throw giveUp() }
            defer { currentIndex += 1 }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw giveUp() }
            if case .null = elements[currentIndex] {
                currentIndex += 1
                return true
            }
            return false
        }

        /// The coding path of the current element, as JSONDecoder spells it.
        var elementPath: [any CodingKey] { codingPath + [IndexKey(intValue: currentIndex)] }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw giveUp() }
            let path = codingPath
            let index = currentIndex
            let value = try FastPayloadDecoder.decodeValue(
                type, elements[currentIndex], codingPath: path + [IndexKey(intValue: index)], outcome: outcome)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let path = elementPath
            return try Decoder(value: try next(), codingPath: path, outcome: outcome).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let path = elementPath
            return try Decoder(value: try next(), codingPath: path, outcome: outcome).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Swift.Decoder { throw giveUp() }
    }

    /// An array position in a coding path: `Index 3`, as JSONDecoder names it.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    struct Single: SingleValueDecodingContainer {
        let value: FastJSON
        let codingPath: [any CodingKey]
        let outcome: Outcome

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try FastPayloadDecoder.decodeValue(type, value, codingPath: codingPath, outcome: outcome)
        }
    }
}
