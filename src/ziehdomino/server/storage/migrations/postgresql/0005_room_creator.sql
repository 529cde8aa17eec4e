-- The creator's address key (roomstate.address_key, also inside `rooms.room`) as a column of
-- its own, so that the cap on open rooms per address counts the rooms of every process.
ALTER TABLE rooms ADD COLUMN creator TEXT;
UPDATE rooms SET creator = room::jsonb ->> 'creator' WHERE room IS NOT NULL;
CREATE INDEX rooms_by_creator ON rooms (creator) WHERE creator IS NOT NULL;
