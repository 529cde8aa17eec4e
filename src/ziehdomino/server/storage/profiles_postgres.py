"""The profiles' contract in PostgreSQL, shared by every process without ownership (a device
code is taken once by a row lock)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import asyncpg
import orjson

from ...engine.replay import RoundRecord
from ..protocol.wire import RoundRating
from .profiles import KEEP_SPENT, CodeRow, ProfileRow, Taken
from .rating import LevelRow, ProfileRating, Rated, holders, plan

_COLUMNS = "id, key_hash, name, created, seen, mu, sigma, rated"
_CODE = "code_hash, profile, sealed, expires"
_LEVELS = "profile, room, n, at, level_before, level_after, outcome"


def _profile(row: Any) -> ProfileRow | None:
    return None if row is None else ProfileRow(*tuple(row))


class PostgresProfiles:
    """A :class:`~.profiles.ProfileStore` on the room storage's pool."""

    def __init__(self, pool: Callable[[], asyncpg.Pool]) -> None:
        self._pool = pool

    async def insert(self, row: ProfileRow) -> ProfileRow | None:
        """See :meth:`.profiles.ProfileStore.insert`."""
        async with self._pool().acquire() as conn, conn.transaction():
            await conn.execute(f"INSERT INTO profiles ({_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                               "ON CONFLICT DO NOTHING", row.id, row.key_hash, row.name, row.created, row.seen,
                               row.mu, row.sigma, row.rated)
            return _profile(await conn.fetchrow(f"SELECT {_COLUMNS} FROM profiles WHERE key_hash = $1", row.key_hash))

    async def by_key(self, key_hash: str) -> ProfileRow | None:
        """The profile whose key has this digest, or None."""
        return _profile(await self._pool().fetchrow(f"SELECT {_COLUMNS} FROM profiles WHERE key_hash = $1", key_hash))

    async def by_id(self, profile_id: str) -> ProfileRow | None:
        """The profile with this public id, or None."""
        return _profile(await self._pool().fetchrow(f"SELECT {_COLUMNS} FROM profiles WHERE id = $1", profile_id))

    async def seen(self, profile_id: str, when: float) -> None:
        """Set the profile's last visit."""
        await self._pool().execute("UPDATE profiles SET seen = $2 WHERE id = $1", profile_id, when)

    async def rename(self, profile_id: str, name: str) -> bool:
        """Set the profile's name; False when there is none."""
        status = await self._pool().execute("UPDATE profiles SET name = $2 WHERE id = $1", profile_id, name)
        return bool(status == "UPDATE 1")

    async def delete(self, profile_id: str) -> bool:
        """Delete the profile and its device codes."""
        async with self._pool().acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM device_codes WHERE profile = $1", profile_id)
            await conn.execute("DELETE FROM round_levels WHERE profile = $1", profile_id)
            return bool(await conn.execute("DELETE FROM profiles WHERE id = $1", profile_id) == "DELETE 1")

    async def put_code(self, code: CodeRow) -> None:
        """Store a device code, deleting the profile's other codes."""
        async with self._pool().acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM device_codes WHERE profile = $1", code.profile)
            await conn.execute(f"INSERT INTO device_codes ({_CODE}) VALUES ($1, $2, $3, $4)",
                               code.code_hash, code.profile, code.sealed, code.expires)

    async def take_code(self, code_hash: str, now: float) -> tuple[Taken, CodeRow | None]:
        """See :meth:`.profiles.ProfileStore.take_code`."""
        async with self._pool().acquire() as conn, conn.transaction():
            found = await conn.fetchrow(f"SELECT {_CODE} FROM device_codes WHERE code_hash = $1 FOR UPDATE", code_hash)
            if found is None:
                return Taken.UNKNOWN, None
            code = CodeRow(*tuple(found))
            if code.expires <= now:
                return Taken.EXPIRED, code
            if code.sealed is None:
                return Taken.USED, code
            await conn.execute("UPDATE device_codes SET sealed = NULL WHERE code_hash = $1", code_hash)
            return Taken.TAKEN, code

    async def codes_of(self, profile_id: str) -> list[CodeRow]:
        """The profile's device codes."""
        rows = await self._pool().fetch(f"SELECT {_CODE} FROM device_codes WHERE profile = $1", profile_id)
        return [CodeRow(*tuple(r)) for r in rows]

    async def levels_of(self, profile_id: str, limit: int | None = None) -> list[LevelRow]:
        """The profile's level changes, newest first (``limit``: at most that many)."""
        rows = await self._pool().fetch(f"SELECT {_LEVELS} FROM round_levels WHERE profile = $1 "
                                        "ORDER BY at DESC, room, n LIMIT $2", profile_id, limit)
        return [LevelRow(*tuple(r)) for r in rows]

    async def sweep(self, now: float) -> None:
        """Clear expired codes' seals; delete those expired over :data:`.profiles.KEEP_SPENT` s ago."""
        async with self._pool().acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM device_codes WHERE expires <= $1", now - KEEP_SPENT)
            await conn.execute("UPDATE device_codes SET sealed = NULL WHERE expires <= $1 AND sealed IS NOT NULL", now)


async def rate_round(conn: asyncpg.Connection, room_id: str, finished: RoundRecord, rated: Rated,
                     at: float) -> RoundRating | None:
    """Store a rated table's finished round with its rating and the profiles' new ratings, inside
    the caller's transaction (after its fenced write held); the profiles' rows locked in one order,
    a round stored before keeps the rating it got (rated once). The round's rating as stored."""
    n = finished["round"]
    record = orjson.dumps(finished).decode()
    stored = await conn.fetchrow("SELECT rating FROM rounds WHERE room = $1 AND n = $2 FOR UPDATE", room_id, n)
    if stored is not None:
        await conn.execute("UPDATE rounds SET record = $3 WHERE room = $1 AND n = $2", room_id, n, record)
        return None if stored["rating"] is None else orjson.loads(stored["rating"])
    found = [ProfileRating(*tuple(r)) for r in await conn.fetch(
        "SELECT id, key_hash, mu, sigma, rated FROM profiles WHERE key_hash = ANY($1::text[]) ORDER BY id FOR UPDATE",
        holders(rated))]
    done = plan(rated, found, room_id, n, at)
    if done.updates:
        await conn.executemany("UPDATE profiles SET mu = $2, sigma = $3, rated = $4 WHERE id = $1", done.updates)
    if done.rows:
        await conn.executemany(f"INSERT INTO round_levels ({_LEVELS}) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                               "ON CONFLICT DO NOTHING", [tuple(r) for r in done.rows])
    await conn.execute("INSERT INTO rounds (room, n, record, rating) VALUES ($1, $2, $3, $4)",
                       room_id, n, record, orjson.dumps(done.rating).decode())
    return done.rating
