-- Rooms in PostgreSQL: the columns of the SQLite table (the same encoding), plus who holds
-- the room: the owner process, its lease session, the fencing epoch raised by every take,
-- the lease's end (the database's clock), and the row's write counter.
CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,   -- unix seconds
    updated DOUBLE PRECISION NOT NULL,   -- unix seconds of the last stored change
    seats TEXT NOT NULL,                 -- JSON, as in SQLite
    match TEXT,                          -- JSON, as in SQLite; NULL before the first round
    in_progress BOOLEAN NOT NULL,
    owner TEXT,                          -- the holding process ("name.random"), NULL: nobody
    owner_pid INTEGER,                   -- backend pid of the owner's lease session
    epoch BIGINT NOT NULL DEFAULT 0,     -- raised by every take; writes name the epoch they hold
    lease_until TIMESTAMPTZ,             -- after this anyone may take the room
    version BIGINT NOT NULL DEFAULT 0    -- raised by every write; writes name the version they saw
);
CREATE INDEX rooms_owner ON rooms (owner);
