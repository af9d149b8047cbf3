public import Foundation
public import NavStateModel

/// NavState's own JSON form of a scene state (see `docs/format.md`): each
/// stack embedded in SwiftUI's wire format, last-pushed entry first.
///
/// A scene of one stack per level is written as `navstate.scene/1`, as
/// before trees, so older tools still read it; a scene with tabs or split
/// views as `navstate.scene/2`, whose `content` keys hold the trees.
struct SceneDocument: Codable {
    static let formatName = "navstate.scene/1"
    static let treeFormatName = "navstate.scene/2"

    /// A container: exactly one of `stack`, `tabs`, `split`.
    indirect enum ContainerDocument: Codable {
        struct Tab: Codable {
            var id: String
            var content: ContainerDocument
        }

        struct Tabs: Codable {
            var selected: String
            var items: [Tab]
        }

        struct Split: Codable {
            var columns: Int
            var sidebar: [String]?
            var content: [String]?
            var visibility: String
            var detail: ContainerDocument
        }

        case stack([String])
        case tabs(Tabs)
        case split(Split)

        private enum CodingKeys: String, CodingKey { case stack, tabs, split }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let stack = try container.decodeIfPresent([String].self, forKey: .stack) {
                self = .stack(stack)
            } else if let tabs = try container.decodeIfPresent(Tabs.self, forKey: .tabs) {
                self = .tabs(tabs)
            } else if let split = try container.decodeIfPresent(Split.self, forKey: .split) {
                self = .split(split)
            } else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: container.codingPath, debugDescription: "a container holds one of stack, tabs or split"))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .stack(let strings): try container.encode(strings, forKey: .stack)
            case .tabs(let tabs): try container.encode(tabs, forKey: .tabs)
            case .split(let split): try container.encode(split, forKey: .split)
            }
        }

        init(_ container: NavContainer<NavEntry>) {
            switch container {
            case .stack(let entries):
                self = .stack(SceneDocument.strings(entries))
            case .tabs(let tabs):
                self = .tabs(Tabs(selected: tabs.selected, items: tabs.tabs.map { Tab(id: $0.id, content: ContainerDocument($0.content)) }))
            case .split(let split):
                self = .split(Split(
                    columns: split.hasContentColumn ? 3 : 2,
                    sidebar: split.sidebar.map { SceneDocument.strings([$0]) },
                    content: split.content.map { SceneDocument.strings([$0]) },
                    visibility: split.visibility.rawValue, detail: ContainerDocument(split.detail)))
            }
        }

        func container(_ part: String) throws(ToolingError) -> NavContainer<NavEntry> {
            switch self {
            case .stack(let strings):
                return .stack(try SceneDocument.entries(strings, "the stack at \(part)"))
            case .tabs(let tabs):
                var result: [NavTab<NavEntry>] = []
                for tab in tabs.items {
                    let address = part == "root" ? "tab:\(tab.id)" : "\(part)/tab:\(tab.id)"
                    result.append(NavTab(tab.id, try tab.content.container(address)))
                }
                return .tabs(NavTabs(result, selected: tabs.selected))
            case .split(let split):
                guard split.columns == 2 || split.columns == 3 else { throw .splitColumnCount(at: part, columns: split.columns) }
                guard let visibility = NavSplitVisibility(rawValue: split.visibility) else {
                    throw .unknownSplitVisibility(at: part, found: split.visibility)
                }
                return .split(NavSplit(
                    sidebar: try split.sidebar.map { (strings) throws(ToolingError) in try SceneDocument.single(strings, "the sidebar selection at \(part)") },
                    content: try split.content.map { (strings) throws(ToolingError) in try SceneDocument.single(strings, "the content selection at \(part)") },
                    hasContentColumn: split.columns == 3, visibility: visibility,
                    detail: try split.detail.container(part == "root" ? "detail" : "\(part)/detail")))
            }
        }
    }

    struct PresentationDocument: Codable {
        var method: PresentationMethod
        var destination: [String]
        var stack: [String]?
        /// The presentation's tree, when it is not one stack (format 2).
        var content: ContainerDocument?

        init(method: PresentationMethod, destination: [String], stack: [String]?, content: ContainerDocument?) {
            self.method = method
            self.destination = destination
            self.stack = stack
            self.content = content
        }
    }

    var format: String
    var root: [String]?
    /// The scene's tree, when it is not one stack (format 2).
    var content: ContainerDocument?
    var presentations: [PresentationDocument]
    var checkpoints: [Checkpoint]
    var values: [String: [String]]

    init(
        format: String, root: [String]?, content: ContainerDocument?, presentations: [PresentationDocument],
        checkpoints: [Checkpoint], values: [String: [String]]
    ) {
        self.format = format
        self.root = root
        self.content = content
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        root = try container.decodeIfPresent([String].self, forKey: .root)
        content = try container.decodeIfPresent(ContainerDocument.self, forKey: .content)
        presentations = try container.decodeIfPresent([PresentationDocument].self, forKey: .presentations) ?? []
        checkpoints = try container.decodeIfPresent([Checkpoint].self, forKey: .checkpoints) ?? []
        values = try container.decodeIfPresent([String: [String]].self, forKey: .values) ?? [:]
    }

    static func strings(_ entries: [NavEntry]) -> [String] {
        PathRepresentation.strings(for: entries)
    }

    static func entries(_ strings: [String], _ part: @autoclosure () -> String) throws(ToolingError) -> [NavEntry] {
        guard let entries = PathRepresentation.entries(fromStrings: strings) else {
            throw .unpairedStrings(part: part(), count: strings.count)
        }
        return entries
    }

    static func single(_ strings: [String], _ part: @autoclosure () -> String) throws(ToolingError) -> NavEntry {
        guard strings.count == 2, let entry = PathRepresentation.entries(fromStrings: strings)?.first else {
            throw .notOnePair(part: part(), count: strings.count)
        }
        return entry
    }
}

