"""The profiles' contract in the rooms' SQLite file, through a connection of its own on a
worker thread; each call one transaction, committed before it returns.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import orjson

from ...engine.replay import RoundRecord
from ..protocol.wire import RoundRating
from .profiles import KEEP_SPENT, CodeRow, ProfileRow, Taken
from .rating import LevelRow, ProfileRating, Rated, holders, plan

T = TypeVar("T")

_COLUMNS = "id, key_hash, name, created, seen, mu, sigma, rated"
_LEVELS = "profile, room, n, at, level_before, level_after, outcome"


def _profile(row: Any) -> ProfileRow | None:
    return None if row is None else ProfileRow(*row)


class SqliteProfiles:
    """A :class:`~.profiles.ProfileStore` in the (migrated) SQLite file at ``path``."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._lock = threading.Lock()

    def _in_transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = work(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return result

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.to_thread(self._in_transaction, work)

    async def insert(self, row: ProfileRow) -> ProfileRow | None:
        """See :meth:`.profiles.ProfileStore.insert`."""
        def work(db: sqlite3.Connection) -> ProfileRow | None:
            db.execute(f"INSERT INTO profiles ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                       (row.id, row.key_hash, row.name, row.created, row.seen, row.mu, row.sigma, row.rated))
            return _profile(db.execute(f"SELECT {_COLUMNS} FROM profiles WHERE key_hash = ?", (row.key_hash,)).fetchone())
        return await self._run(work)

    async def by_key(self, key_hash: str) -> ProfileRow | None:
        """The profile whose key has this digest, or None."""
        return await self._run(lambda db: _profile(db.execute(
            f"SELECT {_COLUMNS} FROM profiles WHERE key_hash = ?", (key_hash,)).fetchone()))

    async def by_id(self, profile_id: str) -> ProfileRow | None:
        """The profile with this public id, or None."""
        return await self._run(lambda db: _profile(db.execute(
            f"SELECT {_COLUMNS} FROM profiles WHERE id = ?", (profile_id,)).fetchone()))

    async def seen(self, profile_id: str, when: float) -> None:
        """Set the profile's last visit."""
        await self._run(lambda db: db.execute("UPDATE profiles SET seen = ? WHERE id = ?", (when, profile_id)))

    async def rename(self, profile_id: str, name: str) -> bool:
        """Set the profile's name; False when there is none."""
        return await self._run(lambda db: db.execute(
            "UPDATE profiles SET name = ? WHERE id = ?", (name, profile_id)).rowcount == 1)

    async def delete(self, profile_id: str) -> bool:
        """Delete the profile and its device codes."""
        def work(db: sqlite3.Connection) -> bool:
            db.execute("DELETE FROM device_codes WHERE profile = ?", (profile_id,))
            db.execute("DELETE FROM round_levels WHERE profile = ?", (profile_id,))
            return db.execute("DELETE FROM profiles WHERE id = ?", (profile_id,)).rowcount == 1
        return await self._run(work)

    async def put_code(self, code: CodeRow) -> None:
        """Store a device code, deleting the profile's other codes."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM device_codes WHERE profile = ?", (code.profile,))
            db.execute("INSERT INTO device_codes (code_hash, profile, sealed, expires) VALUES (?, ?, ?, ?)",
                       (code.code_hash, code.profile, code.sealed, code.expires))
        await self._run(work)

    async def take_code(self, code_hash: str, now: float) -> tuple[Taken, CodeRow | None]:
        """See :meth:`.profiles.ProfileStore.take_code`."""
        def work(db: sqlite3.Connection) -> tuple[Taken, CodeRow | None]:
            found = db.execute("SELECT code_hash, profile, sealed, expires FROM device_codes WHERE code_hash = ?",
                               (code_hash,)).fetchone()
            if found is None:
                return Taken.UNKNOWN, None
            code = CodeRow(*found)
            if code.expires <= now:
                return Taken.EXPIRED, code
            if code.sealed is None:
                return Taken.USED, code
            db.execute("UPDATE device_codes SET sealed = NULL WHERE code_hash = ?", (code_hash,))
            return Taken.TAKEN, code
        return await self._run(work)

    async def codes_of(self, profile_id: str) -> list[CodeRow]:
        """The profile's device codes."""
        return await self._run(lambda db: [CodeRow(*r) for r in db.execute(
            "SELECT code_hash, profile, sealed, expires FROM device_codes WHERE profile = ?", (profile_id,))])

    async def levels_of(self, profile_id: str, limit: int | None = None) -> list[LevelRow]:
        """The profile's level changes, newest first (``limit``: at most that many)."""
        return await self._run(lambda db: [LevelRow(*r) for r in db.execute(
            f"SELECT {_LEVELS} FROM round_levels WHERE profile = ? ORDER BY at DESC, room, n LIMIT ?",
            (profile_id, -1 if limit is None else limit))])

    async def sweep(self, now: float) -> None:
        """Clear expired codes' seals; delete those expired over :data:`.profiles.KEEP_SPENT` s ago."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM device_codes WHERE expires <= ?", (now - KEEP_SPENT,))
            db.execute("UPDATE device_codes SET sealed = NULL WHERE expires <= ? AND sealed IS NOT NULL", (now,))
        await self._run(work)

    def close(self) -> None:
        """Close the connection (after the last call)."""
        with self._lock:
            self._db.close()


def rate_round(db: sqlite3.Connection, room_id: str, finished: RoundRecord, rated: Rated, at: float) -> RoundRating | None:
    """Store a rated table's finished round with its rating and the profiles' new ratings, inside
    the caller's transaction (its write lock held); a round stored before keeps the rating it got
    (rated once). The round's rating as stored."""
    n = finished["round"]
    record = orjson.dumps(finished).decode()
    stored = db.execute("SELECT rating FROM rounds WHERE room = ? AND n = ?", (room_id, n)).fetchone()
    if stored is not None:
        db.execute("UPDATE rounds SET record = ? WHERE room = ? AND n = ?", (record, room_id, n))
        return None if stored[0] is None else orjson.loads(stored[0])
    keys = holders(rated)
    found = [ProfileRating(*r) for r in db.execute(
        f"SELECT id, key_hash, mu, sigma, rated FROM profiles WHERE key_hash IN ({','.join('?' * len(keys))})",
        keys)] if keys else []
    done = plan(rated, found, room_id, n, at)
    db.executemany("UPDATE profiles SET mu = ?, sigma = ?, rated = ? WHERE id = ?",
                   [(mu, sigma, count, pid) for pid, mu, sigma, count in done.updates])
    db.executemany(f"INSERT OR IGNORE INTO round_levels ({_LEVELS}) VALUES (?, ?, ?, ?, ?, ?, ?)", done.rows)
    db.execute("INSERT INTO rounds (room, n, record, rating) VALUES (?, ?, ?, ?)",
               (room_id, n, record, orjson.dumps(done.rating).decode()))
    return done.rating
