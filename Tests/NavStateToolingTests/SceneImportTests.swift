import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Importing other libraries' JSON")
struct SceneImportTests {
    @Test(arguments: ["backport-emoji.json", "forum-int-string.json"])
    func swiftUIFixturesImportAsTheRootStack(file: String) throws {
        let data = try Fixtures.data(file)
        let (state, format) = try SceneImport.read(data)
        #expect(format == .swiftui)
        #expect(state.contentStack.count == 2)
        #expect(PathRepresentation.encode(state.contentStack) == data)
    }

    @Test func mangledTagArrayImportsAndResolves() async throws {
        let json = #"["Si","2","SS","\"b\"","10Foundation4UUIDV","\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""]"#
        let (state, format) = try SceneImport.read(Array(json.utf8))
        #expect(format == .swiftui)
        #expect(state.contentStack.map(\.tag) == ["10Foundation4UUIDV", "SS", "Si"])
        let restored = await DestinationRegistry().restore(state)
        #expect(restored.dropped.isEmpty)
        #expect(restored.state.contentStack.map(\.name) == ["UUID", "String", "Int"])
    }

    @Test func flowStacksRoutesBecomeStacksAndPresentations() throws {
        // Pushed order: push 1, push 2, sheet(withNavigation) 3, push 4, cover 5.
        let json = """
            [{"cover":{"withNavigation":false}},"Si","5",{"push":{}},"Si","4",\
            {"sheet":{"withNavigation":true}},"Si","3",{"push":{}},"Si","2",{"push":{}},"Si","1"]
            """
        let (state, format) = try SceneImport.read(Array(json.utf8))
        #expect(format == .flowstacks)
        #expect(state.contentStack.map(\.payload) == ["1", "2"])
        #expect(state.presentations.map(\.method) == [.managedSheet, .cover])
        #expect(state.presentations[0].destination.payload == "3")
        #expect(state.presentations[0].stack.map(\.payload) == ["4"])
        #expect(state.presentations[1].destination.payload == "5")
        try state.validate()
    }

    @Test func flowStacksPushOntoAPlainSheetIsRefused() {
        let json = #"[{"push":{}},"Si","2",{"sheet":{"withNavigation":false}},"Si","1"]"#
        #expect(throws: NavStateError.flowStacksPushOntoPlainPresentation(route: 0)) { try SceneImport.read(Array(json.utf8)) }
    }

    @Test func sceneJSONIsDetected() throws {
        let state = StoreFixtures.richState()
        let (read, format) = try SceneImport.read(try state.jsonData())
        #expect(format == .scene)
        #expect(read == state)
    }

    @Test func payloadThatIsNotJSONIsNamed() {
        #expect(throws: NavStateError.invalidPayload(location: EntryLocation.stack(.root, position: 0), tag: "Swift.Int")) {
            try SceneImport.read(Array(#"["Swift.Int","{oops"]"#.utf8))
        }
    }

    @Test(arguments: [
        ("", NavStateError.truncated(byteOffset: 0)),
        ("  ", NavStateError.truncated(byteOffset: 2)),
        ("42", NavStateError.unrecognisedDocument()),
        ("\"x\"", NavStateError.unrecognisedDocument()),
        (#"[{"push":{}},"Si"]"#, NavStateError.flowStacksItemCount(2)),
        (#"{"format":"other"}"#, NavStateError.unknownSceneFormat(found: "other", known: "navstate.scene/1 or navstate.scene/2")),
    ])
    func malformedInputIsATypedError(text: String, error: NavStateError) {
        #expect(throws: error) { try SceneImport.read(Array(text.utf8)) }
    }

    @Test(arguments: [
        (#"{"format":"navstate.scene/2","content":{"split":{"columns":4,"visibility":"all","detail":{"stack":[]}}}}"#,
         NavStateError.splitColumnCount(at: "root", columns: 4)),
        (#"{"format":"navstate.scene/2","content":{"tabs":{"selected":"a","items":[{"id":"a","content":{"split":{"columns":2,"visibility":"hidden","detail":{"stack":[]}}}}]}}}"#,
         NavStateError.unknownSplitVisibility(at: "tab:a", found: "hidden")),
        (#"{"format":"navstate.scene/2","content":{"tabs":{"selected":"a","items":[{"id":"a","content":{"stack":[]}},{"id":"a","content":{"stack":[]}}]}}}"#,
         NavStateError.invalidSceneState(NavStateError.duplicateTabID("a", tabBar: StackAddress.root))),
        (#"{"format":"navstate.scene/2","content":{"tabs":{"selected":"b","items":[{"id":"a","content":{"stack":["Si"]}}]}}}"#,
         NavStateError.unpairedStrings(part: "the stack at tab:a", count: 1)),
        (#"{"format":"navstate.scene/2","presentations":[{"method":"managedSheet","destination":["Si","1"],"content":{"split":{"columns":2,"visibility":"all","detail":{"stack":["Si"]}}}}]}"#,
         NavStateError.unpairedStrings(part: "the stack at sheet:1/detail", count: 1)),
        (#"{"format":"navstate.scene/2","content":{"split":{"columns":2,"visibility":"all","sidebar":["Si"],"detail":{"stack":[]}}}}"#,
         NavStateError.notOnePair(part: "the sidebar selection at root", count: 1)),
    ])
    func aTreeThatCannotBeIsATypedError(text: String, error: NavStateError) {
        #expect(throws: error) { try SceneState<NavEntry>(json: Array(text.utf8)) }
    }

    @Test func aContainerWithNoneOfItsKeysIsNamed() {
        #expect {
            try SceneState<NavEntry>(json: Array(#"{"format":"navstate.scene/2","content":{"list":[]}}"#.utf8))
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .unreadable else { return false }
            return error.detail("codingPath") == "content"
        }
    }

    @Test func formatOneIgnoresTreesAndOneStackScenesAreStillWrittenAsFormatOne() throws {
        let text = #"{"format":"navstate.scene/1","root":["Si","1"],"content":{"tabs":{"selected":"a","items":[]}}}"#
        let state = try SceneState<NavEntry>(json: Array(text.utf8))
        #expect(state == SceneState(stack: [NavEntry(tag: "Si", payload: "1")]))
        #expect(String(decoding: try state.jsonData(prettyPrinted: false), as: UTF8.self).contains(#""format":"navstate.scene\/1""#))
        let tree = SceneState<NavEntry>(content: .tabs(NavTabs(ids: ["a"])))
        #expect(String(decoding: try tree.jsonData(prettyPrinted: false), as: UTF8.self).contains(#""format":"navstate.scene\/2""#))
        #expect(try SceneState<NavEntry>(json: tree.jsonData()) == tree)
    }

    @Test func aFlowStacksItemOfTheWrongKindIsNamed() {
        #expect {
            try SceneImport.read(Array("[{}]".utf8))
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .unreadable else { return false }
            return error.detail("codingPath") == "[0]"
        }
    }

    @Test func explicitFormatOverridesDetection() {
        #expect(throws: NavStateError.flowStacksItemCount(2)) {
            try SceneImport.read(Array(#"["Si","1"]"#.utf8), format: .flowstacks)
        }
    }
}
