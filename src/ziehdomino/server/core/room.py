"""A room as a value: seats, own state, match and finished rounds. Never changed in place
(:mod:`.changes` builds the next one); connections, lock and timers belong to the process that
holds it (:class:`.writer.Table`). A seated person is present while ``state.away_since`` is
None for their seat.
"""

from __future__ import annotations

import hmac
from typing import Any, Literal, NamedTuple

from ...constants import Level
from ...engine import Match, match_from_state, match_to_state
from ...engine.replay import RoundRecord
from ..protocol.codes import ErrorCode
from ..protocol.wire import PendingDeal, RoomSummary, RoundRating, RoundSummary, SeatInfo, TurnClock
from ..storage import RoomRecord
from ..storage.record import StoredSeat
from . import replays
from .credentials import hash_credential, person_tag
from .roomstate import Clock, RoomState

Seat = int


class Seated(NamedTuple):
    """A person seated by a join: the seat, its credential (handed out once) and the commitment
    its contribution went to (None: none did)."""

    seat: Seat
    credential: str
    commitment: str | None = None


class RoomError(Exception):
    """A request the server refuses for its own reasons (not the rules'): an error ``code`` of
    :mod:`..protocol.codes` and an English ``message``."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SeatState(NamedTuple):
    """One seat; ``credential_hash`` is None while free or ``left`` (a computer plays it). At an
    open table it keeps hashes of the holder key and address, and an ``heir``'s claim for the
    next round (docs/protocol.md, "Open tables"). No hash is ever sent to a client.
    """

    kind: Literal["person", "computer"]
    level: Level | None = None
    name: str | None = None
    credential_hash: str | None = None
    left: bool = False
    heir: str | None = None
    heir_hash: str | None = None
    since: int | None = None
    holder: str | None = None
    address: str | None = None
    heir_holder: str | None = None
    heir_address: str | None = None

    @property
    def taken(self) -> bool:
        """A computer seat is always taken; a person's once someone joined (and stays so after leaving)."""
        return self.kind == "computer" or self.credential_hash is not None or self.left

    @property
    def played_by_computer(self) -> bool:
        """A computer seat, or a person's seat that was left."""
        return self.kind == "computer" or self.left

    def to_json(self) -> StoredSeat:
        """The stored form."""
        return {"kind": self.kind, "level": self.level, "name": self.name, "credential_hash": self.credential_hash,
                "left": self.left, "heir": self.heir, "heir_hash": self.heir_hash, "since": self.since,
                "holder": self.holder, "address": self.address, "heir_holder": self.heir_holder,
                "heir_address": self.heir_address}

    @classmethod
    def from_json(cls, data: StoredSeat) -> SeatState:
        """Read :meth:`to_json`'s form.

        Raises:
            KeyError: no ``kind``.
        """
        return cls(data["kind"], data.get("level"), data.get("name"), data.get("credential_hash"),
                   bool(data.get("left", False)), data.get("heir"), data.get("heir_hash"), data.get("since"),
                   data.get("holder"), data.get("address"), data.get("heir_holder"), data.get("heir_address"))

    def claimed_by(self, holder: str) -> bool:
        """The seat's person (seated, not left) or its heir is the browser whose holder hash this is."""
        return (self.holder == holder and self.credential_hash is not None and not self.left) or self.heir_holder == holder


