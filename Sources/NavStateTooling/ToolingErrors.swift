package import NavStateModel

/// Why a document a tool reads could not be used: scene JSON, a SwiftUI or
/// FlowStacks path to import, or a registry manifest.
///
/// Match a kind by its ``code``, in a `catch` or a `switch`:
/// `catch ToolingError.unrecognisedDocument { … }`. Kinds are added in later releases without
/// breaking an app's code: a `switch` over ``code`` keeps a `default`.
public struct ToolingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, with its details; ``code`` names its kind.
    package let kind: Kind

    package init(kind: Kind) { self.kind = kind }

    public var description: String { kind.description }
}

extension ToolingError {
    /// The failures tooling reports, package-wide so that kinds can be added without breaking an app's `switch`.
    package enum Kind: Sendable, Hashable, CustomStringConvertible {
        case wireFormat(WireFormatError)
        case unreadable(codingPath: String, description: String)
        case unrecognisedDocument
        case unknownSceneFormat(found: String, known: String)
        case splitColumnCount(at: String, columns: Int)
        case unknownSplitVisibility(at: String, found: String)
        case unpairedStrings(part: String, count: Int)
        case notOnePair(part: String, count: Int)
        case flowStacksItemCount(Int)
        case flowStacksStyleExpected(item: Int)
        case flowStacksStringsExpected(route: Int)
        case flowStacksPushOntoPlainPresentation(route: Int)
        case invalidState(SceneStateError)
        case invalidRegistry(RegistryError)
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
