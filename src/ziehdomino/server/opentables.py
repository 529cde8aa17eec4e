"""Open tables as values: the change that fills a waiting table with computers, and a table's
line in the list "Offene Tische" (with ``takeover``: the computer-held seats a person may take at
the next round, :func:`.changes.join`) (docs/rules.md, "Open tables"; docs/protocol.md, "Open tables").

An open table is a room whose state says ``public``. One opened by "Schnell spielen" waits for
people until ``state.wait_until``; then, or when a seated person asks for it ("Jetzt mit
Computern starten"), every free seat goes to a computer of level Mittel and the first round is
dealt. Pure: no I/O, no clock (``now`` is passed in), like :mod:`.changes`.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from ..constants import DEFAULT_LEVEL
from ..engine import Match
from .changes import STATE, WHOLE, Step, Write
from .codes import ErrorCode
from .room import Room, RoomError, Seat, SeatState
from .roomstate import RoomState
from .storage.tables import StoredTable

#: The level of the computers that fill a waiting open table's free seats.
FILL_LEVEL = DEFAULT_LEVEL


class ListedSeat(TypedDict):
    """A seat in the list: a person's name, or a computer, or free."""

    kind: Literal["person", "computer", "free"]
    name: str | None


class ListedTable(TypedDict):
    """One line of "Offene Tische" (``GET /api/lobby``)."""

    room: str
    size: int
    seats: list[ListedSeat]
    free: int
    takeover: int
    turn_time: int | None
    target: int | None
    state: Literal["waiting", "playing"]
    created: float


def waiting(room: Room) -> bool:
    """An open table that has not dealt its first round."""
    return room.state.public and not room.started


#: Seconds after which a person who has no open connection (a page closed, or never opened
#: after joining) no longer keeps a waiting table open to newcomers; a reload takes far less.
ABSENT_AFTER = 5.0


def welcoming(room: Room, now: float) -> bool:
    """A person sits at the table now, or was there (or joined) less than :data:`ABSENT_AFTER`
    seconds before ``now`` (unix s): a waiting table that "Schnell spielen" may seat someone at."""
    for i in room.persons():
        since = room.state.away_since[i]
        if not room.seats[i].left and (since is None or now - since < ABSENT_AFTER):
            return True
    return False


def someone_present(room: Room) -> bool:
    """A person sits at the table now (seated, not left, with an open connection)."""
    return any(room.seats[i].kind == "person" and room.is_present(i) for i in room.persons())


def fill(room: Room, now: float, seat: Seat | None = None, grace: float = 20.0) -> Step | None:
    """Every free seat of a waiting open table goes to a computer (level Mittel) and the first
    round is dealt; written whole. ``seat``: the person who asked ("Jetzt mit Computern
    starten"); None: the countdown ran out. The round is the committed deal (``docs/fair.md``)
    the table announced when it opened. When the countdown ran out and nobody is at the
    table, it waits ``grace`` seconds more if someone went away less than ``grace`` ago (a
    reload, a restart of the server), else it ends (nobody would play it).

    Returns None when there is nothing to do (the table started meanwhile, or it is no open
    table waiting).

    Raises:
        RoomError: ``spectator`` when ``seat`` is given but is no person seated here.
    """
    if seat is not None and (room.seats[seat].kind != "person" or room.seats[seat].left):
        raise RoomError(ErrorCode.SPECTATOR, "only a person seated at the table can start it")
    if not waiting(room):
        return None
    if seat is None and not someone_present(room):
        recent = [t for t in room.state.away_since if t is not None and now - t < grace]
        if recent:
            return Step(room.but(state=room.state._replace(wait_until=max(recent) + grace)), STATE)
        return Step(room, Write("delete"), push=False)
    seats = tuple(s if s.taken else SeatState("computer", level=FILL_LEVEL) for s in room.seats)
    match = Match(room.players, committed=room.state.committed())
    state = room.state.dealt()._replace(wait_until=None, turn_started=now)
    return Step(room.but(seats=seats, match=match, state=state), WHOLE)


def listing(room: Room, started: bool | None = None) -> ListedTable | None:
    """The table's line in "Offene Tische", or None: a private room, or nobody at the table (a
    table whose people all left or went away drops out of the list at once). ``started``: its
    first round was dealt (default: ``room.started``; a room read without its match says so)."""
    if not room.state.public or not someone_present(room):
        return None
    seats: list[ListedSeat] = []
    for s in room.seats:
        if s.played_by_computer:
            seats.append({"kind": "computer", "name": None})
        elif s.taken:
            seats.append({"kind": "person", "name": s.name})
        else:
            seats.append({"kind": "free", "name": None})
    playing = room.started if started is None else started
    takeover = sum(s.played_by_computer and s.heir is None for s in room.seats) if playing else 0
    return {"room": room.id, "size": room.players, "seats": seats, "free": sum(not s.taken for s in room.seats),
            "takeover": takeover, "turn_time": room.state.turn_time, "target": room.state.target,
            "state": "playing" if playing else "waiting", "created": room.created}


def listing_of_stored(table: StoredTable) -> ListedTable | None:
    """:func:`listing` of an open table as stored (:mod:`.storage.tables`), without replaying its
    match; None when its row cannot be read."""
    try:
        seats = tuple(SeatState.from_json(s) for s in table.seats)
        state = RoomState.from_json(table.room, len(seats))
    except (KeyError, TypeError, ValueError):
        return None
    return listing(Room(table.id, seats, state, table.created), started=table.started)


def ordered(tables: list[ListedTable], limit: int) -> list[ListedTable]:
    """The list as shown: tables waiting for people first (the oldest first, so that they fill
    up), then tables in play (the newest first); at most ``limit``."""
    waiting_ = sorted((t for t in tables if t["state"] == "waiting"), key=lambda t: t["created"])
    playing = sorted((t for t in tables if t["state"] == "playing"), key=lambda t: -t["created"])
    return (waiting_ + playing)[:limit]


def as_json(tables: list[ListedTable]) -> dict[str, Any]:
    """The body of ``GET /api/lobby`` and of each lobby event: ``{"tables": [...]}``."""
    return {"tables": tables}
