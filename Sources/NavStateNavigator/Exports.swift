// What the navigator's API names from the core under every face: the
// window scenes it is hosted in, the phases a scene reports and the work
// its background leaves. Re-exported one by one, so `import
// NavStateNavigator` brings them and nothing else of the core.
@_exported public import class NavStateScenes.WindowScenes
@_exported public import enum NavStateScenes.WindowPhase
@_exported public import struct NavStateScenes.BackgroundJob
