""""Schnell spielen" and the deadlines of every open table: a listener of every writer that keeps
the waiting tables per size and a timer per open table (lapse, fill, a grace that frees a seat
to take over). Requests of one size are seated one at a time under a lock, which the proxy makes
site-wide (docs/protocol.md, "Open tables"; docs/deploy.md, for several processes).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from ...constants import MATCH_TARGETS, QUICK_TARGET, TABLE_SIZES, MatchTarget
from ..core.changes import Step
from ..core.credentials import hash_holder
from ..core.room import RoomError, Seat, Seated
from ..core.rooms import Rooms
from ..core.writer import RoomWriter
from ..protocol.codes import ErrorCode
from ..protocol.models import CreateRoom, PersonSeat
from . import opentables
from .lobby import Lobby, storage_tables

log = logging.getLogger("ziehdomino.quickplay")

#: Refusals that send a request on to the next waiting table (this one filled or ended meanwhile).
_TRY_NEXT = frozenset({ErrorCode.ROOM_FULL, ErrorCode.ROOM_NOT_FOUND, ErrorCode.ROOM_MOVED})


class QuickPlay:
    """Quick pairing and the countdowns of waiting open tables; ``wait``: seconds a new table
    waits for people; ``clock``: the time now (unix s; tests move it on)."""

    def __init__(self, rooms: Rooms, lobby: Lobby, wait: float, clock: Callable[[], float] = time.time) -> None:
        self.rooms = rooms
        self.lobby = lobby
        self.clock = clock
        self.tables = storage_tables(rooms.storage)
        self.wait = wait
        self.grace = rooms.settings.grace
        self.waiting: dict[int, dict[str, RoomWriter]] = {n: {} for n in TABLE_SIZES}
        self._timers: dict[str, tuple[float, asyncio.TimerHandle]] = {}
        self._locks = {n: asyncio.Lock() for n in TABLE_SIZES}
        self._rings: set[asyncio.Task[None]] = set()

    # --- the listener ----------------------------------------------------------------------------

    def changed(self, writer: RoomWriter, step: Step | None) -> None:
        """Keep ``writer``'s table in the waiting index and its timer up to date (a private
        room returns at once)."""
        room = writer.room
        if not room.state.public and writer.id not in self._timers:
            return
        alive = not (writer.deleted or writer.gone)
        table = self.waiting[room.players]
        if alive and opentables.waiting(room):  # a full one too: it may seat nobody, but holds seats
            table[writer.id] = writer
        else:
            table.pop(writer.id, None)
        deadlines = [room.state.wait_until if opentables.waiting(room) else None, opentables.next_lapse(room),
                     opentables.next_takeover(room, self.rooms.clock, self.clock())]
        due = min((t for t in deadlines if t is not None), default=None) if alive else None
        kept = self._timers.get(writer.id)
        if kept is not None and kept[0] != due:
            kept[1].cancel()
            del self._timers[writer.id]
            kept = None
        if due is not None and kept is None and not self.rooms.closing:
            loop = asyncio.get_running_loop()
            handle = loop.call_later(max(0.0, due - self.clock()), self._start_ring, writer)
            self._timers[writer.id] = (due, handle)

    def forget(self, writer: RoomWriter) -> None:
        """The room ended or moved: no countdown, no place in the index."""
        self.waiting[writer.room.players].pop(writer.id, None)
        kept = self._timers.pop(writer.id, None)
        if kept is not None:
            kept[1].cancel()

    def _start_ring(self, writer: RoomWriter) -> None:
        task = asyncio.get_running_loop().create_task(self._ring(writer))
        self._rings.add(task)  # kept until done, so that it is not collected while it runs
        task.add_done_callback(self._rings.discard)

    async def _ring(self, writer: RoomWriter) -> None:
        """A deadline came: lapse what nobody opened; past the countdown, fill with computers."""
        self._timers.pop(writer.id, None)
        now = self.clock()
        try:
            await writer.run(lambda r: opentables.lapse(r, now))
            wait_until = writer.room.state.wait_until
            if not (writer.deleted or writer.gone) and opentables.waiting(writer.room) \
                    and wait_until is not None and wait_until <= now:
                await writer.run(lambda r: opentables.fill(r, now, grace=self.grace))
            elif not (writer.deleted or writer.gone) and writer.id not in self._timers:
                self.lobby.changed(writer, None)  # a grace ran out: "Offene Tische" offers the seat
                self.changed(writer, None)  # nothing else changed (or woken early): wait for the next deadline
        except RoomError as exc:  # it ended or moved meanwhile, or the store failed: a restart retries
            log.info("the deadline of table %s did not pass: %s", writer.id, exc.code)
        if writer.deleted or writer.gone:
            self.forget(writer)

    # --- "Schnell spielen" -----------------------------------------------------------------------

    async def _candidates(self, size: int) -> list[RoomWriter]:
        """The waiting tables of ``size`` seats, the oldest first, those of other processes taken here."""
        for gone in [w for w in self.waiting[size].values() if w.gone or w.deleted]:
            self.forget(gone)  # moved to another process or ended: found again below if it waits
        own = sorted(self.waiting[size].values(), key=lambda w: w.room.created)
        if self.tables is None:
            return own
        try:
            stored = await self.tables()
        except Exception as exc:  # the database is away: this process's tables only
            log.warning("reading the waiting tables failed: %r", exc)
            return own
        held = {w.id for w in own}
        found = list(own)
        for table in stored:
            if table["size"] != size or table["state"] != "waiting" or table["room"] in held:
                continue
            try:
                writer = await self.rooms.find(table["room"])
            except RoomError:
                continue
            if writer is not None:
                found.append(writer)
        return found

    async def seat(self, name: str, size: int, address: str | None, held: frozenset[str] = frozenset(),
                   target: MatchTarget | None = QUICK_TARGET, contribution: str | None = None,
                   holder: str | None = None) -> tuple[RoomWriter, Seated | None]:
        """Seat ``name`` at the oldest waiting table of ``size`` seats (``target`` first), else
        open one (docs/protocol.md, ``POST /api/quick``). The writer and the seat taken, or the
        writer and None when the browser (``held``, ``holder``) sits at such a table already.

        Raises:
            ValueError: ``size`` is no table size, or ``target`` neither one of
                :data:`.constants.MATCH_TARGETS` nor None.
            RoomError: as :meth:`.rooms.Rooms.create` (``too_many_rooms``, ``too_many_seats``,
                ``server_full``, ``server_error``).
        """
        if size not in self.waiting:
            raise ValueError(f"size must be one of {TABLE_SIZES}")
        if target is not None and target not in MATCH_TARGETS:
            raise ValueError(f"target must be one of {MATCH_TARGETS} or None")
        async with self._locks[size]:
            waiting = await self._candidates(size)
            mine = None if holder is None else hash_holder(holder)
            for writer in waiting:
                # even with its page closed a while: still this browser's seat
                if writer.id in held or (mine is not None and writer.room.holds(mine)):
                    return writer, None
            now = self.clock()
            welcoming = [w for w in waiting if not w.room.full and opentables.welcoming(w.room, now)]
            # The asked target first; the sort is stable, so each part keeps the oldest-first order.
            welcoming.sort(key=lambda w: w.room.state.target != target)
            for writer in welcoming:
                try:
                    seated = await self.rooms.join(writer, name, None if contribution is None else (None, contribution),
                                                   holder=holder, address=address)
                except RoomError as exc:
                    if exc.code in _TRY_NEXT:
                        continue
                    raise
                return writer, seated
            spec = CreateRoom(seats=[PersonSeat(kind="person") for _ in range(size)], name=name, target=target,
                              public=True, holder=holder)
            writer, credential = await self.rooms.create(spec, address, wait=self.wait)
            return writer, Seated(0, credential)


async def start_now(writer: RoomWriter, seat: Seat | None) -> None:
    """A seated person starts a waiting open table at once (:func:`.opentables.fill`).

    Raises:
        RoomError: ``spectator``, ``room_not_found``, ``server_error``.
    """
    if seat is None:
        raise RoomError(ErrorCode.SPECTATOR, "spectators cannot start the table")
    await writer.run(lambda r: opentables.fill(r, time.time(), seat))
