-- Rooms: the seats and the match in the engine's storage form, written whole.
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,        -- unix seconds
    updated REAL NOT NULL,        -- unix seconds of the last change written whole or to `room`
    seats TEXT NOT NULL,          -- JSON: [{"kind", "level", "name", "credential_hash", "left"}, ...]
    match TEXT,                   -- JSON: match_to_state(match) when written whole, NULL before the first round
    in_progress INTEGER NOT NULL  -- 1 while a round is being played
);
