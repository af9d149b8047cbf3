// `import NavStateNavigator` is all an app writes: it brings NavState
// whole (the store, the model types a navigator's API names, and the `~=`
// that lets a `catch` match a `NavStateError`'s code), and of the core
// under every face what the navigator's API names: the window scenes it
// is hosted in, the phases a scene reports and the work its background
// leaves, one by one. PublicSurfaceTests holds every type a public member
// names to what this import brings.
@_exported public import NavState
@_exported public import class NavStateScenes.WindowScenes
@_exported public import enum NavStateScenes.WindowPhase
@_exported public import struct NavStateScenes.BackgroundJob
@_exported public import enum NavStateScenes.LaunchChanges
