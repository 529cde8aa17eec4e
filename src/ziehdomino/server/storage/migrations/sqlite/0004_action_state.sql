-- The fields of the room's own state an appended action set (the turn clock, a stand-in's mark):
-- laid over `rooms.room` when the room is read.
ALTER TABLE actions ADD COLUMN state TEXT;  -- JSON, or NULL when the action set none
