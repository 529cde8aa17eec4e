"""One writer per room: lock, change, store, swap, publish, notify (docs/architecture.md, ideas 3, 4, 10).

Every change to a room runs through its :class:`RoomWriter`, one at a time under the room's
lock: the change (:mod:`.changes`) computes the next value and the write it needs, the writer
stores that write, and only once it is committed swaps the value in, pushes every connection
its new state and tells its listeners (the computer players, the lobby, ...). A change that is
refused or whose write fails leaves the room's value as it was, and nothing is sent.

A writer also holds what a room is in this process beyond its value: its connections, the state
texts last pushed (so that a refusal is answered without the lock), and whether it ended or
moved to another process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Protocol

import orjson

from . import deltas, messages, replays
from ..engine.follow import Act
from .changes import Step
from .codes import Close, ErrorCode
from .connection import Connection, Connections
from .metrics import ActionTiming
from .room import Room, RoomError, Seat
from .roomstate import Clock
from .storage import RoomMoved, RoomStorage
from .wire import RoomSummary, RoundList, RoundReplay

log = logging.getLogger("ziehdomino.rooms")

#: Seconds a state's turn clock stays good for a connection that gets the state whole: read
#: longer ago, it is read again for that connection (:meth:`RoomWriter.whole`).
CLOCK_FRESH = 1.0


class Listener(Protocol):
    """Told of every change a writer made, after it was stored and pushed."""

    def changed(self, writer: RoomWriter, step: Step | None) -> None:
        """``step``: the change (None: the room was taken or resumed here, nothing changed)."""


class Host(Protocol):
    """What a writer needs from the process that holds its room."""

    storage: RoomStorage
    clock: Clock
    listeners: list[Listener]

    def moved(self, writer: RoomWriter) -> None:
        """A write found the room held by another process: forget it here (its lock is held)."""

    def ended(self, writer: RoomWriter) -> None:
        """The room ended and was deleted: forget it here."""

    def late_write(self) -> None:
        """Count a change refused because its room had moved away."""


class RoomWriter:
    """The one writer of a room held by this process.

    Attributes:
        room: the room's value as stored and announced.
        lock: held by every change, and by a computer while it decides against a version.
        connections: the open WebSockets of its seats and spectators.
        deleted: the room ended: every later change is refused, nothing stores it again.
        gone: the room moved to another process: nothing may be stored or pushed.
        last_change: when the last change was stored (unix s); a computer acts a delay after it.
    """

    def __init__(self, host: Host, room: Room) -> None:
        self.host = host
        self.room = room
        self.lock = asyncio.Lock()
        self.connections = Connections()
        self.deleted = False
        self.gone = False
        self.last_change = time.time()
        #: The state last pushed (or asked for), its number, and the room value it shows.
        self.parts: messages.StateParts | None = None
        self.seq = 0
        self._parts_of: tuple[Room, int | None] | None = None
        self._parts_at = 0.0  # the moment (unix s) as of which the state last made was read
        self.encoder = messages.StateEncoder()
        #: The seats' JSON and what it was made of (:meth:`_seats_json`).
        self._seats_kept: tuple[object, object, object, bool, Seat | None, orjson.Fragment, bytes] | None = None
        #: The room value whose deadline :meth:`deadline` holds, and that deadline.
        self._deadline_of: Room | None = None
        self._deadline: float | None = None
        #: The computer loop of this room and its wake-up (:mod:`.computer`).
        self.computer_task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        self.computer_until = float("inf")

    @property
    def id(self) -> str:
        return self.room.id

    def seat_of(self, credential: str) -> Seat | None:
        """The seat this credential opens now, or None."""
        return self.room.seat_of(credential)

    def check_alive(self, *, change: bool = False) -> None:
        """Refuse a room that ended or moved (``change``: count a refused change as a late write).

        Raises:
            RoomError: ``room_not_found``, ``room_moved``.
        """
        if self.deleted:
            raise RoomError(ErrorCode.ROOM_NOT_FOUND, "this room has ended")
        if self.gone:
            if change:
                self.host.late_write()
            raise RoomError(ErrorCode.ROOM_MOVED, "another server process holds this room; reconnect")

    async def run(self, change: Callable[[Room], Step | None], timing: ActionTiming | None = None) -> Step | None:
        """:meth:`run_locked` under the room's lock."""
        async with self.lock:
            return await self.run_locked(change, timing)

    async def run_locked(self, change: Callable[[Room], Step | None],
                         timing: ActionTiming | None = None) -> Step | None:
        """Apply ``change`` to the room (its lock held): store the step's write, swap the value
        in, push, notify. Returns the step (None: the change found nothing to do).

        Raises:
            RoomError: ``room_not_found``, ``room_moved``, ``server_error`` (the write failed:
                nothing changed), or the change's own refusal.
            Refusal: the rules refused the change (nothing changed).
        """
        self.check_alive(change=True)
        made = time.time()  # the change's moment: the turn clock of its state is read as of then
        step = change(self.room)
        if step is None:
            return None
        if step.write is not None:
            try:
                await self._store(step)
            except RoomError:
                if not step.write.best_effort:
                    raise
        if step.write is not None and step.write.kind == "delete":
            self._end(step)
            return step
        # the state last made shows the value this change was made on: its act can be told
        told = step.act if self.parts is not None and self._is_current() else None
        self.room = step.room
        self.last_change = time.time()
        if timing is not None:
            timing.mark_stored()
        self._publish(step, timing, made, told)
        self.notify(step)
        return step

    def notify(self, step: Step | None) -> None:
        """Tell every listener of ``step`` (None: the room was taken or resumed here)."""
        for listener in self.host.listeners:
            listener.changed(self, step)

    async def _store(self, step: Step) -> None:
        write = step.write
        assert write is not None
        storage = self.host.storage
        room = step.room
        try:
            if write.kind == "append":
                assert room.match is not None and write.action is not None
                await storage.append(room.id, room.match.version, write.action, write.fields)
            elif write.kind == "state":
                await storage.save_state(room.id, time.time(), room.state.to_json())
            elif write.kind == "whole":
                await storage.save(room.record(time.time()), write.finished)
            else:
                await storage.delete([room.id])
        except RoomMoved:
            self.host.moved(self)
            raise RoomError(ErrorCode.ROOM_MOVED, "another server process holds this room; reconnect") from None
        except Exception as exc:
            log.error("storing room %s failed: %r", room.id, exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the change could not be stored; it was not made") from None

    def _publish(self, step: Step, timing: ActionTiming | None, made: float, act: Act | None = None) -> None:
        """Push what the step owes: every connection its state (its turn clock as of ``made``,
        the change's moment; ``act``: the step's act, when the state last made is the one it
        was made on), the history, closes."""
        if step.close_seat is not None:
            for c in [c for c in self.connections if c.seat == step.close_seat]:
                self.connections.remove(c)
                c.close(Close.LEFT)
        if step.push:
            self.broadcast(timing, made, act)
        if step.history and self.connections:
            # a round was added; a client that takes deltas works its line out of the round's
            # end (:func:`.deltas.round_of`) and is sent nothing
            text = None
            for c in self.connections:
                if not c.deltas:
                    text = text or self.history_text()
                    c.push(text)

    def broadcast(self, timing: ActionTiming | None = None, made: float | None = None,
                  act: Act | None = None) -> None:
        """Push every connection the room's new state: a connection that asked for deltas and
        holds the state before gets the delta (:mod:`.deltas`), every other one the full state.
        The state and each viewer's text are computed once, whatever the number of connections.
        ``made``: the moment of the change it shows (unix s; None: now), as of which the turn
        clock is read, so that a turn just begun shows its whole time (the store before the push
        takes a few milliseconds) and a delta need not send it. ``act``: the new state is the
        one before after this act (:attr:`.changes.Step.act`): the delta is made from it
        (:func:`.deltas.act_parts`), and the new state's view only if a connection needs it whole."""
        pushed = 0
        old, new = self.parts, self._next_parts(made)
        changes: deltas.DeltaParts | None = None
        computed = False  # whether the delta was computed (once, and only if a connection takes it)
        for c in self.connections:
            text = None
            if c.deltas and old is not None and c.seq == old.seq:
                if not computed:
                    changes = deltas.delta_parts(old, new) if act is None else deltas.act_parts(old, new, act)
                    computed = True
                if changes is not None:
                    text = changes.text(c.seat)
            pushed += c.push_state(new.seq, text, new.text, timing)
        if timing is not None:
            timing.mark_pushed(pushed)

    def current(self) -> messages.StateParts:
        """The room's state as last pushed (numbered ``seq``), made now if the room's value
        changed since (or nothing was pushed yet); then connections that hold an older one get
        the full state next."""
        parts = self.parts
        if parts is None or not self._is_current():
            parts = self._next_parts()
        return parts

    def whole(self) -> messages.StateParts:
        """The room's state for a connection that gets it whole now (its hello, a sync, after an
        error): :meth:`current`, or, when the turn clock in it was read more than
        :data:`CLOCK_FRESH` seconds ago, the same state (the same ``seq``) with the clock read
        now: its ``ms`` counts down in the client from the moment it arrives, so a state made
        at the turn's start would show a page opened later the whole time again. The state
        last made stays the base of the next delta."""
        parts = self.current()
        if parts.room.get("clock") is None:
            return parts
        now = time.time()
        if now - self._parts_at <= CLOCK_FRESH:
            return parts
        return self._parts(now, parts.seq)

    def _is_current(self) -> bool:
        """Whether the state last made shows the room's value as it is: the same value (by
        identity), its match at the same version (a match is changed in place only by tests,
        but a state must never outlive what it shows)."""
        kept, room = self._parts_of, self.room
        return kept is not None and kept[0] is room and kept[1] == (None if room.match is None else room.match.version)

    def _next_parts(self, made: float | None = None) -> messages.StateParts:
        now = time.time() if made is None else made
        self.seq += 1
        parts, room = self._parts(now, self.seq), self.room
        self.parts, self._parts_of = parts, (room, None if room.match is None else room.match.version)
        self._parts_at = now
        return parts

    def _parts(self, now: float, seq: int) -> messages.StateParts:
        """The room's state numbered ``seq``, its turn clock read as of ``now`` (unix s)."""
        room, clock = self.room, self.host.clock
        deadline = self.deadline()
        return self.encoder.parts(room.id, self._seats_json(room, clock, deadline, now), room.match,
                                  room_extra=room.room_extra(deadline, now), stand_ins=list(room.state.stand_ins),
                                  seq=seq)

    def state_texts(self, viewers: list[Seat | None]) -> dict[Seat | None, str]:
        """The ``state`` message per viewer (None: a spectator) of the room's current state, as
        JSON text (:mod:`.messages`)."""
        parts = self.current()
        return {s: parts.text(s) for s in viewers}

    def deadline(self) -> float | None:
        """:meth:`.room.Room.deadline` of the room as it is now, computed once per value (the
        state texts, the seats' JSON and the computer players all ask)."""
        room = self.room
        if self._deadline_of is not room:
            self._deadline_of, self._deadline = room, room.deadline(self.host.clock)
        return self._deadline

    def _seats_json(self, room: Room, clock: Clock, deadline: float | None, now: float) -> orjson.Fragment:
        """:meth:`.room.Room.seat_infos` as JSON, kept while what they are made of stays: the
        seats, the presence and ready marks (the same objects while unchanged: a room's next
        value shares them), whether a round is played, and which seat (if any) ran out of time.
        Most actions change none of these. Made again with the same bytes (a round's end, say),
        the kept one is returned: a delta compares it by identity and sends no unchanged seats."""
        turn = room.turn
        overdue = turn if deadline is not None and deadline <= now else None
        state = room.state
        kept = self._seats_kept
        if (kept is not None and kept[0] is room.seats and kept[1] is state.away_since and kept[2] is state.ready
                and kept[3] == (turn is None) and kept[4] == overdue):
            return kept[5]
        raw = orjson.dumps(room.seat_infos(clock, now))
        text = kept[5] if kept is not None and kept[6] == raw else orjson.Fragment(raw)
        self._seats_kept = (room.seats, state.away_since, state.ready, turn is None, overdue, text, raw)
        return text

    def state_text(self, seat: Seat | None) -> str:
        """The ``state`` message for one viewer."""
        return self.current().text(seat)

    def history_text(self) -> str:
        """The ``history`` message: every finished round of the room, oldest first."""
        return messages.history_text(list(self.room.history))

    def _end(self, step: Step) -> None:
        """The room was deleted: close every connection (4410 to a seat that left, else 4404)."""
        self.deleted = True
        self.host.ended(self)
        for c in self.connections:
            c.close(Close.LEFT if step.close_seat is not None and c.seat == step.close_seat else Close.UNKNOWN_ROOM)
        self.connections.clear()
        self.stop_computer()

    def stop_computer(self) -> None:
        """Cancel the room's computer loop unless it is the caller."""
        self.wake.set()
        task = self.computer_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    def drop(self) -> None:
        """Forget the room here (it moved to another process): close its sockets (4503)."""
        self.gone = True
        self.stop_computer()
        for c in self.connections:
            c.close(Close.ROOM_MOVED)
        self.connections.clear()

    def add_connection(self, conn: Connection, max_per_seat: int, max_spectators: int) -> bool:
        """Add ``conn`` (after its hello); False when it was refused and closed (4429: too many
        spectators). A seat's newest connection beyond ``max_per_seat`` closes its oldest (4409)."""
        if conn.seat is None:
            if sum(1 for c in self.connections if c.seat is None) >= max_spectators:
                conn.close(Close.TOO_MANY)
                return False
        else:
            same = [c for c in self.connections if c.seat == conn.seat]
            if len(same) >= max_per_seat:
                self.connections.remove(same[0])
                same[0].close(Close.REPLACED)
        self.connections.append(conn)
        return True

    # --- reads, as stored and announced ------------------------------------------------------------

    async def resend_state(self, conn: Connection, *, full: bool = False) -> None:
        """Push one connection a fresh state (after an error; ``full``: the client asked for it).
        A connection that takes deltas and holds the newest state already gets nothing (unless
        ``full``, which also sends the whole history). The state last pushed is sent again without taking the lock (a flood of
        refusals must not queue on the writer); only a room with none yet waits for the lock."""
        parts = self.parts
        if parts is None or not self._is_current():
            async with self.lock:
                parts = self.whole()
        elif conn.deltas and conn.seq == parts.seq and not full:
            return
        else:
            parts = self.whole()
        conn.push_state(parts.seq, None, parts.text)
        if full:
            conn.push(self.history_text())

    def summary(self) -> RoomSummary:
        """The public summary of ``GET /api/rooms/{id}``.

        Raises:
            RoomError: ``room_not_found`` (the room ended meanwhile).
        """
        self.check_alive()
        return self.room.summary(self.host.clock, time.time())

    def round_list(self) -> RoundList:
        """The room's finished rounds in one line each, oldest first."""
        return {"room": self.id, "rounds": list(self.room.history)}

    def replay(self, n: int | None) -> RoundReplay:
        """The replay data of round ``n`` (:func:`.replays.replay_body`).

        Raises:
            ReplayError: ``round_in_progress``, ``round_not_found`` (:func:`.replays.find_record`).
        """
        room = self.room
        record = replays.find_record(list(room.rounds), room.match, n)
        return replays.replay_body(room.id, [s.to_json() for s in room.seats], record)
