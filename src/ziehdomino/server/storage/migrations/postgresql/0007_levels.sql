-- The level (docs/rules.md, "The level"; docs/profile.md), as in SQLite's step of the same
-- name: a rated table's round keeps its rating beside its record (NULL: a table not rated),
-- written in one transaction with the round and the profiles' new ratings.
ALTER TABLE rounds ADD COLUMN rating TEXT;
-- Each profile's level change by each rated round; no reference to rooms: it outlives the room,
-- and goes with the profile.
CREATE TABLE round_levels (
    profile TEXT NOT NULL,            -- profiles.id
    room TEXT NOT NULL,               -- rooms.id (the room may have ended)
    n INTEGER NOT NULL,               -- the round's number
    at DOUBLE PRECISION NOT NULL,     -- unix seconds the round was stored
    level_before INTEGER NOT NULL,    -- the level shown before the round
    level_after INTEGER NOT NULL,     -- and after it
    outcome TEXT NOT NULL,            -- 'won', 'shared' or 'lost'
    PRIMARY KEY (profile, room, n)
);
CREATE INDEX round_levels_by_profile ON round_levels (profile, at);
