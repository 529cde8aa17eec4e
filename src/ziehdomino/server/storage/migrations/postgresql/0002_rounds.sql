-- The record of every finished round (docs/replay.md), as in SQLite's table of the same name:
-- written once, in the transaction of the action that ended the round; deleted with its room.
CREATE TABLE rounds (
    room TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,      -- the round's number, 1 for the first
    record TEXT NOT NULL,    -- JSON, as in SQLite
    PRIMARY KEY (room, n)
);
