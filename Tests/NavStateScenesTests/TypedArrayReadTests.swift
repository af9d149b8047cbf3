import NavStateModel
import NavStateScenes
@testable import NavStateTestSupport
import Testing

/// How a typed array's change is read: a push keeps the entries below it
/// (the same objects, not encoded again), whether the app's array was
/// copied (the same bytes) or rebuilt from equal values; a route changed
/// below the top is a replacement.
@Suite("Typed array reads")
struct TypedArrayReadTests {
    let registry = DestinationRegistry.naming([FeatureRoute.self]).registry

    func account(_ id: Int, _ name: String) -> FeatureRoute { .account(FeatureAccount(id: id, name: name)) }

    func entries(_ value: SceneLayout.Value?) -> [AnyDestination] {
        if case .stack(let entries)? = value { return entries }
        return []
    }

    @Test func aPushOnACopyOrOnEqualRebuiltValuesKeepsTheEntriesBelow() throws {
        let old = (1...300).map { account($0, "a name long enough to be stored out of line \($0)") }
        let current = try #require(SceneLayout.Value.stack(of: old, in: registry))
        var copied = old
        copied.append(.settings)
        let pushed = try #require(current.next(from: old, to: copied, in: registry))
        // Equal values made anew: other string storage, other bytes.
        let rebuilt = (1...300).map { account($0, "a name long enough to be stored out of line " + String($0)) } + [.settings]
        let pushedOnRebuilt = try #require(current.next(from: old, to: rebuilt, in: registry))
        for next in [pushed, pushedOnRebuilt] {
            let below = entries(next).prefix(300)
            #expect(below.count == 300)
            #expect(zip(below, entries(current)).allSatisfy { $0.storageObject === $1.storageObject }, "not encoded again")
            #expect(entries(next).last?.base as? FeatureRoute == .settings)
        }
    }

    @Test func aRouteChangedBelowTheTopIsAReplacement() throws {
        let old = (1...50).map { account($0, "user \($0)") }
        let current = try #require(SceneLayout.Value.stack(of: old, in: registry))
        var changed = old
        changed[10] = account(11, "renamed")
        changed.append(.settings)
        let next = try #require(current.next(from: old, to: changed, in: registry))
        #expect(entries(next).map { $0.base as? FeatureRoute } == changed)
        #expect(entries(next)[10].storageObject !== entries(current)[10].storageObject)
    }
}
