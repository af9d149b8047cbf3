import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// Each screen's own state in the model (issue 59): its values, where it
/// sits, and which screens survive a change of the navigation.
@Suite("Screen state")
struct ScreenStateTests {
    static func entry(_ payload: String) -> NavEntry { NavEntry(tag: "Int", payload: payload) }

    static func screen(_ draft: String) -> ScreenState {
        ScreenState(json: ["draft": "\"\(draft)\""])
    }

    @Test func valuesRoundTripAndAnUndecodableOneThrowsAlone() throws {
        struct Filter: Codable, Equatable { var open: Bool }
        var screen = ScreenState()
        try screen.setValue(Filter(open: true), forKey: "filter")
        try screen.setValue("Dear Ana,", forKey: "draft")
        #expect(screen.json["filter"] == #"{"open":true}"#)
        #expect(try screen.value(Filter.self, forKey: "filter") == Filter(open: true))
        #expect(try screen.value(Int.self, forKey: "missing") == nil)
        #expect(screen.byteCount == "filter".utf8.count + 13 + "draft".utf8.count + 11)
        #expect { try screen.value(Filter.self, forKey: "draft") } throws: {
            ($0 as? NavStateError)?.code == .screenValueUndecodable
        }
        #expect(try screen.value(String.self, forKey: "draft") == "Dear Ana,")
        try screen.setValue(String?.none, forKey: "draft")
        #expect(screen.keys == ["filter"])
    }

    @Test(arguments: [
        EntryLocation.stack(.root, position: 0), .stack(.tab("a#b|c"), position: 12), .stack(.presentation(2), position: 3),
        .stack(StackAddress(presentation: 1, path: [.tab("x"), .detail]), position: 0),
        .presentation(1), .presentation(40), .selection(.root, .sidebar), .selection(.tab("t"), .content), .value("selectedTab"),
    ])
    func aLocationReadsBackFromItsStoredText(location: EntryLocation) {
        #expect(EntryLocation(storedText: location.storedText) == location, "\(location.storedText)")
    }

    @Test(arguments: ["", "root", "root#", "root#-1", "root#x", "@0", "@x", "nowhere#1", "root|middle", "root#1234567890"])
    func textThatIsNoLocationIsNil(text: String) {
        #expect(EntryLocation(storedText: text) == nil)
    }

    @Test func aChangeKeepsTheScreensOfTheEntriesStillWhereTheyWere() {
        var old = SceneState(stack: ["1", "2", "2", "3"].map(Self.entry))
        for position in 0..<4 { old.screens[.stack(.root, position: position)] = Self.screen("s\(position)") }
        old.presentations = [Presentation(method: .sheet, destination: Self.entry("9"))]
        old.screens[.presentation(1)] = Self.screen("sheet")

        // Popped to two, then the same value as before pushed again: a new
        // entry at position 2, with no state.
        var new = SceneState(stack: ["1", "2", "2"].map(Self.entry))
        new.presentations = old.presentations
        new.screens[.stack(.root, position: 1)] = Self.screen("typed now")
        let kept = new.keepingScreens(of: SceneState(stack: ["1", "2"].map(Self.entry), presentations: old.presentations, screens: old.screens))
        #expect(kept == [
            .stack(.root, position: 0): Self.screen("s0"),
            .stack(.root, position: 1): Self.screen("typed now"),
            .presentation(1): Self.screen("sheet"),
        ])
        // A change under a position takes the screens above it.
        let replaced = SceneState(stack: ["7", "2", "2", "3"].map(Self.entry))
        #expect(replaced.keepingScreens(of: old) == [:])
        // A screen at a location with no entry is not among those a save writes.
        var orphan = SceneState(stack: [Self.entry("1")])
        orphan.screens[.stack(.root, position: 3)] = Self.screen("lost")
        orphan.screens[.stack(.root, position: 0)] = ScreenState()
        #expect(orphan.screensWithEntries.isEmpty)
    }

    @Test func elementAtEveryKindOfLocation() throws {
        var state = SceneState<NavEntry>(content: .split(NavSplit(sidebar: Self.entry("s"), detail: .stack([Self.entry("d")]))))
        state.presentations = [Presentation(method: .managedSheet, destination: Self.entry("p"), stack: [Self.entry("q")])]
        #expect(state.element(at: .selection(.root, .sidebar)) == Self.entry("s"))
        #expect(state.element(at: .selection(.root, .content)) == nil)
        #expect(state.element(at: .stack(.detail, position: 0)) == Self.entry("d"))
        #expect(state.element(at: .stack(.detail, position: 1)) == nil)
        #expect(state.element(at: .presentation(1)) == Self.entry("p"))
        #expect(state.element(at: .presentation(2)) == nil)
        #expect(state.element(at: .stack(.presentation(1), position: 0)) == Self.entry("q"))
        #expect(state.element(at: .value("x")) == nil)
        state.values["x"] = Self.entry("v")
        #expect(state.element(at: .value("x")) == Self.entry("v"))
    }
}
