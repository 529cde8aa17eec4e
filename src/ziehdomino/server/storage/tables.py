"""Every open table of a cluster read from PostgreSQL, whichever process holds it, in one query
(a scan, no index: the lobby reads it every second or two per process).
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
    """An open table's columns, JSON decoded; ``created`` in unix s."""

    id: str
    created: float
    seats: list[StoredSeat]
    room: StoredRoomState
    started: bool


async def stored_open_tables(pool: Any, limit: int) -> list[StoredTable]:
    """The open tables of every process, the oldest first, at most ``limit``."""
    rows = await pool.fetch(_OPEN_TABLES, limit)
    return [StoredTable(r["id"], float(r["created"]), orjson.loads(r["seats"]), orjson.loads(r["room"]), r["started"])
            for r in rows]
