"""Rooms, seats, credentials, presence, and the one writer per room.

Every change to a room -- a join, an action (a person's or a computer's), the next round, a
connection coming or going -- runs under that room's :class:`asyncio.Lock` (docs/architecture.md,
idea 3). A change that the game keeps is stored (committed) before any state is pushed
(idea 4); if storing fails the room goes back to what was stored last and nothing is sent.

The socket's outbox is :mod:`.connection`; ids and credentials are :mod:`.credentials`; the
messages pushed are encoded by :mod:`.messages`; computer seats are played by :mod:`.computer`.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from dataclasses import dataclass
from typing import Any, Literal

from ..engine import Match, logged_action, match_from_state, match_to_state, parse_action
from . import computer, messages, replays
from .codes import Close, ErrorCode
from .connection import Connection
from .credentials import hash_credential, new_credential, new_room_id
from .metrics import ActionTiming, Metrics
from .models import CreateRoom
from .settings import Settings
from .storage import RoomRecord, Storage, merge

log = logging.getLogger("ziehdomino.rooms")

Seat = int

#: Connections one seat may hold at once (several tabs); a newer one closes the oldest (4409).
MAX_CONNECTIONS_PER_SEAT = 4
#: Spectator connections one room takes; more are closed with 4429.
MAX_SPECTATORS = 64


class RoomError(Exception):
    """A request the server refuses for its own reasons (not the rules').

    Attributes:
        code: ``room_full``, ``not_started``, ``spectator``, ``server_full``, ``server_error``.
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

    @property
    def taken(self) -> bool:
        """A computer seat is always taken; a person's once someone joined."""
        return self.kind == "computer" or self.credential_hash is not None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "credential_hash": self.credential_hash}


class Room:
    """A table: its seats, its match (None before the first round), its connections, its lock."""

    def __init__(self, room_id: str, seats: list[SeatState], *, created: float, updated: float,
                 match: Match | None = None, stored_match: dict[str, Any] | None = None,
                 rounds: list[dict[str, Any]] | None = None) -> None:
        self.id = room_id
        self.seats = seats
        self.created = created
        self.updated = updated
        self.last_activity = time.time()
        self.match = match
        #: The match as last written whole, and the actions appended since (``(version, action)``):
        #: together what is stored, and what a failed store goes back to.
        self.stored_match = stored_match
        self.appended: list[tuple[int, dict[str, Any]]] = []
        #: The record of every finished round, oldest first (``docs/replay.md``; see :mod:`.replays`).
        self.rounds: list[dict[str, Any]] = list(rounds or [])
        self.lock = asyncio.Lock()
        #: The state texts last pushed, per viewer: what is stored and announced now (cleared by
        #: every change, which is always pushed), so a refusal is answered without the lock.
        self.texts: dict[Seat | None, str] = {}
        self.connections: list[Connection] = []
        self.computer_task: asyncio.Task[None] | None = None

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
        return any(c.seat == seat for c in self.connections)

    def seat_infos(self) -> list[dict[str, Any]]:
        """SEATINFO per seat (docs/protocol.md)."""
        return [{"seat": i, "kind": s.kind, "level": s.level, "name": s.name, "taken": s.taken,
                 "connected": self.is_connected(i)} for i, s in enumerate(self.seats)]

    def summary(self) -> dict[str, Any]:
        """The public summary of ``GET /api/rooms/{id}``."""
        return {"room": self.id, "seats": self.seat_infos(), "started": self.started, "full": self.full}

    def record(self) -> RoomRecord:
        """The row to store: the seats and the match's storage form."""
        return RoomRecord(self.id, self.created, self.updated, [s.to_json() for s in self.seats],
                          None if self.match is None else match_to_state(self.match), self.in_progress)

    @classmethod
    def from_record(cls, rec: RoomRecord) -> Room:
        """Rebuild a stored room (replays its round through the rules).

        Raises:
            PositionError, KeyError, TypeError: the row is not a room this server wrote.
        """
        seats = [SeatState(s["kind"], s.get("level"), s.get("name"), s.get("credential_hash")) for s in rec.seats]
        match = None if rec.match is None else match_from_state(rec.match)
        return cls(rec.id, seats, created=rec.created, updated=rec.updated, match=match, stored_match=rec.match,
                   rounds=replays.checked_records(rec.id, rec.rounds))

    def state_text(self, seat: Seat | None) -> str:
        """The ``state`` message for a viewer at ``seat`` (None: a spectator), as JSON text."""
        return self.state_texts([seat])[seat]

    def state_texts(self, viewers: list[Seat | None]) -> dict[Seat | None, str]:
        """:meth:`state_text` for several viewers at once (:func:`.messages.state_texts`)."""
        return messages.state_texts(self.id, self.seat_infos(), self.match, viewers)


