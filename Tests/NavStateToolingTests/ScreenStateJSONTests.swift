import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
import Testing

/// `screens` in scene JSON (docs/format.md, "Screen state").
@Suite("Screen state in scene JSON")
struct ScreenStateJSONTests {
    @Test func screensRoundTripAndAStateWithoutAnyIsWrittenAsBefore() throws {
        var state = SceneFixtures.richState()
        let before = try state.jsonData(prettyPrinted: false)
        #expect(!String(decoding: before, as: UTF8.self).contains("screens"))
        state.screens[.stack(.root, position: 1)] = ScreenState(json: ["draft": #"{"text":"Dear Ana,"}"#, "topRow": "41"])
        state.screens[.presentation(1)] = ScreenState(json: ["segment": #""details""#])
        let data = try state.jsonData(prettyPrinted: false)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""screens":{"@1":{"segment":"\"details\""},"root#1":{"draft":"{\"text\":\"Dear Ana,\"}","topRow":"41"}}"#), "\(text)")
        #expect(try SceneState<NavEntry>(json: data) == state)
    }

    @Test func aKeyThatIsNoLocationIsAnErrorNamingScreens() throws {
        let json = #"{"format":"navstate.scene/1","root":["Int","1"],"screens":{"top":{"draft":"1"}}}"#
        #expect { try SceneState<NavEntry>(json: Data(json.utf8)) } throws: { error in
            guard let error = error as? NavStateError else { return false }
            return error.code == .unreadable && "\(error)".contains("screens") && "\(error)".contains("'top'")
        }
    }
}
