import Foundation
public import NavStateModel

/// The JSON formats a scene can be imported from.
public enum SceneFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// SwiftUI's `NavigationPath.CodableRepresentation`: `[tag, payload, …]`,
    /// last-pushed first, with qualified (`Swift.Int`) or mangled (`Si`, as
    /// NavigationBackport writes) tags. Becomes the root stack.
    case swiftui
    /// FlowStacks' `FlowPath.CodableRepresentation`: `[style, tag, payload, …]`,
    /// last first, where a style is `{"push":{}}`,
    /// `{"sheet":{"withNavigation":Bool}}` or `{"cover":{"withNavigation":Bool}}`.
    /// Sheets and covers become presentations (managed when `withNavigation`).
    case flowstacks
    /// NavState's own scene JSON (`docs/format.md`).
    case scene
}

/// Reads scene states from other libraries' JSON.
public enum SceneImport {
    /// Reads `data` in `format`, or detects the format when `format` is nil.
    ///
    /// Tags are kept as given. Every payload must be valid JSON.
    ///
    /// - Returns: The state and the format it was read as.
    /// - Throws: ``/NavStateModel/NavStateError`` naming what is wrong.
    public static func read(
        _ data: some Collection<UInt8>, format: SceneFormat? = nil
    ) throws(NavStateError) -> (state: SceneState<NavEntry>, format: SceneFormat) {
        let bytes = Array(data)
        let resolved: SceneFormat
        if let format { resolved = format } else { resolved = try detect(bytes) }
        let state: SceneState<NavEntry>
        switch resolved {
        case .swiftui:
            state = SceneState(stack: try PathRepresentation.entries(from: bytes))
        case .flowstacks:
            state = try readFlowStacks(bytes)
        case .scene:
            state = try SceneState<NavEntry>(json: bytes)
        }
        try checkPayloads(state)
        return (state, resolved)
    }

    /// The format of a document: an object is scene JSON, an array whose
    /// first item is an object is FlowStacks', any other array SwiftUI's.
    public static func detect(_ bytes: [UInt8]) throws(NavStateError) -> SceneFormat {
        if let invalid = JSONStringArrayReader.firstInvalidUTF8Offset(bytes) {
            throw .invalidUTF8(byteOffset: invalid)
        }
        let significant = bytes.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var iterator = significant.makeIterator()
        switch iterator.next() {
        case UInt8(ascii: "{"):
            return .scene
        case UInt8(ascii: "["):
            return iterator.next() == UInt8(ascii: "{") ? .flowstacks : .swiftui
        case nil:
            throw .truncated(byteOffset: bytes.count)
        default:
            throw .unrecognisedDocument()
        }
    }

    private enum RouteStyle: Decodable {
        case push
        case sheet(withNavigation: Bool)
        case cover(withNavigation: Bool)
    }

    private enum Item: Decodable {
        case style(RouteStyle)
        case string(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                self = .string(string)
            } else {
                self = .style(try container.decode(RouteStyle.self))
            }
        }
    }

    private static func readFlowStacks(_ bytes: [UInt8]) throws(NavStateError) -> SceneState<NavEntry> {
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: Data(bytes))
        } catch let error as DecodingError {
            let (codingPath, description) = error.located
            throw .unreadable(codingPath: codingPath, description: description)
        } catch {
            throw .unreadable(codingPath: "", description: String(describing: error))
        }
        guard items.count.isMultiple(of: 3) else {
            throw .flowStacksItemCount(items.count)
        }
        var state = SceneState<NavEntry>()
        // Triples are written last route first.
        for index in stride(from: items.count - 3, through: 0, by: -3) {
            let route = index / 3
            guard case .style(let style) = items[index] else {
                throw .flowStacksStyleExpected(item: index)
            }
            guard case .string(let tag) = items[index + 1], case .string(let payload) = items[index + 2] else {
                throw .flowStacksStringsExpected(route: route)
            }
            let entry = NavEntry(wireTag: tag, payload: payload)
            switch style {
            case .push:
                // FlowStacks routes are one stack per level.
                if let last = state.presentations.indices.last {
                    guard state.presentations[last].method.isManaged else {
                        throw .flowStacksPushOntoPlainPresentation(route: route)
                    }
                    state.presentations[last].stack.append(entry)
                } else {
                    state.contentStack.append(entry)
                }
            case .sheet(let withNavigation):
                state.presentations.append(Presentation(method: withNavigation ? .managedSheet : .sheet, destination: entry))
            case .cover(let withNavigation):
                state.presentations.append(Presentation(method: withNavigation ? .managedCover : .cover, destination: entry))
            }
        }
        return state
    }

    /// Refuses the first payload that is not JSON, naming it.
    private static func checkPayloads(_ state: SceneState<NavEntry>) throws(NavStateError) {
        for (location, entry) in state.locatedElements(from: 0, includingValues: true) where !JSONSyntax.isValid(entry.payload) {
            throw .invalidPayload(location: location, tag: entry.wireTag)
        }
    }
}
