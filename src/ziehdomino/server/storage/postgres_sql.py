"""The statements :mod:`.postgres` runs on the rooms' rows (the schema: ``migrations/postgresql``).

Every write of a held room is fenced: it takes the room's id and its fence (owner, epoch,
version) as ``$1``-``$4`` and changes no row when the fence does not hold.
"""

INSERT = """
INSERT INTO rooms (id, created, updated, seats, match, in_progress, room, owner, owner_pid, epoch, lease_until, version,
                   creator)
VALUES ($1, $2, $3, $4, $5, $6::int::boolean, $7, $8, $9, 1, now() + $10 * interval '1 second', 1, $7::text::jsonb ->> 'creator')
ON CONFLICT (id) DO NOTHING
"""
#: A held room written whole (its appended actions dropped); 1, or 0 when the fence does not hold.
SAVE = """
WITH u AS (
    UPDATE rooms SET created = $2, updated = $3, seats = $4, match = $5, in_progress = $6::int::boolean, room = $7,
        version = version + 1
    WHERE id = $1 AND owner = $8 AND epoch = $9 AND version = $10 RETURNING id
), dropped AS (DELETE FROM actions WHERE room IN (SELECT id FROM u))
SELECT count(*) FROM u
"""
#: The same with the record of the round that just ended (``$11`` its number, ``$12`` the record).
SAVE_ROUND = SAVE.replace("SELECT count(*) FROM u", """, kept AS (
    INSERT INTO rounds (room, n, record) SELECT id, $11::integer, $12::text FROM u
    ON CONFLICT (room, n) DO UPDATE SET record = EXCLUDED.record
)
SELECT count(*) FROM u""")
#: One action appended to a held room; ``INSERT 0 0`` when the fence does not hold.
APPEND = """
WITH u AS (UPDATE rooms SET version = version + 1 WHERE id = $1 AND owner = $2 AND epoch = $3 AND version = $4 RETURNING id)
INSERT INTO actions (room, version, action, state) SELECT id, $5::integer, $6::text, $7::text FROM u
"""
#: The room's own state of a held room; ``UPDATE 0`` when the fence does not hold.
SAVE_STATE = """
UPDATE rooms SET updated = $5, room = $6, version = version + 1 WHERE id = $1 AND owner = $2 AND epoch = $3 AND version = $4
"""
ROUNDS = "SELECT record, rating FROM rounds WHERE room = $1 ORDER BY n"
# A room counts while a person seat that was taken and not left has no away time (present) or one
# at or after $2 (openers.counts): seat n of `seats` has its away time at index n of the state's
# `away_since` (a row without a state counts, as a room that was just made).
OPENED_BY = """
SELECT count(*) FROM rooms r WHERE r.creator = $1 AND (r.room IS NULL OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(r.seats::jsonb) WITH ORDINALITY AS s(seat, n)
    WHERE s.seat ->> 'kind' = 'person' AND s.seat ->> 'credential_hash' IS NOT NULL
      AND NOT coalesce((s.seat ->> 'left')::boolean, false)
      AND (jsonb_typeof(r.room::jsonb -> 'away_since' -> (s.n::int - 1)) IS DISTINCT FROM 'number'
           OR (r.room::jsonb -> 'away_since' ->> (s.n::int - 1))::float8 >= $2)))"""
VERSION = "SELECT version FROM rooms WHERE id = $1 AND owner = $2 AND epoch = $3"
DELETE = "DELETE FROM rooms WHERE id = $1 AND owner = $2 AND epoch = $3"
DELETE_UNHELD = """
DELETE FROM rooms WHERE NOT in_progress AND updated < $1 AND (owner IS NULL OR lease_until < now()) RETURNING id
"""
