public import NavStateModel

extension ToolingError {
    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch ToolingError.wireFormat { … }`). Kinds are added in later
    /// releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`wireFormat`).
        public let name: String

        init(_ name: String) { self.name = name }

        public var description: String { name }

        /// The code of ``ToolingError/wireFormat(_:)``.
        public static let wireFormat = Code("wireFormat")
        /// The code of ``ToolingError/unreadable(codingPath:description:)``.
        public static let unreadable = Code("unreadable")
        /// The code of ``ToolingError/unrecognisedDocument``.
        public static let unrecognisedDocument = Code("unrecognisedDocument")
        /// The code of ``ToolingError/unknownSceneFormat(found:known:)``.
        public static let unknownSceneFormat = Code("unknownSceneFormat")
        /// The code of ``ToolingError/splitColumnCount(at:columns:)``.
        public static let splitColumnCount = Code("splitColumnCount")
        /// The code of ``ToolingError/unknownSplitVisibility(at:found:)``.
        public static let unknownSplitVisibility = Code("unknownSplitVisibility")
        /// The code of ``ToolingError/unpairedStrings(part:count:)``.
        public static let unpairedStrings = Code("unpairedStrings")
        /// The code of ``ToolingError/notOnePair(part:count:)``.
        public static let notOnePair = Code("notOnePair")
        /// The code of ``ToolingError/flowStacksItemCount(_:)``.
        public static let flowStacksItemCount = Code("flowStacksItemCount")
        /// The code of ``ToolingError/flowStacksStyleExpected(item:)``.
        public static let flowStacksStyleExpected = Code("flowStacksStyleExpected")
        /// The code of ``ToolingError/flowStacksStringsExpected(route:)``.
        public static let flowStacksStringsExpected = Code("flowStacksStringsExpected")
        /// The code of ``ToolingError/flowStacksPushOntoPlainPresentation(route:)``.
        public static let flowStacksPushOntoPlainPresentation = Code("flowStacksPushOntoPlainPresentation")
        /// The code of ``ToolingError/invalidState(_:)``.
        public static let invalidState = Code("invalidState")
        /// The code of ``ToolingError/invalidRegistry(_:)``.
        public static let invalidRegistry = Code("invalidRegistry")
        /// The code of ``ToolingError/invalidPayload(location:tag:)``.
        public static let invalidPayload = Code("invalidPayload")

        /// Whether `error` is a `ToolingError` of this code: `catch ToolingError.wireFormat { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? ToolingError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code {
        switch kind {
        case .wireFormat: .wireFormat
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
        case .invalidState: .invalidState
        case .invalidRegistry: .invalidRegistry
        case .invalidPayload: .invalidPayload
        }
    }

    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: ToolingError) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`: `catch ToolingError.wireFormat(…)`.
    public static func ~= (pattern: ToolingError, error: any Error) -> Bool {
        (error as? ToolingError) == pattern
    }
}

extension ToolingError {
    /// A SwiftUI representation that is not one.
    public static func wireFormat(_ value: WireFormatError) -> ToolingError {
        ToolingError(kind: .wireFormat(value))
    }

    /// The code of ``wireFormat(_:)``, for a `catch` pattern.
    public static let wireFormat = Code.wireFormat

    /// The document (scene JSON, a manifest) does not have the shape of its
    /// format's JSON; `codingPath` locates the failing field.
    public static func unreadable(codingPath: String, description: String) -> ToolingError {
        ToolingError(kind: .unreadable(codingPath: codingPath, description: description))
    }

    /// The code of ``unreadable(codingPath:description:)``, for a `catch` pattern.
    public static let unreadable = Code.unreadable

    /// Neither a JSON array (SwiftUI, FlowStacks) nor an object (scene JSON).
    public static let unrecognisedDocument = ToolingError(kind: .unrecognisedDocument)

    /// Scene JSON whose `format` this NavState does not read.
    public static func unknownSceneFormat(found: String, known: String) -> ToolingError {
        ToolingError(kind: .unknownSceneFormat(found: found, known: known))
    }

    /// The code of ``unknownSceneFormat(found:known:)``, for a `catch` pattern.
    public static let unknownSceneFormat = Code.unknownSceneFormat

    /// A split view in scene JSON with a column count other than 2 or 3;
    /// `at` is its address.
    public static func splitColumnCount(at: String, columns: Int) -> ToolingError {
        ToolingError(kind: .splitColumnCount(at: at, columns: columns))
    }

    /// The code of ``splitColumnCount(at:columns:)``, for a `catch` pattern.
    public static let splitColumnCount = Code.splitColumnCount

    /// A split view in scene JSON whose visibility is none of
    /// `NavigationSplitViewVisibility`'s.
    public static func unknownSplitVisibility(at: String, found: String) -> ToolingError {
        ToolingError(kind: .unknownSplitVisibility(at: at, found: found))
    }

    /// The code of ``unknownSplitVisibility(at:found:)``, for a `catch` pattern.
    public static let unknownSplitVisibility = Code.unknownSplitVisibility

    /// A stack whose strings are not `[tag, payload]` pairs.
    public static func unpairedStrings(part: String, count: Int) -> ToolingError {
        ToolingError(kind: .unpairedStrings(part: part, count: count))
    }

    /// The code of ``unpairedStrings(part:count:)``, for a `catch` pattern.
    public static let unpairedStrings = Code.unpairedStrings

    /// A destination or value that is not exactly one `[tag, payload]` pair.
    public static func notOnePair(part: String, count: Int) -> ToolingError {
        ToolingError(kind: .notOnePair(part: part, count: count))
    }

    /// The code of ``notOnePair(part:count:)``, for a `catch` pattern.
    public static let notOnePair = Code.notOnePair

    /// A FlowStacks path whose items are not `[style, tag, payload]` triples.
    public static func flowStacksItemCount(_ value: Int) -> ToolingError {
        ToolingError(kind: .flowStacksItemCount(value))
    }

    /// The code of ``flowStacksItemCount(_:)``, for a `catch` pattern.
    public static let flowStacksItemCount = Code.flowStacksItemCount

    /// A FlowStacks item that should be a route style such as `{"push":{}}`.
    public static func flowStacksStyleExpected(item: Int) -> ToolingError {
        ToolingError(kind: .flowStacksStyleExpected(item: item))
    }

    /// The code of ``flowStacksStyleExpected(item:)``, for a `catch` pattern.
    public static let flowStacksStyleExpected = Code.flowStacksStyleExpected

    /// A FlowStacks route whose tag and payload are not strings.
    public static func flowStacksStringsExpected(route: Int) -> ToolingError {
        ToolingError(kind: .flowStacksStringsExpected(route: route))
    }

    /// The code of ``flowStacksStringsExpected(route:)``, for a `catch` pattern.
    public static let flowStacksStringsExpected = Code.flowStacksStringsExpected

    /// A FlowStacks route pushed onto a sheet or cover shown without navigation.
    public static func flowStacksPushOntoPlainPresentation(route: Int) -> ToolingError {
        ToolingError(kind: .flowStacksPushOntoPlainPresentation(route: route))
    }

    /// The code of ``flowStacksPushOntoPlainPresentation(route:)``, for a `catch` pattern.
    public static let flowStacksPushOntoPlainPresentation = Code.flowStacksPushOntoPlainPresentation

    /// The state read, or a manifest's `tree`, breaks a scene-state rule (a
    /// tab bar without tabs, two tabs of one name).
    public static func invalidState(_ value: SceneStateError) -> ToolingError {
        ToolingError(kind: .invalidState(value))
    }

    /// The code of ``invalidState(_:)``, for a `catch` pattern.
    public static let invalidState = Code.invalidState

    /// A manifest describes a registry that could not exist: a name two
    /// types claim, an invalid name or version.
    public static func invalidRegistry(_ value: RegistryError) -> ToolingError {
        ToolingError(kind: .invalidRegistry(value))
    }

    /// The code of ``invalidRegistry(_:)``, for a `catch` pattern.
    public static let invalidRegistry = Code.invalidRegistry

    /// An entry whose payload is not valid JSON.
    public static func invalidPayload(location: EntryLocation, tag: String) -> ToolingError {
        ToolingError(kind: .invalidPayload(location: location, tag: tag))
    }

    /// The code of ``invalidPayload(location:tag:)``, for a `catch` pattern.
    public static let invalidPayload = Code.invalidPayload
}
