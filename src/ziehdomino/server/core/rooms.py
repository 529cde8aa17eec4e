"""The rooms this process holds: taken from the storage, changed one request at a time
through each room's writer (:class:`.writer.RoomWriter`), let go, cleaned up (:mod:`.cleanup`).
A deleted room refuses every later change. A room that moves to another process is dropped here
and its sockets closed with 4503 (``Close.ROOM_MOVED``); clients reconnect.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable, Coroutine
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from ...constants import MAX_CONNECTIONS_PER_SEAT, MAX_SPECTATORS
from ..process.metrics import Metrics
from ..process.settings import Settings
from ..protocol.codes import Close, ErrorCode
from ..protocol.models import CreateRoom
from ..storage import RoomBusy, RoomStorage
from . import changes
from .cleanup import sweep
from .computer import ComputerPlayers
from .connection import Connection
from .credentials import hash_credential, hash_holder, new_credential, new_room_id
from .openers import Openers
from .room import Room, RoomError, Seat, Seated, SeatState
from .roomstate import Clock, address_key
from .writer import Listener, RoomWriter

__all__ = ["RoomError", "RoomWriter", "Rooms"]

log = logging.getLogger("ziehdomino.rooms")

_ROOM_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Seconds :meth:`Rooms.find` waits for another process to let go of a room; shorter than the
#: proxy's 2 s for a read (cluster/haproxy.py), so a hung holder gives a 503, not a 504.
TAKE_WAIT = 1.5


class Rooms:
    """Every room this process holds, each with its writer, and the requests that change them.
    ``listeners`` are told of every change and every room let go (the computer players first);
    ``seat_cap`` wraps a request that takes a seat at an open table (:mod:`..tables.openseats`).
    """

    def __init__(self, storage: RoomStorage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = Clock(settings.turn_time_scale, settings.grace, settings.grace_no_limit)
        self.rooms: dict[str, RoomWriter] = {}
        self._closing = False
        self.openers = Openers(storage, settings.limit_away)
        self.metrics: Metrics | None = Metrics() if settings.metrics else None
        self._taking: dict[str, asyncio.Lock] = {}
        self.late_writes = 0
        self.computers = ComputerPlayers(settings.computer_delay, lambda: self._closing)
        self.listeners: list[Listener] = [self.computers]
        self.seat_cap: Callable[[str | None], AbstractContextManager[None]] = lambda address: nullcontext()

    # --- the host of every writer ----------------------------------------------------------------

    def moved(self, writer: RoomWriter) -> None:
        """Another process holds ``writer``'s room: drop it here and tell the listeners."""
        held = self._unhold(writer)
        self.storage.forget(writer.id)
        writer.drop()
        if held:
            writer.notify(None)

    def ended(self, writer: RoomWriter) -> None:
        """``writer``'s room ended and was deleted: forget it, and tell the listeners."""
        if self._unhold(writer):
            writer.notify(None)

    def late_write(self) -> None:
        self.late_writes += 1

    # --- start-up and shutdown ---------------------------------------------------------------

    async def load(self) -> int:
        """Load the rooms the storage holds for this process from the start; how many. A row
        that cannot be replayed is skipped."""
        now = time.time()
        for rec in await self.storage.load_all():
            try:
                room = Room.from_record(rec, now)
            except Exception as exc:  # a bad row must not keep the other rooms from resuming
                log.error("room %s cannot be restored and is left in storage: %s", rec.id, exc)
                continue
            self._hold(RoomWriter(self, room))
        return len(self.rooms)

    def _hold(self, writer: RoomWriter) -> RoomWriter:
        self.rooms[writer.id] = writer
        self.openers.held(writer)
        return writer

    def _unhold(self, writer: RoomWriter) -> bool:
        if self.rooms.get(writer.id) is not writer:
            return False
        del self.rooms[writer.id]
        self.openers.let_go(writer)
        return True

    def resume(self) -> None:
        """Let every computer or stand-in whose turn it is act again (once the loop runs)."""
        for writer in self.rooms.values():
            writer.notify(None)

    @property
    def closing(self) -> bool:
        """The server is shutting down: no computer loop starts any more."""
        return self._closing

    async def close(self) -> None:
        """Stop computer tasks and close every connection (1001, going away)."""
        self._closing = True
        tasks = [w.computer_task for w in self.rooms.values() if w.computer_task and not w.computer_task.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for writer in self.rooms.values():
            for c in writer.connections:
                c.close(Close.GOING_AWAY)

    def get(self, room_id: str) -> RoomWriter | None:
        """The writer of the room with this id if this process holds it, or None."""
        return self.rooms.get(room_id)

    async def find(self, room_id: str) -> RoomWriter | None:
        """The room with this id, held here or taken from the storage (asking another holder to
        let go, for up to :data:`TAKE_WAIT` s); None when none is stored.

        Raises:
            RoomError: ``room_moved`` (the other process kept it), ``server_error`` (storage failed).
        """
        writer = self.rooms.get(room_id)
        if writer is not None:
            return writer
        if not _ROOM_ID.fullmatch(room_id):
            return None
        lock = self._taking.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                writer = self.rooms.get(room_id)
                return writer if writer is not None else await self._take(room_id)
        finally:
            if not lock.locked() and self._taking.get(room_id) is lock:
                del self._taking[room_id]

    async def _take(self, room_id: str) -> RoomWriter | None:
        deadline = time.monotonic() + TAKE_WAIT
        asked = False
        while True:
            try:
                rec = await self.storage.claim(room_id)
                break
            except RoomBusy:
                if time.monotonic() >= deadline:
                    raise RoomError(ErrorCode.ROOM_MOVED, "another server process holds this room; reconnect") from None
                if not asked:
                    asked = True
                    try:
                        await self.storage.ask_release(room_id)
                    except Exception as exc:
                        log.warning("asking for room %s failed: %r", room_id, exc)
                await asyncio.sleep(0.1)
            except Exception as exc:
                log.error("taking room %s failed: %r", room_id, exc)
                raise RoomError(ErrorCode.SERVER_ERROR, "the room could not be read; try again") from None
        if rec is None:
            return None
        try:
            room = Room.from_record(rec, time.time())
        except Exception as exc:
            log.error("room %s cannot be restored: %s", room_id, exc)
            self.storage.forget(room_id)
            return None
        writer = self._hold(RoomWriter(self, room))
        writer.notify(None)
        return writer

    async def let_go(self, room_id: str, release: bool) -> None:
        """Drop a room this process no longer holds (``release``: write it free first, as asked)."""
        writer = self.rooms.get(room_id)
        if writer is None:
            if release:
                await self._release(room_id)
            return
        async with writer.lock:
            if self.rooms.get(room_id) is not writer:
                return
            if release:
                await self._release(room_id)
            self.moved(writer)
            log.info("room %s moved to another process", room_id)

    async def _release(self, room_id: str) -> None:
        try:
            await self.storage.release(room_id)
        except Exception as exc:  # the lease runs out by itself: it is no longer renewed
            log.warning("releasing room %s failed: %r", room_id, exc)
            self.storage.forget(room_id)

    # --- requests ---------------------------------------------------------------------------------

    async def create(self, spec: CreateRoom, address: str | None = None, *,
                     wait: float | None = None) -> tuple[RoomWriter, str]:
        """Create a room with the creator in seat 0; its writer and the creator's credential.
        ``wait``: an open table that starts with computers after this many seconds; ``address``
        counts against the per-address caps (docs/protocol.md, "HTTP").

        Raises:
            RoomError: ``server_full`` (too many rooms), ``too_many_rooms``, ``too_many_seats``
                (this address's caps), ``server_error`` (storage failed).
        """
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomError(ErrorCode.SERVER_FULL, "this server holds as many rooms as it may; try again later")
        creator = None if address is None else address_key(address)
        if creator is not None and await self.openers.count(creator) >= self.settings.max_rooms_per_address:
            raise RoomError(ErrorCode.TOO_MANY_ROOMS, f"this address has {self.settings.max_rooms_per_address} rooms open "
                                              "that someone is at; leave one under \"Meine Räume\" on the start page")
        credential = new_credential()
        seats = [SeatState("person") if s.kind == "person" else SeatState("computer", level=s.level) for s in spec.seats]
        kept = spec.public or spec.rated  # one holder one seat, and the same-address rule, need both hashes
        holder = None if spec.holder is None or not kept else hash_holder(spec.holder)
        seats[0] = SeatState("person", name=spec.name, credential_hash=hash_credential(credential), holder=holder,
                             address=creator if kept else None)
        now = time.time()
        step = changes.create(new_room_id(), seats, spec.turn_time, creator, now, target=spec.target,
                              public=spec.public, wait_until=None if wait is None else now + wait, rated=spec.rated)
        writer = RoomWriter(self, step.room)
        with self.seat_cap(creator if spec.public else None):
            await writer.run(lambda _: step)
        return self._hold(writer), credential

    async def join(self, writer: RoomWriter, name: str, contribution: tuple[str | None, str] | None = None, *,
                   holder: str | None = None, address: str | None = None) -> Seated:
        """Seat ``name`` at the lowest free person seat (:func:`.changes.join`); the seat, its
        credential and the commitment ``contribution`` went to (a None commitment: the pending one).

        Raises:
            RoomError: ``room_full``, ``room_not_found`` (the room ended meanwhile), ``server_error``,
                ``stale_version`` (the contribution answers another commitment), ``already_seated``,
                ``too_many_seats``.
        """
        credential = new_credential()
        seated: list[Seated] = []
        key, hashed = None if address is None else address_key(address), None if holder is None else hash_holder(holder)

        def change(room: Room) -> changes.Step:
            step, seat, commitment = changes.join(room, name, hash_credential(credential), time.time(), contribution,
                                                  holder=hashed, address=key, clock=self.clock)
            seated.append(Seated(seat, credential, commitment))
            return step

        with self.seat_cap(key if writer.room.state.public else None):
            await writer.run(change)
        return seated[-1]

    async def connect(self, writer: RoomWriter, conn: Connection) -> None:
        """Add a connection after its hello and push it the state and history; a person's first
        one makes them present, a claim's heir's keeps the claim. An ended room closes it (4404)."""
        async with writer.lock:
            if writer.deleted or writer.gone:
                conn.close(Close.UNKNOWN_ROOM if writer.deleted else Close.ROOM_MOVED)
                return
            if not writer.add_connection(conn, MAX_CONNECTIONS_PER_SEAT, MAX_SPECTATORS):
                return
            seat, heir = conn.seat, conn.heir
            step = None
            if seat is not None:
                try:
                    step = await writer.run_locked(lambda r: changes.connect(r, seat, self.clock, time.time()))
                except RoomError:  # the deal it made could not be stored: present, the next change deals
                    step = await writer.run_locked(lambda r: changes.present(r, seat))
            elif heir is not None:
                step = await writer.run_locked(lambda r: changes.claim_opened(r, heir))
            if step is None or not step.push:
                parts = writer.whole()
                conn.push_state(parts.seq, None, parts.text)
            conn.push(writer.history_text())

    async def disconnect(self, writer: RoomWriter, conn: Connection) -> None:
        """Remove a connection; a seat's last one makes the person away (the grace starts), a
        claim heir's last one makes the claim wait (:func:`.changes.claim_closed`)."""
        async with writer.lock:
            if conn not in writer.connections:
                return
            writer.connections.remove(conn)
            seat, heir, ended = conn.seat, conn.heir, self._closing or writer.deleted or writer.gone
            if heir is not None and not ended and not any(c.heir == heir for c in writer.connections):
                await writer.run_locked(lambda r: changes.claim_closed(r, heir, time.time()))
            if seat is None or ended or writer.connections.has_seat(seat):
                return
            try:
                await writer.run_locked(lambda r: changes.disconnect(r, seat, time.time()))
            except RoomError:  # the deal it made could not be stored: away, the next change deals
                await writer.run_locked(lambda r: changes.away(r, seat, time.time()))

    def act(self, writer: RoomWriter, seat: Seat | None, version: int, action: Any,
            received: float | None = None) -> Coroutine[Any, Any, changes.Step | None]:
        """Apply ``seat``'s action made against ``version``: the writer's run, to be awaited.
        ``received`` (``time.perf_counter()``) is for metrics only.

        Raises:
            RoomError: ``spectator`` (at once); then, awaited, ``not_started``,
                ``room_not_found``, ``server_error``.
            Refusal: anything the rules refuse, a stale version included (nothing changed).
        """
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, "a spectator cannot act")
        timing = None if self.metrics is None or received is None else self.metrics.start(received)
        return writer.run(lambda r: changes.act(r, seat, version, action, time.time()), timing)

    @staticmethod
    async def _by_seat(writer: RoomWriter, seat: Seat | None, spectator: str,
                       change: Callable[[Room, Seat], changes.Step | None]) -> None:
        """Run ``change`` for the person at ``seat``; a spectator (None) is refused."""
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, spectator)
        await writer.run(lambda r: change(r, seat))

    async def next_round(self, writer: RoomWriter, seat: Seat | None, version: int) -> None:
        """A seated person asks for the next round (made against ``version``).

        Raises:
            RoomError: ``spectator``, ``not_started``, ``room_not_found``, ``server_error``.
            Refusal: ``round_not_over``, ``stale_version``.
        """
        await self._by_seat(writer, seat, "a spectator cannot start a round",
                            lambda r, s: changes.ready(r, s, version, time.time()))

    async def contribute(self, writer: RoomWriter, seat: Seat | None, commitment: str, contribution: str) -> None:
        """A seated person's contribution to the pending deal (:func:`.changes.contribute`).

        Raises:
            RoomError: ``spectator``, ``room_not_found``, ``server_error``.
            Refusal: ``stale_version`` (no deal pending, or another commitment).
        """
        await self._by_seat(writer, seat, "a spectator deals no tiles",
                            lambda r, s: changes.contribute(r, s, commitment, contribution))

    async def leave(self, writer: RoomWriter, seat: Seat | None) -> None:
        """The person at ``seat`` leaves for good (:func:`.changes.leave`).

        Raises:
            RoomError: ``spectator``, ``room_not_found``, ``server_error`` (nothing changed).
        """
        await self._by_seat(writer, seat, "a spectator has no seat to leave",
                            lambda r, s: changes.leave(r, s, time.time()))

    async def cleanup(self, now: float | None = None) -> list[str]:
        """End and delete abandoned rooms (:func:`.cleanup.sweep`); the deleted ids."""
        now = time.time() if now is None else now
        return await sweep(self.rooms.values(), self.storage, self.settings.abandon_hours * 3600.0, now)
