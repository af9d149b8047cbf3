public import NavStateModel

// Scene names of the app's own string type (an enum of the app's fixed
// scenes) wherever an app names a scene: each forwards to the `String`
// form with the raw value, so `scene: AppScene.main` and `scene: "main"`
// are the same scene.
extension NavStore {
    /// Restores scene `scene`, named by the app's type; see
    /// `restore(scene:registry:options:)`.
    public func restore<Scene: RawRepresentable>(
        scene: Scene, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions()
    ) async throws(NavStateError) -> (state: SceneState<AnyDestination>, report: RestoreReport) where Scene.RawValue == String {
        try await restore(scene: scene.rawValue, registry: registry, options: options)
    }

    /// Saves scene `scene`, named by the app's type; see
    /// `save(_:scene:expectedHead:)`.
    @discardableResult
    public func save<Scene: RawRepresentable>(
        _ state: SceneState<AnyDestination>, scene: Scene, expectedHead: Int? = nil
    ) async throws(NavStateError) -> SaveResult where Scene.RawValue == String {
        try await save(state, scene: scene.rawValue, expectedHead: expectedHead)
    }

    /// Confirms a restore of `revision` of scene `scene`, named by the
    /// app's type; see `confirmRestore(scene:revision:)`.
    public func confirmRestore<Scene: RawRepresentable>(scene: Scene, revision: Int) async throws(NavStateError)
    where Scene.RawValue == String {
        try await confirmRestore(scene: scene.rawValue, revision: revision)
    }

    /// Deletes scene `scene`, named by the app's type, and its history.
    @discardableResult
    public func delete<Scene: RawRepresentable>(scene: Scene) async throws(NavStateError) -> Bool where Scene.RawValue == String {
        try await delete(scene: scene.rawValue)
    }
}
