"""One writer per room: lock, change, store, swap, publish, notify (docs/architecture.md, ideas
3, 4, 10); a refused change or a failed write leaves the value as it was and sends nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Protocol

from ...engine.follow import Act
from ..process.metrics import ActionTiming
from ..protocol import deltas
from ..protocol.codes import Close, ErrorCode
from ..protocol.wire import RoomSummary, RoundList, RoundRating, RoundReplay
from ..storage import RoomMoved, RoomStorage
from . import replays
from .batch import Queued, durable, to_store
from .changes import Step
from .connection import Connection, Connections
from .room import Room, RoomError, Seat
from .roomstate import Clock
from .roomtexts import RoomTexts

log = logging.getLogger("ziehdomino.rooms")


class Listener(Protocol):
    """Told of every change a writer made, after it was stored and pushed, and of its room let go."""

    def changed(self, writer: RoomWriter, step: Step | None) -> None:
        """``step`` None: the room was taken, resumed or let go here."""


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


def rated_in(steps: list[Step], i: int, n: int, rating: RoundRating | None) -> None:
    """Lay round ``n``'s rating as stored (the storage computes it) on step ``i`` of a batch and
    on the later ones that still show that round as the last finished."""
    for j in range(i, len(steps)):
        room = steps[j].room
        if not room.rounds or room.rounds[-1]["round"] != n:
            break
        steps[j] = steps[j]._replace(room=room.but(rating=rating))


class RoomWriter(RoomTexts):
    """The one writer of a room held by this process. ``room`` is the value as stored and
    announced; once ``deleted`` (ended) or ``gone`` (moved) nothing is stored or pushed.
    """

    def __init__(self, host: Host, room: Room) -> None:
        super().__init__(room)
        self.host = host
        self.lock = asyncio.Lock()
        self.connections = Connections()
        self.deleted = False
        self.gone = False
        self.last_change = time.time()
        #: The computer loop of this room and its wake-up (:mod:`.computer`).
        self.computer_task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        self.computer_until = float("inf")
        self._queue: list[Queued] = []  # changes waiting for the lock (:meth:`run`)

    @property
    def id(self) -> str:
        return self.room.id

    def seat_of(self, credential: str) -> Seat | None:
        """The seat this credential opens now, or None."""
        return self.room.seat_of(credential)

    def clock(self) -> Clock:
        return self.host.clock

    def check_alive(self, *, change: bool = False) -> None:
        """Refuse a room that ended or moved (``change``: count it as a late write).

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
        """:meth:`run_locked` under the room's lock, batched with the changes queued meanwhile
        (:mod:`.batch`)."""
        entry = Queued(change, timing)
        self._queue.append(entry)
        try:
            async with self.lock:
                if self._queue:
                    queue, self._queue = self._queue, []
                    await self._run_batch(queue)
        except asyncio.CancelledError:
            if entry in self._queue:
                self._queue.remove(entry)
            raise
        return entry.outcome()

    async def run_locked(self, change: Callable[[Room], Step | None],
                         timing: ActionTiming | None = None) -> Step | None:
        """Apply ``change`` (the lock held): store, swap, push, notify; the step, or None when
        there was nothing to do. Nothing changes when it raises.

        Raises:
            RoomError: ``room_not_found``, ``room_moved``, ``server_error``, or the change's own.
            Refusal: the rules refused the change.
        """
        entry = Queued(change, timing)
        await self._run_batch([entry])
        return entry.outcome()

    async def _run_batch(self, queue: list[Queued]) -> None:
        made = time.time()  # the changes' moment: the turn clock of their state is read as of then
        room, done = self.room, []
        try:
            for entry in queue:
                try:
                    self.check_alive(change=True)
                    step = entry.change(room)
                except Exception as exc:  # a refusal: this change is not made, the batch goes on
                    entry.fail(exc)
                    continue
                if step is None:
                    entry.succeed(None)
                    continue
                done.append((entry, step))
                room = step.room
                if step.write is not None and step.write.kind == "delete":
                    break  # what queued after it finds the room ended
            steps = [s for _, s in done]
            held, error = await self._store_all(steps)
            if held:
                self._apply([e.timing for e, _ in done[:held]], steps[:held], made)
            for entry, step in done[:held]:
                entry.succeed(step)
            for entry, _ in done[held:]:
                entry.fail(error or RoomError(ErrorCode.SERVER_ERROR, "the change was not made"))
        finally:  # what is left unanswered (the room ended, or this task was cancelled)
            for entry in queue:
                if not entry.done:
                    entry.fail(RoomError(ErrorCode.ROOM_NOT_FOUND, "this room has ended")
                               if self.deleted else RoomError(ErrorCode.SERVER_ERROR, "not made"))

    async def _store_all(self, steps: list[Step]) -> tuple[int, RoomError | None]:
        """Store the writes of ``steps`` in order; how many first steps hold, and the error (or None)."""
        stored = to_store(steps)
        for i, step in enumerate(steps):
            if not stored[i]:
                continue
            assert step.write is not None
            try:
                rating = await self._store(step)
            except RoomError as exc:
                if not step.write.best_effort:
                    return durable(steps, stored, i), exc
                continue
            if step.write.finished is not None:
                rated_in(steps, i, step.write.finished["round"], rating)
        return len(steps), None

    def _apply(self, timings: list[ActionTiming | None], steps: list[Step], made: float) -> None:
        """Swap the stored steps' value in, push what they owe, tell the listeners."""
        last = steps[-1]
        if last.write is not None and last.write.kind == "delete":
            self._end(last)
            return
        # the state last made shows the value before: the act alone can be told
        told = last.act if len(steps) == 1 and self.parts is not None and self._is_current() else None
        self.room = last.room
        self.last_change = time.time()
        for timing in timings:
            if timing is not None:
                timing.mark_stored()
        self._publish(steps, timings, made, told)
        for step in steps:
            self.notify(step)

    def notify(self, step: Step | None) -> None:
        """Tell every listener of ``step`` (None: the room was taken, resumed or let go here)."""
        for listener in self.host.listeners:
            listener.changed(self, step)

    async def _store(self, step: Step) -> RoundRating | None:
        """Store ``step``'s write; a finished round's rating as stored."""
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
                return await storage.save(room.record(time.time()), write.finished, write.rated)
            else:
                await storage.delete([room.id])
        except RoomMoved:
            self.host.moved(self)
            raise RoomError(ErrorCode.ROOM_MOVED, "another server process holds this room; reconnect") from None
        except Exception as exc:
            log.error("storing room %s failed: %r", room.id, exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the change could not be stored; it was not made") from None
        return None

    def _publish(self, steps: list[Step], timings: list[ActionTiming | None], made: float,
                 act: Act | None = None) -> None:
        """Push what the steps owe: closes, each connection's state once, the history."""
        push = history = False
        for step in steps:
            push, history = push or step.push, history or step.history
            if step.close_seat is not None:
                for c in [c for c in self.connections if c.seat == step.close_seat]:
                    self.connections.remove(c)
                    c.close(Close.LEFT)
            if step.close_heir is not None:  # the claim lapsed: its credential opens nothing now
                for c in [c for c in self.connections if c.heir == step.close_heir]:
                    self.connections.remove(c)
                    c.close(Close.BAD_CREDENTIAL)
        if push:
            # the push is timed for the batch's first timed change; the others end with it
            timed = [t for t in timings if t is not None]
            self.broadcast(timed[0] if timed else None, made, act)
            for timing in timed[1:]:
                timing.mark_pushed(0)
        if history and self.connections:
            # a delta client works the round's line out itself (:func:`.deltas.round_of`)
            text = None
            for c in self.connections:
                if not c.deltas:
                    text = text or self.history_text()
                    c.push(text)

    def broadcast(self, timing: ActionTiming | None = None, made: float | None = None,
                  act: Act | None = None) -> None:
        """Push every connection the new state, a delta where it holds the state before, each
        text made once. The clock is read as of ``made`` (unix s; None: now), so a turn just
        begun shows its whole time; with ``act`` the delta is made from the act alone."""
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
        """Add ``conn`` after its hello; False when refused and closed (4429, 4401). Beyond
        ``max_per_seat`` a seat's oldest connection is closed (4409)."""
        if conn.key is not None:
            conn.seat, conn.heir = self.room.held_with(conn.key)
            if conn.seat is None and conn.heir is None:
                conn.close(Close.BAD_CREDENTIAL)
                return False
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
        """Push one connection a fresh state (``full``: asked for, with the history); a delta
        client holding the newest gets nothing. Sent without the lock, so a flood of refusals
        does not queue on the writer."""
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
