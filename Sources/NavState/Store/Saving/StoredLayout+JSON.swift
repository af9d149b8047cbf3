import Foundation
import NavStateModel

// The layout's JSON: the hand-written writer and reader a save and a
// launch use, and the `Codable` form they are checked against.
extension StoredLayout {
    /// The layout's JSON text, written as `JSONEncoder` with `.sortedKeys`
    /// writes the `Codable` form below (`StoredLayoutTests` compares the two
    /// on generated layouts), through the wire format's one string writer:
    /// nothing in it can fail, so nothing is ever dropped.
    package func json() -> String {
        if presentations.isEmpty && checkpoints.isEmpty && values.isEmpty && shapes == nil { return Self.emptyJSON }
        var writer = Writer()
        writer.out.reserveCapacity(64 + values.reduce(0) { $0 + $1.key.utf8.count + $1.value.tag.utf8.count + $1.value.payload.utf8.count + 40 })
        writer.text(#"{"checkpoints":["#)
        for (index, checkpoint) in checkpoints.enumerated() {
            if index > 0 { writer.text(",") }
            writer.checkpoint(checkpoint)
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

        /// A checkpoint in `Checkpoint`'s own `Codable` form, keys sorted.
        mutating func checkpoint(_ checkpoint: Checkpoint) {
            text(#"{"index":"#)
            number(checkpoint.entriesKept)
            text(#","name":"#)
            string(checkpoint.name)
            text(#","stack":"#)
            switch checkpoint.stack.storedForm {
            case .level(let level): number(level)
            case .text(let text): string(text)
            }
            if let valueType = checkpoint.valueType {
                text(#","valueType":"#)
                string(valueType)
            }
            text("}")
        }

        mutating func value(_ value: NavEntry) {
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

        mutating func shape(_ shape: NavContainer<NavEntry>) {
            switch shape {
            case .stack:
                text(#""stack""#)
            case .tabs(let tabs):
                text(#"{"selected":"#)
                string(tabs.selected)
                text(#","tabs":["#)
                for (index, tab) in tabs.tabs.enumerated() {
                    if index > 0 { text(",") }
                    text(#"{"content":"#)
                    self.shape(tab.content)
                    text(#","id":"#)
                    string(tab.id)
                    text("}")
                }
                text("]}")
            case .split(let split):
                text(#"{"columns":"#)
                number(split.hasContentColumn ? 3 : 2)
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
                string(split.visibility.rawValue)
                text("}")
            }
        }
    }

    /// The order `JSONEncoder`'s `.sortedKeys` gives keys: by their UTF-8
    /// bytes.
    static func encoderOrder(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// The layout a revision row holds; `nil` when it does not decode or
    /// its shapes are not containers (``Damage/unreadableLayout``).
    static func decode(_ text: String) -> StoredLayout? {
        if text == emptyJSON { return StoredLayout([], [], [:]) }
        // A tree's layout is read at every launch: read by hand what
        // NavState writes, and leave anything else (other number forms, a
        // key twice) to `JSONDecoder` and the `Codable` form.
        var text = text
        if let fast = text.withUTF8({ FastJSON.parse($0) }).flatMap(FastLayout.layout) { return fast }
        return try? JSONDecoder().decode(StoredLayout.self, from: Data(text.utf8))
    }

    /// The split view's stored column count and visibility as a container,
    /// or `nil` when they describe none: 2 or 3 columns, a content
    /// selection only with 3, a visibility `NavSplitVisibility` knows.
    static func split(
        columns: Int, visibility: String, sidebar: NavEntry?, content: NavEntry?, detail: NavContainer<NavEntry>
    ) -> NavContainer<NavEntry>? {
        guard columns == 2 || columns == 3, columns == 3 || content == nil,
              let visibility = NavSplitVisibility(rawValue: visibility) else { return nil }
        return .split(NavSplit(sidebar: sidebar, content: content, hasContentColumn: columns == 3, visibility: visibility, detail: detail))
    }
}

// The layout's `Codable` form: what `json()` writes and `FastLayout` reads,
// for `JSONDecoder` to read what the fast reader leaves.
extension StoredLayout: Codable {
    private enum Keys: String, CodingKey { case checkpoints, presentations, shapes, values }

    /// A stored entry: a scene value or a split view's selection.
    private struct Value: Codable {
        var tag: String
        var version: Int?
        var payload: String

        init(_ entry: NavEntry) {
            (tag, version, payload) = (entry.tag, entry.version, entry.payload)
        }

        var entry: NavEntry { NavEntry(tag: tag, version: version, payload: payload) }
    }

    /// A level's container: `"stack"`, a tab bar
    /// (`{"selected":…,"tabs":[{"content":…,"id":…}]}`) or a split view
    /// (`{"columns":2,"detail":…,"sidebar":{…},"visibility":"all"}`).
    private struct Shape: Codable {
        var container: NavContainer<NavEntry>

        private struct Tab: Codable {
            var id: String
            var content: Shape
        }

        private struct Split: Codable {
            var columns: Int
            var sidebar: Value?
            var content: Value?
            var visibility: String
            var detail: Shape
        }

        private enum TabsKeys: String, CodingKey { case selected, tabs }

        init(_ container: NavContainer<NavEntry>) {
            self.container = container
        }

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
                guard text == "stack" else {
                    throw DecodingError.dataCorruptedError(in: single, debugDescription: "unknown container \(text)")
                }
                container = .empty
                return
            }
            let keyed = try decoder.container(keyedBy: TabsKeys.self)
            if keyed.contains(.tabs) {
                let tabs = try keyed.decode([Tab].self, forKey: .tabs).map { NavTab($0.id, $0.content.container) }
                container = .tabs(NavTabs(tabs, selected: try keyed.decode(String.self, forKey: .selected)))
                return
            }
            let split = try Split(from: decoder)
            guard let container = StoredLayout.split(
                columns: split.columns, visibility: split.visibility, sidebar: split.sidebar?.entry,
                content: split.content?.entry, detail: split.detail.container) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a split view"))
            }
            self.container = container
        }

        func encode(to encoder: any Encoder) throws {
            switch container {
            case .stack:
                var single = encoder.singleValueContainer()
                try single.encode("stack")
            case .tabs(let tabs):
                var keyed = encoder.container(keyedBy: TabsKeys.self)
                try keyed.encode(tabs.selected, forKey: .selected)
                try keyed.encode(tabs.tabs.map { Tab(id: $0.id, content: Shape($0.content)) }, forKey: .tabs)
            case .split(let split):
                try Split(
                    columns: split.hasContentColumn ? 3 : 2, sidebar: split.sidebar.map(Value.init),
                    content: split.content.map(Value.init), visibility: split.visibility.rawValue, detail: Shape(split.detail)
                ).encode(to: encoder)
            }
        }
    }

    package init(from decoder: any Decoder) throws {
        let keyed = try decoder.container(keyedBy: Keys.self)
        self.init(
            try keyed.decode([PresentationMethod].self, forKey: .presentations),
            try keyed.decode([Checkpoint].self, forKey: .checkpoints),
            try keyed.decode([String: Value].self, forKey: .values).mapValues(\.entry),
            shapes: try keyed.decodeIfPresent([Shape].self, forKey: .shapes)?.map(\.container))
    }

    package func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: Keys.self)
        try keyed.encode(checkpoints, forKey: .checkpoints)
        try keyed.encode(presentations, forKey: .presentations)
        try keyed.encodeIfPresent(shapes?.map(Shape.init), forKey: .shapes)
        try keyed.encode(values.mapValues(Value.init), forKey: .values)
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
            var read: [NavContainer<NavEntry>] = []
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
        let stored: StackAddress.StoredForm
        switch member("stack", members) {
        case .number?:
            guard let level = int(member("stack", members)) else { return nil }
            stored = .level(level)
        case .string(let text)?:
            stored = .text(text)
        default:
            return nil
        }
        guard let stack = StackAddress(stored) else { return nil }
        return Checkpoint(name: name, stack: stack, entriesKept: kept, valueType: valueType)
    }

    private static func value(_ json: FastJSON) -> NavEntry? {
        guard case .object(let members) = json, let tag = string(member("tag", members)),
              let payload = string(member("payload", members)) else { return nil }
        switch member("version", members) {
        case nil, .null?:
            return NavEntry(tag: tag, version: nil, payload: payload)
        case let version?:
            guard let number = int(version) else { return nil }
            return NavEntry(tag: tag, version: number, payload: payload)
        }
    }

    private static func optionalValue(_ json: FastJSON?) -> NavEntry?? {
        switch json {
        case nil, .null?: .some(nil)
        case let value?: self.value(value).map { .some($0) }
        }
    }

    private static func shape(_ json: FastJSON) -> NavContainer<NavEntry>? {
        if case .string(let text) = json { return text == "stack" ? .empty : nil }
        guard case .object(let members) = json else { return nil }
        if let tabs = member("tabs", members) {
            guard case .array(let items) = tabs, let selected = string(member("selected", members)) else { return nil }
            var read: [NavTab<NavEntry>] = []
            for item in items {
                guard case .object(let fields) = item, let id = string(member("id", fields)),
                      let content = member("content", fields).flatMap(shape) else { return nil }
                read.append(NavTab(id, content))
            }
            return .tabs(NavTabs(read, selected: selected))
        }
        guard let columns = int(member("columns", members)), let visibility = string(member("visibility", members)),
              let sidebar = optionalValue(member("sidebar", members)), let content = optionalValue(member("content", members)),
              let detail = member("detail", members).flatMap(shape) else { return nil }
        return StoredLayout.split(columns: columns, visibility: visibility, sidebar: sidebar, content: content, detail: detail)
    }
}
