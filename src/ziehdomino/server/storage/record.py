"""The stored form of a room, shared by both storages: the record and its columns' encoding."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, cast

import orjson

from ...constants import Level, MatchTarget, TurnTime
from ...engine.actions import ActionJSON
from ...engine.replay import RoundRecord
from ...engine.state import MatchState
from ..protocol.wire import RoundRating


class StoredSeat(TypedDict):
    """A seat as stored (the fields of ``SeatState`` in server/core/room.py, which says each);
    a row of an earlier version may lack any but ``kind``."""

    kind: Literal["person", "computer"]
    level: Level | None
    name: str | None
    credential_hash: str | None
    left: bool
    heir: str | None
    heir_hash: str | None
    since: int | None
    holder: str | None
    address: str | None
    heir_holder: str | None
    heir_address: str | None


class StoredRoomState(TypedDict):
    """A room's own state as stored (the fields of ``RoomState`` in server/core/roomstate.py,
    which says each, tuples as lists); a row of an earlier version may lack some."""

    turn_time: TurnTime | None
    away_since: list[float | None]
    ready: list[bool]
    turn_started: float | None
    stand_ins: list[int]
    creator: str | None
    target: MatchTarget | None
    public: bool
    wait_until: float | None
    next_seed: str | None
    contributions: list[str]
    unopened: list[float | None]
    rated: bool


class StateFields(TypedDict, total=False):
    """The fields of the room's own state that an appended action sets, laid over the stored ones."""

    stand_ins: list[int]
    turn_started: float | None


@dataclass(slots=True)
class RoomRecord:
    """One stored room; times in unix seconds, ``match`` None before the first round, ``rounds``
    the finished rounds' records oldest first (filled when read; a save writes only the one given)
    and ``ratings`` their ratings by round number (a rated table's rounds only).
    """

    id: str
    created: float
    updated: float
    seats: list[StoredSeat]
    match: MatchState | None
    in_progress: bool
    rounds: list[RoundRecord] = field(default_factory=list)
    room: StoredRoomState | None = None
    ratings: dict[int, RoundRating] = field(default_factory=dict)


def merge(match: MatchState | None, appended: list[tuple[int, ActionJSON]]) -> MatchState | None:
    """The stored match: a row's ``match`` with the actions appended since, ``(version, action)`` in order."""
    if match is None or not appended:
        return match
    merged = match.copy()
    merged["actions"] = [*match["actions"], *(a for _, a in appended)]
    merged["version"] = appended[-1][0]
    return merged


def encode_record(record: RoomRecord) -> tuple[str, float, float, str, str | None, int, str | None]:
    """The stored columns of ``record``, in order, as both storages write them."""
    return (record.id, record.created, record.updated, dumps(record.seats),
            None if record.match is None else dumps(record.match), int(record.in_progress),
            None if record.room is None else dumps(record.room))


def encode_round(room_id: str, finished: RoundRecord) -> tuple[str, int, str]:
    """The stored columns of a finished round's record: (room id, round number, record JSON)."""
    return (room_id, finished["round"], dumps(finished))


def read_rounds(record: RoomRecord, rows: Any) -> None:
    """Fill ``record``'s rounds and ratings from ``(record, rating)`` rows of table ``rounds``, in order."""
    for text, rating in rows:
        finished = orjson.loads(text)
        record.rounds.append(finished)
        if rating is not None:
            record.ratings[finished["round"]] = orjson.loads(rating)


def merge_state(room: StoredRoomState | None, states: list[StateFields]) -> StoredRoomState | None:
    """The stored room state: a row's ``room`` with the fields appended actions set laid over it, in order."""
    if room is None or not states:
        return room
    merged: dict[str, object] = dict(room)
    for fields in states:
        merged.update(fields)
    return cast(StoredRoomState, merged)


#: One appended row as read: ``(version, action JSON text, state JSON text or None)``.
AppendedRow = tuple[int, str, "str | None"]


def decode_record(row: Any, appended: list[AppendedRow]) -> RoomRecord:
    """The record of :func:`encode_record`'s columns with the rows ``appended`` since folded in."""
    match = None if row[4] is None else orjson.loads(row[4])
    room = None if row[6] is None else orjson.loads(row[6])
    actions = [(v, orjson.loads(a)) for v, a, _ in appended]
    states = [orjson.loads(st) for _, _, st in appended if st is not None]
    return RoomRecord(row[0], row[1], row[2], orjson.loads(row[3]), merge(match, actions), bool(row[5]),
                      room=merge_state(room, states))


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (orjson)."""
    return orjson.dumps(value).decode()
