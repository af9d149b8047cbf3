public import Foundation
public import NavStateModel

/// NavState's own JSON form of a scene state (see `docs/format.md`): each
/// stack embedded in SwiftUI's wire format, last-pushed entry first.
struct SceneDocument: Codable {
    static let formatName = "navstate.scene/1"

    struct PresentationDocument: Codable {
        var method: PresentationMethod
        var destination: [String]
        var stack: [String]

        init(method: PresentationMethod, destination: [String], stack: [String]) {
            self.method = method
            self.destination = destination
            self.stack = stack
        }

        /// `stack` may be left out: a plain sheet has none (docs/format.md).
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = try container.decode(PresentationMethod.self, forKey: .method)
            destination = try container.decode([String].self, forKey: .destination)
            stack = try container.decodeIfPresent([String].self, forKey: .stack) ?? []
        }
    }

    var format: String
    var root: [String]
    var presentations: [PresentationDocument]
    var checkpoints: [Checkpoint]
    var values: [String: [String]]

    init(format: String, root: [String], presentations: [PresentationDocument], checkpoints: [Checkpoint], values: [String: [String]]) {
        self.format = format
        self.root = root
        self.presentations = presentations
        self.checkpoints = checkpoints
        self.values = values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        root = try container.decodeIfPresent([String].self, forKey: .root) ?? []
        presentations = try container.decodeIfPresent([PresentationDocument].self, forKey: .presentations) ?? []
        checkpoints = try container.decodeIfPresent([Checkpoint].self, forKey: .checkpoints) ?? []
        values = try container.decodeIfPresent([String: [String]].self, forKey: .values) ?? [:]
    }

    static func strings(_ entries: [NavEntry]) -> [String] {
        PathRepresentation.strings(for: entries)
    }

    static func entries(_ strings: [String], _ part: @autoclosure () -> String) throws(ImportError) -> [NavEntry] {
        guard let entries = PathRepresentation.entries(fromStrings: strings) else {
            throw .unpairedStrings(part: part(), count: strings.count)
        }
        return entries
    }

    static func single(_ strings: [String], _ part: @autoclosure () -> String) throws(ImportError) -> NavEntry {
        guard strings.count == 2, let entry = PathRepresentation.entries(fromStrings: strings)?.first else {
            throw .notOnePair(part: part(), count: strings.count)
        }
        return entry
    }
}

extension SceneState where Element == NavEntry {
    /// The state in NavState's scene JSON, keys sorted, so equal states give
    /// equal bytes.
    ///
    /// - Throws: `EncodingError`, as `JSONEncoder` does: never for a state of
    ///   strings and integers, and never dropped if it did.
    public func jsonData(prettyPrinted: Bool = true) throws -> Data {
        let document = SceneDocument(
            format: SceneDocument.formatName,
            root: SceneDocument.strings(root),
            presentations: presentations.map {
                SceneDocument.PresentationDocument(
                    method: $0.method,
                    destination: SceneDocument.strings([$0.destination]),
                    stack: SceneDocument.strings($0.stack))
            },
            checkpoints: checkpoints,
            values: values.mapValues { SceneDocument.strings([$0]) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return try encoder.encode(document)
    }

    /// Reads NavState's scene JSON and checks the state's invariants.
    ///
    /// - Throws: ``ImportError`` saying what is wrong, or
    ///   ``ImportError/invalidState(_:)`` for a broken invariant.
    public init(json data: some Collection<UInt8>) throws(ImportError) {
        let bytes = Data(data)
        if let invalid = JSONStringArrayReader.firstInvalidUTF8Offset(Array(bytes)) {
            throw .wireFormat(.invalidUTF8(byteOffset: invalid))
        }
        let document: SceneDocument
        do {
            document = try JSONDecoder().decode(SceneDocument.self, from: bytes)
        } catch let error as DecodingError {
            let (codingPath, description) = error.located
            throw .unreadable(codingPath: codingPath, description: description)
        } catch {
            throw .unreadable(codingPath: "", description: String(describing: error))
        }
        guard document.format == SceneDocument.formatName else {
            throw .unknownSceneFormat(found: document.format, known: SceneDocument.formatName)
        }
        var state = SceneState<NavEntry>()
        state.root = try SceneDocument.entries(document.root, "the root stack")
        for (offset, presentation) in document.presentations.enumerated() {
            state.presentations.append(Presentation(
                method: presentation.method,
                destination: try SceneDocument.single(presentation.destination, "the destination of presentation \(offset + 1)"),
                stack: try SceneDocument.entries(presentation.stack, "the stack of presentation \(offset + 1)")))
        }
        state.checkpoints = document.checkpoints
        for (name, pair) in document.values {
            state.values[name] = try SceneDocument.single(pair, "value '\(name)'")
        }
        do {
            try state.validate()
        } catch {
            throw .invalidState(error)
        }
        self = state
    }
}