extension SceneState where Element == NavEntry {
    /// The state in NavState's scene JSON, keys sorted, so equal states give
    /// equal bytes: format 1 for a scene of one stack per level, format 2
    /// when some level holds tabs or a split view.
    ///
    /// - Throws: `EncodingError`, as `JSONEncoder` does: never for a state of
    ///   strings and integers, and never dropped if it did.
    public func jsonData(prettyPrinted: Bool = true) throws -> Data {
        func tree(_ container: NavContainer<NavEntry>) -> SceneDocument.ContainerDocument? {
            if case .stack = container { nil } else { SceneDocument.ContainerDocument(container) }
        }
        let isTree = !isOneStackPerLevel
        let document = SceneDocument(
            format: isTree ? SceneDocument.treeFormatName : SceneDocument.formatName,
            root: tree(content) == nil ? SceneDocument.strings(root) : nil,
            content: tree(content),
            presentations: presentations.map {
                SceneDocument.PresentationDocument(
                    method: $0.method,
                    destination: SceneDocument.strings([$0.destination]),
                    stack: tree($0.content) == nil ? SceneDocument.strings($0.stack) : nil,
                    content: tree($0.content))
            },
            checkpoints: checkpoints,
            values: values.mapValues { SceneDocument.strings([$0]) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return try encoder.encode(document)
    }

    /// Reads NavState's scene JSON and checks the state's invariants.
    ///
    /// - Throws: ``ToolingError`` saying what is wrong, or
    ///   ``ToolingError/invalidState(_:)`` for a broken invariant.
    public init(json data: some Collection<UInt8>) throws(ToolingError) {
        let bytes = Data(data)
        if let invalid = JSONStringArrayReader.firstInvalidUTF8Offset(Array(bytes)) {
            throw .wireFormat(.invalidUTF8(byteOffset: invalid))
        }
        let document: SceneDocument
        do {
            document = try JSONDecoder().decode(SceneDocument.self, from: bytes)
        } catch let error as DecodingError {
            let (codingPath, description) = error.located
            throw .unreadable(codingPath: codingPath, description: description)
        } catch {
            throw .unreadable(codingPath: "", description: String(describing: error))
        }
        guard document.format == SceneDocument.formatName || document.format == SceneDocument.treeFormatName else {
            throw .unknownSceneFormat(found: document.format, known: "\(SceneDocument.formatName) or \(SceneDocument.treeFormatName)")
        }
        // Format 1 has no trees: a `content` key in it is not read.
        let trees = document.format == SceneDocument.treeFormatName
        var state = SceneState<NavEntry>()
        if trees, let content = document.content {
            state.content = try content.container("root")
        } else {
            state.root = try SceneDocument.entries(document.root ?? [], "the root stack")
        }
        for (offset, presentation) in document.presentations.enumerated() {
            let level = offset + 1
            var shown = Presentation(
                method: presentation.method,
                destination: try SceneDocument.single(presentation.destination, "the destination of presentation \(level)"),
                stack: try SceneDocument.entries(presentation.stack ?? [], "the stack of presentation \(level)"))
            if trees, let content = presentation.content {
                shown.content = try content.container("sheet:\(level)")
            }
            state.presentations.append(shown)
        }
        state.checkpoints = document.checkpoints
        for (name, pair) in document.values {
            state.values[name] = try SceneDocument.single(pair, "value '\(name)'")
        }
        do {
            try state.validate()
        } catch {
            throw .invalidState(error)
        }
        self = state
    }
}
