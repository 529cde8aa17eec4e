-- Profiles without an account (docs/profile.md): the SQLite step's tables, every process
-- sharing them. A browser's profile is keyed by the digest of its holder key
-- (storage/keyhash.py, the digest its seats keep) and named on public pages by a random public
-- id. The rating's columns stay empty until a later step rates rounds.
CREATE TABLE profiles (
    id TEXT PRIMARY KEY,              -- public id: 72 random bits, base64url (12 characters)
    key_hash TEXT NOT NULL UNIQUE,    -- hash_holder(key), never the key
    name TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,  -- unix seconds
    seen DOUBLE PRECISION NOT NULL,   -- unix seconds of the last visit, kept to the hour
    mu DOUBLE PRECISION,              -- the rating's mean, NULL until rated
    sigma DOUBLE PRECISION,           -- the rating's spread, NULL until rated
    rated INTEGER NOT NULL DEFAULT 0  -- rated rounds
);
-- A code that brings a profile to a second browser: only the code's hash, the profile's key
-- sealed under the code (NULL once used or expired) and when it expires.
CREATE TABLE device_codes (
    code_hash TEXT PRIMARY KEY,
    profile TEXT NOT NULL,            -- profiles.id
    sealed TEXT,
    expires DOUBLE PRECISION NOT NULL  -- unix seconds
);
CREATE INDEX device_codes_by_profile ON device_codes (profile);
