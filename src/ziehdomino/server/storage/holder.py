"""Which process holds a room, read from PostgreSQL for an operator (``ziehdomino where``;
docs/deploy.md, "Which process holds a room"), judged as a claim would; nothing is changed.
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

_HOLDER = """
SELECT r.owner, r.epoch, r.version, r.lease_until,
       EXTRACT(EPOCH FROM r.lease_until - now())::float8 AS lease_left,
       EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = r.owner_pid AND a.application_name = r.owner) AS alive
FROM rooms r WHERE r.id = $1
"""


@dataclass(frozen=True, slots=True)
class Holder:
    """A stored room's ownership; ``owner`` None when free, ``process`` its ``--name``,
    ``lease_left`` in seconds by the database's clock (negative: ran out)."""

    room: str
    owner: str | None
    epoch: int
    version: int
    lease_until: str | None
    lease_left: float | None
    session_alive: bool

    @property
    def process(self) -> str | None:
        return None if self.owner is None else self.owner.rsplit(".", 1)[0]

    @property
    def held(self) -> bool:
        """Another process cannot take the room now."""
        return self.owner is not None and (self.lease_left or 0.0) > 0 and self.session_alive

    def describe(self) -> str:
        """One line for an operator."""
        facts = f"epoch {self.epoch}, version {self.version}"
        if self.owner is None:
            return f"room {self.room}: free (no process holds it; the next request takes it; {facts})"
        lease = f"lease until {self.lease_until} ({self.lease_left:+.1f} s)"
        if self.held:
            return f"room {self.room}: held by {self.process} (owner {self.owner}, {facts}, {lease})"
        why = "its lease ran out" if (self.lease_left or 0.0) <= 0 else "its lease session is gone (the process died)"
        return (f"room {self.room}: last held by {self.process}, but {why}: the next request takes it "
                f"(owner {self.owner}, {facts}, {lease})")


async def read_holder(dsn: str, room_id: str) -> Holder | None:
    """The ownership of ``room_id``, or None when no such room is stored.

    Raises:
        OSError, asyncpg.PostgresError, TimeoutError: the database cannot be read.
    """
    conn = await asyncpg.connect(dsn, timeout=10)
    try:
        row = await conn.fetchrow(_HOLDER, room_id, timeout=10)
    finally:
        await conn.close()
    if row is None:
        return None
    until = None if row["lease_until"] is None else row["lease_until"].isoformat(timespec="milliseconds")
    return Holder(room_id, row["owner"], int(row["epoch"]), int(row["version"]), until, row["lease_left"],
                  bool(row["alive"]))
