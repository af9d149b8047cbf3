// Tools see the whole model: the wire format's reader and writer, listings,
// prune results and stored revisions, which `import NavState` leaves out of
// an app's view (NavState/Exports.swift).
@_exported public import NavStateModel
@_exported public import NavStateReports
