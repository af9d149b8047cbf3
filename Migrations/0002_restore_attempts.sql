-- NavState schema 2: the crash-loop guard.
--
-- A restore counts itself here before the app sees the state, and the app's
-- confirmation clears the count. A revision restored too many times without a
-- confirmation is skipped for the one before it.

CREATE TABLE restore_attempt (
    scene_id    INTEGER NOT NULL REFERENCES scene (id) ON DELETE CASCADE,
    revision    INTEGER NOT NULL,
    -- Restores of this revision that the app has not confirmed.
    unconfirmed INTEGER NOT NULL,
    PRIMARY KEY (scene_id, revision)
) WITHOUT ROWID;
