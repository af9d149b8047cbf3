import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

/// A screen as a store's row holds it (issue 59): checked once when read,
/// its values read from the row's bytes when asked for, and equal to the
/// same values set by the app.
@Suite("Screen encoding")
struct ScreenEncodingTests {
    @Test func aScreenAsReadIsTheScreenAsSet() throws {
        let values = ["draft": #""Dear Ana, thank you for the order""#, "topRow": "14", "é": #""ü""#]
        let read = try #require(ScreenEncoding(checking: ScreenEncoding(values).bytes))
        let screen = ScreenState(encoded: read)
        let set = ScreenState(json: values)
        #expect(screen == set && set == screen)
        #expect(screen.hashValue == set.hashValue)
        #expect(screen.keys == ["draft", "topRow", "é"] && screen.byteCount == set.byteCount && !screen.isEmpty)
        #expect(try screen.value(Int.self, forKey: "topRow") == 14)
        #expect(try screen.value(String.self, forKey: "é") == "ü")
        #expect(try screen.value(String.self, forKey: "missing") == nil)
        #expect(screen.json == values)
        // A change makes it the app's again, the other values kept.
        var changed = screen
        try changed.setValue(15, forKey: "topRow")
        #expect(changed.json == values.merging(["topRow": "15"]) { $1 })
        #expect(changed != screen)
        #expect(ScreenState(encoded: try #require(ScreenEncoding(checking: []))).isEmpty)
    }

    @Test(arguments: [
        [0x05, 0x61, 0x62, 0x63],                              // a length past the end
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],                  // a varint that never ends
        [0x01, 0xFF, 0x01, 0x31],                              // a key that is not UTF-8
        [0x01, 0x61, 0x02, 0xC3, 0x28],                        // a value that is not UTF-8
        [0x01, 0x61, 0x01, 0x31, 0x01, 0x61, 0x01, 0x32],      // a key twice
        [0x01, 0x62, 0x01, 0x31, 0x01, 0x61, 0x01, 0x32],      // keys out of order
        [0x01, 0x61, 0x01, 0x31, 0x01, 0x62],                  // a key without its value
    ] as [[UInt8]])
    func bytesNoSaveWritesAreRefused(bytes: [UInt8]) {
        #expect(ScreenEncoding(checking: bytes) == nil)
    }

    @Test func anyValuesReadBackAsTheyWereSet() async {
        await propertyCheck(count: 300, input: zip(Generators.anyText, Generators.anyText).array(of: 0...6)) { pairs in
            let values = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
            let read = ScreenEncoding(checking: ScreenEncoding(values).bytes)
            #expect(read.map { ScreenState(encoded: $0) } == ScreenState(json: values))
            #expect(read?.byteCount == ScreenState(json: values).byteCount)
        }
    }
}
