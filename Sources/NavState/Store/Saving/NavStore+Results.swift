import Foundation
public import NavStateModel
import NavStateSQLite

/// What one save did.
public struct SaveResult: Sendable, Hashable {
    /// The revision the save created, or the head's when the state was
    /// already the head's.
    public var revision: Int
    /// False when the state equalled the head's, so nothing was written.
    public var isNewRevision: Bool
    /// Entries left out because their type is never persisted
    /// (``/NavStateModel/DropReason/neverPersisted``), because their payload
    /// is past ``NavStore/Limits/payloadBytes`` (a typed save only:
    /// ``/NavStateModel/DropReason/tooLargeToSave(bytes:limit:)``), or because they
    /// sat above such an entry (``/NavStateModel/DropReason/aboveDroppedEntry(_:)``).
    public var omitted: [DroppedEntry]
    /// Entry rows inserted: the entries that changed since the head.
    public var entriesInserted: Int
    /// Entry rows closed: entries the new revision no longer holds.
    public var entriesClosed: Int
    /// Every row the save inserted, updated or deleted, all tables included.
    public var rowsWritten: Int
    /// Screen values left out because they would pass
    /// ``NavStore/Limits/screenBytes`` or ``NavStore/Limits/sceneScreenBytes``.
    public var screenValuesLeftOut: [LeftOutScreenValue] = []
}
