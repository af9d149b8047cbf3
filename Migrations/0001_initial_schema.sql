-- NavState schema 1.
--
-- A scene's state is stored as entries, each valid over a range of revisions
-- [valid_from, valid_until): a save writes only the entries that changed, so a
-- push onto a 1,000-deep stack costs what a push onto a 10-deep one costs, and
-- every kept revision still reads back exactly.

-- 'NAVS': marks the file as a NavState database, so another app's SQLite file
-- is recognised and refused instead of written to.
PRAGMA application_id = 1312904787;

CREATE TABLE navstate_migration (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    sql        TEXT NOT NULL,
    applied_at REAL NOT NULL
);

CREATE TABLE scene (
    -- AUTOINCREMENT: an id is never reused, so a cached head can never be
    -- mistaken for a deleted and re-created scene's.
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT NOT NULL UNIQUE,
    head_revision INTEGER NOT NULL,
    created_at    REAL NOT NULL,
    updated_at    REAL NOT NULL
);

CREATE TABLE revision (
    scene_id           INTEGER NOT NULL REFERENCES scene (id) ON DELETE CASCADE,
    number             INTEGER NOT NULL,
    saved_at           REAL NOT NULL,
    -- Entries in every stack of the state, presentation destinations included.
    depth              INTEGER NOT NULL,
    presentation_count INTEGER NOT NULL,
    -- Tag and payload bytes of the whole state.
    byte_count         INTEGER NOT NULL,
    -- JSON: presentation methods, checkpoints and scene values.
    layout             TEXT NOT NULL,
    PRIMARY KEY (scene_id, number)
) WITHOUT ROWID;

CREATE TABLE entry (
    scene_id    INTEGER NOT NULL REFERENCES scene (id) ON DELETE CASCADE,
    -- 0: the root stack; k > 0: the stack of presentation k;
    -- -k: the destination of presentation k.
    slot        INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    valid_from  INTEGER NOT NULL,
    -- NULL while the entry is part of the head revision.
    valid_until INTEGER,
    tag         TEXT NOT NULL,
    version     INTEGER,
    payload     TEXT NOT NULL,
    PRIMARY KEY (scene_id, slot, position, valid_from)
) WITHOUT ROWID;

CREATE INDEX entry_head ON entry (scene_id, slot, position) WHERE valid_until IS NULL;
