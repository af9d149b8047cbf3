// An app imports NavState alone: the model's types (registry, paths, scene
// states, restore policies) come with the store.
@_exported public import NavStateModel
