public import NavStateModel

extension NavStateError.Code {
    /// The code of ``NavStateModel/NavStateError/unreadable(codingPath:description:)``.
    public static let unreadable = Self("unreadable")
    /// The code of ``NavStateModel/NavStateError/unrecognisedDocument``.
    public static let unrecognisedDocument = Self("unrecognisedDocument")
    /// The code of ``NavStateModel/NavStateError/unknownSceneFormat(found:known:)``.
    public static let unknownSceneFormat = Self("unknownSceneFormat")
    /// The code of ``NavStateModel/NavStateError/splitColumnCount(at:columns:)``.
    public static let splitColumnCount = Self("splitColumnCount")
    /// The code of ``NavStateModel/NavStateError/unknownSplitVisibility(at:found:)``.
    public static let unknownSplitVisibility = Self("unknownSplitVisibility")
    /// The code of ``NavStateModel/NavStateError/unpairedStrings(part:count:)``.
    public static let unpairedStrings = Self("unpairedStrings")
    /// The code of ``NavStateModel/NavStateError/notOnePair(part:count:)``.
    public static let notOnePair = Self("notOnePair")
    /// The code of ``NavStateModel/NavStateError/flowStacksItemCount(_:)``.
    public static let flowStacksItemCount = Self("flowStacksItemCount")
    /// The code of ``NavStateModel/NavStateError/flowStacksStyleExpected(item:)``.
    public static let flowStacksStyleExpected = Self("flowStacksStyleExpected")
    /// The code of ``NavStateModel/NavStateError/flowStacksStringsExpected(route:)``.
    public static let flowStacksStringsExpected = Self("flowStacksStringsExpected")
    /// The code of ``NavStateModel/NavStateError/flowStacksPushOntoPlainPresentation(route:)``.
    public static let flowStacksPushOntoPlainPresentation = Self("flowStacksPushOntoPlainPresentation")
    /// The code of ``NavStateModel/NavStateError/invalidSceneState(_:)``.
    public static let invalidSceneState = Self("invalidSceneState")
    /// The code of ``NavStateModel/NavStateError/invalidRegistry(_:)``.
    public static let invalidRegistry = Self("invalidRegistry")
    /// The code of ``NavStateModel/NavStateError/invalidPayload(location:tag:)``.
    public static let invalidPayload = Self("invalidPayload")
}

extension NavStateError {
    /// The document (scene JSON, a manifest) does not have the shape of its
    /// format's JSON; `codingPath` locates the failing field.
    public static func unreadable(codingPath: String, description: String) -> NavStateError {
        NavStateError(kind: ToolingFailure.unreadable(codingPath: codingPath, description: description))
    }

    /// The code of ``unreadable(codingPath:description:)``, for a `catch` pattern.
    public static let unreadable = Code.unreadable

    /// Neither a JSON array (SwiftUI, FlowStacks) nor an object (scene JSON).
    public static let unrecognisedDocument = NavStateError(kind: ToolingFailure.unrecognisedDocument)

    /// Scene JSON whose `format` this NavState does not read.
    public static func unknownSceneFormat(found: String, known: String) -> NavStateError {
        NavStateError(kind: ToolingFailure.unknownSceneFormat(found: found, known: known))
    }

    /// The code of ``unknownSceneFormat(found:known:)``, for a `catch` pattern.
    public static let unknownSceneFormat = Code.unknownSceneFormat

    /// A split view in scene JSON with a column count other than 2 or 3;
    /// `at` is its address.
    public static func splitColumnCount(at: String, columns: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.splitColumnCount(at: at, columns: columns))
    }

    /// The code of ``splitColumnCount(at:columns:)``, for a `catch` pattern.
    public static let splitColumnCount = Code.splitColumnCount

    /// A split view in scene JSON whose visibility is none of
    /// `NavigationSplitViewVisibility`'s.
    public static func unknownSplitVisibility(at: String, found: String) -> NavStateError {
        NavStateError(kind: ToolingFailure.unknownSplitVisibility(at: at, found: found))
    }

    /// The code of ``unknownSplitVisibility(at:found:)``, for a `catch` pattern.
    public static let unknownSplitVisibility = Code.unknownSplitVisibility

    /// A stack whose strings are not `[tag, payload]` pairs.
    public static func unpairedStrings(part: String, count: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.unpairedStrings(part: part, count: count))
    }

    /// The code of ``unpairedStrings(part:count:)``, for a `catch` pattern.
    public static let unpairedStrings = Code.unpairedStrings

    /// A destination or value that is not exactly one `[tag, payload]` pair.
    public static func notOnePair(part: String, count: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.notOnePair(part: part, count: count))
    }

    /// The code of ``notOnePair(part:count:)``, for a `catch` pattern.
    public static let notOnePair = Code.notOnePair

    /// A FlowStacks path whose items are not `[style, tag, payload]` triples.
    public static func flowStacksItemCount(_ value: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.flowStacksItemCount(value))
    }

    /// The code of ``flowStacksItemCount(_:)``, for a `catch` pattern.
    public static let flowStacksItemCount = Code.flowStacksItemCount

    /// A FlowStacks item that should be a route style such as `{"push":{}}`.
    public static func flowStacksStyleExpected(item: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.flowStacksStyleExpected(item: item))
    }

    /// The code of ``flowStacksStyleExpected(item:)``, for a `catch` pattern.
    public static let flowStacksStyleExpected = Code.flowStacksStyleExpected

    /// A FlowStacks route whose tag and payload are not strings.
    public static func flowStacksStringsExpected(route: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.flowStacksStringsExpected(route: route))
    }

    /// The code of ``flowStacksStringsExpected(route:)``, for a `catch` pattern.
    public static let flowStacksStringsExpected = Code.flowStacksStringsExpected

    /// A FlowStacks route pushed onto a sheet or cover shown without navigation.
    public static func flowStacksPushOntoPlainPresentation(route: Int) -> NavStateError {
        NavStateError(kind: ToolingFailure.flowStacksPushOntoPlainPresentation(route: route))
    }

    /// The code of ``flowStacksPushOntoPlainPresentation(route:)``, for a `catch` pattern.
    public static let flowStacksPushOntoPlainPresentation = Code.flowStacksPushOntoPlainPresentation

    /// The state read, or a manifest's `tree`, breaks a scene-state rule (a
    /// tab bar without tabs, two tabs of one name).
    public static func invalidSceneState(_ value: NavStateError) -> NavStateError {
        NavStateError(kind: ToolingFailure.invalidSceneState(value))
    }

    /// The code of ``invalidSceneState(_:)``, for a `catch` pattern.
    public static let invalidSceneState = Code.invalidSceneState

    /// A manifest describes a registry that could not exist: a name two
    /// types claim, an invalid name or version.
    public static func invalidRegistry(_ value: NavStateError) -> NavStateError {
        NavStateError(kind: ToolingFailure.invalidRegistry(value))
    }

    /// The code of ``invalidRegistry(_:)``, for a `catch` pattern.
    public static let invalidRegistry = Code.invalidRegistry

    /// An entry whose payload is not valid JSON.
    public static func invalidPayload(location: EntryLocation, tag: String) -> NavStateError {
        NavStateError(kind: ToolingFailure.invalidPayload(location: location, tag: tag))
    }

    /// The code of ``invalidPayload(location:tag:)``, for a `catch` pattern.
    public static let invalidPayload = Code.invalidPayload
}
