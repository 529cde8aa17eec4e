"""Open tables as values, pure like :mod:`.changes`: filling a waiting table with computers,
freeing the seats and claims nobody opened, and a table's line in "Offene Tische"
(docs/rules.md and docs/protocol.md, "Open tables").
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from ...constants import DEFAULT_LEVEL
from ...engine import Match
from ..core.changes import STATE, WHOLE, Step, Write, drop_claim
from ..core.room import Room, RoomError, Seat, SeatState
from ..core.roomstate import Clock, RoomState
from ..protocol.codes import ErrorCode
from ..storage.tables import StoredTable

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


#: Seconds after which a person with no open connection no longer keeps a waiting table open.
ABSENT_AFTER = 5.0


#: Seconds a seat at a waiting open table, or a claim, is held for a person who is not there;
#: a reload over a slow network takes well within it.
OPEN_WITHIN = 10.0


def _lapsing(room: Room) -> list[tuple[Seat, float]]:
    """The seats and claims of an open table that lapse unless their person comes, with when (unix s)."""
    found: list[tuple[Seat, float]] = []
    if not room.state.public:  # every room's change asks (quickplay.py): a private one, at once
        return found
    for i, s in enumerate(room.seats):
        if s.heir is not None:
            since = room.state.unopened_since(i)
        elif waiting(room) and s.kind == "person" and s.credential_hash is not None and not s.left:
            since = room.state.away_since[i]
        else:
            continue
        if since is not None:
            found.append((i, since + OPEN_WITHIN))
    return found


def next_lapse(room: Room) -> float | None:
    """When (unix s) the next seat or claim of ``room`` lapses unless its person comes (:func:`lapse`), or None."""
    return min((at for _, at in _lapsing(room)), default=None)


def next_takeover(room: Room, clock: Clock, now: float) -> float | None:
    """When (unix s) the next away person at a table in play passes the grace, or None."""
    if not (room.state.public and room.started):
        return None
    grace = clock.grace_seconds(room.state.turn_time)
    times = [since + grace for i, since in enumerate(room.state.away_since)
             if since is not None and since + grace > now and room.seats[i].heir is None]
    return min(times, default=None)


def _freed(room: Room, seats: list[Seat]) -> Room:
    """``room`` with ``seats`` free again (name, credential and hashes gone)."""
    for i in seats:
        room = room.with_seat(i, name=None, credential_hash=None, holder=None, address=None)
        state = room.state.away(i, None).opening(i, None).marked_ready(i, False).contributed(i, "")
        room = room.but(state=state)
    return room


def lapse(room: Room, now: float) -> Step | None:
    """Free the seats and drop the claims whose person has been away :data:`OPEN_WITHIN`
    seconds; a waiting table left empty ends. None: nothing lapsed by ``now``."""
    due = [i for i, at in _lapsing(room) if at <= now]
    if not due:
        return None
    for i in [i for i in due if room.seats[i].heir is not None]:
        room = drop_claim(room, i)
    room = _freed(room, [i for i in due if room.seats[i].heir is None])
    if waiting(room) and not room.persons():
        return Step(room, Write("delete"), push=False)
    return Step(room, WHOLE)


def welcoming(room: Room, now: float) -> bool:
    """Someone is at the table, or was within :data:`ABSENT_AFTER` s: quick play may seat here."""
    for i in room.persons():
        since = room.state.away_since[i]
        if not room.seats[i].left and (since is None or now - since < ABSENT_AFTER):
            return True
    return False


def someone_present(room: Room) -> bool:
    """A person sits at the table now (seated, not left, with an open connection)."""
    return any(room.seats[i].kind == "person" and room.is_present(i) for i in room.persons())


def fill(room: Room, now: float, seat: Seat | None = None, grace: float = 20.0) -> Step | None:
    """Give the free seats, and those of people not there, to computers and deal the committed
    first round; ``seat``: who asked (None: the countdown ran out). An empty table waits
    ``grace`` more or ends. None: nothing to do.

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
    room = _freed(room, [i for i in room.persons() if not room.seats[i].left and not room.is_present(i)])
    seats = tuple(s if s.taken else SeatState("computer", level=FILL_LEVEL) for s in room.seats)
    match = Match(room.players, committed=room.state.committed())
    state = room.state.dealt()._replace(wait_until=None, turn_started=now, unopened=())
    return Step(room.but(seats=seats, match=match, state=state), WHOLE)


def listing(room: Room, started: bool | None = None, clock: Clock | None = None,
            now: float | None = None) -> ListedTable | None:
    """The table's line in "Offene Tische", or None (a private room, or nobody at the table);
    ``started`` overrides ``room.started`` for a room read without its match."""
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
    takeover = 0
    if playing:
        away = [i for i in range(room.players) if clock is not None and now is not None
                and room.away_past_grace(i, clock, now)]
        takeover = sum(s.heir is None and (s.played_by_computer or i in away) for i, s in enumerate(room.seats))
    return {"room": room.id, "size": room.players, "seats": seats, "free": sum(not s.taken for s in room.seats),
            "takeover": takeover, "turn_time": room.state.turn_time, "target": room.state.target,
            "state": "playing" if playing else "waiting", "created": room.created}


def listing_of_stored(table: StoredTable) -> ListedTable | None:
    """:func:`listing` of a stored open table, without replaying its match; None if unreadable."""
    try:
        seats = tuple(SeatState.from_json(s) for s in table.seats)
        state = RoomState.from_json(table.room, len(seats))
    except (KeyError, TypeError, ValueError):
        return None
    return listing(Room(table.id, seats, state, table.created), started=table.started)


def ordered(tables: list[ListedTable], limit: int) -> list[ListedTable]:
    """The list as shown (docs/protocol.md, ``GET /api/lobby``), at most ``limit``."""
    waiting_ = sorted((t for t in tables if t["state"] == "waiting"), key=lambda t: t["created"])
    playing = sorted((t for t in tables if t["state"] == "playing"), key=lambda t: -t["created"])
    return (waiting_ + playing)[:limit]


def as_json(tables: list[ListedTable]) -> dict[str, Any]:
    """The body of ``GET /api/lobby`` and of each lobby event: ``{"tables": [...]}``."""
    return {"tables": tables}
