public import NavStateModel

/// Why a document a tool reads could not be used: scene JSON, a SwiftUI or
/// FlowStacks path to import, or a registry manifest.
public enum ToolingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A SwiftUI representation that is not one.
    case wireFormat(WireFormatError)
    /// The document (scene JSON, a manifest) does not have the shape of its
    /// format's JSON; `codingPath` locates the failing field.
    case unreadable(codingPath: String, description: String)
    /// Neither a JSON array (SwiftUI, FlowStacks) nor an object (scene JSON).
    case unrecognisedDocument
    /// Scene JSON whose `format` this NavState does not read.
    case unknownSceneFormat(found: String, known: String)
    /// A split view in scene JSON with a column count other than 2 or 3;
    /// `at` is its address.
    case splitColumnCount(at: String, columns: Int)
    /// A split view in scene JSON whose visibility is none of
    /// `NavigationSplitViewVisibility`'s.
    case unknownSplitVisibility(at: String, found: String)
    /// A stack whose strings are not `[tag, payload]` pairs.
    case unpairedStrings(part: String, count: Int)
    /// A destination or value that is not exactly one `[tag, payload]` pair.
    case notOnePair(part: String, count: Int)
    /// A FlowStacks path whose items are not `[style, tag, payload]` triples.
    case flowStacksItemCount(Int)
    /// A FlowStacks item that should be a route style such as `{"push":{}}`.
    case flowStacksStyleExpected(item: Int)
    /// A FlowStacks route whose tag and payload are not strings.
    case flowStacksStringsExpected(route: Int)
    /// A FlowStacks route pushed onto a sheet or cover shown without navigation.
    case flowStacksPushOntoPlainPresentation(route: Int)
    /// The state read, or a manifest's `tree`, breaks a scene-state rule (a
    /// tab bar without tabs, two tabs of one name).
    case invalidState(SceneStateError)
    /// A manifest describes a registry that could not exist: a name two
    /// types claim, an invalid name or version.
    case invalidRegistry(RegistryError)
    /// An entry whose payload is not valid JSON.
    case invalidPayload(location: EntryLocation, tag: String)

    public var description: String {
        switch self {
        case .wireFormat(let error):
            return error.description
        case let .unreadable(codingPath, description):
            return SceneJSONError.unreadable(codingPath: codingPath, description: description).description
        case .unrecognisedDocument:
            return "expected a JSON array (SwiftUI, FlowStacks) or object (scene JSON)"
        case let .splitColumnCount(at, columns):
            return SceneJSONError.splitColumnCount(at: at, columns: columns).description
        case let .unknownSplitVisibility(at, found):
            return SceneJSONError.unknownSplitVisibility(at: at, found: found).description
        case let .unknownSceneFormat(found, known):
            return SceneJSONError.unknownFormat(found: found, known: known).description
        case let .unpairedStrings(part, count):
            return SceneJSONError.unpairedStrings(part: part, count: count).description
        case let .notOnePair(part, count):
            return SceneJSONError.notOnePair(part: part, count: count).description
        case let .flowStacksItemCount(count):
            return "a FlowStacks path holds [style, tag, payload] triples, but it has \(count) items"
        case let .flowStacksStyleExpected(item):
            return "item \(item) of the FlowStacks path must be a route style such as {\"push\":{}}"
        case let .flowStacksStringsExpected(route):
            return "route \(route) of the FlowStacks path must have a tag and a payload string"
        case let .flowStacksPushOntoPlainPresentation(route):
            return "route \(route) is pushed onto a sheet or cover presented without navigation"
        case .invalidState(let error):
            return SceneJSONError.invalidState(error).description
        case .invalidRegistry(let error):
            return "the registry it describes could not exist: \(error)"
        case let .invalidPayload(location, tag):
            return "the payload of the \(tag) entry at \(location) is not valid JSON"
        }
    }
}

extension ToolingError {
    /// The scene JSON reader's error as the tools report it.
    init(_ error: SceneJSONError) {
        self = switch error {
        case .invalidUTF8(let offset): .wireFormat(.invalidUTF8(byteOffset: offset))
        case let .unreadable(codingPath, description): .unreadable(codingPath: codingPath, description: description)
        case let .unknownFormat(found, known): .unknownSceneFormat(found: found, known: known)
        case let .splitColumnCount(at, columns): .splitColumnCount(at: at, columns: columns)
        case let .unknownSplitVisibility(at, found): .unknownSplitVisibility(at: at, found: found)
        case let .unpairedStrings(part, count): .unpairedStrings(part: part, count: count)
        case let .notOnePair(part, count): .notOnePair(part: part, count: count)
        case .invalidState(let error): .invalidState(error)
        }
    }
}
