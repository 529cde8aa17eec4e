"""Which process holds which room, with PostgreSQL: leases renewed by one lease session, fencing
epochs, release on request (docs/deploy.md, "One owner per room, fenced", for take, renew,
outage and let go; docs/architecture.md, idea 10).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

import asyncpg

from .contract import LostCallback
from .errors import RoomBusy
from .record import RoomRecord, decode_record

log = logging.getLogger("ziehdomino.ownership")

#: The LISTEN/NOTIFY channel; a payload is ``"<owner> <room id>"``.
CHANNEL = "ziehdomino_release"
#: Seconds between two renewals.
RENEW_EVERY = 1.0
#: Seconds between two tries while renewals fail (a short outage costs as little of the lease as can be).
RETRY_EVERY = 0.2

_CLAIM = """
UPDATE rooms SET owner = $2, owner_pid = $3, epoch = epoch + 1, lease_until = now() + $4 * interval '1 second'
WHERE id = $1 AND (owner IS NULL OR owner = $2 OR lease_until < now()
    OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = rooms.owner_pid AND a.application_name = rooms.owner))
RETURNING epoch, version, id, created, updated, seats, match, in_progress, room
"""
_RENEW = """
UPDATE rooms SET lease_until = now() + $2 * interval '1 second', owner_pid = pg_backend_pid()
WHERE owner = $1 AND id = ANY($3::text[]) RETURNING id, epoch
"""
_RELEASE = "UPDATE rooms SET owner = NULL, owner_pid = NULL, lease_until = NULL WHERE id = $1 AND owner = $2 AND epoch = $3"
_RELEASE_ALL = "UPDATE rooms SET owner = NULL, owner_pid = NULL, lease_until = NULL WHERE owner = $1"
#: The actions appended to a room since it was written whole, in order.
APPENDED = "SELECT version, action, state FROM actions WHERE room = $1 ORDER BY version"
_ASK = "SELECT pg_notify($1, owner || ' ' || id) FROM rooms WHERE id = $2 AND owner IS NOT NULL AND owner <> $3"


@dataclass(slots=True)
class Fence:
    """What this process holds of one room: its epoch and the row version it last wrote.
    ``until`` (``time.monotonic()``) is when its lease may run out, reckoned from when the last
    renewal was sent; ``waiting``, the deadline of its write in flight, moves on with it.
    """

    epoch: int
    version: int
    since: int
    until: float
    uncertain: bool = False
    waiting: asyncio.Timeout | None = None

    def extend(self, until: float) -> None:
        """Move the lease's end to ``until`` if later, and the write's deadline with it."""
        if until <= self.until:
            return
        self.until = until
        if self.waiting is not None and not self.waiting.expired():
            self.waiting.reschedule(asyncio.get_running_loop().time() + (until - time.monotonic()))


class Ownership:
    """This process's leases; the owner is ``process_name`` plus a random suffix."""

    def __init__(self, dsn: str, process_name: str, lease_seconds: float) -> None:
        self.dsn = dsn
        self.owner = f"{process_name}.{secrets.token_hex(4)}"
        self.lease = float(lease_seconds)
        self.fences: dict[str, Fence] = {}
        #: Fenced writes refused because another process had taken the room meanwhile.
        self.refused = 0
        #: Rooms given up because their lease may have run out before the database answered.
        self.given_up = 0
        self.pid = 0
        self._conn: asyncpg.Connection | None = None
        self._renewals = 0
        self._task: asyncio.Task[None] | None = None
        self._on_lost: LostCallback | None = None
        self._pending: set[asyncio.Task[None]] = set()
        #: ``time.monotonic()`` before which no lease renewed by the last successful renewal can have run out.
        self._renewed_until = 0.0
        #: Set while renewals fail (the database cannot be reached); cleared by the next success.
        self._failing = asyncio.Event()
        self._expiry: asyncio.Task[None] | None = None

    @property
    def connected(self) -> bool:
        """The lease session is open (renewals can happen)."""
        return self._conn is not None and not self._conn.is_closed()

    @property
    def within_lease(self) -> bool:
        """The last successful renewal was sent less than a lease ago (monotonic clock)."""
        return time.monotonic() < self._renewed_until

    async def start(self, on_lost: LostCallback) -> None:
        """Open the lease session and start renewing.

        Raises:
            OSError, asyncpg.PostgresError: the database cannot be reached.
        """
        self._on_lost = on_lost
        await self._connect()
        # A first renewal dates the session, so a room claimed before the loop runs is within its lease.
        try:
            await self.renew()
        except BaseException:  # failed or cancelled: the session opened above is not kept
            if self._conn is not None:
                self._conn.terminate()
            self._conn = None
            raise
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(self._renew_loop())
        self._expiry = loop.create_task(self._expire_loop())

    async def _connect(self) -> None:
        conn = await asyncpg.connect(self.dsn, timeout=5, server_settings={"application_name": self.owner})
        try:
            await conn.add_listener(CHANNEL, self._on_notify)
        except BaseException:  # failed or cancelled (the process closing) before it was ours: end it here
            conn.terminate()
            raise
        self._conn = conn
        self.pid = conn.get_server_pid()

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(RETRY_EVERY if self._failing.is_set() else RENEW_EVERY)
            try:
                if not self.connected:
                    await self._connect()
                await self.renew()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not self._failing.is_set():
                    log.warning("%s: renewing leases failed (%r); keeping %d rooms while their leases last",
                                self.owner, exc, len(self.fences))
                self._failing.set()
                if self._conn is not None:
                    self._conn.terminate()
                self._conn = None
            else:
                if self._failing.is_set():
                    log.warning("%s: renewing leases works again; %d rooms kept", self.owner, len(self.fences))
                self._failing.clear()

    async def _expire_loop(self) -> None:
        """While renewals fail: report each room lost once its lease may have run out."""
        while True:
            await self._failing.wait()
            now = time.monotonic()
            expired = [room_id for room_id, fence in self.fences.items() if fence.until <= now]
            if expired:
                log.warning("%s: the database has not answered for a lease: giving up %d rooms",
                            self.owner, len(expired))
            for room_id in expired:
                if self.give_up(room_id, self.fences[room_id]):
                    self._report(room_id, release=False)
            soonest = min((fence.until for fence in self.fences.values()), default=now + RENEW_EVERY)
            await asyncio.sleep(max(0.01, soonest - now))

    async def renew(self) -> None:
        """Extend every lease this process holds; report the rooms it no longer holds."""
        assert self._conn is not None
        self._renewals += 1
        started = self._renewals
        sent = time.monotonic()
        rows = await self._conn.fetch(_RENEW, self.owner, self.lease, list(self.fences),
                                      timeout=max(1.0, self.lease / 2))
        until = self._renewed_until = sent + self.lease
        held = {r["id"]: r["epoch"] for r in rows}
        for room_id, fence in list(self.fences.items()):
            if held.get(room_id) == fence.epoch:
                fence.extend(until)
            elif fence.since < started:
                log.warning("%s: room %s was taken by another process", self.owner, room_id)
                self.fences.pop(room_id, None)
                self._report(room_id, release=False)

    def give_up(self, room_id: str, fence: Fence) -> bool:
        """Drop and count the room held under ``fence``; False when it was no longer held so."""
        if self.fences.get(room_id) is not fence:
            return False
        del self.fences[room_id]
        self.given_up += 1
        return True

    def _on_notify(self, conn: Any, pid: int, channel: str, payload: str) -> None:
        owner, _, room_id = payload.partition(" ")
        if owner == self.owner and room_id in self.fences:
            self._report(room_id, release=True)

    def _report(self, room_id: str, *, release: bool) -> None:
        if self._on_lost is None:
            return
        task = asyncio.get_running_loop().create_task(self._on_lost(room_id, release))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def claim(self, conn: Any, room_id: str) -> RoomRecord | None:
        """Take ``room_id``; its record, or None when it is not stored.

        Raises:
            RoomBusy: another live process holds it.
        """
        sent = time.monotonic()
        row = await conn.fetchrow(_CLAIM, room_id, self.owner, self.pid, self.lease)
        if row is None:
            if await conn.fetchval("SELECT 1 FROM rooms WHERE id = $1", room_id) is None:
                return None
            raise RoomBusy(room_id)
        self.fences[room_id] = Fence(row["epoch"], row["version"], self._renewals, sent + self.lease)
        return decode_record(tuple(row)[2:], [tuple(r) for r in await conn.fetch(APPENDED, room_id)])

    def took_new(self, room_id: str, sent: float) -> Fence:
        """Hold a room just inserted (epoch 1, version 1), sent at ``time.monotonic()`` ``sent``."""
        fence = self.fences[room_id] = Fence(1, 1, self._renewals, sent + self.lease)
        return fence

    async def release(self, conn: Any, room_id: str) -> None:
        """Write ``room_id`` free (if this process still holds it) and forget it."""
        fence = self.fences.pop(room_id, None)
        if fence is not None:
            await conn.execute(_RELEASE, room_id, self.owner, fence.epoch)

    async def ask_release(self, conn: Any, room_id: str) -> None:
        """Ask the holder of ``room_id`` (another process) to let go of it."""
        await conn.execute(_ASK, CHANNEL, room_id, self.owner)

    async def close(self, conn: Any | None) -> None:
        """Stop renewing; write every held room free (``conn``: a connection for that, or None)."""
        tasks = [t for t in (self._task, self._expiry) if t is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if conn is not None and self.fences:
            try:
                await conn.execute(_RELEASE_ALL, self.owner)
            except Exception as exc:
                log.warning("%s: releasing rooms at shutdown failed: %r", self.owner, exc)
        self.fences.clear()
        if self._conn is not None:
            self._conn.terminate()
            self._conn = None
