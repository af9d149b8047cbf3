public import Foundation

/// NavState's own JSON form of a scene state (see `docs/format.md`): each
/// stack embedded in SwiftUI's wire format, last-pushed entry first.
struct SceneDocument: Codable {
    static let formatName = "navstate.scene/1"

    struct PresentationDocument: Codable {
        var method: PresentationMethod
        var destination: [String]
        var stack: [String]
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
        entries.reversed().flatMap { [$0.wireTag, $0.payload] }
    }

    static func entries(_ strings: [String], _ what: @autoclosure () -> String) throws(NavModelError) -> [NavEntry] {
        guard strings.count.isMultiple(of: 2) else {
            throw .invalidSceneJSON("\(what()) has \(strings.count) strings; it must hold [tag, payload] pairs")
        }
        return stride(from: strings.count - 2, through: 0, by: -2).map {
            NavEntry(wireTag: strings[$0], payload: strings[$0 + 1])
        }
    }

    static func single(_ strings: [String], _ what: @autoclosure () -> String) throws(NavModelError) -> NavEntry {
        guard strings.count == 2 else {
            throw .invalidSceneJSON("\(what()) must be one [tag, payload] pair, but has \(strings.count) strings")
        }
        return NavEntry(wireTag: strings[0], payload: strings[1])
    }
}

extension SceneState where Element == NavEntry {
    /// The state in NavState's scene JSON, keys sorted, so equal states give
    /// equal bytes.
    public func jsonData(prettyPrinted: Bool = true) -> Data {
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
        // Strings, integers and arrays of them always encode.
        return (try? encoder.encode(document)) ?? Data()
    }

    /// Reads NavState's scene JSON and checks the state's invariants.
    ///
    /// - Throws: ``NavModelError/invalidSceneJSON(_:)`` saying what is wrong,
    ///   or ``NavModelError/invalidSceneState(_:)`` for a broken invariant.
    public init(json data: some Collection<UInt8>) throws(NavModelError) {
        let bytes = Data(data)
        if let invalid = JSONStringArrayReader.firstInvalidUTF8Offset(Array(bytes)) {
            throw .invalidUTF8(byteOffset: invalid)
        }
        let document: SceneDocument
        do {
            document = try JSONDecoder().decode(SceneDocument.self, from: bytes)
        } catch let error as DecodingError {
            guard case let .payloadDoesNotDecode(codingPath, description) = DestinationRegistry.reason(for: error) else {
                throw .invalidSceneJSON(String(describing: error))
            }
            throw .invalidSceneJSON(codingPath.isEmpty ? description : "at \(codingPath): \(description)")
        } catch {
            throw .invalidSceneJSON(String(describing: error))
        }
        guard document.format == SceneDocument.formatName else {
            throw .invalidSceneJSON("format is '\(document.format)'; this NavState reads '\(SceneDocument.formatName)'")
        }
        var state = SceneState<NavEntry>()
        state.root = try SceneDocument.entries(document.root, "root")
        for (offset, presentation) in document.presentations.enumerated() {
            state.presentations.append(Presentation(
                method: presentation.method,
                destination: try SceneDocument.single(presentation.destination, "presentation \(offset + 1) destination"),
                stack: try SceneDocument.entries(presentation.stack, "presentation \(offset + 1) stack")))
        }
        state.checkpoints = document.checkpoints
        for (name, pair) in document.values {
            state.values[name] = try SceneDocument.single(pair, "value '\(name)'")
        }
        try state.validate()
        self = state
    }
}
