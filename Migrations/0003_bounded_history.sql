-- NavState schema 3: bounded history.
--
-- Every save keeps the last K revisions of its scene and removes the entry
-- rows no kept revision can see: the rows closed at or before the oldest
-- kept revision. This index finds them without walking the scene's history.
CREATE INDEX entry_closed ON entry (scene_id, valid_until) WHERE valid_until IS NOT NULL;
