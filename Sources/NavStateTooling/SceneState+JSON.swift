public import Foundation
public import NavStateModel

extension SceneState where Element == NavEntry {
    /// The state in NavState's scene JSON (docs/format.md), keys sorted, so
    /// equal states give equal bytes: format 1 for a scene of one stack per
    /// level, format 2 when some level holds tabs or a split view.
    ///
    /// - Throws: `EncodingError`, as `JSONEncoder` does: never for a state of
    ///   strings and integers, and never dropped if it did.
    public func jsonData(prettyPrinted: Bool = true) throws -> Data {
        try sceneJSON(prettyPrinted: prettyPrinted)
    }

    /// Reads NavState's scene JSON and checks the state's invariants.
    ///
    /// - Throws: ``/NavStateModel/NavStateError`` saying what is wrong, or
    ///   `NavStateError.invalidSceneState` for a broken invariant.
    public init(json data: some Collection<UInt8>) throws(NavStateError) {
        do {
            self = try SceneState(sceneJSON: data)
        } catch {
            throw NavStateError(error)
        }
    }
}
