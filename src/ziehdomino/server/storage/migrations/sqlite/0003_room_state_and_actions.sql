-- The room's own state (turn clock, presence times, ready marks), and the actions appended since
-- the row was last written whole: one row per accepted action of the round in play, folded into
-- `match` when the room is written whole.
ALTER TABLE rooms ADD COLUMN room TEXT;  -- JSON: RoomState.to_json(); NULL in rows written before it
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL,         -- rooms.id
    version INTEGER NOT NULL,   -- the match's version once this action was applied
    action TEXT NOT NULL,       -- JSON: the action in the engine's form
    PRIMARY KEY (room, version)
) WITHOUT ROWID;
