// A SwiftUI app writes `import NavStateUI` and nothing else. It brings what
// restoring the app's own state names, one type at a time, so every type
// an app sees is a decision (PublicSurfaceTests counts them): the registry
// for apps that rename or upgrade their types, and the restore's options.
// Apps that want the store, the model or the navigator import those
// products too.

@_exported public import struct NavStateModel.DestinationRegistry
@_exported public import typealias NavStateModel.NavDestination
@_exported public import struct NavStateModel.NavStateError
@_exported public import enum NavStateModel.JSONValue
@_exported public import enum NavStateModel.ValidationVerdict
@_exported public import enum NavStateModel.RestorePolicy
@_exported public import struct NavState.RestoreOptions
