"""What a room keeps beyond its seats and its match: the turn clock, presence, leaving and the
ready step (docs/protocol.md, "Turn time, stand-ins, leaving").

Nobody stalls a table. A room has a time per turn (30, 60 or 120 seconds, or none), chosen when
it is opened. The seat to act has a *deadline*; once it has passed, a computer (level Mittel)
plays that seat's turn through the same path as a computer seat, from that seat's view:

- a person who is there has the turn time, counted from when the turn came to them (drawing
  keeps the turn and does not restart it);
- a person who is away (no open connection) has the grace -- 20 s, or the turn time if that is
  shorter, or 2 min when the room has no turn time -- counted from when the turn came to them
  or from when they went away, whichever is later, and never past the turn time;
- a person who left the room for good (``SeatState.left``) is played like a computer seat from
  then on.

"One turn" is everything until the turn passes to the next seat (draws and the play or pass
after them). Every value here is stored with the room before anything is announced, so a
restart resumes the clock: a deadline that passed while the server was down is acted on at
start. Presence itself is not stored -- after a restart every person is away until they
reconnect -- but the moment a person went away is (``away_since``), so the grace and the
abandon time run on across restarts.

All times are unix seconds (``time.time()``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...constants import DEFAULT_TURN_TIME, MATCH_TARGETS, TURN_TIMES, MatchTarget, TurnTime
from ...engine.fair import check_contribution, check_seed, commitment_of, new_seed
from ..storage.record import StoredRoomState



def address_key(address: str) -> str:
    """What a room stores of its creator's address: a short hash (the address itself is not kept)."""
    return hashlib.sha256(b"ziehdomino-creator:" + address.encode("utf-8", "replace")).hexdigest()[:32]


class RoomState(NamedTuple):
    """The room's own state, stored beside its seats and match; a value (changes make a new one).

    Attributes:
        turn_time: the nominal seconds per turn chosen at opening (30, 60, 120) or None.
        away_since: per seat: since when the person has had no open connection (unix s);
            None while connected, for a computer seat, a free seat or a seat that was left.
        ready: per seat: the person asked for the next round ("Nächste Runde") after this round.
        turn_started: when the seat to act got the turn (unix s); None while no round is played.
        stand_ins: indices into the current round's log of the moves a computer made for a
            person (away, idle past the turn time, or left).
        creator: :func:`address_key` of the address that opened the room (None if unknown).
        target: the wins that win a match (3, 5, 10), or None: no target, rounds go on.
        public: an open table ("Offener Tisch"): listed and joined without the link.
        wait_until: an open table waiting for people starts with computers at this time (unix
            s); None once the first round is dealt, and for every other room.
        next_seed: the secret seed of the next deal, fixed (and stored) before its commitment is
            announced (``docs/fair.md``): when the room opens and when a round ends; None while a
            round is played.
        contributions: per seat, the contribution a person's browser sent for the next deal
            (32 hex digits), "" for none yet, a computer or a free seat.
        unopened: per seat, at an open table: since when (unix s) the person who took the seat
            has not opened the table (no WebSocket of theirs said hello yet), or the heir of a
            claim to take it over ("Platz übernehmen") has had no WebSocket open; None once
            they did (or while the heir's is open), or nobody waits. A claim lapses after
            :data:`.opentables.OPEN_WITHIN` seconds of it (:func:`.opentables.lapse`; a seat,
            after so long away). Empty: none for every seat.
    """

    turn_time: TurnTime | None
    away_since: tuple[float | None, ...]
    ready: tuple[bool, ...]
    turn_started: float | None = None
    stand_ins: tuple[int, ...] = ()
    creator: str | None = None
    target: MatchTarget | None = None
    public: bool = False
    wait_until: float | None = None
    next_seed: str | None = None
    contributions: tuple[str, ...] = ()
    unopened: tuple[float | None, ...] = ()

    @classmethod
    def new(cls, players: int, turn_time: TurnTime | None, creator: str | None, *,
            target: MatchTarget | None = None, public: bool = False, wait_until: float | None = None) -> RoomState:
        """A fresh room's state: nobody away, nobody ready, the first deal's seed fixed."""
        return cls(turn_time, (None,) * players, (False,) * players, creator=creator, target=target, public=public,
                   wait_until=wait_until).committing()

    def committing(self) -> RoomState:
        """This state with a fresh secret seed for the next deal and no contributions yet."""
        return self._replace(next_seed=new_seed(), contributions=("",) * len(self.ready))

    def committed(self) -> tuple[str, tuple[str, ...]]:
        """The next deal's seed and contributions (``Match``'s ``committed``); a fresh seed when
        none was fixed (a room stored before deals were committed)."""
        seed = self.next_seed or new_seed()
        return seed, self.contributions or ("",) * len(self.ready)

    def dealt(self) -> RoomState:
        """This state once the next deal is made: no seed pending until the round ends."""
        return self._replace(next_seed=None, contributions=("",) * len(self.ready))

    def pending_commitment(self) -> str | None:
        """SHA-256 of the next deal's seed (hex), None while no deal is pending."""
        return None if self.next_seed is None else commitment_of(self.next_seed)

    def contributed(self, seat: int, contribution: str) -> RoomState:
        """This state with ``seat``'s contribution to the next deal."""
        return self._replace(contributions=_put(self.contributions, seat, contribution))

    def away(self, seat: int, since: float | None) -> RoomState:
        """This state with ``seat`` away since ``since`` (None: present, or no person there)."""
        return self._replace(away_since=_put(self.away_since, seat, since))

    def unopened_since(self, seat: int) -> float | None:
        """Since when ``seat``'s person (or claim) has not opened the table, or None."""
        return self.unopened[seat] if self.unopened else None

    def opening(self, seat: int, since: float | None) -> RoomState:
        """This state with ``seat`` waiting for its page since ``since`` (None: opened, or nobody)."""
        return self._replace(unopened=_put(self.unopened or (None,) * len(self.ready), seat, since))

    def marked_ready(self, seat: int, ready: bool = True) -> RoomState:
        """This state with ``seat``'s ready mark set to ``ready``."""
        return self._replace(ready=_put(self.ready, seat, ready))

    def to_json(self) -> StoredRoomState:
        """The stored form (plain JSON)."""
        return {"turn_time": self.turn_time, "away_since": list(self.away_since), "ready": list(self.ready),
                "turn_started": self.turn_started, "stand_ins": list(self.stand_ins), "creator": self.creator,
                "target": self.target, "public": self.public, "wait_until": self.wait_until,
                "next_seed": self.next_seed, "contributions": list(self.contributions),
                "unopened": list(self.unopened or (None,) * len(self.ready))}

    @classmethod
    def from_json(cls, data: Any, players: int) -> RoomState:
        """Read :meth:`to_json`'s form; a room stored before this state existed gets the defaults
        (turn time 1 minute, nothing else; no seed for the next deal). A ``history`` that rows of earlier versions kept is
        ignored: the finished rounds' records are the room's one history.

        Raises:
            ValueError: a value of the wrong shape.
        """
        if data is None:  # no seed was fixed for it: the next deal fixes its own (RoomState.committed)
            return cls(DEFAULT_TURN_TIME, (None,) * players, (False,) * players, contributions=("",) * players)
        if not isinstance(data, dict):
            raise ValueError("room state must be an object")
        turn_time = data.get("turn_time")
        if turn_time is not None and turn_time not in TURN_TIMES:
            raise ValueError(f"turn_time must be one of {TURN_TIMES} or null")

        def per_seat(key: str, ok: Any) -> tuple[Any, ...]:
            value = data.get(key)
            if not isinstance(value, list) or len(value) != players or not all(ok(v) for v in value):
                raise ValueError(f"{key} must hold one value per seat")
            return tuple(value)

        def is_time(v: Any) -> bool:
            return v is None or (isinstance(v, (int, float)) and not isinstance(v, bool))

        started = data.get("turn_started")
        if not is_time(started):
            raise ValueError("turn_started must be a time or null")
        stand_ins = data.get("stand_ins", [])
        if not isinstance(stand_ins, list) or not all(isinstance(i, int) and i >= 0 for i in stand_ins):
            raise ValueError("stand_ins must be log indices")
        creator = data.get("creator")
        target = data.get("target")
        if target is not None and target not in MATCH_TARGETS:
            raise ValueError(f"target must be one of {MATCH_TARGETS} or null")
        wait_until = data.get("wait_until")
        if not is_time(wait_until):
            raise ValueError("wait_until must be a time or null")
        seed = data.get("next_seed")
        if seed is not None:
            check_seed(seed)
        contributions = per_seat("contributions", _is_contribution) if "contributions" in data else ("",) * players
        unopened = per_seat("unopened", is_time) if "unopened" in data else (None,) * players  # rows before it: none
        return cls(turn_time, per_seat("away_since", is_time), per_seat("ready", lambda v: isinstance(v, bool)),
                   started, tuple(stand_ins), creator if isinstance(creator, str) else None, target,
                   data.get("public") is True, wait_until, seed, contributions, unopened)


