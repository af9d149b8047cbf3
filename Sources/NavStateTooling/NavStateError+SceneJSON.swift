import NavStateModel

extension NavStateError {
    /// The scene JSON reader's error as the tools report it.
    init(_ error: SceneJSONError) {
        self = switch error {
        case .invalidUTF8(let offset): NavStateError.invalidUTF8(byteOffset: offset)
        case let .unreadable(codingPath, description): NavStateError.unreadable(codingPath: codingPath, description: description)
        case let .unknownFormat(found, known): NavStateError.unknownSceneFormat(found: found, known: known)
        case let .splitColumnCount(at, columns): NavStateError.splitColumnCount(at: at, columns: columns)
        case let .unknownSplitVisibility(at, found): NavStateError.unknownSplitVisibility(at: at, found: found)
        case let .unpairedStrings(part, count): NavStateError.unpairedStrings(part: part, count: count)
        case let .notOnePair(part, count): NavStateError.notOnePair(part: part, count: count)
        case .invalidState(let error): NavStateError.invalidSceneState(error)
        }
    }
}
