import Foundation
import NavStateModel
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

/// Generated scene trees: nested managed and plain presentations, checkpoints
/// and scene values, evolved through a series of edits.
enum SceneGenerators {
    static let entry = zip(Gen.int(in: 0...4), Generators.anyText, Gen.int(in: 0...2))
        .map { kind, text, version -> NavEntry in
            let tags = ["Int", "shop", "orders.detail", "Swift.String", "🎈"]
            return NavEntry(tag: tags[kind], version: version == 0 ? nil : version + 1, payload: text)
        }

    /// One edit: what kind, and the material for it.
    static let edit = zip(Gen.int(in: 0...13), entry, Gen.int(in: 0...1_000))

    /// The same edits without the ones that make trees: states of one stack
    /// per level.
    static let chainEdit = zip(Gen.int(in: 0...9), entry, Gen.int(in: 0...1_000))

    /// Tab identifiers the edits use, one of them not ASCII.
    static let tabIDs = ["home", "orders", "🎈 cart"]

    static func apply(_ edit: (Int, NavEntry, Int), to state: inout SceneState<NavEntry>) {
        let (kind, entry, pick) = edit
        let addresses = state.stackAddresses
        let stack = addresses[pick % addresses.count]
        let entries = state.stack(stack) ?? []
        switch kind {
        case 0, 1, 2:
            set(stack, to: entries + [entry], in: &state)
        case 3:
            if !entries.isEmpty { set(stack, to: Array(entries.dropLast()), in: &state) }
        case 4:
            let methods = PresentationMethod.allCases
            state.presentations.append(Presentation(method: methods[pick % methods.count], destination: entry))
        case 5:
            if !state.presentations.isEmpty { state.presentations.removeLast() }
        case 6:
            state.values["value\(pick % 3)"] = entry
        case 7:
            state.checkpoints.append(Checkpoint(
                name: "cp\(pick % 4)", stack: stack, entriesKept: pick % (entries.count + 1),
                valueType: pick.isMultiple(of: 2) ? nil : entry.tag))
        case 8:
            var elements = entries
            if !elements.isEmpty { elements[pick % elements.count] = entry }
            set(stack, to: elements, in: &state)
        case 9:
            state.values["value\(pick % 3)"] = nil
        case 10 where stack.path.count < 3:
            // The stack becomes a tab bar; its entries stay in the first tab.
            let ids = Array(tabIDs.prefix(1 + pick % tabIDs.count))
            var tabs = NavTabs<NavEntry>(ids: ids, selected: ids[pick % ids.count])
            tabs.tabs[0].content = .stack(entries)
            replace(stack, with: .tabs(tabs), in: &state)
        case 11:
            // Another tab on the way to some stack is selected.
            if let tabbed = addresses.filter({ $0.path.contains { if case .tab = $0 { true } else { false } } }).last {
                do { try state.select(tabbed) } catch { fatalError("a generated address is in the state: \(error)") }
            }
        case 12 where stack.path.count < 3:
            replace(stack, with: .split(NavSplit(
                sidebar: pick.isMultiple(of: 3) ? nil : entry, hasContentColumn: pick.isMultiple(of: 2),
                visibility: NavSplitVisibility.allCases[pick % 4], detail: .stack(entries))), in: &state)
        case 13:
            // A split view's selection changes.
            if let split = addresses.compactMap({ $0.path.last == .detail ? $0.parent : nil }).first,
               case .split(var view)? = state.container(at: split) {
                if view.hasContentColumn && pick.isMultiple(of: 2) { view.content = entry } else { view.sidebar = entry }
                replace(split, with: .split(view), in: &state)
            }
        default:
            break
        }
        // Plain presentations carry no stack; checkpoints follow what exists.
        for index in state.presentations.indices where !state.presentations[index].method.isManaged {
            state.presentations[index].content = .empty
        }
        state.dropCheckpointsPointingNowhere()
    }

    private static func set(_ address: StackAddress, to entries: [NavEntry], in state: inout SceneState<NavEntry>) {
        replace(address, with: .stack(entries), in: &state)
    }

    private static func replace(_ address: StackAddress, with container: NavContainer<NavEntry>, in state: inout SceneState<NavEntry>) {
        do { try state.replaceContainer(at: address, with: container) } catch {
            fatalError("a generated address is in the state: \(error)")
        }
    }
}
