// A SwiftUI app writes `import NavStateUI` and nothing else. It brings
// NavState whole: what the face's members name (the registry, the
// restore's options and what they name in turn: entries, scene states,
// drop reasons), the store for an app that also saves by hand, and the
// `~=` that lets a `catch` match a `NavStateError`'s code. PublicSurfaceTests
// holds every type a public member names to what this import brings.
@_exported public import NavState
@_exported public import enum NavStateScenes.LaunchChanges
