import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A hand-written corpus of malformed inputs for every decoder of outside
/// data: each gives a typed error (or, where the input is in fact valid, a
/// result), and none crashes.
@Suite("Malformed inputs")
struct MalformedInputTests {
    static let corpus: [(name: String, bytes: [UInt8])] = {
        var corpus: [(String, [UInt8])] = [
            ("empty", []),
            ("whitespace", Array(" \n\t ".utf8)),
            ("odd array", Array(#"["Swift.Int"]"#.utf8)),
            ("three items", Array(#"["Si","1","Si"]"#.utf8)),
            ("number item", Array(#"["Si",1]"#.utf8)),
            ("null item", Array(#"[null,null]"#.utf8)),
            ("object item", Array(#"["Si",{"a":1}]"#.utf8)),
            ("truncated string", Array(#"["Si","1"#.utf8)),
            ("truncated escape", Array(#"["Si","\u12"#.utf8)),
            ("truncated object", Array(#"{"format":"navstate.scene/1","root":["#.utf8)),
            ("invalid UTF-8", [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x2C, 0x22, 0x31, 0x22, 0x5D]),
            ("overlong UTF-8", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]),
            ("lone surrogate escape", Array(#"["\ud800","1"]"#.utf8)),
            ("huge number payload", Array(#"["Si","1e999999999"]"#.utf8)),
            ("huge integer payload", Array(#"["Si","123456789012345678901234567890"]"#.utf8)),
            ("huge number in scene", Array(#"{"format":"navstate.scene/1","checkpoints":[{"name":"x","stack":1e400,"index":0}]}"#.utf8)),
            ("negative checkpoint", Array(#"{"format":"navstate.scene/1","checkpoints":[{"name":"x","stack":-5,"index":-1}]}"#.utf8)),
            ("wrong types in scene", Array(#"{"format":"navstate.scene/1","root":"Si"}"#.utf8)),
            ("flowstacks bad style", Array(#"[{"fly":{}},"Si","1"]"#.utf8)),
            ("flowstacks short", Array(#"[{"push":{}},"Si"]"#.utf8)),
            ("trailing garbage", Array(#"["Si","1"] ]"#.utf8)),
            ("NUL bytes", [0x5B, 0x00, 0x5D]),
        ]
        corpus.append(("deep array nesting", Array(String(repeating: "[", count: 200_000).utf8)))
        corpus.append(("deep object nesting", Array(("{\"format\":\"navstate.scene/1\",\"root\":" + String(repeating: "[", count: 100_000)).utf8)))
        corpus.append(("deep payload nesting", Array(("[\"Si\",\"" + String(repeating: "[", count: 100_000) + "\"]").utf8)))
        return corpus
    }()

    @Test(arguments: corpus.map(\.name))
    func representationDecoderNeverCrashes(name: String) throws {
        let bytes = try #require(Self.corpus.first { $0.name == name }).bytes
        do {
            let decoded = try NavPath.decode(representation: bytes, registry: Samples.registry())
            // Accepted documents keep every element or report it.
            #expect(decoded.path.count + decoded.failures.count == (try PathRepresentation.entries(from: bytes)).count)
        } catch let error as NavStateError {
            // Refused as a whole only when the document is not a representation.
            #expect(throws: error) { try PathRepresentation.entries(from: bytes) }
        }
    }

    @Test(arguments: corpus.map(\.name))
    func importersNeverCrash(name: String) throws {
        let bytes = try #require(Self.corpus.first { $0.name == name }).bytes
        for format in [nil] + SceneFormat.allCases.map(Optional.some) {
            do throws(NavStateError) {
                let (state, _) = try SceneImport.read(bytes, format: format)
                // What an import accepts is always a valid state.
                #expect(throws: Never.self) { try state.validate() }
            } catch {
                Self.expectReadable(error.description)
            }
        }
    }

    @Test(arguments: corpus.map(\.name))
    func sanitiserNeverCrashes(name: String) async throws {
        let bytes = try #require(Self.corpus.first { $0.name == name }).bytes
        do {
            let result = try await Samples.registry().sanitizedNavigationPath(bytes)
            #expect(try NavPath.decode(representation: result.json, registry: Samples.registry()).failures.isEmpty)
        } catch let error as NavStateError {
            #expect(throws: error) { try PathRepresentation.entries(from: bytes) }
        }
    }

    /// A message for a person: one line, with none of Swift's decoding
    /// internals in it.
    static func expectReadable(_ message: String) {
        ErrorMessages.expectReadable(message)
    }

    @Test func tenMegabytePayloadDecodesOrIsRefusedByTheLimit() throws {
        let payload = "\"" + String(repeating: "a", count: 10 * 1024 * 1024) + "\""
        let data = PathRepresentation.encode([NavEntry(tag: "Swift.String", payload: payload)])
        let decoded = try NavPath.decode(representation: data, registry: DestinationRegistry())
        #expect(decoded.path.first?.as(String.self)?.count == 10 * 1024 * 1024)
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        // Left out of the save and reported; the scene is saved without it.
        let result = try store.save(SceneState(stack: decoded.path.elements), scene: "main")
        #expect(result.omitted.map(\.reason) == [.tooLargeToSave(bytes: payload.utf8.count, limit: 64 * 1024)])
        #expect(try store.load(scene: "main")?.state.contentStack.isEmpty == true)
        // Stored entries (an import) are still refused whole.
        #expect(throws: NavStateError.limitExceeded("payloadBytes", scene: "main", actual: payload.utf8.count, limit: 64 * 1024)) {
            try store.save(SceneState(stack: [NavEntry(tag: "Swift.String", payload: payload)]), scene: "main")
        }
    }

    @Test func hugeNumberPayloadFailsOnlyItsEntry() throws {
        let decoded = try NavPath.decode(
            representation: Array(#"["Si","1e999999999","Si","2"]"#.utf8), registry: DestinationRegistry())
        #expect(decoded.path.map { $0.as(Int.self) } == [2])
        #expect(decoded.failures.count == 1)
    }
}
