import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
import Testing

/// Scene JSON, the format tools read and write (`navstate show --json`,
/// import and export).
@Suite("Scene JSON")
struct SceneJSONTests {
    private func e(_ payload: String) -> NavEntry { SceneFixtures.entry(payload) }

    private func tree() -> SceneState<NavEntry> { SceneFixtures.tree() }

    @Test func sceneJSONRoundTripsAndEmbedsTheWireFormat() throws {
        var state = SceneFixtures.richState()
        state.contentStack.append(NavEntry(tag: "settings", version: 3, payload: #"{"depth":1}"#))
        let json = try state.jsonData()
        #expect(try SceneState<NavEntry>(json: json) == state)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["format"] as? String == "navstate.scene/1")
        // Last-pushed first, exactly as SwiftUI writes a path.
        #expect((object["root"] as? [String])?.prefix(2) == ["settings@3", #"{"depth":1}"#])
        #expect(try state.jsonData() == state.jsonData())
    }

    /// docs/format.md: every key but `format` may be left out, and so may a
    /// presentation's `stack`.
    @Test func everyOptionalKeyOfSceneJSONMayBeLeftOut() throws {
        let pair = #"["a","1"]"#
        let cases: [(String, SceneState<NavEntry>)] = [
            (#"{"format":"navstate.scene/1"}"#, SceneState()),
            (#"{"format":"navstate.scene/1","presentations":[],"checkpoints":[],"values":{}}"#, SceneState()),
            (#"{"format":"navstate.scene/1","root":\#(pair)}"#, SceneState(stack: [NavEntry(tag: "a", payload: "1")])),
            (#"{"format":"navstate.scene/1","presentations":[{"method":"sheet","destination":\#(pair)}]}"#,
             SceneState(presentations: [Presentation(method: .sheet, destination: NavEntry(tag: "a", payload: "1"))])),
            (#"{"format":"navstate.scene/1","presentations":[{"method":"managedSheet","destination":\#(pair)}]}"#,
             SceneState(presentations: [Presentation(method: .managedSheet, destination: NavEntry(tag: "a", payload: "1"))])),
            (#"{"format":"navstate.scene/1","root":\#(pair),"checkpoints":[{"name":"x","stack":0,"index":1}]}"#,
             SceneState(stack: [NavEntry(tag: "a", payload: "1")], checkpoints: [Checkpoint(name: "x", stack: .root, entriesKept: 1)])),
            (#"{"format":"navstate.scene/1","values":{"tab":\#(pair)}}"#, SceneState(values: ["tab": NavEntry(tag: "a", payload: "1")])),
        ]
        for (json, expected) in cases {
            #expect(try SceneState<NavEntry>(json: Array(json.utf8)) == expected, "\(json)")
        }
    }

    @Test(arguments: [
        #"{"format":"navstate.scene/1","presentations":[{"destination":["a","1"]}]}"#,
        #"{"format":"navstate.scene/1","presentations":[{"method":"sheet"}]}"#,
        #"{"format":"navstate.scene/1","checkpoints":[{"stack":0,"index":0}]}"#,
        #"{"format":"navstate.scene/1","checkpoints":[{"name":"x","index":0}]}"#,
        #"{"format":"navstate.scene/1","checkpoints":[{"name":"x","stack":0}]}"#,
    ])
    func aRequiredKeyOfSceneJSONLeftOutIsATypedError(json: String) {
        #expect(throws: NavStateError.self) { _ = try SceneState<NavEntry>(json: Array(json.utf8)) }
    }

    @Test(arguments: [
        #"{"root":[]}"#,
        #"{"format":"navstate.scene/9"}"#,
        #"{"format":"navstate.scene/1","root":["a"]}"#,
        #"{"format":"navstate.scene/1","root":[1,2]}"#,
        #"{"format":"navstate.scene/1","presentations":[{"method":"popover","destination":["a","1"],"stack":[]}]}"#,
        #"{"format":"navstate.scene/1","presentations":[{"method":"sheet","destination":["a"],"stack":[]}]}"#,
        #"{"format":"navstate.scene/1","checkpoints":[{"name":"x","stack":3,"index":0}]}"#,
        #"{"format":"navstate.scene/1","values":{"tab":["a","1","b","2"]}}"#,
        "[]",
        "{",
    ])
    func malformedSceneJSONIsATypedError(json: String) {
        #expect(throws: NavStateError.self) { _ = try SceneState<NavEntry>(json: Array(json.utf8)) }
    }
}
