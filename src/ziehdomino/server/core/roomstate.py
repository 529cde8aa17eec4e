"""What a room keeps beyond its seats and match: the turn clock, presence, the ready step and
the next deal's secret (docs/protocol.md, "Turn time, stand-ins, leaving"; docs/rules.md, "A
room"). Once a seat's deadline passes a computer plays that one turn. Stored before announced,
so the clock runs on across a restart (presence is not stored, ``away_since`` is). Times are
unix seconds.
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
    """The room's own state, a value. ``unopened``: per seat at an open table, since when its
    person or heir has had no page open; ``stand_ins``: log indices of moves a computer made for
    a person; ``next_seed``: the next deal's secret, stored before its commitment is announced;
    ``rated``: its rounds change levels (an open table, or an invitation room "Gewertet").
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
    rated: bool = False

    @classmethod
    def new(cls, players: int, turn_time: TurnTime | None, creator: str | None, *,
            target: MatchTarget | None = None, public: bool = False, wait_until: float | None = None,
            rated: bool = False) -> RoomState:
        """A fresh room's state: nobody away, nobody ready, the first deal's seed fixed; an open
        table is always rated."""
        return cls(turn_time, (None,) * players, (False,) * players, creator=creator, target=target, public=public,
                   wait_until=wait_until, rated=rated or public).committing()

    def committing(self) -> RoomState:
        """This state with a fresh secret seed for the next deal and no contributions yet."""
        return self._replace(next_seed=new_seed(), contributions=("",) * len(self.ready))

    def committed(self) -> tuple[str, tuple[str, ...]]:
        """The next deal's seed and contributions (``Match``'s ``committed``), a fresh seed if none."""
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
                "unopened": list(self.unopened or (None,) * len(self.ready)), "rated": self.rated}

    @classmethod
    def from_json(cls, data: Any, players: int) -> RoomState:
        """Read :meth:`to_json`'s form (older rows get the defaults).

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
                   data.get("public") is True, wait_until, seed, contributions, unopened,
                   data.get("rated", data.get("public")) is True)  # rows before it: open tables rated


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
    """One server's turn time ``scale`` (tests shrink it) and the seconds an away person keeps
    the turn: ``grace`` (20, at most the turn time), ``grace_no_limit`` (120, without one)."""

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
        """When a computer plays ``seat``'s current turn, or None (docs/protocol.md, "Turn time
        and stand-ins")."""
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
