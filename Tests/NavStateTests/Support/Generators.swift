import Foundation
import NavState
import PropertyBased

/// One generated destination, described as data so the generator stays
/// Sendable; ``value(in:)`` erases it through a registry.
enum SampleValue: Sendable, CustomStringConvertible {
    case int(Int)
    case string(String)
    case bool(Bool)
    case double(Double)
    case uuid(UUID)
    case route(ShopRoute)
    case settings(SettingsRoute)
    case emoji(EmojiVisualisation)

    func erased(in registry: DestinationRegistry) throws -> AnyDestination {
        switch self {
        case .int(let value): try AnyDestination(value, in: registry)
        case .string(let value): try AnyDestination(value, in: registry)
        case .bool(let value): try AnyDestination(value, in: registry)
        case .double(let value): try AnyDestination(value, in: registry)
        case .uuid(let value): try AnyDestination(value, in: registry)
        case .route(let value): try AnyDestination(value, in: registry)
        case .settings(let value): try AnyDestination(value, in: registry)
        case .emoji(let value): try AnyDestination(value, in: registry)
        }
    }

    var description: String {
        switch self {
        case .int(let value): "int(\(value))"
        case .string(let value): "string(\(value.debugDescription))"
        case .bool(let value): "bool(\(value))"
        case .double(let value): "double(\(value))"
        case .uuid(let value): "uuid(\(value))"
        case .route(let value): "route(\(value))"
        case .settings(let value): "settings(\(value))"
        case .emoji(let value): "emoji(\(value))"
        }
    }
}

enum Generators {
    /// Any Unicode scalar, controls, quotes, slashes and emoji included.
    static let character = Gen<UInt32>.value(in: 0...0x10FFFF)
        .map { Character(Unicode.Scalar($0) ?? "\u{FFFD}") }

    /// Strings that stress escaping: mostly awkward ASCII, some anything.
    static let text = Gen<Int>.int(in: 0...3).array(of: 0...12)
        .map { picks -> String in
            let awkward: [Character] = ["\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "é", "🎈", "a", " "]
            return String(picks.enumerated().map { index, pick in awkward[(pick * 3 + index) % awkward.count] })
        }

    static let anyText = zip(text, character.string(of: 0...6)).map { $0 + $1 }

    static let value = zip(Gen.int(in: 0...7), Gen.int(), anyText, Gen.double(in: -1e9...1e9))
        .map { kind, number, string, real -> SampleValue in
            switch kind {
            case 0: .int(number)
            case 1: .string(string)
            case 2: .bool(number.isMultiple(of: 2))
            case 3: .double(real)
            case 4: .uuid(UUID(uuid: uuidBytes(number)))
            case 5: .route(route(number, string))
            case 6: .settings(SettingsRoute(section: string, depth: number))
            default: .emoji(EmojiVisualisation(emoji: string, count: number))
            }
        }

    static let path = value.array(of: 0...24)

    private static func route(_ number: Int, _ string: String) -> ShopRoute {
        switch abs(number % 3) {
        case 0: .home
        case 1: .product(id: number, name: string)
        default: .search(query: string, filters: [string, String(number)])
        }
    }

    private static func uuidBytes(_ number: Int) -> uuid_t {
        let b = withUnsafeBytes(of: number.littleEndian) { Array($0) }
        return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[7], b[6], b[5], b[4], b[3], b[2], b[1], b[0])
    }
}
