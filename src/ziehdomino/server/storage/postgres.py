"""Rooms in PostgreSQL through asyncpg, shared by several processes: the SQLite rows plus
ownership (:mod:`.ownership`). Fenced writes, an unknown outcome read back, writes bounded by
the lease, migrations under an advisory lock: docs/deploy.md, "One owner per room, fenced".
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import orjson

from ...engine.actions import ActionJSON
from ...engine.replay import RoundRecord
from ..process.settings import Settings
from . import postgres_sql as sql
from .contract import LostCallback
from .errors import RoomMoved, StorageUnavailable
from .lanes import Lanes
from .ownership import APPENDED, Fence, Ownership
from ..protocol.wire import RoundRating
from .profiles_postgres import PostgresProfiles, rate_round
from .rating import Rated
from .record import RoomRecord, StateFields, StoredRoomState, decode_record, encode_record, encode_round, read_rounds
from .schema import migrations

log = logging.getLogger("ziehdomino.postgres")


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A pooled connection's reset on release: none, since no session state is ever changed here
    (asyncpg's default costs a round trip per write; it still rolls back an open transaction)."""

_MIGRATION_LOCK = 0x7A64_0001  # pg_advisory_xact_lock key of the migration step

async def migrate(conn: asyncpg.Connection) -> list[str]:
    """Apply the migrations ``conn``'s database lacks; returns the names applied."""
    applied: list[str] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                           "name TEXT NOT NULL, applied TIMESTAMPTZ NOT NULL DEFAULT now())")
        done = {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for number, name, sql in migrations("postgresql"):
            if number not in done:
                await conn.execute(sql)
                await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", number, name)
                applied.append(name)
    return applied


async def check_reachable(dsn: str) -> None:
    """Connect once and close (before a process starts serving).

    Raises:
        StorageUnavailable: the database cannot be reached or refuses the login (one line).
    """
    try:
        conn = await asyncpg.connect(dsn, timeout=5)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as exc:
        raise StorageUnavailable(f"PostgreSQL at {redacted(dsn)} cannot be used: {exc}") from None
    await conn.close()


def redacted(dsn: str) -> str:
    """``dsn`` without its password (for logs)."""
    parts = urlsplit(dsn)
    if parts.password is None:
        return dsn
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


class PostgresStorage:
    """The :class:`~.contract.RoomStorage` of one of several processes; rooms are taken on first use."""

    def __init__(self, settings: Settings) -> None:
        assert settings.database is not None
        self.dsn = settings.database
        self.where = redacted(self.dsn)
        self.ownership = Ownership(self.dsn, settings.process_name, settings.lease_seconds)
        self._pool: asyncpg.Pool | None = None
        self._lanes: Lanes | None = None
        self.profiles = PostgresProfiles(lambda: self.pool)

    @property
    def pool(self) -> asyncpg.Pool:
        assert self._pool is not None, "start() first"
        return self._pool

    @property
    def lanes(self) -> Lanes:
        """The connections the fenced writes go through (:mod:`.lanes`)."""
        assert self._lanes is not None, "start() first"
        return self._lanes

    async def start(self, on_lost: LostCallback) -> None:
        """Connect, apply the migrations, start renewing leases.

        Raises:
            StorageUnavailable: the database cannot be reached or migrated.
        """
        try:
            self._pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=8, timeout=5,
                                                   command_timeout=10, reset=_keep_session)
            self._lanes = Lanes(self._pool)
            async with self.pool.acquire() as conn:
                for name in await migrate(conn):
                    log.info("migration %s applied", name)
            await self.ownership.start(on_lost)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as exc:
            if self._pool is not None:
                self._pool.terminate()
            raise StorageUnavailable(f"PostgreSQL at {self.where} cannot be used: {exc}") from None
        log.info("holding rooms as %s", self.ownership.owner)

    async def load_all(self) -> list[RoomRecord]:
        """None at start: rooms are taken when a request for them arrives."""
        return []

    async def claim(self, room_id: str) -> RoomRecord | None:
        """See :meth:`.ownership.Ownership.claim`; the record comes with its finished rounds."""
        async with self.pool.acquire() as conn:
            record = await self.ownership.claim(conn, room_id)
            if record is not None:
                read_rounds(record, [tuple(r) for r in await conn.fetch(sql.ROUNDS, room_id)])
            return record

    async def save(self, record: RoomRecord, finished: RoundRecord | None = None,
                   rated: Rated | None = None) -> RoundRating | None:
        """Insert a new room, or write a held one whole, fenced, with a ``finished`` round (of a
        ``rated`` table: rated in the same transaction, nothing of it stored when the fence fails).

        Raises:
            RoomMoved: another process holds the room, or an earlier unknown write turned out
                committed (nothing written; the room is forgotten here).
        """
        own = self.ownership
        row = encode_record(record)
        fence = own.fences.get(record.id)
        if fence is None:  # a new room (a stored one this process does not hold is never overwritten)
            sent = time.monotonic()
            async with asyncio.timeout(own.lease):  # past that, its lease may have run out already
                status = await self.lanes.execute(sql.INSERT, *row, own.owner, own.pid, own.lease)
            if status != "INSERT 0 1":
                raise self._moved(record.id)
            own.took_new(record.id, sent)
            return None
        await self._settle(record.id, fence)
        rating = None
        if finished is not None and rated is not None:
            written, rating = await self._within_lease(record.id, fence, self.lanes.run(
                lambda conn: self._save_rated(conn, row, fence, finished, rated, record.updated)))
        elif finished is None:
            written = await self._within_lease(record.id, fence, self.lanes.fetchval(
                sql.SAVE, *row, own.owner, fence.epoch, fence.version))
        else:
            written = await self._within_lease(record.id, fence, self.lanes.fetchval(
                sql.SAVE_ROUND, *row, own.owner, fence.epoch, fence.version, *encode_round(record.id, finished)[1:]))
        if written != 1:
            raise self._moved(record.id)
        fence.version += 1
        return rating

    async def _save_rated(self, conn: asyncpg.Connection, row: tuple[Any, ...], fence: Fence, finished: RoundRecord,
                          rated: Rated, at: float) -> tuple[int, RoundRating | None]:
        """The fenced write whole, then the round rated (:func:`.profiles_postgres.rate_round`), in
        one transaction; ``(0, None)`` when the fence does not hold (nothing changed)."""
        own = self.ownership
        async with conn.transaction():
            written = await conn.fetchval(sql.SAVE, *row, own.owner, fence.epoch, fence.version)
            if written != 1:
                return 0, None
            return 1, await rate_round(conn, row[0], finished, rated, at)

    async def append(self, room_id: str, version: int, action: ActionJSON,
                     state: StateFields | None = None) -> None:
        """Append one action to a held room, fenced like :meth:`save`.

        Raises:
            RoomMoved: as for :meth:`save`.
        """
        await self._fenced(room_id, "INSERT 0 1", sql.APPEND, version, orjson.dumps(action).decode(),
                           None if state is None else orjson.dumps(state).decode())

    async def save_state(self, room_id: str, updated: float, room: StoredRoomState) -> None:
        """Write only the room's own state, fenced like :meth:`save`.

        Raises:
            RoomMoved: as for :meth:`save`.
        """
        await self._fenced(room_id, "UPDATE 1", sql.SAVE_STATE, updated, orjson.dumps(room).decode())

    async def _fenced(self, room_id: str, done: str, sql: str, *values: Any) -> None:
        """Run one fenced write (``$1``-``$4``: id, owner, epoch, version) whose status is ``done``
        when the fence held (else :class:`RoomMoved`), and move the fence on."""
        own = self.ownership
        fence = own.fences.get(room_id)
        if fence is None:
            raise self._moved(room_id)
        await self._settle(room_id, fence)
        status = await self._within_lease(room_id, fence, self.lanes.execute(
            sql, room_id, own.owner, fence.epoch, fence.version, *values))
        if status != done:
            raise self._moved(room_id)
        fence.version += 1

    async def _settle(self, room_id: str, fence: Fence) -> None:
        """After a write whose outcome is unknown, read the row's version back: changed (the write
        happened) or gone, :class:`RoomMoved`."""
        if not fence.uncertain:
            return
        version = await self._within_lease(room_id, fence, self.lanes.fetchval(
            sql.VERSION, room_id, self.ownership.owner, fence.epoch))
        if version != fence.version:
            raise self._moved(room_id)
        fence.uncertain = False

    async def _within_lease(self, room_id: str, fence: Fence, statement: Coroutine[Any, Any, Any]) -> Any:
        """Run one statement of a held room, waiting no longer than its lease may last (then
        :class:`RoomMoved`, the room given up); a failure leaves its outcome unknown."""
        left = fence.until - time.monotonic()
        if left <= 0:
            statement.close()
            raise self._given_up(room_id, fence)
        waiting = fence.waiting = asyncio.timeout(left)  # renewals move it on (Fence.extend)
        try:
            async with waiting:
                return await statement
        except Exception:
            fence.uncertain = True
            # the loop may fire the deadline a clock tick early
            if waiting.expired() or time.monotonic() >= fence.until:
                raise self._given_up(room_id, fence) from None
            raise
        finally:
            fence.waiting = None

    def _given_up(self, room_id: str, fence: Fence) -> RoomMoved:
        # Counted once per room: the lease watcher (Ownership) may have given it up already.
        if self.ownership.give_up(room_id, fence):
            log.warning("%s: a write of room %s could not finish within its lease: giving the room up",
                        self.ownership.owner, room_id)
        return RoomMoved(room_id)

    def _moved(self, room_id: str) -> RoomMoved:
        self.ownership.refused += 1
        self.ownership.fences.pop(room_id, None)
        log.warning("%s: a write of room %s was refused: another process holds it", self.ownership.owner, room_id)
        return RoomMoved(room_id)

    async def delete(self, room_ids: list[str]) -> None:
        """Delete the rooms of ``room_ids`` this process holds (their rounds go with them)."""
        async with self.pool.acquire() as conn, conn.transaction():
            for room_id in room_ids:
                fence = self.ownership.fences.get(room_id)
                if fence is not None:
                    await conn.execute(sql.DELETE, room_id, self.ownership.owner, fence.epoch)
        for room_id in room_ids:
            self.ownership.fences.pop(room_id, None)

    async def delete_unheld(self, before: float) -> list[str]:
        """Delete idle rooms between rounds that no process holds (free, or their lease ran out)."""
        return [r["id"] for r in await self.pool.fetch(sql.DELETE_UNHELD, before)]

    async def release(self, room_id: str) -> None:
        """Write the room free so that another process may take it at once."""
        await self.ownership.release(self.pool, room_id)

    def forget(self, room_id: str) -> None:
        """Stop holding ``room_id`` without writing (it moved)."""
        self.ownership.fences.pop(room_id, None)

    async def ask_release(self, room_id: str) -> None:
        """NOTIFY the holder of ``room_id`` to let go."""
        await self.ownership.ask_release(self.pool, room_id)

    async def rooms_opened_by(self, creator: str, since: float) -> int | None:
        """:meth:`.contract.RoomStorage.rooms_opened_by`, over every process."""
        return int(await self.pool.fetchval(sql.OPENED_BY, creator, since))

    async def healthy(self) -> bool:
        """The database answers within a second and the lease session is open."""
        try:
            await self.pool.fetchval("SELECT 1", timeout=1.0)
        except Exception:
            return False
        return self.ownership.connected

    async def serving(self) -> bool:
        """Its last lease renewal is less than a lease old, or the database answers."""
        return self.ownership.within_lease or await self.healthy()

    async def close(self) -> None:
        """Write every held room free, stop renewing, close the connections."""
        if self._pool is None:
            return
        await self.ownership.close(self._pool)
        try:
            if self._lanes is not None:
                await self._lanes.close()
            await self._pool.close()
        except Exception:
            self._pool.terminate()


async def read_room(dsn: str, room_id: str) -> RoomRecord | None:
    """One room as stored, actions folded in, without taking it (for tests and tools)."""
    conn = await asyncpg.connect(dsn, timeout=10)
    try:
        row = await conn.fetchrow("SELECT id, created, updated, seats, match, in_progress, room FROM rooms WHERE id = $1",
                                  room_id)
        if row is None:
            return None
        record = decode_record(tuple(row), [tuple(r) for r in await conn.fetch(APPENDED, room_id)])
        read_rounds(record, [tuple(r) for r in await conn.fetch(sql.ROUNDS, room_id)])
        return record
    finally:
        await conn.close()
