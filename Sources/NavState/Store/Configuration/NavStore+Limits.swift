import Foundation
public import NavStateModel
import NavStateSQLite

extension NavStore {
    /// Characters a scene name may not hold: C0 and C1 controls (a terminal
    /// acts on them: escape sequences, newlines), line and paragraph
    /// separators, and the bidirectional overrides that reorder what a
    /// person reads.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII, by far the most common, without the Unicode tables.
        if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F }
        return scalar.properties.generalCategory == .control
            || (0x2028...0x2029).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }

    /// Text with every character a scene name may not hold written as
    /// `\u{1B}`: how error messages, and tools that print names, tags and
    /// payloads read from a file (NavStateTooling), show them to a person.
    package static func escapedForDisplay(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isUnprintable(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

extension NavStore.Limits {
    /// What the limit of this name in ``NavStore/Limits`` counts, as an
    /// error message says it (`payloadBytes`: payload bytes per entry).
    package static func meaning(of name: String) -> String {
        switch name {
        case "entriesPerStack": "entries per stack"
        case "payloadBytes": "payload bytes per entry"
        case "sceneBytes": "total bytes per scene state"
        case "sceneNameBytes": "scene name bytes"
        case "stacksPerScene": "stacks per scene"
        case "nestingDepth": "levels of nested tab bars and split views"
        default: name
        }
    }
}

extension NavStore.Limits {
    /// Checks a state and scene name as a save would, before anything is
    /// opened or created: a tool can refuse bad input without leaving a file
    /// behind.
    ///
    /// - Throws: `NavStateError.invalidSceneName`,
    ///   `NavStateError.limitExceeded` or
    ///   `NavStateError.invalidState`.
    public func check(_ state: SceneState<NavEntry>, scene: String) throws(NavStateError) {
        do {
            try state.validate()
        } catch {
            throw .invalidState(error)
        }
        try checkSceneName(scene)
        _ = try byteCount(checking: state, scene: scene)
    }

    func checkSceneName(_ scene: String) throws(NavStateError) {
        if scene.isEmpty {
            throw .invalidSceneName(scene)
        }
        // Printable ASCII, nearly every name, needs no walk over its scalars
        // (and its bytes are read in place: every save checks its name).
        func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
        let isPrintableASCII = scene.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintable) }
            ?? scene.utf8.allSatisfy(isPrintable)
        if !isPrintableASCII, scene.unicodeScalars.contains(where: NavStore.isUnprintable) {
            throw .invalidSceneName(scene)
        }
        let bytes = scene.utf8.count
        if bytes > sceneNameBytes {
            throw .limitExceeded("sceneNameBytes", scene: scene, actual: bytes, limit: sceneNameBytes)
        }
    }

    /// Checks the stacks a state holds and how deeply its containers nest.
    ///
    /// - Parameter sameTree: The state's containers are those of a head
    ///   this store saved, whose nesting was checked then: not walked again.
    func checkLayout<Element>(stacks: Int, state: SceneState<Element>, scene: String, sameTree: Bool = false) throws(NavStateError) {
        if stacks > stacksPerScene {
            throw .limitExceeded("stacksPerScene", scene: scene, actual: stacks, limit: stacksPerScene)
        }
        guard !sameTree, !state.isOneStackPerLevel else { return }
        for level in 0...state.presentations.count {
            guard let depth = state.container(level: level)?.nestingDepth, depth > nestingDepth else { continue }
            throw .limitExceeded("nestingDepth", scene: scene, actual: depth, limit: nestingDepth)
        }
    }

    /// Checks every limit; returns the state's tag and payload bytes, in all
    /// and per stack.
    ///
    /// - Parameter known: Leading elements of each stack that a save of this
    ///   store already checked (the same storage as its cached head's):
    ///   their bytes are taken from there instead of visiting them.
    /// - Parameter flat: The state's slots (`Slots.of`), when the caller
    ///   has them.
    func byteCount<Element: StorableElement>(
        checking state: SceneState<Element>, flat: Slots.Flat<Element>? = nil, scene: String,
        known: NavStore.KnownPrefixes = NavStore.KnownPrefixes(), sameTree: Bool = false
    ) throws(NavStateError) -> (total: Int, stackBytes: [Int]) {
        var total = 0
        func count(_ element: Element) throws(NavStateError) -> Int {
            let (tag, payload) = element.storedByteCounts
            if payload > payloadBytes {
                throw .limitExceeded("payloadBytes", scene: scene, actual: payload, limit: payloadBytes)
            }
            return payload + tag
        }
        let flat = flat ?? Slots.of(state)
        let slots = flat.slots
        let stacks = slots.denseSlots.upperBound
        try checkLayout(stacks: stacks, state: state, scene: scene, sameTree: sameTree)
        var stackBytes: [Int] = []
        stackBytes.reserveCapacity(stacks)
        for index in 0..<stacks {
            // Read in place: the subscript would copy each stack out.
            let counted = slots.withElements(at: index) { stack -> Result<Int, NavStateError> in
                if stack.count > entriesPerStack {
                    return .failure(NavStateError.limitExceeded("entriesPerStack", scene: scene, actual: stack.count, limit: entriesPerStack))
                }
                let (first, bytesBefore) = known.prefix(ofStack: index, count: stack.count)
                var bytes = bytesBefore
                for element in stack[first...] {
                    do throws(NavStateError) { bytes += try count(element) } catch { return .failure(error) }
                }
                return .success(bytes)
            }
            let bytes = try counted.get()
            stackBytes.append(bytes)
            total += bytes
        }
        for presentation in state.presentations { total += try count(presentation.destination) }
        for level in 0...state.presentations.count where flat.hasSplit {
            guard let container = state.container(level: level), container.hasSplit else { continue }
            try container.forEachSelection(prefix: []) { (_, _, element) throws(NavStateError) in
                total += try count(element)
            }
        }
        for value in state.values.values { total += try count(value) }
        if total > sceneBytes {
            throw .limitExceeded("sceneBytes", scene: scene, actual: total, limit: sceneBytes)
        }
        return (total, stackBytes)
    }
}
