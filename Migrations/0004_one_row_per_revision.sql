-- NavState schema 4: one row per revision.
--
-- A save used to write four B-tree pages (an entry row, its row in the
-- live-entry index, a revision row and the scene's head pointer). Now it
-- writes one row: the revision's change since the revision before it (a
-- delta), or, every so often, its whole state (a full row). The head is the
-- scene's newest revision. Loading revision r reads the full row it builds
-- on (its base) and the deltas from there to r. docs/store.md describes the
-- encoding of `change`.

CREATE TABLE revision_change (
    scene_id           INTEGER NOT NULL REFERENCES scene (id) ON DELETE CASCADE,
    number             INTEGER NOT NULL,
    saved_at           REAL NOT NULL,
    -- The full row this revision builds on: its own number when it is one.
    base               INTEGER NOT NULL,
    -- Entries in every stack of the state, presentation destinations included.
    entry_count        INTEGER NOT NULL,
    presentation_count INTEGER NOT NULL,
    -- Tag and payload bytes of the whole state.
    byte_count         INTEGER NOT NULL,
    -- Bytes of the changes from the base's to this one's, the base's
    -- excluded: when they pass the state's own size, the next save writes a
    -- full row, so a load never reads more than about twice the state.
    chain_bytes        INTEGER NOT NULL,
    change             BLOB NOT NULL,
    PRIMARY KEY (scene_id, number)
) WITHOUT ROWID;

-- navstate-swift-step: move-revisions
-- (Swift, in the same transaction: every kept revision of every scene is
-- read from the entry rows and written here, the oldest as a full row.)

DROP INDEX entry_closed;
DROP INDEX entry_head;
DROP TABLE entry;
DROP TABLE revision;
ALTER TABLE revision_change RENAME TO revision;

-- The head is the newest revision, and its saved_at the scene's last save.
ALTER TABLE scene DROP COLUMN head_revision;
ALTER TABLE scene DROP COLUMN updated_at;

-- How many revisions the scene's history holds, as the app that saves it
-- configured (NULL: every one). Saves remove older rows in batches, and
-- keep the rows a kept revision is a change on top of, so this, not the
-- rows in the file, says where the history starts. Files migrated from
-- schema 3 were pruned row by row: every revision in them is history.
ALTER TABLE scene ADD COLUMN kept_revisions INTEGER;
