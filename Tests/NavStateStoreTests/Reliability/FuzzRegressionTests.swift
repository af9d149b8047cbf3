import Foundation
@_spi(Tooling) @testable import NavState
@testable import NavStateModel
@_spi(Tooling) import NavState
import NavStateTooling
@testable import StoreFuzzer
@testable import Fuzzers
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Every input in the fuzzers' seed corpus and every input a fuzzer ever
/// crashed on (`Fuzz/Regressions/`), run through the same checks as the
/// libFuzzer targets of `scripts/fuzz.sh`.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static let inputs: [String] = {
        var paths: [String] = []
        for folder in ["Corpus/representation", "Corpus/scene", "Corpus/import", "Corpus/payload", "Corpus/change", "Regressions"] {
            let directory = fuzz.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            paths += names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("store-") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }()

    /// The store target's seeds (among them the inputs that made the store
    /// trap before it checked the numbers it reads) and every store input a
    /// fuzzer crashed on: each builds a store file and runs every reader
    /// and writer on it, which must not trap or hand out an invalid state.
    static let storeInputs: [String] = {
        var paths: [String] = []
        for (folder, prefix) in [("Corpus/store", ""), ("Regressions", "store-")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: fuzz.appendingPathComponent(folder).path)) ?? []
            paths += names.filter { $0.hasPrefix(prefix) && !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }()

    @Test(arguments: storeInputs)
    func storeInputRunsEveryReaderAndWriter(path: String) async throws {
        let bytes = Array(try Data(contentsOf: Self.fuzz.appendingPathComponent(path)))
        let directory = try TemporaryDirectory()
        let findings = await StoreFuzzing.run(bytes, in: directory.url.path)
        #expect(findings.isEmpty, "\(findings)")
    }

    /// Each input through the libFuzzer target it belongs to (its corpus
    /// folder, or its name's prefix in Regressions/): the very function
    /// `scripts/fuzz.sh` fuzzes, which must find nothing wrong.
    @Test(arguments: inputs)
    func inputPassesItsFuzzTarget(path: String) throws {
        let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
        let name = String(path.split(separator: "/").last ?? "")
        let target = folder == "Regressions" ? String(name.prefix { $0 != "-" }) : folder
        let run = try #require(Fuzzers.targets[target], "no fuzz target for \(path)")
        let findings = run(Array(try Data(contentsOf: Self.fuzz.appendingPathComponent(path))))
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func everyFuzzTargetHasASeedCorpus() {
        for target in Fuzzers.targets.keys {
            #expect(Self.inputs.contains { $0.hasPrefix("Corpus/\(target)/") }, "\(target)")
        }
    }

    @Test func theStoreCorpusHoldsTheInputsThatTrapped() {
        for seed in ["kept-int64-min", "number-int64-max", "number-int64-min", "chain-bytes-int64-max", "slot-int-min"] {
            #expect(Self.storeInputs.contains("Corpus/store/\(seed)"), "\(seed)")
        }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs.filter { $0.hasPrefix("Corpus/") }.count >= 12)
    }

    /// Each input is either accepted, and then round-trips, or refused
    /// with a typed error that every reader of the same format agrees on.
    @Test(arguments: inputs)
    func inputPassesEveryFuzzerCheck(path: String) async throws {
        let bytes = Array(try Data(contentsOf: Self.fuzz.appendingPathComponent(path)))
        let registry = DestinationRegistry()
        do throws(NavStateError) {
            let entries = try PathRepresentation.entries(from: bytes)
            #expect(try PathRepresentation.entries(from: PathRepresentation.encode(entries)) == entries)
            let decoded = try NavPath.decode(representation: bytes, registry: registry)
            #expect(decoded.path.count + decoded.failures.count == entries.count)
            let sanitized = try await registry.sanitizedNavigationPath(bytes)
            #expect(try NavPath.decode(representation: sanitized.json, registry: registry).failures.isEmpty)
            #expect(sanitized.dropped.count == decoded.failures.count)
        } catch {
            #expect(throws: error) { try NavPath.decode(representation: bytes, registry: registry) }
            await #expect(throws: error) { try await registry.sanitizedNavigationPath(bytes) }
        }
        do throws(NavStateError) {
            let state = try SceneState<NavEntry>(json: bytes)
            #expect(throws: Never.self) { try state.validate() }
            let written: Data
            do {
                written = try state.jsonData()
            } catch {
                Issue.record("a state read from scene JSON did not encode: \(error)")
                return
            }
            #expect(try SceneState<NavEntry>(json: written) == state)
        } catch {
            ErrorMessages.expectReadable(error.description)
        }
        for format in [nil] + SceneFormat.allCases.map(Optional.some) {
            do throws(NavStateError) {
                let (state, _) = try SceneImport.read(bytes, format: format)
                #expect(throws: Never.self) { try state.validate() }
            } catch {
                ErrorMessages.expectReadable(error.description)
            }
        }
        // The change fuzzer's check: a revision row's change either does
        // not decode, or the state it builds writes as a full row that
        // reads back the same.
        let decodedChange = bytes.withUnsafeBytes { RevisionChange.decode($0) }
        if case .success(let change) = decodedChange {
            var slots: SlotMap<[NavEntry]> = [0: [NavEntry(tag: "home", payload: "{}")]]
            if (try? change.apply(to: &slots)) != nil {
                var again: SlotMap<[NavEntry]> = [:]
                let full = RevisionChange.full(slots, layout: change.layout ?? "{}")
                #expect(throws: Never.self) { try full.withUnsafeBytes { try RevisionChange.decode($0).get() }.apply(to: &again) }
                #expect(again.dictionary.filter { !$0.value.isEmpty } == slots.dictionary.filter { !$0.value.isEmpty })
            }
        }
        // The payload fuzzer's check: the fast decoder never disagrees with
        // JSONDecoder (`nil` is the fast decoder handing the input over).
        let text = String(decoding: bytes, as: UTF8.self)
        if let fast = FastPayloadDecoder.decodedValue(ShopRoute.self, from: text) {
            #expect(fast == (try? JSONDecoder().decode(ShopRoute.self, from: Data(text.utf8))))
        }
        if let fast = FastPayloadDecoder.decodedValue([Int].self, from: text) {
            #expect(fast == (try? JSONDecoder().decode([Int].self, from: Data(text.utf8))))
        }
    }
}
