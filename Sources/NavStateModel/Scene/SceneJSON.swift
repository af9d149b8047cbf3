package import Foundation

/// NavState's own JSON form of a scene state (see `docs/format.md`): each
/// stack embedded in SwiftUI's wire format, last-pushed entry first.
///
/// A scene of one stack per level is written as `navstate.scene/1`, which
/// tools that know no trees read; a scene with tabs or split views as
/// `navstate.scene/2`, whose `content` keys hold the trees.
package struct SceneDocument: Codable {
    static let formatName = "navstate.scene/1"
    static let treeFormatName = "navstate.scene/2"

    struct PresentationDocument {
        var method: PresentationMethod
        var destination: [String]
        var stack: [String]?
        /// The presentation's tree, when it is not one stack (format 2).
        var content: NavContainer<NavEntry>?
    }

    var format: String
    var root: [String]?
    /// The scene's tree, when it is not one stack (format 2).
    var content: NavContainer<NavEntry>?
    var presentations: [PresentationDocument]
    var checkpoints: [Checkpoint]
    var values: [String: [String]]
    /// Each screen's own state: the entry's location (`root#3`, `@1`) → key
    /// → the value's JSON text; absent when no screen has any.
    var screens: [String: [String: String]]?

    private enum CodingKeys: String, CodingKey { case format, root, content, presentations, checkpoints, values, screens }
    private enum PresentationKeys: String, CodingKey { case method, destination, stack, content }

    init(
        format: String, root: [String]?, content: NavContainer<NavEntry>?, presentations: [PresentationDocument],
        checkpoints: [Checkpoint], values: [String: [String]], screens: [String: [String: String]]? = nil
    ) {
        self.format = format
        self.root = root
        self.content = content
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values
        self.screens = screens
    }

    /// Reads the document; a tree's entries are read as they come, so a
    /// malformed one is a ``SceneJSONError`` naming its stack. Format 1 has
    /// no trees: a `content` key in it is not read.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        guard format == Self.formatName || format == Self.treeFormatName else {
            throw SceneJSONError.unknownFormat(found: format, known: "\(Self.formatName) or \(Self.treeFormatName)")
        }
        let trees = format == Self.treeFormatName
        root = try container.decodeIfPresent([String].self, forKey: .root)
        content = trees ? try TreeJSON.readIfPresent(container, .content, at: .root) : nil
        presentations = []
        if try container.contains(.presentations) && !container.decodeNil(forKey: .presentations) {
            var items = try container.nestedUnkeyedContainer(forKey: .presentations)
            while !items.isAtEnd {
                let item = try items.nestedContainer(keyedBy: PresentationKeys.self)
                presentations.append(PresentationDocument(
                    method: try item.decode(PresentationMethod.self, forKey: .method),
                    destination: try item.decode([String].self, forKey: .destination),
                    stack: try item.decodeIfPresent([String].self, forKey: .stack),
                    content: trees ? try TreeJSON.readIfPresent(item, .content, at: .presentation(presentations.count + 1)) : nil))
            }
        }
        checkpoints = try container.decodeIfPresent([Checkpoint].self, forKey: .checkpoints) ?? []
        values = try container.decodeIfPresent([String: [String]].self, forKey: .values) ?? [:]
        screens = try container.decodeIfPresent([String: [String: String]].self, forKey: .screens)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(root, forKey: .root)
        try container.encodeIfPresent(content.map(TreeJSON.init), forKey: .content)
        var items = container.nestedUnkeyedContainer(forKey: .presentations)
        for presentation in presentations {
            var item = items.nestedContainer(keyedBy: PresentationKeys.self)
            try item.encode(presentation.method, forKey: .method)
            try item.encode(presentation.destination, forKey: .destination)
            try item.encodeIfPresent(presentation.stack, forKey: .stack)
            try item.encodeIfPresent(presentation.content.map(TreeJSON.init), forKey: .content)
        }
        try container.encode(checkpoints, forKey: .checkpoints)
        try container.encode(values, forKey: .values)
        try container.encodeIfPresent(screens, forKey: .screens)
    }

    static func strings(_ entries: [NavEntry]) -> [String] {
        PathRepresentation.strings(for: entries)
    }

    static func entries(_ strings: [String], _ part: @autoclosure () -> String) throws(SceneJSONError) -> [NavEntry] {
        guard let entries = PathRepresentation.entries(fromStrings: strings) else {
            throw .unpairedStrings(part: part(), count: strings.count)
        }
        return entries
    }

    static func single(_ strings: [String], _ part: @autoclosure () -> String) throws(SceneJSONError) -> NavEntry {
        guard strings.count == 2, let entry = PathRepresentation.entries(fromStrings: strings)?.first else {
            throw .notOnePair(part: part(), count: strings.count)
        }
        return entry
    }
}

