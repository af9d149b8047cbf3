// An app imports NavState alone. It brings the model's types an app names
// (registry, destinations, paths, scene states, restore rules and what they
// report), one by one, so every type an app sees is a decision
// (PublicSurfaceTests counts them). What only tools need stays out: the
// wire format's reader in NavStateModel, the store's reports (listings,
// prune results, stored revisions) in NavStateReports; NavStateTooling
// exports both whole.

// Registering destinations.
@_exported public import struct NavStateModel.DestinationRegistry
@_exported public import typealias NavStateModel.NavDestination
@_exported public import struct NavStateModel.AnyDestination
@_exported public import struct NavStateModel.NavStateError
@_exported public import enum NavStateModel.JSONValue
@_exported public import enum NavStateModel.ValidationVerdict

// Paths and scene states.
@_exported public import struct NavStateModel.NavPath
@_exported public import struct NavStateModel.NavEntry
@_exported public import struct NavStateModel.SceneState
@_exported public import protocol NavStateModel.NavElement
@_exported public import struct NavStateModel.Presentation
@_exported public import enum NavStateModel.PresentationMethod
@_exported public import struct NavStateModel.Checkpoint
@_exported public import struct NavStateModel.StackAddress
@_exported public import enum NavStateModel.NavContainer
@_exported public import struct NavStateModel.NavTabs
@_exported public import struct NavStateModel.NavTab
@_exported public import struct NavStateModel.NavSplit
@_exported public import enum NavStateModel.NavSplitColumn
@_exported public import enum NavStateModel.NavSplitVisibility
@_exported public import enum NavStateModel.TagStyle

// Restoring, and what a restore or a save left out.
@_exported public import enum NavStateModel.RestorePolicy
@_exported public import enum NavStateModel.DropReason
@_exported public import struct NavStateModel.DroppedEntry
@_exported public import enum NavStateModel.EntryLocation

// Each screen's own state.
@_exported public import struct NavStateModel.ScreenState
@_exported public import enum NavStateModel.TreeChange
@_exported public import enum NavStateModel.Damage
