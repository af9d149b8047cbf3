package import NavStateModel

/// Why a document a tool reads could not be used: scene JSON, a SwiftUI or
/// FlowStacks path to import, or a registry manifest.
///
/// Kinds of ``/NavStateModel/NavStateError``, package-wide so that kinds can be added without breaking an app's `switch`.
package enum ToolingFailure: NavStateFailure {
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
    case invalidSceneState(NavStateError)
    case invalidRegistry(NavStateError)
    case invalidPayload(location: EntryLocation, tag: String)

    public var description: String {
        switch self {
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
        case .invalidSceneState(let error):
            return SceneJSONError.invalidState(error).description
        case .invalidRegistry(let error):
            return "the registry it describes could not exist: \(error)"
        case let .invalidPayload(location, tag):
            return "the payload of the \(tag) entry at \(location) is not valid JSON"
        }
    }

    /// The code of this kind.
    package var code: NavStateError.Code {
        switch self {
        case .unreadable: .unreadable
        case .unrecognisedDocument: .unrecognisedDocument
        case .unknownSceneFormat: .unknownSceneFormat
        case .splitColumnCount: .splitColumnCount
        case .unknownSplitVisibility: .unknownSplitVisibility
        case .unpairedStrings: .unpairedStrings
        case .notOnePair: .notOnePair
        case .flowStacksItemCount: .flowStacksItemCount
        case .flowStacksStyleExpected: .flowStacksStyleExpected
        case .flowStacksStringsExpected: .flowStacksStringsExpected
        case .flowStacksPushOntoPlainPresentation: .flowStacksPushOntoPlainPresentation
        case .invalidSceneState: .invalidSceneState
        case .invalidRegistry: .invalidRegistry
        case .invalidPayload: .invalidPayload
        }
    }
}

extension NavStateError {
    /// The scene JSON reader's error as the tools report it.
    init(_ error: SceneJSONError) {
        self = switch error {
        case .invalidUTF8(let offset): .invalidUTF8(byteOffset: offset)
        case let .unreadable(codingPath, description): .unreadable(codingPath: codingPath, description: description)
        case let .unknownFormat(found, known): .unknownSceneFormat(found: found, known: known)
        case let .splitColumnCount(at, columns): .splitColumnCount(at: at, columns: columns)
        case let .unknownSplitVisibility(at, found): .unknownSplitVisibility(at: at, found: found)
        case let .unpairedStrings(part, count): .unpairedStrings(part: part, count: count)
        case let .notOnePair(part, count): .notOnePair(part: part, count: count)
        case .invalidState(let error): .invalidSceneState(error)
        }
    }
}

extension NavStateError {
    /// The tools' failure, when a tool threw this error.
    package var toolingKind: ToolingFailure? { failure(as: ToolingFailure.self) }
}
