"""A room's state as the texts its connections are sent, made once per room value and kept as
the base of the next delta, with the seats' JSON, deadline and ``history`` cached."""

from __future__ import annotations

import time

import orjson

from ..protocol import messages
from ..protocol.wire import RoundSummary
from .room import Room, Seat
from .roomstate import Clock

#: Seconds a state's turn clock stays good for a connection that gets the state whole.
CLOCK_FRESH = 1.0


class RoomTexts:
    """The state texts of the room value ``room`` (the writer swaps a new value in)."""

    def __init__(self, room: Room) -> None:
        self.room = room
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
        #: The finished rounds the ``history`` message was made of, and that message.
        self._history: tuple[tuple[RoundSummary, ...], str] | None = None

    def clock(self) -> Clock:
        """The turn clock's source (the writer's host's)."""
        raise NotImplementedError

    def current(self) -> messages.StateParts:
        """The room's state as last pushed, made now if the room's value changed since."""
        parts = self.parts
        if parts is None or not self._is_current():
            parts = self._next_parts()
        return parts

    def whole(self) -> messages.StateParts:
        """The state for a connection that gets it whole now: :meth:`current`, with the clock
        read again when older than :data:`CLOCK_FRESH` (the client counts ``ms`` down from
        arrival)."""
        parts = self.current()
        if parts.room.get("clock") is None:
            return parts
        now = time.time()
        if now - self._parts_at <= CLOCK_FRESH:
            return parts
        return self._parts(now, parts.seq)

    def _is_current(self) -> bool:
        """Whether the state last made shows the room's value (by identity) at the same match version."""
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
        room, clock = self.room, self.clock()
        deadline = self.deadline()
        return self.encoder.parts(room.id, self._seats_json(room, clock, deadline, now), room.match,
                                  room_extra=room.room_extra(deadline, now), stand_ins=list(room.state.stand_ins),
                                  seq=seq)

    def state_texts(self, viewers: list[Seat | None]) -> dict[Seat | None, str]:
        """The ``state`` message per viewer (None: a spectator) as JSON text."""
        parts = self.current()
        return {s: parts.text(s) for s in viewers}

    def deadline(self) -> float | None:
        """:meth:`.room.Room.deadline`, computed once per value."""
        room = self.room
        if self._deadline_of is not room:
            self._deadline_of, self._deadline = room, room.deadline(self.clock())
        return self._deadline

    def _seats_json(self, room: Room, clock: Clock, deadline: float | None, now: float) -> orjson.Fragment:
        """:meth:`.room.Room.seat_infos` as JSON, kept while its inputs stay (the same bytes give
        the kept object back: a delta compares it by identity)."""
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
        """The ``history`` message as JSON text, encoded once per history tuple (by identity)."""
        history = self.room.history
        kept = self._history
        if kept is None or kept[0] is not history:
            kept = self._history = (history, messages.history_text(list(history)))
        return kept[1]
