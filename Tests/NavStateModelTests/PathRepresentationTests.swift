import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

@Suite("Wire format")
struct PathRepresentationTests {
    private func entries(_ text: String) throws(NavStateError) -> [NavEntry] {
        try PathRepresentation.entries(from: Array(text.utf8))
    }

    @Test func lastPushedElementIsWrittenFirst() throws {
        var path = NavPath()
        try path.append(1)
        try path.append("two")
        let text = String(decoding: try path.representation(style: .stable), as: UTF8.self)
        #expect(text == #"["String","\"two\"","Int","1"]"#)
    }

    @Test func emptyArrayIsAnEmptyPath() throws {
        #expect(try entries("[]").isEmpty)
        #expect(try entries(" \n[ ] ").isEmpty)
        #expect(String(decoding: PathRepresentation.encode([NavEntry]()), as: UTF8.self) == "[]")
    }

    @Test func escapedSlashesAndUnicodeEscapesSurviveAsPayloadText() throws {
        let read = try entries(#"["Swift.String","\"a\\\/b \\u00e9\"","Swift.Int","1"]"#)
        #expect(read[1].payload == #""a\/b \u00e9""#)
        #expect(try DestinationRegistry().decode(read[1]).get().as(String.self) == "a/b é")
    }

    @Test func escapingMatchesJSONEncoder() throws {
        let awkward = "q\"b\\s/n\nr\rt\tb\u{8}f\u{c}c\u{1}d\u{7f}é🎈\u{2028}"
        let ours = PathRepresentation.encode([NavEntry(tag: awkward, payload: awkward)])
        let foundations = try JSONEncoder().encode([awkward, awkward])
        #expect(ours == foundations)
        #expect(try PathRepresentation.entries(from: ours) == [NavEntry(tag: awkward, payload: awkward)])
    }

    @Test func versionSuffixIsSplitFromTheTagAndWrittenBack() throws {
        let read = try entries(#"["settings@3","{}","a@b","{}","x@0","{}"]"#)
        #expect(read.map(\.tag) == ["x@0", "a@b", "settings"])
        #expect(read.map(\.version) == [nil, nil, 3])
        #expect(String(decoding: PathRepresentation.encode(read), as: UTF8.self) == #"["settings@3","{}","a@b","{}","x@0","{}"]"#)
    }

    // MARK: Malformed documents, one test per class

    @Test func anObjectIsNotARepresentation() {
        #expect(throws: NavStateError.notAnArray(found: "an object")) { try entries(#"{"a":1}"#) }
    }

    @Test func aBareStringIsNotARepresentation() {
        #expect(throws: NavStateError.notAnArray(found: "a string")) { try entries(#""Swift.Int""#) }
    }

    @Test func anOddNumberOfItemsIsRefused() {
        #expect(throws: NavStateError.oddItemCount(3)) { try entries(#"["Swift.Int","1","Swift.Int"]"#) }
    }

    @Test(arguments: [
        (#"["Swift.Int",1]"#, 1, JSONKind.number),
        (#"[null,"1"]"#, 0, .null),
        (#"["Swift.Int","1",["x"],"2"]"#, 2, .array),
        (#"["a",{"b":1}]"#, 1, .object),
        (#"["a",true]"#, 1, .boolean),
    ])
    func aNonStringItemIsNamed(text: String, index: Int, kind: JSONKind) {
        #expect(throws: NavStateError.nonStringItem(index: index, found: kind.description)) { try entries(text) }
    }

    @Test(arguments: [#"["Swift.Int","1""#, #"["Swift.Int","#, #"["Swift.In"#, "[", "", "  ", #"["a\"#])
    func truncatedJSONIsReportedAsTruncated(text: String) {
        #expect {
            try entries(text)
        } throws: { error in
            (error as? NavStateError)?.code == .truncated
        }
    }

    @Test func invalidUTF8IsReportedWithItsOffset() {
        var bytes = Array(#"["Swift.String","\"x"#.utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array(#"\""]"#.utf8))
        #expect(throws: NavStateError.invalidUTF8(byteOffset: 20)) {
            try PathRepresentation.entries(from: bytes)
        }
    }

    @Test(arguments: [
        (#"["a" "b"]"#, 5, JSONProblem.missingSeparator(afterItem: 0)),
        (#"["a",]"#, 5, .unexpectedCharacter(UInt8(ascii: "]"))),
        (#"["a","b"] x"#, 10, .contentAfterArray),
        (#"["\q","b"]"#, 2, .invalidEscape(UInt8(ascii: "q"))),
        ("[\"a\u{1}\",\"b\"]", 3, .controlCharacterInString),
        (#"["\ud800","b"]"#, 2, .highSurrogateAlone),
        (#"["\udc00","b"]"#, 2, .lowSurrogateAlone),
        (#"["\ud800\u0041","b"]"#, 2, .highSurrogateFollowedBy(0x41)),
        (#"["\u12G4","b"]"#, 6, .notFourHexDigits),
        ("xyz", 0, .unexpectedCharacter(UInt8(ascii: "x"))),
    ])
    func otherInvalidJSONIsReportedWithWhereAndWhat(text: String, offset: Int, problem: JSONProblem) {
        #expect(throws: NavStateError.invalidJSON(byteOffset: offset, problem: problem.description)) { try entries(text) }
    }

    @Test func deepNestingIsRefusedWithoutRecursion() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: NavStateError.nonStringItem(index: 0, found: "an array")) { try entries(deep) }
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try entries(#"["\ud83c\udf88","x"]"#).first?.tag == "🎈")
        #expect(try entries(#"["t","\ud83c\udf88"]"#).first?.payload == "🎈")
    }

    @Test func errorsReadAsSentences() {
        #expect(NavStateError.oddItemCount(3).description.contains("[tag, payload] pairs"))
        #expect(NavStateError.nonStringItem(index: 2, found: "a number").description == "item 2 of the representation is a number; every item must be a string")
    }

    /// The entries not read are still checked as string literals: a broken
    /// document is refused whichever part of it is broken.
    @Test func readingTheLastPushedStillRefusesABrokenDocument() {
        let broken = [
            #"["Int","1","Int"]"#,            // odd count
            #"["Int","1","Int",2]"#,          // a number after the pairs read
            #"["Int","1","Int","2"#,          // cut short
            #"["Int","1"] x"#,                // content after the array
            #"["Int","1","Int","\q"]"#,       // a bad escape after the pairs read
        ]
        for text in broken {
            #expect(throws: NavStateError.self, "\(text)") { try PathRepresentation.lastPushed(1, in: Array(text.utf8)) }
        }
        let invalidUTF8: [UInt8] = Array(#"[""#.utf8) + [0xFF] + Array(#"","1"]"#.utf8)
        #expect(throws: NavStateError.invalidUTF8(byteOffset: 2)) { try PathRepresentation.lastPushed(1, in: invalidUTF8) }
    }
}
