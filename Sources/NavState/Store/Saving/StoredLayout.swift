import Foundation
import NavStateModel
import NavStateSQLite

/// The part of a revision that is not stack entries: presentation methods,
/// checkpoints, scene values and, for a tree, the shape of each level (its
/// tabs, its split views with their selections), stored as one small JSON
/// text per revision.
package struct StoredLayout: Codable, Equatable {
    package struct Value: Codable, Equatable {
        var tag: String
        var version: Int?
        var payload: String

        init(_ entry: NavEntry) {
            self.init(tag: entry.tag, version: entry.version, payload: entry.payload)
        }

        init(tag: String, version: Int?, payload: String) {
            self.tag = tag
            self.version = version
            self.payload = payload
        }

        var entry: NavEntry { NavEntry(tag: tag, version: version, payload: payload) }
    }

    var presentations: [PresentationMethod]
    var checkpoints: [Checkpoint]
    var values: [String: Value]
    /// The container of each level (the content, then each presentation's),
    /// or `nil` when every level is one stack: every layout written before
    /// trees.
    var shapes: [StoredShape]?

    /// The layout of a state with nothing presented, marked or selected: by
    /// far the most common, so it skips the encoder.
    static let emptyJSON = #"{"checkpoints":[],"presentations":[],"values":{}}"#

    package init(
        _ presentations: [PresentationMethod], _ checkpoints: [Checkpoint], _ values: [String: NavEntry],
        shapes: [StoredShape]? = nil
    ) {
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values.mapValues(Value.init)
        self.shapes = shapes
    }

    /// The layout JSON of a state.
    static func json<Element: StorableElement>(of state: SceneState<Element>) -> String {
        if case .stack = state.content, state.presentations.isEmpty && state.checkpoints.isEmpty && state.values.isEmpty {
            return emptyJSON
        }
        return of(state).json()
    }

    /// The layout of a state: shapes only when some level is not one stack.
    static func of<Element: StorableElement>(_ state: SceneState<Element>) -> StoredLayout {
        var shapes: [StoredShape]?
        if !state.isOneStackPerLevel {
            shapes = [StoredShape(state.content)] + state.presentations.map { StoredShape($0.content) }
        }
        return StoredLayout(
            state.presentations.map(\.method), state.checkpoints, state.values.mapValues(\.storedEntry), shapes: shapes)
    }

    /// The layout's JSON text, written as `JSONEncoder` with `.sortedKeys`
    /// writes it (`StoredLayoutTests` compares the two on generated
    /// layouts), through the wire format's one string writer: nothing in it
    /// can fail, so nothing is ever dropped.
    package func json() -> String {
        if presentations.isEmpty && checkpoints.isEmpty && values.isEmpty && shapes == nil { return Self.emptyJSON }
        var writer = Writer()
        writer.out.reserveCapacity(64 + values.reduce(0) { $0 + $1.key.utf8.count + $1.value.tag.utf8.count + $1.value.payload.utf8.count + 40 })
        writer.text(#"{"checkpoints":["#)
        for (index, checkpoint) in checkpoints.enumerated() {
            if index > 0 { writer.text(",") }
            // Keys sorted: `index` is `entriesKept` on the wire.
            writer.text(#"{"index":"#)
            writer.number(checkpoint.entriesKept)
            writer.text(#","name":"#)
            writer.string(checkpoint.name)
            writer.text(#","stack":"#)
            // A stack of the presentation chain is written as its number; a stack in a tree as its text form.
            if checkpoint.stack.path.isEmpty {
                writer.number(checkpoint.stack.presentation)
            } else {
                writer.string(checkpoint.stack.description)
            }
            if let valueType = checkpoint.valueType {
                writer.text(#","valueType":"#)
                writer.string(valueType)
            }
            writer.text("}")
        }
        writer.text(#"],"presentations":["#)
        for (index, method) in presentations.enumerated() {
            if index > 0 { writer.text(",") }
            writer.string(method.rawValue)
        }
        writer.text("]")
        if let shapes {
            writer.text(#","shapes":["#)
            for (index, shape) in shapes.enumerated() {
                if index > 0 { writer.text(",") }
                writer.shape(shape)
            }
            writer.text("]")
        }
        writer.text(#","values":{"#)
        for (index, (name, value)) in values.sorted(by: { Self.encoderOrder($0.key, $1.key) }).enumerated() {
            if index > 0 { writer.text(",") }
            writer.string(name)
            writer.text(":")
            writer.value(value)
        }
        writer.text("}}")
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// Appends JSON as `JSONEncoder` with `.sortedKeys` writes it.
    private struct Writer {
        var out: [UInt8] = []

        mutating func text(_ literal: StaticString) {
            literal.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        mutating func string(_ value: String) { JSONStringArrayWriter.appendString(value, to: &out) }

        mutating func number(_ value: Int) { out.append(contentsOf: String(value).utf8) }

        mutating func value(_ value: Value) {
            text(#"{"payload":"#)
            string(value.payload)
            text(#","tag":"#)
            string(value.tag)
            if let version = value.version {
                text(#","version":"#)
                number(version)
            }
            text("}")
        }

        mutating func shape(_ shape: StoredShape) {
            switch shape {
            case .stack:
                text(#""stack""#)
            case let .tabs(tabs, selected):
                text(#"{"selected":"#)
                string(selected)
                text(#","tabs":["#)
                for (index, tab) in tabs.enumerated() {
                    if index > 0 { text(",") }
                    text(#"{"content":"#)
                    self.shape(tab.content)
                    text(#","id":"#)
                    string(tab.id)
                    text("}")
                }
                text("]}")
            case let .split(split):
                text(#"{"columns":"#)
                number(split.columns)
                if let content = split.content {
                    text(#","content":"#)
                    value(content)
                }
                text(#","detail":"#)
                self.shape(split.detail)
                if let sidebar = split.sidebar {
                    text(#","sidebar":"#)
                    value(sidebar)
                }
                text(#","visibility":"#)
                string(split.visibility)
                text("}")
            }
        }
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
        // A tree's layout is read at every launch: read by hand what
        // NavState writes, and leave anything else (other number forms, a
        // key twice) to `JSONDecoder`, which decides as it always has.
        var text = text
        if let fast = text.withUTF8({ FastJSON.parse($0) }).flatMap(FastLayout.layout) { return fast }
        return try? JSONDecoder().decode(StoredLayout.self, from: Data(text.utf8))
    }
}

/// Reads a layout from a parsed document, as `StoredLayout`'s `Decodable`
/// conformance would; `nil` for anything it is not sure of, which then goes
/// to `JSONDecoder` (`StoredLayoutTests` compares the two).
private enum FastLayout {
    static func layout(_ json: FastJSON) -> StoredLayout? {
        guard case .object(let members) = json,
              case .array(let methods)? = member("presentations", members),
              case .array(let checkpoints)? = member("checkpoints", members),
              case .object(let values)? = member("values", members) else { return nil }
        var layout = StoredLayout([], [], [:])
        for method in methods {
            guard case .string(let name) = method, let method = PresentationMethod(rawValue: name) else { return nil }
            layout.presentations.append(method)
        }
        for checkpoint in checkpoints {
            guard let checkpoint = self.checkpoint(checkpoint) else { return nil }
            layout.checkpoints.append(checkpoint)
        }
        for (name, value) in values {
            guard layout.values[name] == nil, let value = self.value(value) else { return nil }
            layout.values[name] = value
        }
        switch member("shapes", members) {
        case nil, .null?:
            break
        case .array(let shapes)?:
            var read: [StoredShape] = []
            for shape in shapes {
                guard let shape = self.shape(shape) else { return nil }
                read.append(shape)
            }
            layout.shapes = read
        default:
            return nil
        }
        return layout
    }

    private static func member(_ key: String, _ members: [(key: String, value: FastJSON)]) -> FastJSON? {
        members.first { $0.key == key }?.value
    }

    private static func int(_ json: FastJSON?) -> Int? {
        guard case .number(let literal)? = json else { return nil }
        return Int(literal)
    }

    private static func string(_ json: FastJSON?) -> String? {
        guard case .string(let text)? = json else { return nil }
        return text
    }

    /// An optional member: absent or null is `.some(nil)`; the wrong kind `nil`.
    private static func optionalString(_ json: FastJSON?) -> String?? {
        switch json {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        default: nil
        }
    }

    private static func checkpoint(_ json: FastJSON) -> Checkpoint? {
        guard case .object(let members) = json, let name = string(member("name", members)),
              let kept = int(member("index", members)), let valueType = optionalString(member("valueType", members))
        else { return nil }
        let stack: StackAddress
        switch member("stack", members) {
        case .number?:
            guard let level = int(member("stack", members)) else { return nil }
            stack = StackAddress(presentation: level)
        case .string(let text)?:
            guard let address = StackAddress(text) else { return nil }
            stack = address
        default:
            return nil
        }
        return Checkpoint(name: name, stack: stack, entriesKept: kept, valueType: valueType)
    }

    private static func value(_ json: FastJSON) -> StoredLayout.Value? {
        guard case .object(let members) = json, let tag = string(member("tag", members)),
              let payload = string(member("payload", members)) else { return nil }
        switch member("version", members) {
        case nil, .null?:
            return StoredLayout.Value(tag: tag, version: nil, payload: payload)
        case let version?:
            guard let number = int(version) else { return nil }
            return StoredLayout.Value(tag: tag, version: number, payload: payload)
        }
    }

    private static func optionalValue(_ json: FastJSON?) -> StoredLayout.Value?? {
        switch json {
        case nil, .null?: .some(nil)
        case let value?: self.value(value).map { .some($0) }
        }
    }

    private static func shape(_ json: FastJSON) -> StoredShape? {
        if case .string(let text) = json { return text == "stack" ? .stack : nil }
        guard case .object(let members) = json else { return nil }
        if let tabs = member("tabs", members) {
            guard case .array(let items) = tabs, let selected = string(member("selected", members)) else { return nil }
            var read: [StoredShape.Tab] = []
            for item in items {
                guard case .object(let fields) = item, let id = string(member("id", fields)),
                      let content = member("content", fields).flatMap(shape) else { return nil }
                read.append(StoredShape.Tab(id: id, content: content))
            }
            return .tabs(read, selected: selected)
        }
        guard let columns = int(member("columns", members)), let visibility = string(member("visibility", members)),
              let sidebar = optionalValue(member("sidebar", members)), let content = optionalValue(member("content", members)),
              let detail = member("detail", members).flatMap(shape) else { return nil }
        return .split(StoredShape.Split(columns: columns, sidebar: sidebar, content: content, visibility: visibility, detail: detail))
    }
}

/// One level's container as the layout stores it: `"stack"`, a tab bar
/// (`{"selected":…,"tabs":[{"content":…,"id":…}]}`) or a split view
/// (`{"columns":2,"detail":…,"sidebar":{…},"visibility":"all"}`). Stacks
/// are not in it: they are the revision's slots, in tree order.
package indirect enum StoredShape: Codable, Equatable {
    package struct Tab: Codable, Equatable {
        var id: String
        var content: StoredShape

        package init(id: String, content: StoredShape) {
            self.id = id
            self.content = content
        }
    }

    package struct Split: Codable, Equatable {
        /// 2, or 3 with a content column.
        var columns: Int
        var sidebar: StoredLayout.Value?
        var content: StoredLayout.Value?
        var visibility: String
        var detail: StoredShape

        package init(columns: Int, sidebar: StoredLayout.Value?, content: StoredLayout.Value?, visibility: String, detail: StoredShape) {
            self.columns = columns
            self.sidebar = sidebar
            self.content = content
            self.visibility = visibility
            self.detail = detail
        }
    }

    case stack
    case tabs([Tab], selected: String)
    case split(Split)

    init<Element: StorableElement>(_ container: NavContainer<Element>) {
        switch container {
        case .stack:
            self = .stack
        case .tabs(let tabs):
            self = .tabs(tabs.tabs.map { Tab(id: $0.id, content: StoredShape($0.content)) }, selected: tabs.selected)
        case .split(let split):
            self = .split(Split(
                columns: split.hasContentColumn ? 3 : 2,
                sidebar: split.sidebar.map { StoredLayout.Value($0.storedEntry) },
                content: split.content.map { StoredLayout.Value($0.storedEntry) },
                visibility: split.visibility.rawValue, detail: StoredShape(split.detail)))
        }
    }

    private enum TabsKeys: String, CodingKey { case selected, tabs }

    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard text == "stack" else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "unknown container \(text)")
            }
            self = .stack
            return
        }
        let keyed = try decoder.container(keyedBy: TabsKeys.self)
        if keyed.contains(.tabs) {
            self = .tabs(try keyed.decode([Tab].self, forKey: .tabs), selected: try keyed.decode(String.self, forKey: .selected))
        } else {
            self = .split(try Split(from: decoder))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .stack:
            var single = encoder.singleValueContainer()
            try single.encode("stack")
        case let .tabs(tabs, selected):
            var keyed = encoder.container(keyedBy: TabsKeys.self)
            try keyed.encode(selected, forKey: .selected)
            try keyed.encode(tabs, forKey: .tabs)
        case let .split(split):
            try split.encode(to: encoder)
        }
    }

    /// How many stacks (slots) the shape holds.
    var stackCount: Int {
        switch self {
        case .stack: 1
        case .tabs(let tabs, _): tabs.reduce(0) { $0 + $1.content.stackCount }
        case .split(let split): split.detail.stackCount
        }
    }
}

extension StoredLayout {
    /// The damage of a layout that holds more stacks, or nests deeper, than
    /// `limits` let a save write: a tampered file, whose tree is not
    /// rebuilt (nor checked, tab by tab, on every launch).
    func pastLimits(_ limits: NavStore.Limits) -> Damage? {
        guard let shapes else {
            let stacks = presentations.count + 1
            return stacks > limits.stacksPerScene ? .pastStackLimit(limit: limits.stacksPerScene) : nil
        }
        var stacks = 0
        for shape in shapes {
            guard let measured = shape.measured(stackBudget: limits.stacksPerScene - stacks, depthBudget: limits.nestingDepth) else {
                return .pastStackLimit(limit: limits.stacksPerScene)
            }
            if measured.depth > limits.nestingDepth { return .pastNestingLimit(limit: limits.nestingDepth) }
            stacks += measured.stacks
        }
        return nil
    }
}

extension StoredShape {
    /// The stacks the shape holds and how deeply it nests; `nil` once the
    /// stacks pass `stackBudget`. It stops descending past `depthBudget`,
    /// so a tampered shape costs no more than the limits allow.
    func measured(stackBudget: Int, depthBudget: Int) -> (stacks: Int, depth: Int)? {
        switch self {
        case .stack:
            return stackBudget >= 1 ? (1, 0) : nil
        case .tabs(let tabs, _):
            guard depthBudget > 0 else { return (0, 1) }
            var stacks = 0
            var depth = 0
            for tab in tabs {
                guard let inner = tab.content.measured(stackBudget: stackBudget - stacks, depthBudget: depthBudget - 1) else { return nil }
                stacks += inner.stacks
                depth = max(depth, inner.depth)
            }
            return (stacks, depth + 1)
        case .split(let split):
            guard depthBudget > 0 else { return (0, 1) }
            guard let inner = split.detail.measured(stackBudget: stackBudget, depthBudget: depthBudget - 1) else { return nil }
            return (inner.stacks, inner.depth + 1)
        }
    }
}
