-- The record of every finished round (docs/replay.md): written once, in the transaction of the
-- action that ended the round; deleted with its room.
CREATE TABLE IF NOT EXISTS rounds (
    room TEXT NOT NULL,         -- rooms.id
    n INTEGER NOT NULL,         -- the round's number, 1 for the first
    record TEXT NOT NULL,       -- JSON: engine.round_record(match), a finished round only
    PRIMARY KEY (room, n)
);
