"""Open tables as values: the change that fills a waiting table with computers, the change that
frees the seats and claims nobody opened, and a table's line in the list "Offene Tische" (with
``takeover``: the seats a person may take at the next round, :func:`.changes.join`)
(docs/rules.md, "Open tables"; docs/protocol.md, "Open tables").

An open table is a room whose state says ``public``. One opened by "Schnell spielen" waits for
people until ``state.wait_until``; then, or when a seated person asks for it ("Jetzt mit
Computern starten"), every free seat goes to a computer of level Mittel and the first round is
dealt. Pure: no I/O, no clock (``now`` is passed in), like :mod:`.changes`.

A seat at a waiting table, or a claim to take a seat over at a table in play, is held for a
person who is there (their page has a connection open): one who has been away
:data:`OPEN_WITHIN` seconds (a request that took a seat without a page, a page opened for a
moment and closed) loses it (:func:`lapse`), a waiting table deals only when everyone seated
there is present, and a claim whose heir is not there at the next deal is dropped, so that
nobody closes strangers' tables, or slows them down, with requests alone; a reload, far
shorter, keeps it.
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


#: Seconds after which a person who has no open connection (a page closed, or never opened
#: after joining) no longer keeps a waiting table open to newcomers; a reload takes far less.
ABSENT_AFTER = 5.0


#: Seconds a seat at a waiting open table, or a claim on a seat of one in play, is held for a
#: person who is not there (no open connection: a page never opened, or closed) (:func:`lapse`):
#: a reload, or a page opening over a slow mobile network, takes well within it, while a seat
#: taken by a request alone, or by a page opened for a moment, is soon free.
OPEN_WITHIN = 10.0


def _lapsing(room: Room) -> list[tuple[Seat, float]]:
    """The seats and claims of an open table that lapse unless their person comes, with when
    (unix s): at a waiting table each seat whose person is away, and every claim whose heir
    has no connection open (:attr:`.roomstate.RoomState.unopened`)."""
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
    """When (unix s, after ``now``) the next person away at an open table in play will have
    been away past the grace, so that the list "Offene Tische" offers their seat (``takeover``),
    or None."""
    if not (room.state.public and room.started):
        return None
    grace = clock.grace_seconds(room.state.turn_time)
    times = [since + grace for i, since in enumerate(room.state.away_since)
             if since is not None and since + grace > now and room.seats[i].heir is None]
    return min(times, default=None)


def _freed(room: Room, seats: list[Seat]) -> Room:
    """``room`` with ``seats`` free again (name, credential, holder and address go; the
    credential opens nothing any more)."""
    for i in seats:
        room = room.with_seat(i, name=None, credential_hash=None, holder=None, address=None)
        state = room.state.away(i, None).opening(i, None).marked_ready(i, False).contributed(i, "")
        room = room.but(state=state)
    return room


def lapse(room: Room, now: float) -> Step | None:
    """Free every seat of a waiting open table whose person has been away (never opened the
    table, or closed it) :data:`OPEN_WITHIN` seconds, and drop every claim to take a seat over
    whose heir has had no connection open so long; written whole. A waiting table left without
    anybody ends. None: nothing lapsed by ``now`` (unix s)."""
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
    """Every free seat of a waiting open table, and every seat whose person is not there (no
    open connection; freed first, as :func:`lapse` frees it), goes to a computer (level
    Mittel) and the first round is dealt; written whole. ``seat``: the person who asked
    ("Jetzt mit Computern starten"); None: the countdown ran out. The round is the committed deal (``docs/fair.md``)
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
    room = _freed(room, [i for i in room.persons() if not room.seats[i].left and not room.is_present(i)])
    seats = tuple(s if s.taken else SeatState("computer", level=FILL_LEVEL) for s in room.seats)
    match = Match(room.players, committed=room.state.committed())
    state = room.state.dealt()._replace(wait_until=None, turn_started=now, unopened=())
    return Step(room.but(seats=seats, match=match, state=state), WHOLE)


def listing(room: Room, started: bool | None = None, clock: Clock | None = None,
            now: float | None = None) -> ListedTable | None:
    """The table's line in "Offene Tische", or None: a private room, or nobody at the table (a
    table whose people all left or went away drops out of the list at once). ``started``: its
    first round was dealt (default: ``room.started``; a room read without its match says so).
    ``takeover`` counts the seats a computer holds and, with ``clock`` and ``now`` (unix s),
    those whose person has been away past the grace (:meth:`.room.Room.takeover`)."""
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