def _is_contribution(value: Any) -> bool:
    try:
        check_contribution(value)
    except ValueError:
        return False
    return True


def _put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1:]


@dataclass(frozen=True, slots=True)
class Clock:
    """The turn time and graces of one server (``Settings``), as seconds.

    Attributes:
        scale: the chosen turn time is multiplied by this (1.0; tests use a small value so that
            "1 Minute" lasts seconds).
        grace: seconds an away person keeps the turn (20), at most the turn time.
        grace_no_limit: seconds an away person keeps the turn in a room without turn time (120).
    """

    scale: float = 1.0
    grace: float = 20.0
    grace_no_limit: float = 120.0

    def turn_seconds(self, turn_time: int | None) -> float | None:
        """The turn time in effect, or None without a limit."""
        return None if turn_time is None else turn_time * self.scale

    def grace_seconds(self, turn_time: int | None) -> float:
        """The grace of an away person: ``min(grace, turn time)``, or ``grace_no_limit``."""
        turn = self.turn_seconds(turn_time)
        return self.grace_no_limit if turn is None else min(self.grace, turn)

    def deadline(self, state: RoomState, seat: int, connected: bool) -> float | None:
        """When a computer plays ``seat``'s current turn (a person's seat), or None (never).

        Present: ``turn_started + turn time`` (None without a turn time). Away: the grace from
        ``max(turn_started, away_since)``, and never later than the turn time.
        """
        if state.turn_started is None:
            return None
        turn = self.turn_seconds(state.turn_time)
        present = None if turn is None else state.turn_started + turn
        if connected:
            return present
        since = state.away_since[seat]
        away = max(state.turn_started, since if since is not None else state.turn_started) \
            + self.grace_seconds(state.turn_time)
        return away if present is None else min(present, away)
