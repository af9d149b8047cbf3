import Testing

/// What every error type's matching suite checks of its list of one error
/// of each kind: an app's `catch` list names each by its own pattern (no
/// earlier pattern takes it), its code is its kind, and no two kinds share
/// a code. The catch lists themselves are each suite's own: they are the
/// code an app writes.
enum ErrorMatching {
    static func expectEachKindCaughtByItsOwnPattern<E: Error>(
        _ everyKind: [E],
        caught: (E) -> String,
        kind: (E) -> String,
        code: (E) -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for error in everyKind {
            #expect(caught(error) == kind(error), "\(error)", sourceLocation: sourceLocation)
            #expect(code(error) == kind(error), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(Set(everyKind.map(code)).count == everyKind.count, "two kinds share a code", sourceLocation: sourceLocation)
    }
}
