import Foundation
@_spi(Tooling) @testable import NavState
import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

/// The stored layout is written by hand through the wire format's string
/// writer, so nothing in it can fail; it must be the very bytes
/// `JSONEncoder` with `.sortedKeys` writes, as the files written before
/// hold, and read back as it was.
@Suite("Stored layout")
struct StoredLayoutTests {
    static let layout = zip(
        Gen.int(in: 0...3).array(of: 0...4),
        zip(Generators.anyText, Gen.int(in: -3...40), Gen.int(in: -3...40), Generators.anyText, Gen.int(in: 0...1)).array(of: 0...3),
        zip(Generators.anyText, Generators.anyText, Generators.anyText, Gen.int(in: -2...2)).array(of: 0...4)
    ).map { methods, checkpoints, values -> StoredLayout in
        StoredLayout(
            methods.map { PresentationMethod.allCases[$0] },
            checkpoints.map { name, stack, kept, type, hasType in
                // A stack of the chain is written as its number, a tab's as its address.
                let address = stack.isMultiple(of: 3) && NavTabs<NavEntry>.isValidID(type)
                    ? StackAddress.tab(type) : StackAddress(presentation: stack)
                return Checkpoint(name: name, stack: address, entriesKept: kept, valueType: hasType == 0 ? nil : type)
            },
            Dictionary(values.map { name, tag, payload, version in
                (name, NavEntry(tag: tag, version: version == 0 ? nil : version, payload: payload))
            }, uniquingKeysWith: { first, _ in first }))
    }

    @Test func theHandWrittenJSONIsJSONEncodersAndReadsBack() async {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        await propertyCheck(count: 400, input: Self.layout) { layout in
            let written = layout.json()
            let encoded = try encoder.encode(layout)
            #expect(written == String(decoding: encoded, as: UTF8.self))
            #expect(StoredLayout.decode(written) == layout)
        }
    }

    /// Layouts of generated trees: tabs (one identifier not ASCII), split
    /// views with selections, checkpoints in tabs.
    @Test func aTreesLayoutIsJSONEncodersAndReadsBack() async {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        await propertyCheck(count: 300, input: SceneGenerators.edit.array(of: 0...30)) { edits throws in
            var state = SceneState<NavEntry>()
            for edit in edits { SceneGenerators.apply(edit, to: &state) }
            let layout = StoredLayout.of(state)
            let written = layout.json()
            let encoded = try encoder.encode(layout)
            #expect(written == String(decoding: encoded, as: UTF8.self))
            #expect(StoredLayout.decode(written) == layout)
            #expect(StoredLayout.json(of: state) == written)
        }
    }

    /// The hand-written reader takes what NavState writes and leaves the
    /// rest to `JSONDecoder`: either way, what `decode` gives is what
    /// `JSONDecoder` gives.
    @Test(arguments: [
        #"{"checkpoints":[{"index":1.0,"name":"a","stack":0}],"presentations":[],"values":{}}"#,
        #"{"checkpoints":[{"index":1,"name":"a","stack":"tab:x"}],"presentations":["sheet"],"values":{},"shapes":null}"#,
        #"{"checkpoints":[{"index":1,"name":"a","stack":"nowhere"}],"presentations":[],"values":{}}"#,
        #"{"checkpoints":[],"presentations":["drawer"],"values":{}}"#,
        #"{"checkpoints":[],"presentations":[],"values":{"a":{"tag":"t","payload":"1","version":null}},"extra":1}"#,
        #"{"checkpoints":[],"presentations":[],"values":{"a":{"tag":"t","payload":"1","version":2e0}}}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"tabs":null,"selected":"a"}]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"selected":"a","tabs":[{"id":"a","content":"stack"}]}]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"columns":3,"visibility":"all","detail":"stack","content":{"tag":"t","payload":"{}"}}]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":["list"]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"columns":2,"visibility":"all","detail":"stack"}]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"columns":4,"visibility":"all","detail":"stack"}]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"columns":2,"visibility":"hidden","detail":"stack"}]}"#,
        #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[{"columns":2,"visibility":"all","detail":"stack","content":{"tag":"t","payload":"{}"}}]}"#,
        #"{"checkpoints":[],"presentations":[],"presentations":[],"values":{}}"#,
        #"{"checkpoints":[],"values":{}}"#,
    ])
    func theFastReaderAgreesWithJSONDecoder(text: String) {
        #expect(StoredLayout.decode(text) == (try? JSONDecoder().decode(StoredLayout.self, from: Data(text.utf8))))
    }

    /// A split view whose columns or visibility no save writes is no
    /// container: the layout does not read, and the revision is damaged
    /// (``Damage/unreadableLayout``).
    @Test func aSplitViewNoSaveWritesDoesNotRead() {
        let shapes = #"{"checkpoints":[],"presentations":[],"values":{},"shapes":[%@]}"#
        func read(_ split: String) -> StoredLayout? {
            StoredLayout.decode(shapes.replacingOccurrences(of: "%@", with: split))
        }
        #expect(read(#"{"columns":3,"visibility":"all","detail":"stack"}"#)?.shapes == [.split(NavSplit(hasContentColumn: true, visibility: .all))])
        #expect(read(#"{"columns":4,"visibility":"all","detail":"stack"}"#) == nil)
        #expect(read(#"{"columns":2,"visibility":"hidden","detail":"stack"}"#) == nil)
        #expect(read(#"{"columns":2,"visibility":"all","detail":"stack","content":{"tag":"t","payload":"{}"}}"#) == nil)
    }

    @Test func namesOrderAsTheEncoderOrdersThem() throws {
        let layout = StoredLayout([.sheet], [], [
            "b": NavEntry(tag: "Int", payload: "1"), "a/b": NavEntry(tag: "Int", payload: "2"),
            "é": NavEntry(tag: "Int", payload: "3"), "Z": NavEntry(tag: "Int", payload: "4"),
            "\u{1F388}": NavEntry(tag: "Int", version: 2, payload: "5"), "a": NavEntry(tag: "Int", payload: "6"),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(layout.json() == String(decoding: try encoder.encode(layout), as: UTF8.self))
    }
}
