"""Rooms, seats, credentials, presence, and the one writer per room.

Every change to a room -- a join, an action (a person's or a computer's), the next round, a
connection coming or going -- runs under that room's :class:`asyncio.Lock` (docs/architecture.md,
idea 3). A change that the game keeps is stored (committed) before any state is pushed
(idea 4); if storing fails the room goes back to what was stored last and nothing is sent.

The socket's outbox is :mod:`.connection`; ids and credentials are :mod:`.credentials`; the
messages pushed are encoded by :mod:`.messages`; computer seats are played by :mod:`.computer`;
the turn clock, presence times, the ready step and the history are :mod:`.roomstate`.

Nobody stalls a table: when the seat to act is a person whose deadline has passed (away past
the grace, idle past the turn time, or left for good), the computer loop plays that turn from
that seat's view, marked as a stand-in in the log. After a round the next one is dealt once
every person at the table asked for it (away or left persons count as ready). A room whose
persons all left, or have all been away longer than ``abandon_hours``, ends and is deleted; a
deleted room refuses every later change (a join or hello that raced the deletion included),
so nothing ever stores it again.

With several processes on one database (:mod:`.postgres`), a process holds the rooms it took
(:meth:`Rooms.find`); when a room moves to another process (a fenced write is refused, a
renewal finds it taken, its lease may have run out while the database was away, or the process
the proxy sends it to asks for it), the room is dropped
here and its sockets are closed with ``Close.ROOM_MOVED`` (4503), which clients answer by
reconnecting.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, Literal

from ..engine import Draw, Match, Refusal, logged_action, match_from_state, match_to_state, parse_action
from . import computer, messages, replays
from .codes import Close, ErrorCode
from .connection import Connection, Connections
from .credentials import hash_credential, new_credential, new_room_id
from .metrics import ActionTiming, Metrics
from .models import CreateRoom
from .roomstate import Clock, RoomState, address_key, round_summary
from .settings import Settings
from .storage import RoomBusy, RoomMoved, RoomRecord, RoomStorage, merge

log = logging.getLogger("ziehdomino.rooms")

Seat = int

#: Connections one seat may hold at once (several tabs); a newer one closes the oldest (4409).
MAX_CONNECTIONS_PER_SEAT = 4
#: Spectator connections one room takes; more are closed with 4429.
MAX_SPECTATORS = 64
_ROOM_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: How long :meth:`Rooms.find` waits for another process to let go of a room (seconds). Shorter
#: than the proxy's 2 s for a read (cluster/haproxy.py), so that a read of a room a hung process
#: holds is answered here (the room page served, an API read 503) instead of timing out as 504.
TAKE_WAIT = 1.5


class RoomError(Exception):
    """A request the server refuses for its own reasons (not the rules').

    Attributes:
        code: ``room_full``, ``not_started``, ``spectator``, ``server_full``, ``server_error``,
            ``too_many_rooms`` (the address's cap), ``room_not_found`` (the room ended meanwhile),
            ``room_moved`` (another server process holds the room now).
        message: an English sentence.
    """

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(slots=True)
class SeatState:
    """One seat: who sits there and how the server recognises them."""

    kind: Literal["person", "computer"]
    level: str | None = None
    name: str | None = None
    credential_hash: str | None = None
    #: The person left the room for good: a computer plays the seat, the credential is void.
    left: bool = False

    @property
    def taken(self) -> bool:
        """A computer seat is always taken; a person's once someone joined (and stays so after leaving)."""
        return self.kind == "computer" or self.credential_hash is not None or self.left

    @property
    def played_by_computer(self) -> bool:
        """A computer seat, or a person's seat that was left."""
        return self.kind == "computer" or self.left

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "credential_hash": self.credential_hash,
                "left": self.left}


class Room:
    """A table: its seats, its match (None before the first round), its connections, its lock."""

    def __init__(self, room_id: str, seats: list[SeatState], state: RoomState, *, created: float, updated: float,
                 match: Match | None = None, stored_match: dict[str, Any] | None = None,
                 rounds: list[dict[str, Any]] | None = None, stored: bool = False) -> None:
        self.id = room_id
        self.seats = seats
        self.state = state
        self.created = created
        self.updated = updated
        self.last_activity = time.time()
        #: When the last change was accepted (unix s): a computer acts ``computer_delay`` after it.
        self.last_change = time.time()
        self.match = match
        #: The match as last written whole, and the actions appended since (``(version, action)``):
        #: together what is stored, and what a failed store goes back to.
        self.stored_match = stored_match
        self.appended: list[tuple[int, dict[str, Any]]] = []
        #: The record of every finished round, oldest first (``docs/replay.md``; see :mod:`.replays`).
        self.rounds: list[dict[str, Any]] = list(rounds or [])
        self.stored_state = state.to_json()  # what a failed store goes back to
        #: The seats as stored, or None while the room was never written (``stored``: it was read back).
        self.stored_seats: list[dict[str, Any]] | None = [s.to_json() for s in seats] if stored else None
        self.lock = asyncio.Lock()
        #: The state texts last pushed, per viewer: what is stored and announced now (cleared by
        #: every change, which is always pushed), so a refusal is answered without the lock.
        self.texts: dict[Seat | None, str] = {}
        #: Keeps what the room's state texts share between viewers and changes (the log's entries).
        self.encoder = messages.StateEncoder()
        self.connections = Connections()
        self.computer_task: asyncio.Task[None] | None = None
        #: Set when a change makes a computer's move due sooner than its loop waits for.
        self.wake = asyncio.Event()
        #: When the waiting computer loop wakes by itself (unix s; inf while it is not waiting).
        self.computer_until = float("inf")
        #: The room ended and was deleted: every later change is refused, nothing stores it again.
        self.deleted = False
        #: Dropped from this process (it moved to another): nothing may be stored or pushed.
        self.gone = False

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def started(self) -> bool:
        """The first round has been dealt."""
        return self.match is not None

    @property
    def full(self) -> bool:
        """Every seat is taken (no one can join)."""
        return all(s.taken for s in self.seats)

    @property
    def in_progress(self) -> bool:
        """A round is being played."""
        return self.match is not None and self.match.round.result is None

    def seat_of(self, credential: str) -> Seat | None:
        """The seat this credential opens, or None (constant time over all seats)."""
        digest = hash_credential(credential)
        found: Seat | None = None
        for i, s in enumerate(self.seats):
            if hmac.compare_digest(digest, s.credential_hash or "") and s.credential_hash:
                found = i
        return found

    def is_connected(self, seat: Seat) -> bool:
        """A computer is always present; a person when at least one of their connections is open."""
        if self.seats[seat].kind == "computer":
            return True
        return self.connections.has_seat(seat)

    @property
    def turn(self) -> Seat | None:
        """The seat to act in a round being played, else None."""
        m = self.match
        return None if m is None or m.round.result is not None else m.round.turn

    def deadline(self, clock: Clock) -> float | None:
        """When a computer plays the turn of the person to act (unix s), or None: no person
        (not left) is to act, or they are there in a room without a turn time."""
        seat = self.turn
        if seat is None or self.seats[seat].played_by_computer:
            return None
        return clock.deadline(self.state, seat, self.is_connected(seat))

    def all_ready(self) -> bool:
        """The next round may be dealt: someone at the table asked, and every person at the
        table did (a person who is away or left counts as ready). Nobody at the table: no deal
        (so that a restart, which leaves everybody away, never deals a round for computers)."""
        persons = [i for i, s in enumerate(self.seats) if s.kind == "person" and s.taken]
        asked = any(self.state.ready[i] and self.is_connected(i) and not self.seats[i].left for i in persons)
        return asked and all(self.state.ready[i] or self.seats[i].left or not self.is_connected(i) for i in persons)

    def abandoned(self, now: float, abandon_seconds: float) -> bool:
        """Every person left, or every one still seated has been away for ``abandon_seconds``."""
        persons = [i for i, s in enumerate(self.seats) if s.kind == "person" and s.taken and not s.left]
        for i in persons:
            since = self.state.away_since[i]
            if self.is_connected(i) or since is None or now - since < abandon_seconds:
                return False
        return True

    def seat_infos(self, clock: Clock | None = None, now: float | None = None) -> list[dict[str, Any]]:
        """SEATINFO per seat (docs/protocol.md).

        A person's ``stand_in``: a computer plays (or will, after the grace) their turns now:
        they left, or they are away during a round, or their turn's time ran out.
        """
        clock = clock or Clock()
        now = time.time() if now is None else now
        turn = self.turn
        deadline = None if turn is None else self.deadline(clock)
        overdue = deadline is not None and deadline <= now  # the person to act ran out of time
        ready = self.state.ready
        has_seat = self.connections.has_seat
        infos = []
        for i, s in enumerate(self.seats):
            person = s.kind == "person"
            connected = not person or has_seat(i)
            stand_in = person and s.taken and (s.left or (turn is not None and (not connected or (i == turn and overdue))))
            infos.append({"seat": i, "kind": s.kind, "level": s.level, "name": s.name, "taken": s.taken,
                          "connected": connected and not s.left, "left": s.left, "stand_in": stand_in,
                          "ready": ready[i]})
        return infos

    def room_extra(self, clock: Clock, now: float) -> dict[str, Any]:
        """ROOMINFO's ``turn_time`` and ``clock`` (docs/protocol.md)."""
        seat = self.turn
        tick: dict[str, Any] | None = None
        if seat is not None and self.seats[seat].kind == "person":
            if self.seats[seat].left:
                tick = {"seat": seat, "ms": 0, "stand_in": True}
            else:
                deadline = self.deadline(clock)
                if deadline is not None:
                    tick = {"seat": seat, "ms": max(0, round((deadline - now) * 1000)), "stand_in": deadline <= now}
        return {"turn_time": self.state.turn_time, "clock": tick}

    def summary(self, clock: Clock | None = None) -> dict[str, Any]:
        """The public summary of ``GET /api/rooms/{id}``."""
        return {"room": self.id, "seats": self.seat_infos(clock), "started": self.started, "full": self.full,
                "turn_time": self.state.turn_time}

    def record(self) -> RoomRecord:
        """The row to store: the seats, the match's storage form and the room's own state."""
        return RoomRecord(self.id, self.created, self.updated, [s.to_json() for s in self.seats],
                          self._match_form(), self.in_progress, room=self.state.to_json())

    def only_state_changed(self) -> bool:
        """No round is being played and what is stored of the room differs from it in its own
        state at most: its seats and match are the stored ones (every change to a match raises
        its version, so the same version is the same match). Between rounds no action is
        appended to the stored row (a round's end writes the room whole), so the row's own
        state is the whole stored state."""
        if (self.in_progress or self.appended or self.stored_seats is None
                or [s.to_json() for s in self.seats] != self.stored_seats):
            return False
        if self.match is None or self.stored_match is None:
            return self.match is None and self.stored_match is None
        return bool(self.match.version == self.stored_match["version"])

    def _match_form(self) -> dict[str, Any] | None:
        """The match's storage form (``match_to_state``). A change that left the match as it
        is stored (a readiness mark, a seat taken between rounds) takes the stored form as it
        is, instead of building every action of the round again: every change to the match
        raises its version, so the same version is the same match."""
        if self.match is None:
            return None
        stored = merge(self.stored_match, self.appended)
        if stored is not None and stored["version"] == self.match.version:
            return stored
        return match_to_state(self.match)

    @classmethod
    def from_record(cls, rec: RoomRecord) -> Room:
        """Rebuild a stored room (replays its round through the rules).

        Presence is not stored: a person who was connected when the server stopped is away from
        now on (``now``), so their grace runs from the restart; every stored time (a turn's
        start, an earlier ``away_since``) is kept, so a deadline that passed meanwhile has passed.

        Raises:
            PositionError, KeyError, TypeError, ValueError: the row is not a room this server wrote.
        """
        now = time.time()
        seats = [SeatState(s["kind"], s.get("level"), s.get("name"), s.get("credential_hash"), bool(s.get("left", False)))
                 for s in rec.seats]
        match = None if rec.match is None else match_from_state(rec.match)
        state = RoomState.from_json(rec.room, len(seats))
        for i, s in enumerate(seats):
            if s.kind == "person" and s.taken and not s.left and state.away_since[i] is None:
                state.away_since[i] = now
        if match is not None and match.round.result is None and state.turn_started is None:
            state.turn_started = now  # a row from before the turn clock
        room = cls(rec.id, seats, state, created=rec.created, updated=rec.updated, match=match, stored_match=rec.match,
                   rounds=replays.checked_records(rec.id, rec.rounds), stored=True)
        room.last_change = now
        return room

    def state_text(self, seat: Seat | None, clock: Clock) -> str:
        """The ``state`` message for a viewer at ``seat`` (None: a spectator), as JSON text."""
        return self.state_texts([seat], clock)[seat]

    def state_texts(self, viewers: list[Seat | None], clock: Clock) -> dict[Seat | None, str]:
        """:meth:`state_text` for several viewers at once (:func:`.messages.state_texts`)."""
        now = time.time()
        return self.encoder.texts(self.id, self.seat_infos(clock, now), self.match, viewers,
                                  room_extra=self.room_extra(clock, now), stand_ins=self.state.stand_ins)


class Rooms:
    """Every room of this server and the changes to them (each under its room's lock)."""

    def __init__(self, storage: RoomStorage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = Clock(settings.turn_time_scale, settings.grace, settings.grace_no_limit)
        self.rooms: dict[str, Room] = {}
        self._closing = False
        #: Rooms per creator (:func:`.roomstate.address_key`) that have not ended.
        self._by_creator: Counter[str] = Counter()
        #: Server-side action timings (``settings.metrics``), else None.
        self.metrics: Metrics | None = Metrics() if settings.metrics else None
        self._taking: dict[str, asyncio.Lock] = {}
        #: Changes refused because their room had already moved to another process.
        self.late_writes = 0

    @property
    def closing(self) -> bool:
        """The server is shutting down: no computer loop starts any more."""
        return self._closing

    # --- start-up and shutdown ---------------------------------------------------------------

    async def load(self) -> int:
        """Load every room the storage holds for this process from the start (SQLite: all of
        them); returns how many. A row that cannot be replayed is skipped."""
        for rec in await self.storage.load_all():
            try:
                room = Room.from_record(rec)
            except Exception as exc:  # a bad row must not keep the other rooms from resuming
                log.error("room %s cannot be restored and is left in storage: %s", rec.id, exc)
                continue
            self._hold(room)
        return len(self.rooms)

    def _hold(self, room: Room) -> None:
        self.rooms[room.id] = room
        if room.state.creator is not None:
            self._by_creator[room.state.creator] += 1

    def _unhold(self, room: Room) -> None:
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            if room.state.creator is not None:
                self._by_creator[room.state.creator] -= 1
                if self._by_creator[room.state.creator] <= 0:
                    del self._by_creator[room.state.creator]

    def resume(self) -> None:
        """Let every computer (or stand-in) whose turn it is act again, a deadline that passed
        while the server was down at once (call once the event loop runs)."""
        for room in self.rooms.values():
            computer.schedule(self, room)

    async def close(self) -> None:
        """Stop computer tasks and close every connection (1001, going away)."""
        self._closing = True
        tasks = [r.computer_task for r in self.rooms.values() if r.computer_task and not r.computer_task.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for room in self.rooms.values():
            for c in room.connections:
                c.close(Close.GOING_AWAY)

    def get(self, room_id: str) -> Room | None:
        """The room with this id if this process holds it, or None."""
        return self.rooms.get(room_id)

    async def find(self, room_id: str) -> Room | None:
        """The room with this id: held here, or taken from the storage; None when none is stored.

        When another live process holds it, that process is asked to let go and the take is
        tried again for up to :data:`TAKE_WAIT` seconds.

        Raises:
            RoomError: ``room_moved`` (the other process kept it), ``server_error`` (storage failed).
        """
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if not _ROOM_ID.fullmatch(room_id):
            return None
        lock = self._taking.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(room_id)
                return room if room is not None else await self._take(room_id)
        finally:
            if not lock.locked() and self._taking.get(room_id) is lock:
                del self._taking[room_id]

    async def _take(self, room_id: str) -> Room | None:
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
            room = Room.from_record(rec)
        except Exception as exc:
            log.error("room %s cannot be restored: %s", room_id, exc)
            self.storage.forget(room_id)
            return None
        self._hold(room)
        computer.schedule(self, room)
        return room

    async def let_go(self, room_id: str, release: bool) -> None:
        """Drop a room this process no longer holds (``release``: write it free first, as asked)."""
        room = self.rooms.get(room_id)
        if room is None:
            if release:
                await self._release(room_id)
            return
        async with room.lock:
            if self.rooms.get(room_id) is not room:
                return
            if release:
                await self._release(room_id)
            self._drop(room)
            log.info("room %s moved to another process", room_id)

    async def _release(self, room_id: str) -> None:
        try:
            await self.storage.release(room_id)
        except Exception as exc:  # the lease runs out by itself: it is no longer renewed
            log.warning("releasing room %s failed: %r", room_id, exc)
            self.storage.forget(room_id)

    def _drop(self, room: Room) -> None:
        """Forget ``room`` here (its lock is held): stop its computer, close its sockets (4503)."""
        room.gone = True
        self._unhold(room)
        self.storage.forget(room.id)
        room.wake.set()
        task = room.computer_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        for c in room.connections:
            c.close(Close.ROOM_MOVED)
        room.connections.clear()

    # --- changes --------------------------------------------------------------------------------

    async def create(self, spec: CreateRoom, address: str | None = None) -> tuple[Room, str]:
        """Create a room with the creator in seat 0; returns the room and the creator's credential.

        ``address`` is the creator's client address: one address may have at most
        ``max_rooms_per_address`` rooms that have not ended.

        Raises:
            RoomError: ``server_full`` (too many rooms), ``too_many_rooms`` (this address's cap),
                ``server_error`` (storage failed).
        """
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomError(ErrorCode.SERVER_FULL, "this server holds as many rooms as it may; try again later")
        creator = None if address is None else address_key(address)
        if creator is not None and await self._opened_by(creator) >= self.settings.max_rooms_per_address:
            raise RoomError(ErrorCode.TOO_MANY_ROOMS, f"this address has {self.settings.max_rooms_per_address} rooms open "
                                              "that have not ended; end one or wait until they are cleaned up")
        credential = new_credential()
        seats = [SeatState("person") if s.kind == "person" else SeatState("computer", level=s.level)
                 for s in spec.seats]
        seats[0].name = spec.name
        seats[0].credential_hash = hash_credential(credential)
        now = time.time()
        state = RoomState.new(len(seats), spec.turn_time, creator)
        state.away_since[0] = now  # the creator is away until their page connects
        room = Room(new_room_id(), seats, state, created=now, updated=now)
        async with room.lock:
            await self._store(room)
            self._hold(room)
        return room, credential

    async def _opened_by(self, creator: str) -> int:
        """The rooms ``creator`` has open: counted by the storage across processes, else here."""
        try:
            counted = await self.storage.rooms_opened_by(creator)
        except Exception as exc:
            log.error("counting the rooms of a creator failed: %r", exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the room could not be opened; try again") from None
        return self._by_creator[creator] if counted is None else counted

    async def join(self, room: Room, name: str) -> tuple[Seat, str]:
        """Seat ``name`` at the lowest free person seat; returns the seat and its credential.

        Deals the first round when this was the last free seat.

        Raises:
            RoomError: ``room_full``; ``room_not_found`` (the room ended meanwhile);
                ``server_error`` (storage failed: nobody was seated).
        """
        async with room.lock:
            self._alive(room)
            free = [i for i, s in enumerate(room.seats) if not s.taken]
            if not free:
                raise RoomError(ErrorCode.ROOM_FULL, "every seat of this room is taken")
            seat = free[0]
            credential = new_credential()
            now = time.time()
            room.seats[seat].name = name
            room.seats[seat].credential_hash = hash_credential(credential)
            room.state.away_since[seat] = now  # away until their page connects
            if room.full:
                room.match = Match(room.players)
                room.state.turn_started = now
            await self._commit(room)
        return seat, credential

    async def connect(self, room: Room, conn: Connection) -> None:
        """Add a connection (after its hello) and push it the state and the history; a presence
        change is stored, then pushed to all. A person whose turn it is and whose time ran out
        while away gets the turn back with a fresh turn time (coming back takes the seat at once).
        A room that ended meanwhile closes the connection (4404)."""
        async with room.lock:
            if room.deleted or room.gone:
                conn.close(Close.UNKNOWN_ROOM if room.deleted else Close.ROOM_MOVED)
                return
            room.last_activity = time.time()
            if conn.seat is None:
                spectators = [c for c in room.connections if c.seat is None]
                if len(spectators) >= MAX_SPECTATORS:
                    conn.close(Close.TOO_MANY)
                    return
                room.connections.append(conn)
                conn.push(room.state_text(None, self.clock), is_state=True)
                conn.push(messages.history_text(room.state.history))
                return
            same = [c for c in room.connections if c.seat == conn.seat]
            if len(same) >= MAX_CONNECTIONS_PER_SEAT:
                oldest = same[0]
                room.connections.remove(oldest)
                oldest.close(Close.REPLACED)
            if same:
                room.connections.append(conn)
                conn.push(room.state_text(conn.seat, self.clock), is_state=True)
                conn.push(messages.history_text(room.state.history))
                return
            now = time.time()
            deadline = room.deadline(self.clock) if room.turn == conn.seat else None
            room.connections.append(conn)
            room.state.away_since[conn.seat] = None
            if deadline is not None and deadline <= now:
                room.state.turn_started = now
            if room.match is not None and room.match.round.result is not None and room.all_ready():
                self._deal_next(room)  # e.g. after a restart: a ready person is back, the others away
                try:
                    await self._commit(room)
                    conn.push(messages.history_text(room.state.history))
                    return
                except RoomError:
                    pass  # logged; the next change deals again
            await self._store_presence(room)
            self._broadcast(room)
            conn.push(messages.history_text(room.state.history))
            computer.schedule(self, room)

    async def disconnect(self, room: Room, conn: Connection) -> None:
        """Remove a connection; when its seat has no other connection, store and push the
        presence change (the grace starts), and deal the next round if that made everyone ready."""
        async with room.lock:
            room.last_activity = time.time()
            if conn not in room.connections:
                return
            room.connections.remove(conn)
            if conn.seat is None or self._closing or room.deleted or room.is_connected(conn.seat):
                return
            room.state.away_since[conn.seat] = time.time()
            if room.match is not None and room.match.round.result is not None and room.all_ready():
                self._deal_next(room)
                try:
                    await self._commit(room)
                    return
                except RoomError:
                    pass  # logged; the next change deals again
            await self._store_presence(room)
            self._broadcast(room)
            computer.schedule(self, room)

    async def act(self, room: Room, seat: Seat | None, version: int, action: Any,
                  received: float | None = None) -> None:
        """Apply ``seat``'s action (JSON form) made against ``version``, store it, push the state.

        ``received`` (``time.perf_counter()`` when the message was read) is only for metrics.

        Raises:
            RoomError: ``spectator``, ``not_started``, ``room_not_found``, ``server_error``.
            Refusal: anything the rules refuse, a stale version included (nothing changed).
        """
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, "a spectator cannot act")
        timing = None if self.metrics is None or received is None else self.metrics.start(received)
        async with room.lock:
            await self.apply_locked(room, seat, version, action, timing)

    async def next_round(self, room: Room, seat: Seat | None, version: int) -> None:
        """A seated person asks for the next round (made against ``version``): they are ready;
        once every person at the table is, the next round is dealt. Stored, then pushed.

        Raises:
            RoomError: ``spectator``, ``not_started``, ``room_not_found``, ``server_error``.
            Refusal: ``round_not_over``, ``stale_version``.
        """
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, "a spectator cannot start a round")
        async with room.lock:
            match = self._started(room)
            match.check_version(version)
            if match.round.result is None:
                raise Refusal(ErrorCode.ROUND_NOT_OVER, "the current round is still being played")
            room.state.ready[seat] = True
            if room.all_ready():
                self._deal_next(room)
            await self._commit(room)

    async def leave(self, room: Room, seat: Seat | None) -> None:
        """The person at ``seat`` leaves for good: a computer plays the seat from now on, their
        credential stops opening it and their connections are closed (4410). When no person is
        left at the table, the room ends and is deleted.

        Raises:
            RoomError: ``spectator``, ``room_not_found``, ``server_error`` (nothing changed).
        """
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, "a spectator has no seat to leave")
        async with room.lock:
            self._alive(room)
            s = room.seats[seat]
            s.left = True
            s.credential_hash = None
            room.state.ready[seat] = False
            room.state.away_since[seat] = None
            mine = [c for c in room.connections if c.seat == seat]
            if all(x.left for x in room.seats if x.kind == "person" and x.taken):
                for c in mine:
                    c.close(Close.LEFT)
                await self._delete_locked(room)
                return
            if room.match is not None and room.match.round.result is not None and room.all_ready():
                self._deal_next(room)
            await self._commit(room)  # restores the seat if storing fails
            for c in mine:
                room.connections.remove(c)
                c.close(Close.LEFT)
            self._broadcast(room)

    async def cleanup(self, now: float | None = None) -> list[str]:
        """End and delete every room whose persons have all left or have all been away for
        ``abandon_hours`` (a round in progress included). Returns the deleted ids."""
        now = time.time() if now is None else now
        limit = self.settings.abandon_hours * 3600.0
        gone: list[str] = []
        for room in list(self.rooms.values()):
            if not room.abandoned(now, limit):
                continue
            async with room.lock:
                if room.deleted or not room.abandoned(now, limit):
                    continue
                await self._delete_locked(room)
                gone.append(room.id)
        gone += await self.storage.delete_unheld(now - limit)  # rooms no process holds (PostgreSQL)
        return gone

    # --- inside the writer (the room's lock is held) -------------------------------------------------

    def _alive(self, room: Room, *, change: bool = False) -> None:
        """Refuse a room that ended or moved to another process (``change``: count a change
        refused because the room had moved, a late write)."""
        if room.deleted:
            raise RoomError(ErrorCode.ROOM_NOT_FOUND, "this room has ended")
        if room.gone:
            self.late_writes += change
            raise RoomError(ErrorCode.ROOM_MOVED, "another server process holds this room; reconnect")

    def _started(self, room: Room) -> Match:
        self._alive(room)
        if room.match is None:
            raise RoomError(ErrorCode.NOT_STARTED, "the first round starts when every seat for a person is taken")
        return room.match

    def computer_due(self, room: Room) -> tuple[Seat, float, bool] | None:
        """Who the computer loop plays next: ``(seat, at, stand_in)`` -- the seat to act, when
        (unix s) and whether it stands in for a person -- or None when no computer is to move.

        A computer seat (or a left person's) moves ``computer_delay`` after the last change; a
        person's turn is played once their deadline has passed (:meth:`Room.deadline`).
        """
        seat = room.turn
        if seat is None or room.deleted or room.gone:
            return None
        s = room.seats[seat]
        at = room.last_change + self.settings.computer_delay
        if s.played_by_computer:
            return seat, at, s.kind == "person"
        deadline = room.deadline(self.clock)
        if deadline is None:
            return None
        return seat, max(at, deadline), True

    async def apply_locked(self, room: Room, seat: Seat, version: int, action_json: Any,
                           timing: ActionTiming | None = None, *, stand_in: bool = False) -> None:
        """:meth:`act` for a caller that already holds ``room.lock`` (the computer loop).

        ``stand_in``: a computer made this move for the person at ``seat`` (the log says so).

        Raises:
            RoomError: ``not_started``, ``room_not_found``, ``server_error``.
            Refusal: anything the rules refuse (nothing changed).
        """
        match = self._started(room)
        action = parse_action(action_json)
        match.apply(seat, action, version=version)
        state = room.state
        entries = match.round.log
        assert entries is not None  # a match's round keeps its log
        if match.round.result is not None:  # the round ended: the room is written whole
            if stand_in:
                state.stand_ins.append(len(entries) - 1)
            state.history.append(round_summary(match))
            state.ready = [False] * room.players
            state.turn_started = None
            await self._commit(room, timing, finished=replays.finished_record(match))
            return
        # An action of the round in play is appended, with the fields of the room's own state it
        # set: the turn clock when the turn passed on (a draw keeps it), a stand-in's mark.
        changed: dict[str, Any] = {}
        if stand_in:
            state.stand_ins.append(len(entries) - 1)
            changed["stand_ins"] = list(state.stand_ins)
        if not isinstance(action, Draw):
            state.turn_started = changed["turn_started"] = time.time()
        await self._commit(room, timing, action=logged_action(entries[-1]), state=changed or None)

    def _deal_next(self, room: Room) -> None:
        """Deal the next round (everyone is ready); the caller commits."""
        assert room.match is not None
        room.match.next_round()
        room.state.ready = [False] * room.players
        room.state.stand_ins = []
        room.state.turn_started = time.time()

    async def _commit(self, room: Room, timing: ActionTiming | None = None,
                      finished: dict[str, Any] | None = None, action: dict[str, Any] | None = None,
                      state: dict[str, Any] | None = None) -> None:
        """Store the changed match (restoring the stored one if that fails), then push and go on.

        ``action``: the change is this one action of the round in play, appended to what is
        stored with ``state``, the fields of the room's own state it set (nothing else of the
        room may have changed); otherwise the room is written whole, with ``finished``, the
        record of the round the change ended.
        """
        try:
            if action is None:
                await self._store(room, finished)
            else:
                await self._append(room, action, state)
        except RoomError:
            self._restore(room)
            raise
        room.last_change = time.time()
        if timing is not None:
            timing.mark_stored()
        self._broadcast(room, timing)
        if finished is not None and room.connections:
            text = messages.history_text(room.state.history)
            for c in room.connections:
                c.push(text)
        computer.schedule(self, room)

    def _restore(self, room: Room) -> None:
        """Go back to what was stored last (after a failed store)."""
        previous = merge(room.stored_match, room.appended)
        room.match = None if previous is None else match_from_state(previous)
        away = list(room.state.away_since)  # presence is a fact, not a change to undo
        room.state = RoomState.from_json(room.stored_state, room.players)
        room.state.away_since = away
        for s, stored in zip(room.seats, room.stored_seats or ()):
            s.name, s.credential_hash, s.left = stored["name"], stored["credential_hash"], stored["left"]

    async def _store_presence(self, room: Room) -> None:
        """Store a presence change; a failure is logged, not raised (the connection is a fact,
        and after a restart every person is away anyway)."""
        try:
            await self._store(room)
        except RoomError:
            pass

    async def _store(self, room: Room, finished: dict[str, Any] | None = None) -> None:
        """Write the room whole, or only its own state when nothing else of it changed between
        rounds (a ready mark, a presence change: the most frequent changes that are not
        actions, at a fraction of a whole write's cost)."""
        self._alive(room, change=True)  # never bring an ended room back, never write a room that moved
        room.updated = time.time()
        if finished is None and room.only_state_changed():
            state = room.state.to_json()
            await self._written(room, self.storage.save_state(room.id, room.updated, state))
            room.stored_state = state
            return
        record = room.record()
        await self._written(room, self.storage.save(record, finished))
        room.stored_match = record.match  # what a failed store later goes back to
        room.appended = []
        if finished is not None:
            room.rounds.append(finished)
        room.stored_state = record.room or room.state.to_json()
        room.stored_seats = record.seats

    async def _written(self, room: Room, write: Coroutine[Any, Any, None]) -> None:
        """Await one of ``room``'s writes.

        Raises:
            RoomError: ``room_moved`` (the room is dropped here), ``server_error`` (logged).
        """
        try:
            await write
        except RoomMoved:
            self._drop(room)
            raise RoomError(ErrorCode.ROOM_MOVED, "another server process holds this room; reconnect") from None
        except Exception as exc:
            log.error("storing room %s failed: %r", room.id, exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the change could not be stored; it was not made") from None

    async def _delete_locked(self, room: Room) -> None:
        """End the room: delete it from storage, close every connection (4404), forget it."""
        await self.storage.delete([room.id])
        room.deleted = True
        self._unhold(room)
        for c in room.connections:
            c.close(Close.UNKNOWN_ROOM)
        room.connections.clear()
        room.wake.set()
        task = room.computer_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    async def _append(self, room: Room, action: dict[str, Any], state: dict[str, Any] | None) -> None:
        self._alive(room, change=True)
        assert room.match is not None
        version = room.match.version
        await self._written(room, self.storage.append(room.id, version, action, state))
        room.appended.append((version, action))
        if state is not None:
            room.stored_state = {**room.stored_state, **state}

    def _broadcast(self, room: Room, timing: ActionTiming | None = None) -> None:
        """Push every connection its own state (one view per seat, computed and encoded once)."""
        pushed = 0
        room.texts = {}
        if room.connections:
            texts = room.texts = room.state_texts(room.connections.viewers(), self.clock)
            for c in room.connections:
                pushed += c.push(texts[c.seat], is_state=True, timing=timing)
        if timing is not None:
            timing.mark_pushed(pushed)

    async def send_state(self, room: Room, conn: Connection) -> None:
        """Push one connection a fresh state (after an error), as stored and announced.

        The text last pushed to that seat is sent again without taking the room's lock (a flood
        of refusals must not queue on the writer); only a seat with none yet waits for the lock.
        """
        text = room.texts.get(conn.seat)
        if text is None:
            async with room.lock:
                text = room.state_text(conn.seat, self.clock)
        conn.push(text, is_state=True)

    async def rounds(self, room: Room) -> dict[str, Any]:
        """The room's finished rounds in one line each (:func:`.replays.round_summary`), oldest
        first, as stored (under its lock): ``{"room", "rounds": [...]}``."""
        async with room.lock:
            records = list(room.rounds)
        return {"room": room.id, "rounds": [replays.round_summary(r) for r in records]}

    async def summary(self, room: Room) -> dict[str, Any]:
        """The room's public summary as stored (under its lock).

        Raises:
            RoomError: ``room_not_found`` (the room ended meanwhile).
        """
        async with room.lock:
            self._alive(room)
            return room.summary(self.clock)

    async def replay(self, room: Room, n: int | None) -> dict[str, Any]:
        """The replay data of round ``n`` (:func:`.replays.replay_body`), as stored (under its lock).

        Raises:
            ReplayError: ``round_in_progress``, ``round_not_found`` (:func:`.replays.find_record`).
        """
        async with room.lock:
            record = replays.find_record(room.rounds, room.match, n)
            return replays.replay_body(room.id, [s.to_json() for s in room.seats], record)