class Room(NamedTuple):
    """A table's value; ``match`` None before the first round, ``rounds`` the finished rounds'
    records (docs/replay.md) with one ``history`` line each; ``rating`` the last finished round's
    rating as stored (None: not rated, or not stored yet).
    """

    id: str
    seats: tuple[SeatState, ...]
    state: RoomState
    created: float
    match: Match | None = None
    rounds: tuple[RoundRecord, ...] = ()
    history: tuple[RoundSummary, ...] = ()
    rating: RoundRating | None = None

    def but(self, **changes: Any) -> Room:
        """This room with the fields named changed (a new value)."""
        return self._replace(**changes)

    def with_seat(self, seat: Seat, **changes: Any) -> Room:
        """This room with ``seat``'s fields named changed (a new value)."""
        seats = list(self.seats)
        seats[seat] = seats[seat]._replace(**changes)
        return self._replace(seats=tuple(seats))

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

    @property
    def between_rounds(self) -> bool:
        """A round was played to its end and the next one is not dealt yet."""
        return self.match is not None and self.match.round.result is not None

    @property
    def turn(self) -> Seat | None:
        """The seat to act in a round being played, else None."""
        m = self.match
        return None if m is None or m.round.result is not None else m.round.turn

    def seat_of(self, credential: str) -> Seat | None:
        """The seat this credential opens, or None (constant time over all seats)."""
        return self._matching(credential, [s.credential_hash for s in self.seats])

    def heir_of(self, credential: str) -> Seat | None:
        """The seat this credential will open once its heir took it at the next round, or None."""
        return self._matching(credential, [s.heir_hash for s in self.seats])

    def held_with(self, digest: str) -> tuple[Seat | None, Seat | None]:
        """``(seat, claimed seat)`` whose credential hashes to ``digest``, None each."""
        seat = next((i for i, s in enumerate(self.seats) if s.credential_hash == digest), None)
        claim = None if seat is not None else next((i for i, s in enumerate(self.seats) if s.heir_hash == digest), None)
        return seat, claim

    @staticmethod
    def _matching(credential: str, hashes: list[str | None]) -> Seat | None:
        """The index of the hash ``credential`` hashes to, or None, in constant time over all."""
        digest = hash_credential(credential)
        found: Seat | None = None
        for i, h in enumerate(hashes):
            if hmac.compare_digest(digest, h or "") and h:
                found = i
        return found

    def is_present(self, seat: Seat) -> bool:
        """A computer is always present; a person while seated, not left and not away."""
        s = self.seats[seat]
        if s.kind == "computer":
            return True
        return s.credential_hash is not None and not s.left and self.state.away_since[seat] is None

    def seated(self, seat: Seat) -> bool:
        """A person sits at ``seat`` (taken, not left)."""
        s = self.seats[seat]
        return s.kind == "person" and s.credential_hash is not None and not s.left

    def persons(self) -> list[Seat]:
        """The person seats that someone took (left ones included)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "person" and s.taken]

    def holds(self, holder: str) -> bool:
        """A browser with this holder hash has a seat (not left) or a claim at this table."""
        return any(s.claimed_by(holder) for s in self.seats)

    def all_here(self) -> bool:
        """Every person seated here (not left) has a connection open."""
        return all(self.is_present(i) for i, s in enumerate(self.seats)
                   if s.kind == "person" and s.credential_hash is not None and not s.left)

    def away_past_grace(self, seat: Seat, clock: Clock, now: float) -> bool:
        """The person at ``seat`` has been away for the grace: a computer stands in for them."""
        s, since = self.seats[seat], self.state.away_since[seat]
        return (s.kind == "person" and s.credential_hash is not None and not s.left and since is not None
                and now - since >= clock.grace_seconds(self.state.turn_time))

    def takeover(self, clock: Clock, now: float) -> list[Seat]:
        """The seats a newcomer may claim at an open table in play, in order (docs/rules.md,
        "Open tables"); empty for a private room."""
        if not (self.state.public and self.started):
            return []
        free = [i for i, s in enumerate(self.seats) if s.heir is None]
        return [i for i in free if self.seats[i].played_by_computer] + \
            [i for i in free if self.away_past_grace(i, clock, now)]

    def deadline(self, clock: Clock) -> float | None:
        """When a computer plays the turn of the person to act (unix s), or None."""
        seat = self.turn
        if seat is None or self.seats[seat].played_by_computer:
            return None
        return clock.deadline(self.state, seat, self.is_present(seat))

    def all_ready(self) -> bool:
        """Every person at the table asked for the next round (away or left count as ready),
        and someone is at the table (a restart never deals for computers alone)."""
        persons = self.persons()
        ready = self.state.ready
        asked = any(ready[i] and self.is_present(i) for i in persons)
        return asked and all(ready[i] or not self.is_present(i) for i in persons)

    def abandoned(self, now: float, abandon_seconds: float) -> bool:
        """Every person left, or every one still seated has been away for ``abandon_seconds``."""
        for i in self.persons():
            if self.seats[i].left:
                continue
            since = self.state.away_since[i]
            if since is None or now - since < abandon_seconds:
                return False
        return True

    def seat_infos(self, clock: Clock, now: float) -> list[SeatInfo]:
        """SEATINFO per seat (docs/protocol.md)."""
        turn = self.turn
        deadline = None if turn is None else self.deadline(clock)
        overdue = deadline is not None and deadline <= now  # the person to act ran out of time
        ready = self.state.ready
        infos: list[SeatInfo] = []
        for i, s in enumerate(self.seats):
            person = s.kind == "person"
            connected = self.is_present(i)
            stand_in = person and s.taken and (s.left or (turn is not None and (not connected or (i == turn and overdue))))
            digest = s.holder or s.credential_hash
            tag = person_tag(self.id, digest) if person and digest and not s.left else None
            infos.append({"seat": i, "kind": s.kind, "level": s.level, "name": s.name, "taken": s.taken,
                          "connected": connected, "left": s.left, "stand_in": stand_in, "ready": ready[i],
                          "heir": s.heir, "since": s.since, "person": tag})
        return infos

    @property
    def match_winner(self) -> Seat | None:
        """The seat that won the match with the round just finished, or None."""
        return None if self.match is None else self.match.winner(self.state.target)

    def room_extra(self, deadline: float | None, now: float) -> dict[str, Any]:
        """ROOMINFO's fields but seats, ``fair`` and ``you``; ``deadline`` is :meth:`deadline`."""
        seat = self.turn
        tick: TurnClock | None = None
        if seat is not None and self.seats[seat].kind == "person":
            if self.seats[seat].left:
                tick = {"seat": seat, "ms": 0, "stand_in": True}
            else:
                if deadline is not None:
                    tick = {"seat": seat, "ms": max(0, round((deadline - now) * 1000)), "stand_in": deadline <= now}
        wait = self.state.wait_until
        return {"turn_time": self.state.turn_time, "clock": tick, "target": self.state.target,
                "match_winner": self.match_winner, "public": self.state.public,
                "wait_ms": None if wait is None else max(0, round((wait - now) * 1000)),
                "fair": self.pending_deal(), "rated": self.state.rated,
                "rating": self.rating if self.between_rounds else None}

    def pending_deal(self) -> PendingDeal:
        """ROOMINFO's ``fair`` (docs/fair.md); never the seed."""
        state = self.state
        return {"commitment": state.pending_commitment(), "contributed": [bool(c) for c in state.contributions]}

    def summary(self, clock: Clock, now: float) -> RoomSummary:
        """The public summary of ``GET /api/rooms/{id}``."""
        return {"room": self.id, "seats": self.seat_infos(clock, now), "started": self.started, "full": self.full,
                "turn_time": self.state.turn_time, "target": self.state.target,
                "public": self.state.public, "round": None if self.match is None else self.match.round_number,
                "in_progress": self.in_progress, "commitment": self.state.pending_commitment()}

    def record(self, updated: float) -> RoomRecord:
        """The row to store whole, written at ``updated`` (unix s)."""
        return RoomRecord(self.id, self.created, updated, [s.to_json() for s in self.seats],
                          None if self.match is None else match_to_state(self.match), self.in_progress,
                          room=self.state.to_json())

    @classmethod
    def from_record(cls, rec: RoomRecord, now: float) -> Room:
        """Rebuild a stored room (its round replayed through the rules). Presence is not
        stored: the connected are away from ``now``; stored times are kept.

        Raises:
            PositionError, KeyError, TypeError, ValueError: the row is not a room this server wrote.
        """
        seats = tuple(SeatState.from_json(s) for s in rec.seats)
        match = None if rec.match is None else match_from_state(rec.match)
        state = RoomState.from_json(rec.room, len(seats))
        for i, s in enumerate(seats):
            if s.kind == "person" and s.taken and not s.left and state.away_since[i] is None:
                state = state.away(i, now)
            elif state.public and match is None and (since := state.away_since[i]) is not None and since < now:
                state = state.away(i, now)  # a waiting open table: its seats had no time to come back
            if (since := state.unopened_since(i)) is not None and since < now:
                state = state.opening(i, now)
            elif s.heir is not None and since is None:  # its heir was there: away from now, as a person
                state = state.opening(i, now)
        if match is not None and match.round.result is None and state.turn_started is None:
            state = state._replace(turn_started=now)  # a row from before the turn clock
        checked = replays.checked_records(rec.id, rec.rounds)
        return cls(rec.id, seats, state, rec.created, match, tuple(r for r, _ in checked),
                   tuple(summary for _, summary in checked), rec.ratings.get(match.round_number) if match else None)
