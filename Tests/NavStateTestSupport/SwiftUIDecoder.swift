import Foundation
import NavStateModel

/// Decodes `NavigationPath.CodableRepresentation` the way SwiftUI does: a tag
/// must be a type's current module-qualified name (`String(reflecting:)`),
/// a payload must decode with that type's current `Codable`, and any pair
/// that fails fails the whole document. No aliases, stable names, mangled
/// names or upgrades: what the sanitiser hands SwiftUI must pass this.
struct SwiftUIDecoder {
    struct Failure: Error, Equatable {
        var tag: String
    }

    private let types: [String: @Sendable (Data) throws -> any Hashable]

    init(_ types: [any NavDestination.Type]) {
        var table: [String: @Sendable (Data) throws -> any Hashable] = [:]
        for type in types {
            let (name, decode) = Self.decoder(for: type)
            table[name] = decode
        }
        self.types = table
    }

    private static func decoder<T: NavDestination>(for type: T.Type) -> (String, @Sendable (Data) throws -> any Hashable) {
        let decoding: any JSONDecoding = TypedJSONDecoding<T>()
        return (String(reflecting: type), { try decoding.decode($0) })
    }

    /// The values in push order.
    func decode(_ data: Data) throws -> [any Hashable] {
        let strings = try JSONDecoder().decode([String].self, from: data)
        guard strings.count.isMultiple(of: 2) else { throw Failure(tag: "") }
        var values: [any Hashable] = []
        for index in stride(from: strings.count - 2, through: 0, by: -2) {
            guard let decode = types[strings[index]] else { throw Failure(tag: strings[index]) }
            values.append(try decode(Data(strings[index + 1].utf8)))
        }
        return values
    }
}

/// Encodes values as `JSONEncoder().encode(path.codable)` does for a
/// SwiftUI `NavigationPath` holding them: `[type name, value JSON, …]`, the
/// last-pushed value first, each type by its module-qualified name.
enum SwiftUIEncoder {
    static func json(_ values: [any NavDestination]) throws -> Data {
        var strings: [String] = []
        for value in values.reversed() {
            strings.append(String(reflecting: type(of: value)))
            strings.append(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
        }
        return try JSONEncoder().encode(strings)
    }
}

/// One type's decoding, held as an existential so the `@Sendable` closure
/// captures no metatype of a type that is not `Sendable`.
private protocol JSONDecoding: Sendable {
    func decode(_ data: Data) throws -> any Hashable
}

private struct TypedJSONDecoding<T: NavDestination>: JSONDecoding {
    func decode(_ data: Data) throws -> any Hashable { try JSONDecoder().decode(T.self, from: data) }
}