/// A container in scene JSON and registry manifests, the JSON form of a
/// `NavContainer<NavEntry>`: an object holding exactly one of `stack` (the
/// stack in SwiftUI's wire format), `tabs` (`selected` and `items`, each an
/// `id` and a `content`) or `split` (`columns`, `visibility`, the `sidebar`
/// and `content` selections as one entry each, and a `detail` container).
package struct TreeJSON: Encodable {
    var container: NavContainer<NavEntry>

    private enum Keys: String, CodingKey { case stack, tabs, split }
    private enum TabsKeys: String, CodingKey { case selected, items }
    private enum TabKeys: String, CodingKey { case id, content }
    private enum SplitKeys: String, CodingKey { case columns, sidebar, content, visibility, detail }

    package init(_ container: NavContainer<NavEntry>) {
        self.container = container
    }

    package func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: Keys.self)
        switch container {
        case .stack(let entries):
            try keyed.encode(SceneDocument.strings(entries), forKey: .stack)
        case .tabs(let tabs):
            var nested = keyed.nestedContainer(keyedBy: TabsKeys.self, forKey: .tabs)
            try nested.encode(tabs.selected, forKey: .selected)
            var items = nested.nestedUnkeyedContainer(forKey: .items)
            for tab in tabs.tabs {
                var item = items.nestedContainer(keyedBy: TabKeys.self)
                try item.encode(tab.id, forKey: .id)
                try item.encode(TreeJSON(tab.content), forKey: .content)
            }
        case .split(let split):
            var nested = keyed.nestedContainer(keyedBy: SplitKeys.self, forKey: .split)
            try nested.encode(split.hasContentColumn ? 3 : 2, forKey: .columns)
            try nested.encodeIfPresent(split.sidebar.map { SceneDocument.strings([$0]) }, forKey: .sidebar)
            try nested.encodeIfPresent(split.content.map { SceneDocument.strings([$0]) }, forKey: .content)
            try nested.encode(split.visibility.rawValue, forKey: .visibility)
            try nested.encode(TreeJSON(split.detail), forKey: .detail)
        }
    }

    /// The container under `key`, if the key is there and not null.
    package static func readIfPresent<Key: CodingKey>(
        _ parent: KeyedDecodingContainer<Key>, _ key: Key, at address: StackAddress
    ) throws -> NavContainer<NavEntry>? {
        guard parent.contains(key), try !parent.decodeNil(forKey: key) else { return nil }
        return try read(parent.superDecoder(forKey: key), at: address)
    }

    /// The container `decoder` holds, at `address`, which errors name.
    ///
    /// - Throws: `DecodingError` for JSON of the wrong shape; a
    ///   ``SceneJSONError`` for a stack that is not pairs, a selection that is
    ///   not one entry, a column count or visibility no split view has.
    static func read(_ decoder: any Decoder, at address: StackAddress) throws -> NavContainer<NavEntry> {
        let keyed = try decoder.container(keyedBy: Keys.self)
        if let stack = try keyed.decodeIfPresent([String].self, forKey: .stack) {
            return .stack(try SceneDocument.entries(stack, "the stack at \(address)"))
        }
        if keyed.contains(.tabs), try !keyed.decodeNil(forKey: .tabs) {
            let tabs = try keyed.nestedContainer(keyedBy: TabsKeys.self, forKey: .tabs)
            let selected = try tabs.decode(String.self, forKey: .selected)
            var items = try tabs.nestedUnkeyedContainer(forKey: .items)
            var result: [NavTab<NavEntry>] = []
            while !items.isAtEnd {
                let item = try items.nestedContainer(keyedBy: TabKeys.self)
                let id = try item.decode(String.self, forKey: .id)
                guard let content = try readIfPresent(item, .content, at: address.appending(.tab(id))) else {
                    throw DecodingError.keyNotFound(TabKeys.content, .init(
                        codingPath: item.codingPath, debugDescription: "No value associated with key \(TabKeys.content)."))
                }
                result.append(NavTab(id, content))
            }
            return .tabs(NavTabs(result, selected: selected))
        }
        if keyed.contains(.split), try !keyed.decodeNil(forKey: .split) {
            let split = try keyed.nestedContainer(keyedBy: SplitKeys.self, forKey: .split)
            let columns = try split.decode(Int.self, forKey: .columns)
            let sidebar = try split.decodeIfPresent([String].self, forKey: .sidebar)
            let content = try split.decodeIfPresent([String].self, forKey: .content)
            let visibility = try split.decode(String.self, forKey: .visibility)
            guard columns == 2 || columns == 3 else { throw SceneJSONError.splitColumnCount(at: address.description, columns: columns) }
            guard let shown = NavSplitVisibility(rawValue: visibility) else {
                throw SceneJSONError.unknownSplitVisibility(at: address.description, found: visibility)
            }
            return .split(NavSplit(
                sidebar: try sidebar.map { (strings) throws(SceneJSONError) in try SceneDocument.single(strings, "the sidebar selection at \(address)") },
                content: try content.map { (strings) throws(SceneJSONError) in try SceneDocument.single(strings, "the content selection at \(address)") },
                hasContentColumn: columns == 3, visibility: shown,
                detail: try read(split.superDecoder(forKey: .detail), at: address.appending(.detail))))
        }
        throw DecodingError.dataCorrupted(.init(
            codingPath: keyed.codingPath, debugDescription: "a container holds one of stack, tabs or split"))
    }
}

