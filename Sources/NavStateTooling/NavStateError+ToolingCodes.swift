public import NavStateModel

// A document a tool reads that could not be used: scene JSON, a SwiftUI or
// FlowStacks path to import, or a registry manifest. Each code is one line of
// this table: its name, and the message it makes of the details an error of it
// was made with (`d["path"]`; an unlabelled one is `d[""]`).
extension NavStateError.Codes {
    /// The document (scene JSON, a manifest) does not have the shape of its
    /// format's JSON; `codingPath` locates the failing field.
    public static var unreadable: NavStateError.Code { .init("unreadable") { d in SceneJSONError.unreadable(codingPath: d.text("codingPath"), description: d.text("description")).description } }
    /// Neither a JSON array (SwiftUI, FlowStacks) nor an object (scene JSON).
    public static var unrecognisedDocument: NavStateError.Code { .init("unrecognisedDocument") { _ in "expected a JSON array (SwiftUI, FlowStacks) or object (scene JSON)" } }
    /// A split view in scene JSON with a column count other than 2 or 3;
    /// `at` is its address.
    public static var splitColumnCount: NavStateError.Code { .init("splitColumnCount") { d in SceneJSONError.splitColumnCount(at: d.text("at"), columns: d.int("columns")).description } }
    /// A split view in scene JSON whose visibility is none of
    /// `NavigationSplitViewVisibility`'s.
    public static var unknownSplitVisibility: NavStateError.Code { .init("unknownSplitVisibility") { d in SceneJSONError.unknownSplitVisibility(at: d.text("at"), found: d.text("found")).description } }
    /// Scene JSON whose `format` this NavState does not read.
    public static var unknownSceneFormat: NavStateError.Code { .init("unknownSceneFormat") { d in SceneJSONError.unknownFormat(found: d.text("found"), known: d.text("known")).description } }
    /// A stack whose strings are not `[tag, payload]` pairs.
    public static var unpairedStrings: NavStateError.Code { .init("unpairedStrings") { d in SceneJSONError.unpairedStrings(part: d.text("part"), count: d.int("count")).description } }
    /// A destination or value that is not exactly one `[tag, payload]` pair.
    public static var notOnePair: NavStateError.Code { .init("notOnePair") { d in SceneJSONError.notOnePair(part: d.text("part"), count: d.int("count")).description } }
    /// A FlowStacks path whose items are not `[style, tag, payload]` triples.
    public static var flowStacksItemCount: NavStateError.Code { .init("flowStacksItemCount") { d in "a FlowStacks path holds [style, tag, payload] triples, but it has \(d[""]) items" } }
    /// A FlowStacks item that should be a route style such as `{"push":{}}`.
    public static var flowStacksStyleExpected: NavStateError.Code { .init("flowStacksStyleExpected") { d in "item \(d["item"]) of the FlowStacks path must be a route style such as {\"push\":{}}" } }
    /// A FlowStacks route whose tag and payload are not strings.
    public static var flowStacksStringsExpected: NavStateError.Code { .init("flowStacksStringsExpected") { d in "route \(d["route"]) of the FlowStacks path must have a tag and a payload string" } }
    /// A FlowStacks route pushed onto a sheet or cover shown without navigation.
    public static var flowStacksPushOntoPlainPresentation: NavStateError.Code { .init("flowStacksPushOntoPlainPresentation") { d in "route \(d["route"]) is pushed onto a sheet or cover presented without navigation" } }
    /// The state read, or a manifest's `tree`, breaks a scene-state rule (a
    /// tab bar without tabs, two tabs of one name).
    public static var invalidSceneState: NavStateError.Code { .init("invalidSceneState") { d in d.value("", as: NavStateError.self).map { SceneJSONError.invalidState($0).description } ?? "" } }
    /// A manifest describes a registry that could not exist: a name two
    /// types claim, an invalid name or version.
    public static var invalidRegistry: NavStateError.Code { .init("invalidRegistry") { d in "the registry it describes could not exist: \(d[""])" } }
    /// An entry whose payload is not valid JSON.
    public static var invalidPayload: NavStateError.Code { .init("invalidPayload") { d in "the payload of the \(d["tag"]) entry at \(d["location"]) is not valid JSON" } }
}
