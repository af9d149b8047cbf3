// The Swift blocks of NavState.docc/EachScreensOwnState.md, compiled: each `// docs:` region is
// one block, and DocumentationCodeTests keeps the two equal.
import NavState

enum MailRoute: NavDestination {
    case inbox
    case message(id: Int)
}
struct ReplyDraft: Codable, Hashable {
    var text: String
}

func savingADraft(store: NavStore, registry: DestinationRegistry) async throws {
    // docs: save
    var state = SceneState(stack: [
        try AnyDestination(MailRoute.inbox, in: registry),
        try AnyDestination(MailRoute.message(id: 7), in: registry),
    ])
    var reply = ScreenState()
    try reply.setValue(ReplyDraft(text: "Dear Ana,"), forKey: "draft")
    try reply.setValue(41, forKey: "topRow")
    state.screens[.stack(.root, position: 1)] = reply
    let saved = try await store.save(state, scene: "main")
    for leftOut in saved.screenValuesLeftOut {
        print(leftOut)   // screen value 'draft' of stack root position 1 (…) left out: past screenBytes
    }
    // docs.end
}

func restoringADraft(store: NavStore, registry: DestinationRegistry) async throws -> ReplyDraft? {
    // docs: restore
    let restored = try await store.restore(scene: "main", registry: registry)
    let screen = restored.state.screens[.stack(.root, position: 1)] ?? ScreenState()
    let draft = (try? screen.value(ReplyDraft.self, forKey: "draft")) ?? ReplyDraft(text: "")
    // docs.end
    return draft
}

func popping(_ state: SceneState<AnyDestination>) -> SceneState<AnyDestination> {
    // docs: pop
    var popped = state
    popped.contentStack.removeLast()
    popped.screens = popped.keepingScreens(of: state)
    // docs.end
    return popped
}