extension SceneState where Element == NavEntry {
    /// The state in NavState's scene JSON, keys sorted, so equal states give
    /// equal bytes: format 1 for a scene of one stack per level, format 2
    /// when some level holds tabs or a split view.
    ///
    /// - Throws: `EncodingError`, as `JSONEncoder` does: never for a state of
    ///   strings and integers, and never dropped if it did.
    package func sceneJSON(prettyPrinted: Bool = true) throws -> Data {
        func tree(_ container: NavContainer<NavEntry>) -> NavContainer<NavEntry>? {
            if case .stack = container { nil } else { container }
        }
        let isTree = !isOneStackPerLevel
        let document = SceneDocument(
            format: isTree ? SceneDocument.treeFormatName : SceneDocument.formatName,
            root: tree(content) == nil ? SceneDocument.strings(contentStack) : nil,
            content: tree(content),
            presentations: presentations.map {
                SceneDocument.PresentationDocument(
                    method: $0.method,
                    destination: SceneDocument.strings([$0.destination]),
                    stack: tree($0.content) == nil ? SceneDocument.strings($0.stack) : nil,
                    content: tree($0.content))
            },
            checkpoints: checkpoints,
            values: values.mapValues { SceneDocument.strings([$0]) },
            screens: screens.isEmpty ? nil : Dictionary(uniqueKeysWithValues: screens.map { ($0.key.storedText, $0.value.json) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return try encoder.encode(document)
    }

    /// Reads NavState's scene JSON and checks the state's invariants.
    ///
    /// - Throws: ``SceneJSONError`` saying what is wrong, or
    ///   ``SceneJSONError/invalidState(_:)`` for a broken invariant.
    package init(sceneJSON data: some Collection<UInt8>) throws(SceneJSONError) {
        let bytes = Data(data)
        if let invalid = JSONStringArrayReader.firstInvalidUTF8Offset(Array(bytes)) {
            throw .invalidUTF8(byteOffset: invalid)
        }
        let document: SceneDocument
        do {
            document = try JSONDecoder().decode(SceneDocument.self, from: bytes)
        } catch let error as SceneJSONError {
            throw error
        } catch let error as DecodingError {
            let (codingPath, description) = error.located
            throw .unreadable(codingPath: codingPath, description: description)
        } catch {
            throw .unreadable(codingPath: "", description: String(describing: error))
        }
        var state = SceneState<NavEntry>()
        if let content = document.content {
            state.content = content
        } else {
            state.contentStack = try SceneDocument.entries(document.root ?? [], "the root stack")
        }
        for (offset, presentation) in document.presentations.enumerated() {
            let level = offset + 1
            var shown = Presentation(
                method: presentation.method,
                destination: try SceneDocument.single(presentation.destination, "the destination of presentation \(level)"),
                stack: try SceneDocument.entries(presentation.stack ?? [], "the stack of presentation \(level)"))
            if let content = presentation.content {
                shown.content = content
            }
            state.presentations.append(shown)
        }
        state.checkpoints = document.checkpoints
        for (name, pair) in document.values {
            state.values[name] = try SceneDocument.single(pair, "value '\(name)'")
        }
        for (text, values) in document.screens ?? [:] {
            guard let location = EntryLocation(storedText: text) else {
                throw .unreadable(codingPath: "screens", description: "'\(text)' is not an entry's location (root#0, tab:orders#2, @1, detail|sidebar)")
            }
            state.screens[location] = ScreenState(json: values)
        }
        do {
            try state.validate()
        } catch {
            throw .invalidState(error)
        }
        self = state
    }
}

/// Why bytes are not NavState's scene JSON: what the tools report as
/// `NavStateError`, and a handed-off scene as `NavStateError.unreadableHandoff(_:)`.
package enum SceneJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidUTF8(byteOffset: Int)
    case unreadable(codingPath: String, description: String)
    case unknownFormat(found: String, known: String)
    case splitColumnCount(at: String, columns: Int)
    case unknownSplitVisibility(at: String, found: String)
    case unpairedStrings(part: String, count: Int)
    case notOnePair(part: String, count: Int)
    case invalidState(NavStateError)

    /// The one wording of each, which `NavStateError` uses too.
    package var description: String {
        switch self {
        case .invalidUTF8(let offset):
            NavStateError.invalidUTF8(byteOffset: offset).description
        case let .unreadable(codingPath, description):
            codingPath.isEmpty ? "the document is not valid: \(description)" : "the document is not valid at \(codingPath): \(description)"
        case let .unknownFormat(found, known):
            "the scene JSON's format is '\(found)'; this NavState reads '\(known)'"
        case let .splitColumnCount(at, columns):
            "the split view at \(at) has \(columns) columns; a split view has 2 or 3"
        case let .unknownSplitVisibility(at, found):
            "the split view at \(at) has visibility '\(found)'; it is one of automatic, all, doubleColumn, detailOnly"
        case let .unpairedStrings(part, count):
            "\(part) has \(count) strings; it must hold [tag, payload] pairs"
        case let .notOnePair(part, count):
            "\(part) must be one [tag, payload] pair, but has \(count) strings"
        case .invalidState(let error):
            "the scene state is not valid: \(error)"
        }
    }
}

extension DecodingError {
    /// Where the decoding failed and what went wrong.
    package var located: (codingPath: String, description: String) {
        guard case let .payloadDoesNotDecode(codingPath, description) = DestinationRegistry.reason(for: self) else {
            return ("", String(describing: self))
        }
        return (codingPath, description)
    }
}
