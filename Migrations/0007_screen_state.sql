-- NavState schema 7: each screen's own state.
--
-- A screen's small values (a draft, the id of a list's top row, a segment)
-- belong to the entry that shows it. Only the head revision's screens are
-- kept: a save writes them in the same transaction as its revision row and
-- deletes those of the entries it popped, replaced or left out, so a popped
-- screen's draft is gone from the file at once rather than kept with the
-- history. Every revision written before this schema has no screen state.

CREATE TABLE screen_state (
    scene_id    INTEGER NOT NULL REFERENCES scene (id) ON DELETE CASCADE,
    -- Where the entry is: 'root#3' (position 3 of the root stack),
    -- 'tab:orders#0', '@1' (presentation 1's destination), 'detail|sidebar'.
    location    TEXT NOT NULL,
    -- CRC-32C of the entry the screen belongs to, as stored (its tag, a NUL,
    -- its payload): a restore of another revision (the crash-loop guard's
    -- fallback) hands a screen only to the entry it was saved with.
    entry_check INTEGER NOT NULL,
    -- The screen's values, keys in order, each as a varint length and the
    -- key's UTF-8, then a varint length and the value's JSON in UTF-8
    -- (docs/database.md, "Schema 7").
    screen      BLOB NOT NULL,
    PRIMARY KEY (scene_id, location)
) WITHOUT ROWID;
