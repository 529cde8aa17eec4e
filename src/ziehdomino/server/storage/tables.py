"""Reading every open table from PostgreSQL, whichever process holds it: the list "Offene
Tische" of a cluster (:mod:`..lobby`). One query per call; the rooms' own columns as stored.

A room is an open table when its stored room state (``rooms.room``, JSON) says ``"public":
true``. The query scans the rooms that have a room state (no index of its own: the lobby reads
it every second or two per process while someone watches, whatever the number of watchers).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import orjson

from .record import StoredRoomState, StoredSeat

_OPEN_TABLES = """
SELECT id, created, seats, room, match IS NOT NULL AS started FROM rooms
WHERE room IS NOT NULL AND (room::jsonb ->> 'public') = 'true' ORDER BY created LIMIT $1
"""


class StoredTable(NamedTuple):
    """An open table's columns: its id, when it was opened (unix s), its seats and room state
    (decoded JSON), and whether its first round was dealt."""

    id: str
    created: float
    seats: list[StoredSeat]
    room: StoredRoomState
    started: bool


async def stored_open_tables(pool: Any, limit: int) -> list[StoredTable]:
    """The open tables of every process, the oldest first, at most ``limit``.

    Raises:
        Exception: the database failed.
    """
    rows = await pool.fetch(_OPEN_TABLES, limit)
    return [StoredTable(r["id"], float(r["created"]), orjson.loads(r["seats"]), orjson.loads(r["room"]), r["started"])
            for r in rows]
