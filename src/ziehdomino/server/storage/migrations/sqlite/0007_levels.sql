-- The level (docs/rules.md, "The level"; docs/profile.md): each finished round of a rated table
-- keeps its rating beside its record, written in the same transaction as the round and the
-- profiles' new ratings: {"unrated": reason | null, "levels": per seat {"before", "after",
-- "provisional"} | null}; NULL for a round of a table that is not rated.
ALTER TABLE rounds ADD COLUMN rating TEXT;
-- Each profile's level change by each rated round, for its history; kept when the room ends,
-- deleted with the profile.
CREATE TABLE round_levels (
    profile TEXT NOT NULL,            -- profiles.id
    room TEXT NOT NULL,               -- rooms.id (the room may have ended)
    n INTEGER NOT NULL,               -- the round's number
    at REAL NOT NULL,                 -- unix seconds the round was stored
    level_before INTEGER NOT NULL,    -- the level shown before the round
    level_after INTEGER NOT NULL,     -- and after it
    outcome TEXT NOT NULL,            -- 'won', 'shared' or 'lost'
    PRIMARY KEY (profile, room, n)
);
CREATE INDEX round_levels_by_profile ON round_levels (profile, at);
