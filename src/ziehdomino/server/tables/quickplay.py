""""Schnell spielen": seat a person at once at an open table of the size asked for that waits for
people, else open one; and the deadlines of every open table (docs/rules.md, "Open tables").

:class:`QuickPlay` is a listener of every room's writer. It keeps, per table size, the open
tables of this process that wait for people (a change adds or drops one), and a timer per open
table at its next deadline: when a seat or claim whose person is not there lapses,
:func:`.opentables.lapse` frees it; when a waiting table's countdown runs out,
:func:`.opentables.fill` gives every free seat, and those of people not there, to a computer and
deals the first round (or ends a table nobody sits at any more); when an away person's grace
runs out at a table in play, the list "Offene Tische" is computed again (their seat can be taken
over, :func:`.opentables.next_takeover`). :func:`start_now` cuts a countdown short.

Requests for the same size are seated one at a time (a lock per size), so two people who press
"Schnell spielen" for the same size within the wait land at the same table, never at two, and a
flood from one address fills its own waiting table rather than opening new ones. The match's
target a request asks for only orders the waiting tables (that target first); it never opens a
second table of a size while one waits.

Several processes (docs/deploy.md): the proxy sends every quick-play request of one size to the
same process (it hashes the size as it hashes a room id), so the lock per size holds for the
whole site; and the tables it opened, which the pages' sockets take to the processes their ids
hash to, are found in the database (``tables``) and taken back to be joined.
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
    """Quick pairing and the countdowns of waiting open tables.

    Args:
        rooms: the registry (tables are opened and joined through it).
        lobby: the list "Offene Tische" of ``rooms``, told when a grace runs out.
        wait: seconds a new table waits for people (``Settings.quick_wait``); a table whose
            people went away less than ``Settings.grace`` before the countdown ran out waits
            that long for them (a reload, a restart of the server).
        clock: the time now (unix s; tests move it on).
    """

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
        """Keep ``writer``'s table in the waiting index and its timer at its next deadline (a
        seat or claim lapsing, the countdown) up to date. Called for every change of every room:
        a private room (never waiting, no timer here) returns at once."""
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
        """A deadline came: the seats and claims nobody opened lapse; when the countdown ran
        out, computers fill the free seats (or the empty table ends)."""
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
        """The waiting tables of ``size`` seats, the oldest first: this process's, then (several
        processes) those that others hold, taken here."""
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
        """Seat ``name`` at the oldest table of ``size`` seats that waits for people, else open
        one (public, a match to ``target`` wins -- None: no target --, computers after
        :attr:`wait` seconds). ``target`` is a preference, never a queue of its own (that would
        leave two half-empty tables of one size): the oldest waiting table with that target is
        tried first, else the oldest of any. Returns the writer and the seat taken, with
        ``contribution`` (docs/fair.md) given to the pending deal when this seat deals it (the
        browser cannot know the table's commitment before; :func:`.changes.join`); or the
        writer and None when one of the rooms in ``held`` (those the asking browser holds a
        seat in), or one where ``holder`` (the browser's holder key) holds a seat, is such a
        table, whatever its target: the browser sits there already and goes back to its seat
        rather than take a second one. A new table takes the contribution over the socket, as
        any room before its first deal. ``address`` (the client's) holds at most
        ``max_open_seats_per_address`` seats at waiting tables (:mod:`.openseats`).
        A table counts while a person is there or was, or joined, less than
        :data:`.opentables.ABSENT_AFTER` seconds ago (:func:`.opentables.welcoming`): a table
        whose people closed their pages is nobody's to join.

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
    """A seated person starts a waiting open table at once ("Jetzt mit Computern starten"):
    :func:`.opentables.fill` now.

    Raises:
        RoomError: ``spectator``, ``room_not_found``, ``server_error``.
    """
    if seat is None:
        raise RoomError(ErrorCode.SPECTATOR, "spectators cannot start the table")
    await writer.run(lambda r: opentables.fill(r, time.time(), seat))
