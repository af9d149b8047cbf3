import Foundation
@testable import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

/// The fast payload decoder must never give a value JSONDecoder would not
/// give: every case here compares the two.
@Suite("Fast payload decoding")
struct FastPayloadDecoderTests {
    struct Profile: Codable, Hashable {
        enum Tier: String, Codable { case free, pro }
        enum Kind: Int, Codable { case a = 1, b = 2 }
        var id: Int
        var small: Int8
        var big: UInt64
        var name: String
        var nickname: String?
        var tags: [String]
        var tier: Tier
        var kind: Kind
        var flag: Bool
        var route: ShopRoute
        var nested: [[Int]]
        var optionalRoute: ShopRoute?
    }

    /// Catches a decoding error and carries on, the pattern that would make
    /// a fast path that merely threw produce a different value.
    struct Lenient: Decodable, Hashable {
        var value: Int
        enum CodingKeys: String, CodingKey { case value }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = (try? container.decode(Int.self, forKey: .value)) ?? -1
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    struct Wide: Codable, Hashable {
        var value: Int128  // newer than the floors: behind #available
    }

    struct Stamped: Codable, Hashable {
        var at: Date
        var ratio: Double
    }

    /// Records the coding path its decoder reports, and those of every value
    /// it decodes: a keyed member, array elements, a value through a single
    /// value container, an array nested in an array.
    struct PathProbe: Decodable, Equatable {
        struct Leaf: Decodable, Equatable {
            var paths: [String]
            enum CodingKeys: String, CodingKey { case n }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                paths = [PathProbe.render(decoder.codingPath) + " n=\(try container.decode(Int.self, forKey: .n))"]
            }
        }
        struct Wrapped: Decodable, Equatable {
            var leaf: Leaf
            init(from decoder: any Decoder) throws {
                leaf = try decoder.singleValueContainer().decode(Leaf.self)
            }
        }
        var paths: [String]
        enum CodingKeys: String, CodingKey { case child, list, wrapped, grid }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            paths = [Self.render(decoder.codingPath)]
            paths += try container.decode(Leaf.self, forKey: .child).paths
            paths += try container.decode([Leaf].self, forKey: .list).flatMap(\.paths)
            paths += try container.decode(Wrapped.self, forKey: .wrapped).leaf.paths
            paths += try container.decode([[Leaf]].self, forKey: .grid).joined().flatMap(\.paths)
        }
        static func render(_ path: [any CodingKey]) -> String {
            "/" + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/")
        }
    }

    @Test func codingPathsAreJSONDecodersOnTheFastPath() {
        let payload = #"{"child":{"n":1},"list":[{"n":2},{"n":3}],"wrapped":{"n":4},"grid":[[],[{"n":5}]]}"#
        let (fast, foundation) = both(PathProbe.self, payload)
        #expect(fast != nil, "the fast path should take \(payload)")
        #expect(fast == foundation)
        #expect(fast?.paths == ["/", "/child n=1", "/list/[0] n=2", "/list/[1] n=3", "/wrapped n=4", "/grid/[1]/[0] n=5"])
    }

    private func both<T: Decodable & Equatable>(_ type: T.Type, _ payload: String) -> (fast: T?, foundation: T?) {
        (FastPayloadDecoder.decodedValue(type, from: payload), try? JSONDecoder().decode(type, from: Data(payload.utf8)))
    }

    private func expectAgrees<T: Decodable & Equatable>(_ type: T.Type, _ payload: String, fast expectFast: Bool? = nil,
                                                         sourceLocation: SourceLocation = #_sourceLocation) {
        let (fast, foundation) = both(type, payload)
        if let fast {
            #expect(fast == foundation, "fast path disagrees on \(payload)", sourceLocation: sourceLocation)
        }
        if let expectFast {
            #expect((fast != nil) == expectFast, "fast path \(expectFast ? "not taken" : "taken") for \(payload)", sourceLocation: sourceLocation)
        }
    }

    @Test func plainPayloadsTakeTheFastPathAndAgree() {
        expectAgrees(ShopRoute.self, #"{"product":{"id":7,"name":"Lamp"}}"#, fast: true)
        expectAgrees(ShopRoute.self, #"{"home":{}}"#, fast: true)
        expectAgrees(Int.self, "42", fast: true)
        expectAgrees(Int.self, "-0", fast: true)
        expectAgrees(String.self, #""héllo 🎈""#, fast: true)
        expectAgrees(Bool.self, " true ", fast: true)
        expectAgrees([Int].self, "[1, 2, 3]", fast: true)
        expectAgrees(UInt64.self, "18446744073709551615", fast: true)
    }

    @Test func doubtfulPayloadsGoToJSONDecoder() {
        expectAgrees(Int.self, "1.0", fast: false)
        expectAgrees(Int.self, "1e2", fast: false)
        expectAgrees(Int8.self, "300", fast: false)
        expectAgrees(Double.self, "0.1", fast: false)
        expectAgrees(String.self, #""a\/b""#, fast: false)
        expectAgrees(String.self, #""line\nbreak""#, fast: false)
        expectAgrees([String: Int].self, #"{"a":1,"b":2}"#, fast: false)
        expectAgrees(ShopRoute.self, #"{"product":{"id":7,"name":"a","name":"b"}}"#, fast: false)
        expectAgrees(Stamped.self, #"{"at":1000,"ratio":0.5}"#, fast: false)
        expectAgrees(ShopRoute.self, #"{"product":{"id":"7","name":"a"}}"#, fast: false)
        expectAgrees(ShopRoute.self, #"{"nope":{}}"#, fast: false)
        expectAgrees(Int.self, "01", fast: false)
        expectAgrees(Int.self, "[1]", fast: false)
        expectAgrees(Int.self, "", fast: false)
    }

    @Test func aCaughtGiveUpStillFallsBack() {
        // The fast path gives up on 1.0 for an Int; Lenient catches that and
        // would carry on with -1, so the whole fast result must be dropped.
        #expect(FastPayloadDecoder.decodedValue(Lenient.self, from: #"{"value":1.0}"#) == nil)
        #expect(FastPayloadDecoder.decodedValue(Lenient.self, from: #"{"value":2}"#)?.value == 2)
    }

    /// Whether this host has the runtime `Wide`'s 128-bit field needs
    /// (every Linux toolchain does; Apple hosts from macOS 15).
    static var hasWideIntegers: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { true } else { false }
    }

    @Test(.enabled(if: hasWideIntegers, "128-bit integers need the macOS 15 / iOS 18 runtime"))
    func unlistedIntegerTypesDoNotRecurse() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            expectAgrees(Wide.self, #"{"value":5}"#, fast: false)
        } else {
            Issue.record("enabled only where 128-bit integers exist")
        }
    }

    @Test func deepNestingGivesUpInsteadOfRecursing() {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(FastPayloadDecoder.decodedValue([[[[Int]]]].self, from: deep) == nil)
    }

    @Test func generatedProfilesAgreeWithJSONDecoder() async {
        let text = Gen.letterOrNumber.string(of: 0...12)
        let profile = zip(Gen.int(), Gen.int8(), Gen.uint64(), text, Gen.bool, Gen.int(in: 0...5), text.array(of: 0...4))
            .map { id, small, big, name, flag, pick, tags in
                Profile(
                    id: id, small: small, big: big, name: name, nickname: flag ? nil : name + "!", tags: tags,
                    tier: flag ? .pro : .free, kind: pick.isMultiple(of: 2) ? .a : .b, flag: flag,
                    route: pick < 2 ? .home : .product(id: id, name: name),
                    nested: [[pick], [], [id, Int(small)]], optionalRoute: pick == 3 ? nil : .search(query: name, filters: tags))
            }
        await propertyCheck(count: 300, input: profile) { profile in
            let payload = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
            let fast = FastPayloadDecoder.decodedValue(Profile.self, from: payload)
            #expect(fast == profile, "the fast path should take and agree with \(payload)")
        }
    }

    @Test func registryDecodingMatchesJSONDecoderOnGeneratedPaths() async throws {
        let registry = try Samples.registry()
        await propertyCheck(count: 150, input: Generators.path) { values in
            for value in values {
                let destination = try value.erased(in: registry)
                let decoded = try registry.decode(destination.entry).get()
                #expect(decoded == destination)
            }
        }
    }

    @Test func stringBytesAreTakenOnlyWhenTheyAreValidUTF8() {
        func read(_ bytes: [UInt8]) -> String? {
            bytes.withUnsafeBufferPointer { FastJSON.validUTF8String($0) }
        }
        #expect(read(Array("plain".utf8)) == "plain")
        #expect(read(Array("名前 🎈 ünï".utf8)) == "名前 🎈 ünï")
        #expect(read([]) == "")
        #expect(read([0xC0, 0x80]) == nil, "an overlong encoding")
        #expect(read([0xED, 0xA0, 0x80]) == nil, "an encoded surrogate")
        #expect(read([0xE2, 0x82]) == nil, "a truncated sequence")
        #expect(read([0x61, 0xFF]) == nil, "a byte UTF-8 never uses")
    }
}
