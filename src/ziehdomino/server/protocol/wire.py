"""The shapes of what the server sends, as TypedDicts (type-checked, not validated); a test holds
each to its field table in docs/protocol.md, "Shapes".
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

from ...constants import Level, MatchTarget, TurnTime
from ...engine.fair import Proof
from ...engine.replay import RoundRecord
from ...engine.view import SeatView

# --- Parts of messages ---------------------------------------------------------------------


class SeatInfo(TypedDict):
    """SEATINFO: one seat as every viewer sees it (``Room.seat_infos``)."""

    seat: int
    kind: Literal["person", "computer"]
    level: Level | None
    name: str | None
    taken: bool
    connected: bool
    left: bool
    stand_in: bool
    ready: bool
    heir: str | None
    since: int | None
    person: str | None


class TurnClock(TypedDict):
    """CLOCK: the turn clock of the seat to act; ``ms`` left when the state was sent."""

    seat: int
    ms: int
    stand_in: bool


class PendingDeal(TypedDict):
    """ROOMINFO's ``fair``: the next deal's commitment and the contributions held (docs/fair.md)."""

    commitment: str | None
    contributed: list[bool]


class RoomInfo(TypedDict):
    """ROOMINFO: the room in a ``state`` message; ``you`` is the viewer's seat (None: a spectator)."""

    room: str
    seats: list[SeatInfo]
    turn_time: TurnTime | None
    clock: TurnClock | None
    target: MatchTarget | None
    match_winner: int | None
    public: bool
    wait_ms: int | None
    fair: PendingDeal
    rated: bool
    rating: RoundRating | None
    you: int | None


#: Why a round of a rated table was not rated: two person seats from one network address, or
#: fewer than two persons seated.
Unrated: TypeAlias = Literal["same_address", "few_people"]


class SeatLevel(TypedDict):
    """A person's level change by one round (docs/rules.md, "The level")."""

    before: int
    after: int
    provisional: bool


class RoundRating(TypedDict):
    """A rated table's finished round: ``levels`` per seat (None: a computer, or a person without
    a profile), or why it was not rated."""

    unrated: Unrated | None
    levels: list[SeatLevel | None] | None


class RoundSummary(TypedDict):
    """ROUND: a finished round in one line (``replays.round_summary``); ``pips`` per seat."""

    round: int
    starter: int
    kind: Literal["domino", "blocked"]
    winners: list[int]
    pips: list[int]
    fair: Proof | None


# --- WebSocket, server to client -----------------------------------------------------------


class StateMessage(TypedDict):
    """``state``: the room and this viewer's view (None before the first round)."""

    type: Literal["state"]
    seq: int
    room: RoomInfo
    view: SeatView | None


class DeltaMessage(TypedDict):
    """``delta``: what changed from state ``seq - 1`` to ``seq`` (:mod:`.deltas`)."""

    type: Literal["delta"]
    seq: int
    act: NotRequired[list[Any]]
    room: NotRequired[dict[str, Any]]
    seats: NotRequired[list[list[Any]]]
    view: NotRequired[dict[str, Any]]
    append: NotRequired[dict[str, list[Any]]]
    prepend: NotRequired[dict[str, list[Any]]]


class ErrorMessage(TypedDict):
    """``error``: a code of ``server/protocol/codes.py`` and an English sentence for people."""

    type: Literal["error"]
    code: str
    message: str


class HistoryMessage(TypedDict):
    """``history``: every finished round of the room, oldest first."""

    type: Literal["history"]
    rounds: list[RoundSummary]


class PongMessage(TypedDict):
    """``pong``: the answer to a ``ping``."""

    type: Literal["pong"]


#: Every message the server sends on a WebSocket.
ServerMessage = StateMessage | DeltaMessage | ErrorMessage | HistoryMessage | PongMessage

# --- HTTP answers --------------------------------------------------------------------------


class ErrorBody(TypedDict):
    """An HTTP error: ``code`` (``server/protocol/codes.py``) and, mostly, an English ``message``."""

    code: str
    message: NotRequired[str]


class CreatedRoom(TypedDict):
    """201 of ``POST /api/rooms``: the room, its invitation path, the creator's seat (0) and credential."""

    room: str
    link: str
    seat: int
    credential: str


class QuickSeat(CreatedRoom):
    """201 of ``POST /api/quick``: as :class:`CreatedRoom`, and the pending deal's commitment
    the request's contribution went to (None: it brought none, or the table was new)."""

    commitment: str | None


class JoinedRoom(TypedDict):
    """201 of ``POST /api/rooms/{room_id}/join``: the seat taken, its credential and the pending
    deal's commitment the join's contribution went to (None: it brought none, or none went in)."""

    seat: int
    credential: str
    commitment: str | None


class RoomSummary(TypedDict):
    """``GET /api/rooms/{room_id}``: the room as anyone may see it (``Room.summary``)."""

    room: str
    seats: list[SeatInfo]
    started: bool
    full: bool
    turn_time: TurnTime | None
    target: MatchTarget | None
    public: bool
    round: int | None
    in_progress: bool
    commitment: str | None


class RoundList(TypedDict):
    """``GET /api/rooms/{room_id}/runden``: every finished round in one line, oldest first."""

    room: str
    rounds: list[RoundSummary]


class ReplaySeat(TypedDict):
    """A seat in a round's replay data: who sat there (a computer's ``name`` is None)."""

    kind: Literal["person", "computer"]
    level: Level | None
    name: str | None


class RoundReplay(TypedDict):
    """``GET /api/rooms/{room_id}/runde/{n}``: a finished round's record (docs/replay.md)."""

    room: str
    round: int
    seats: list[ReplaySeat]
    record: RoundRecord


class Health(TypedDict):
    """``GET /api/health``: whether the storage answers, and this process's counters."""

    ok: bool
    process: str
    rooms: int
    refused_writes: int
    late_writes: int
    given_up: int


class Serving(TypedDict):
    """``GET /api/health/serving``: whether this process can serve its rooms (the proxy's check)."""

    ok: bool