class Rooms:
    """Every room of this server and the changes to them (each under its room's lock)."""

    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self._closing = False
        #: Server-side action timings (``settings.metrics``), else None.
        self.metrics: Metrics | None = Metrics() if settings.metrics else None

    @property
    def closing(self) -> bool:
        """The server is shutting down: no computer loop starts any more."""
        return self._closing

    # --- start-up and shutdown ---------------------------------------------------------------

    def load(self) -> int:
        """Load every stored room; returns how many. A row that cannot be replayed is skipped."""
        for rec in self.storage.load_all():
            try:
                self.rooms[rec.id] = Room.from_record(rec)
            except Exception as exc:  # a bad row must not keep the other rooms from resuming
                log.error("room %s cannot be restored and is left in storage: %s", rec.id, exc)
        return len(self.rooms)

    def resume(self) -> None:
        """Let every computer whose turn it is act again (call once the event loop runs)."""
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
        """The room with this id, or None."""
        return self.rooms.get(room_id)

    # --- changes --------------------------------------------------------------------------------

    async def create(self, spec: CreateRoom) -> tuple[Room, str]:
        """Create a room with the creator in seat 0; returns the room and the creator's credential.

        Raises:
            RoomError: ``server_full`` (too many rooms), ``server_error`` (storage failed).
        """
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomError(ErrorCode.SERVER_FULL, "this server holds as many rooms as it may; try again later")
        credential = new_credential()
        seats = [SeatState("person") if s.kind == "person" else SeatState("computer", level=s.level)
                 for s in spec.seats]
        seats[0].name = spec.name
        seats[0].credential_hash = hash_credential(credential)
        now = time.time()
        room = Room(new_room_id(), seats, created=now, updated=now)
        async with room.lock:
            await self._store(room)
            self.rooms[room.id] = room
        return room, credential

    async def join(self, room: Room, name: str) -> tuple[Seat, str]:
        """Seat ``name`` at the lowest free person seat; returns the seat and its credential.

        Deals the first round when this was the last free seat.

        Raises:
            RoomError: ``room_full``; ``server_error`` (storage failed: nobody was seated).
        """
        async with room.lock:
            free = [i for i, s in enumerate(room.seats) if not s.taken]
            if not free:
                raise RoomError(ErrorCode.ROOM_FULL, "every seat of this room is taken")
            seat = free[0]
            credential = new_credential()
            room.seats[seat].name = name
            room.seats[seat].credential_hash = hash_credential(credential)
            if room.full:
                room.match = Match(room.players)
            try:
                await self._store(room)
            except RoomError:
                room.seats[seat].name = room.seats[seat].credential_hash = None
                room.match = None
                raise
            self._broadcast(room)
            computer.schedule(self, room)
        return seat, credential

    async def connect(self, room: Room, conn: Connection) -> None:
        """Add a connection (after its hello) and push it the state; a presence change is pushed to all."""
        async with room.lock:
            room.last_activity = time.time()
            if conn.seat is None:
                spectators = [c for c in room.connections if c.seat is None]
                if len(spectators) >= MAX_SPECTATORS:
                    conn.close(Close.TOO_MANY)
                    return
                room.connections.append(conn)
                conn.push(room.state_text(None), is_state=True)
                return
            same = [c for c in room.connections if c.seat == conn.seat]
            if len(same) >= MAX_CONNECTIONS_PER_SEAT:
                oldest = same[0]
                room.connections.remove(oldest)
                oldest.close(Close.REPLACED)
            room.connections.append(conn)
            if same:
                conn.push(room.state_text(conn.seat), is_state=True)
            else:
                self._broadcast(room)

    async def disconnect(self, room: Room, conn: Connection) -> None:
        """Remove a connection; when its seat has no other connection, push the presence change."""
        async with room.lock:
            room.last_activity = time.time()
            if conn not in room.connections:
                return
            room.connections.remove(conn)
            if conn.seat is not None and not self._closing and not room.is_connected(conn.seat):
                self._broadcast(room)

    async def act(self, room: Room, seat: Seat | None, version: int, action: Any,
                  received: float | None = None) -> None:
        """Apply ``seat``'s action (JSON form) made against ``version``, store it, push the state.

        ``received`` (``time.perf_counter()`` when the message was read) is only for metrics.

        Raises:
            RoomError: ``spectator``, ``not_started``, ``server_error``.
            Refusal: anything the rules refuse, a stale version included (nothing changed).
        """
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, "a spectator cannot act")
        timing = None if self.metrics is None or received is None else self.metrics.start(received)
        async with room.lock:
            await self.apply_locked(room, seat, version, action, timing)

    async def next_round(self, room: Room, seat: Seat | None, version: int) -> None:
        """Deal the next round (a seated person asks), store it, push the state.

        Raises:
            RoomError: ``spectator``, ``not_started``, ``server_error``.
            Refusal: ``round_not_over``, ``stale_version``.
        """
        if seat is None:
            raise RoomError(ErrorCode.SPECTATOR, "a spectator cannot start a round")
        async with room.lock:
            match = self._started(room)
            match.next_round(version=version)
            await self._commit(room)

    async def cleanup(self, now: float | None = None) -> list[str]:
        """Delete rooms idle longer than the TTL with no round in progress and nobody connected.

        Returns the deleted ids. A round in progress is never deleted.
        """
        now = time.time() if now is None else now
        ttl = self.settings.room_ttl_hours * 3600.0
        gone: list[str] = []
        for room in list(self.rooms.values()):
            async with room.lock:
                idle = now - max(room.updated, room.last_activity)
                if room.in_progress or room.connections or idle < ttl:
                    continue
                await self.storage.delete([room.id])
                self.rooms.pop(room.id, None)
                gone.append(room.id)
        return gone

    # --- inside the writer (the room's lock is held) -------------------------------------------------

    def _started(self, room: Room) -> Match:
        if room.match is None:
            raise RoomError(ErrorCode.NOT_STARTED, "the first round starts when every seat for a person is taken")
        return room.match

    async def apply_locked(self, room: Room, seat: Seat, version: int, action_json: Any,
                           timing: ActionTiming | None = None) -> None:
        """:meth:`act` for a caller that already holds ``room.lock`` (the computer loop).

        Raises:
            RoomError: ``not_started``, ``server_error``.
            Refusal: anything the rules refuse (nothing changed).
        """
        match = self._started(room)
        action = parse_action(action_json)
        match.apply(seat, action, version=version)
        if match.round.result is None:
            assert match.round.log is not None  # a match's round keeps its log
            await self._commit(room, timing, action=logged_action(match.round.log[-1]))
        else:  # the round ended: the room is written whole, with the round's record
            await self._commit(room, timing, finished=replays.finished_record(match))

    async def _commit(self, room: Room, timing: ActionTiming | None = None,
                      finished: dict[str, Any] | None = None, action: dict[str, Any] | None = None) -> None:
        """Store the changed match (restoring the stored one if that fails), then push and go on.

        ``action``: the change is this one action of the round in play, appended to what is
        stored; otherwise the room is written whole, with ``finished``, the record of the round
        the change ended.
        """
        try:
            if action is None:
                await self._store(room, finished)
            else:
                await self._append(room, action)
        except RoomError:
            previous = merge(room.stored_match, room.appended)
            room.match = None if previous is None else match_from_state(previous)
            raise
        if timing is not None:
            timing.mark_stored()
        self._broadcast(room, timing)
        computer.schedule(self, room)

    async def _store(self, room: Room, finished: dict[str, Any] | None = None) -> None:
        room.updated = time.time()
        record = room.record()
        try:
            await self.storage.save(record, finished)
        except Exception as exc:
            log.error("storing room %s failed: %s", room.id, exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the change could not be stored; it was not made") from None
        room.stored_match = record.match  # what a failed store later goes back to
        room.appended = []
        if finished is not None:
            room.rounds.append(finished)

    async def _append(self, room: Room, action: dict[str, Any]) -> None:
        assert room.match is not None
        version = room.match.version
        try:
            await self.storage.append(room.id, version, action)
        except Exception as exc:
            log.error("storing room %s failed: %s", room.id, exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the change could not be stored; it was not made") from None
        room.appended.append((version, action))

    def _broadcast(self, room: Room, timing: ActionTiming | None = None) -> None:
        """Push every connection its own state (one view per seat, computed and encoded once)."""
        pushed = 0
        room.texts = {}
        if room.connections:
            texts = room.texts = room.state_texts(list(dict.fromkeys(c.seat for c in room.connections)))
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
                text = room.state_text(conn.seat)
        conn.push(text, is_state=True)

    async def rounds(self, room: Room) -> dict[str, Any]:
        """The room's finished rounds in one line each (:func:`.replays.round_summary`), oldest
        first, as stored (under its lock): ``{"room", "rounds": [...]}``."""
        async with room.lock:
            records = list(room.rounds)
        return {"room": room.id, "rounds": [replays.round_summary(r) for r in records]}

    async def replay(self, room: Room, n: int | None) -> dict[str, Any]:
        """The replay data of round ``n`` (:func:`.replays.replay_body`), as stored (under its lock).

        Raises:
            ReplayError: ``round_in_progress``, ``round_not_found`` (:func:`.replays.find_record`).
        """
        async with room.lock:
            record = replays.find_record(room.rounds, room.match, n)
            return replays.replay_body(room.id, [s.to_json() for s in room.seats], record)

    async def summary(self, room: Room) -> dict[str, Any]:
        """The room's public summary as stored (under its lock)."""
        async with room.lock:
            return room.summary()
