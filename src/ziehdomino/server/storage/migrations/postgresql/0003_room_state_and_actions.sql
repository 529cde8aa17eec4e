-- The room's own state (turn clock, presence times, ready marks, history), as in SQLite's column
-- of the same name, and the actions appended since the row was last written whole: one row per
-- accepted action of the round in play, folded into `match` when the room is written whole.
ALTER TABLE rooms ADD COLUMN room TEXT;      -- JSON, as in SQLite; NULL in rows written before it
CREATE TABLE actions (
    room TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,  -- the match's version once this action was applied
    action TEXT NOT NULL,      -- JSON, as in SQLite
    PRIMARY KEY (room, version)
);
