"""The changes to a room as values (docs/architecture.md, idea 10): each takes the room and
returns a :class:`Step`; none does I/O, reads a clock (``now``: unix s) or changes its input.
A refused change raises :class:`.room.RoomError` or :class:`~ziehdomino.engine.Refusal`.
Timers and computer turns follow from the next value, so a step carries none.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from ...constants import MatchTarget, TurnTime
from ...engine import Draw, Match, Refusal, logged_action, parse_action
from ...engine.actions import ActionJSON
from ...engine.follow import Act, act_of
from ...engine.replay import RoundRecord
from ...levels import Entrant, computer_of, ranks
from ..protocol.codes import ErrorCode
from ..storage.rating import Rated
from ..storage.record import StateFields
from . import replays
from .room import Room, RoomError, Seat, SeatState
from .roomstate import Clock, RoomState

WriteKind = Literal["append", "state", "whole", "delete"]


class Write(NamedTuple):
    """What a step stores before it is announced (``append``, ``state``, ``whole``, ``delete``);
    ``best_effort``: a failure is logged and the change kept (presence is a fact, not a wish);
    ``rated``: what the storage needs to rate the round ``finished`` (None: the table is not rated)."""

    kind: WriteKind
    action: ActionJSON | None = None
    fields: StateFields | None = None
    finished: RoundRecord | None = None
    best_effort: bool = False
    rated: Rated | None = None


class Step(NamedTuple):
    """A change's result: the next value, its ``write`` (None: nothing), what it pushes, seats
    whose connections close (4410 left, 4401 claim lapsed), and ``act``, the one action of a
    round that goes on, sent alone as a delta."""

    room: Room
    write: Write | None
    push: bool = True
    history: bool = False
    close_seat: Seat | None = None
    act: Act | None = None
    close_heir: Seat | None = None


WHOLE = Write("whole")
STATE = Write("state")


def _alive_match(room: Room) -> Match:
    if room.match is None:
        raise RoomError(ErrorCode.NOT_STARTED, "the first round starts when every seat for a person is taken")
    return room.match


def _heirs_seated(room: Room, number: int, now: float) -> tuple[Room, list[Seat]]:
    """``room`` with every heir seated from round ``number`` on, and those seats (docs/rules.md,
    "Open tables", for when a claim lapses instead)."""
    seated = []
    for i, s in enumerate(room.seats):
        if s.heir is None:
            continue
        if (s.kind == "person" and not s.left and room.is_present(i)) or room.state.unopened_since(i) is not None:
            room = drop_claim(room, i)  # the person is back, or the heir is not there: nobody takes it
            continue
        room = room.with_seat(i, kind="person", level=None, name=s.heir, credential_hash=s.heir_hash, left=False,
                              heir=None, heir_hash=None, since=number, holder=s.heir_holder,
                              address=s.heir_address, heir_holder=None, heir_address=None)
        room = room.but(state=room.state.away(i, now).opening(i, None))
        seated.append(i)
    return room, seated


def drop_claim(room: Room, seat: Seat) -> Room:
    """``room`` without the claim on ``seat`` and its heir's contribution."""
    room = room.with_seat(seat, heir=None, heir_hash=None, heir_holder=None, heir_address=None)
    return room.but(state=room.state.opening(seat, None).contributed(seat, ""))


def first_deal(room: Room, now: float) -> Room:
    """``room`` with its first round dealt by the committed deal (docs/fair.md)."""
    match = Match(room.players, committed=room.state.committed())
    return room.but(match=match, state=room.state.dealt()._replace(turn_started=now, wait_until=None, unopened=()))


def _dealt(room: Room, now: float) -> Room:
    """``room`` with its next round dealt (a new match after a won one), heirs seated."""
    room, heirs = _heirs_seated(room, _alive_match(room).round_number + 1, now)
    match = _alive_match(room).copy()
    committed = room.state.committed()
    if match.winner(room.state.target) is not None:
        match.rematch(committed=committed)
    else:
        match.next_round(committed=committed)
    for i in heirs:
        match.wins[i] = match.shared[i] = 0
    state = room.state.dealt()._replace(ready=(False,) * room.players, stand_ins=(), turn_started=now)
    return room.but(match=match, state=state)


def _deal_if_ready(room: Room, now: float, otherwise: Write) -> Step:
    """Deal the next round if this made everyone ready (written whole), else write ``otherwise``."""
    if room.between_rounds and room.all_ready():
        return Step(_dealt(room, now), WHOLE)
    return Step(room, otherwise)


def create(room_id: str, seats: list[SeatState], turn_time: TurnTime | None, creator: str | None, now: float,
           *, target: MatchTarget | None = None, public: bool = False, wait_until: float | None = None,
           rated: bool = False) -> Step:
    """A new room, its creator in seat 0 (away until their page connects); an open table starts
    with computers at ``wait_until`` (unix s; None: when full); ``rated``: "Gewertet"."""
    state = RoomState.new(len(seats), turn_time, creator, target=target, public=public,
                          wait_until=wait_until, rated=rated).away(0, now)
    if public:
        state = state.opening(0, now)
    return Step(Room(room_id, tuple(seats), state, now), WHOLE, push=False)


def _heir(room: Room, name: str, credential_hash: str, now: float, clock: Clock,
          who: tuple[str | None, str | None]) -> tuple[Step, Seat]:
    """``name`` claims a seat at a full open table in play from the next round
    (:meth:`.room.Room.takeover`); ``who``: hashes of holder key and address.

    Raises:
        RoomError: ``room_full`` (a private room, or no such seat).
    """
    seats = room.takeover(clock, now)
    if not seats:
        raise RoomError(ErrorCode.ROOM_FULL, "every seat of this room is taken")
    room = room.with_seat(seats[0], heir=name, heir_hash=credential_hash, heir_holder=who[0], heir_address=who[1])
    return Step(room.but(state=room.state.opening(seats[0], now).contributed(seats[0], "")), WHOLE), seats[0]


def join(room: Room, name: str, credential_hash: str, now: float,
         contribution: tuple[str | None, str] | None = None, *, holder: str | None = None,
         address: str | None = None, clock: Clock | None = None) -> tuple[Step, Seat, str | None]:
    """Seat ``name`` at the lowest free person seat, or claim one (docs/protocol.md, ``POST
    /api/rooms/{id}/join``); the step, the seat and the commitment the contribution went to.

    Raises:
        RoomError: ``room_full``; ``stale_version``: ``commitment`` is not the pending deal's;
            ``already_seated``: ``holder`` holds a seat or claim at this open table.
    """
    public = room.state.public
    if (public or room.state.rated) and holder is not None and room.holds(holder):
        raise RoomError(ErrorCode.ALREADY_SEATED, "this browser holds a seat at this table already")
    who = (holder, address) if public or room.state.rated else (None, None)
    free = [i for i, s in enumerate(room.seats) if not s.taken]
    if not free:
        step, heir = _heir(room, name, credential_hash, now, clock or Clock(), who)
        return step, heir, None
    seat = free[0]
    room = room.with_seat(seat, name=name, credential_hash=credential_hash, holder=who[0], address=who[1])
    state = room.state.away(seat, now)
    if public:
        state = state.opening(seat, now)
    taken = None
    if contribution is not None:
        pending = state.pending_commitment()
        if contribution[0] is not None and contribution[0] != pending:
            raise RoomError(ErrorCode.STALE_VERSION, "the contribution answers another commitment than the pending deal's")
        if pending is not None and (contribution[0] is not None or room.full):
            state, taken = state.contributed(seat, contribution[1]), pending
    room = room.but(state=state)
    if room.full and (not public or room.all_here()):
        room = first_deal(room, now)
    return Step(room, WHOLE), seat, taken


def contribute(room: Room, seat: Seat, commitment: str, contribution: str) -> Step:
    """``seat``'s contribution to the pending deal ``commitment`` (``docs/fair.md``); the first
    one stays, a later one writes nothing.

    Raises:
        RoomError: ``spectator``: a computer holds ``seat`` and nobody takes it at the next deal.
        Refusal: ``stale_version``: no deal is pending, or ``commitment`` is another deal's.
    """
    if room.seats[seat].played_by_computer and room.seats[seat].heir is None:
        raise RoomError(ErrorCode.SPECTATOR, "a computer's seat adds no contribution")
    state = room.state
    pending = state.pending_commitment()
    if pending is None or commitment != pending:
        raise Refusal(ErrorCode.STALE_VERSION, "the contribution answers another commitment than the pending deal's")
    if state.contributions[seat]:
        return Step(room, None)
    return Step(room.but(state=state.contributed(seat, contribution)), STATE)


def connect(room: Room, seat: Seat, clock: Clock, now: float) -> Step | None:
    """``seat``'s person opened a first connection: present, an overdue turn's clock restarted,
    a claim on the seat lapsed, a deal waiting for them made. None: nothing changed."""
    if room.is_present(seat) or room.seats[seat].left:
        return None
    overdue = room.turn == seat and (deadline := room.deadline(clock)) is not None and deadline <= now
    claimed = room.seats[seat].heir is not None
    if claimed:
        room = drop_claim(room, seat)
    room = room.but(state=room.state.away(seat, None).opening(seat, None))
    if room.state.public and not room.started and room.full and room.all_here():
        return Step(first_deal(room, now), WHOLE)
    if overdue:
        room = room.but(state=room.state._replace(turn_started=now))
    written = WHOLE if overdue or claimed else Write("state", best_effort=True)
    return _deal_if_ready(room, now, written)._replace(close_heir=seat if claimed else None)


def claim_opened(room: Room, seat: Seat) -> Step | None:
    """The heir of the claim on ``seat`` said hello: the claim holds. None: nothing to change."""
    if room.seats[seat].heir is None or room.state.unopened_since(seat) is None:
        return None
    return Step(room.but(state=room.state.opening(seat, None)), Write("state", best_effort=True), push=False)


def claim_closed(room: Room, seat: Seat, now: float) -> Step | None:
    """The claim's heir closed their last connection: it lapses unless they are back in time."""
    if room.seats[seat].heir is None or room.state.unopened_since(seat) is not None:
        return None
    return Step(room.but(state=room.state.opening(seat, now)), Write("state", best_effort=True), push=False)


def present(room: Room, seat: Seat) -> Step:
    """The person at ``seat`` is present, and nothing else changes (stored as a presence change)."""
    return Step(room.but(state=room.state.away(seat, None)), Write("state", best_effort=True))


def away(room: Room, seat: Seat, now: float) -> Step:
    """The person at ``seat`` is away from ``now``, and nothing else changes."""
    return Step(room.but(state=room.state.away(seat, now)), Write("state", best_effort=True))


def disconnect(room: Room, seat: Seat, now: float) -> Step | None:
    """``seat``'s last connection closed: away from ``now``, a deal waiting on them made. None: no change."""
    if not room.is_present(seat) or room.seats[seat].kind != "person":
        return None
    return _deal_if_ready(room.but(state=room.state.away(seat, now)), now, Write("state", best_effort=True))


def act(room: Room, seat: Seat, version: int, action_json: Any, now: float, *, stand_in: bool = False) -> Step:
    """``seat``'s action (JSON form) against ``version``: appended, or, when it ends the round,
    the room written whole with the round's record. ``stand_in``: a computer made it for them.

    Raises:
        RoomError: ``not_started``.
        Refusal: anything the rules refuse, a stale version included.
    """
    action = parse_action(action_json)
    match = _alive_match(room)
    match.check_version(version)
    match = match.copy()
    match.apply(seat, action, version=version)
    entries = match.round.log
    assert entries is not None  # a match's round keeps its log
    state = room.state
    if stand_in:
        state = state._replace(stand_ins=(*state.stand_ins, len(entries) - 1))
    if match.round.result is not None:
        record = replays.finished_record(match)
        assert record is not None
        state = state._replace(ready=(False,) * room.players, turn_started=None).committing()
        next_room = room.but(match=match, state=state, rounds=(*room.rounds, record),
                             history=(*room.history, replays.summary_of(match)))
        return Step(next_room, Write("whole", finished=record, rated=rated_round(next_room)), history=True)
    fields: StateFields = {}
    if stand_in:
        fields["stand_ins"] = list(state.stand_ins)
    if not isinstance(action, Draw):
        state = state._replace(turn_started=now)
        fields["turn_started"] = now
    entry: dict[str, Any] = dict(entries[-1].to_json())
    if stand_in:
        entry["stand_in"] = True
    return Step(room.but(match=match, state=state), Write("append", action=logged_action(entries[-1]),
                                                          fields=fields or None), act=act_of(entry))


def rated_round(room: Room) -> Rated | None:
    """What the storage needs to rate the round ``room`` just finished (docs/rules.md, "The
    level"): every seat ranked, a person by their holder digest, a computer (or a left seat's
    stand-in) by its level; not rated with fewer than two persons seated or two of them from one
    address. None: the table is not rated."""
    match = room.match
    if not room.state.rated or match is None or match.round.result is None:
        return None
    persons = [s for i, s in enumerate(room.seats) if room.seated(i)]
    if len(persons) < 2:
        return Rated((), "few_people")
    addresses = [s.address for s in persons if s.address is not None]
    if len(set(addresses)) < len(addresses):
        return Rated((), "same_address")
    order = ranks(match.round.result.winners, room.players)
    return Rated(tuple(Entrant(order[i], holder=s.holder) if room.seated(i) else
                       Entrant(order[i], computer=computer_of(s.level)) for i, s in enumerate(room.seats)))


def ready(room: Room, seat: Seat, version: int, now: float) -> Step:
    """``seat`` asks for the next round ("Revanche" after a won match); dealt once every person
    at the table did.

    Raises:
        RoomError: ``not_started``.
        Refusal: ``stale_version``, ``round_not_over``.
    """
    match = _alive_match(room)
    match.check_version(version)
    if match.round.result is None:
        raise Refusal(ErrorCode.ROUND_NOT_OVER, "the current round is still being played")
    return _deal_if_ready(room.but(state=room.state.marked_ready(seat)), now, STATE)


def leave(room: Room, seat: Seat, now: float) -> Step:
    """``seat``'s person leaves for good: a computer plays it, the credential opens nothing,
    the connections close (4410); with no person left the room ends."""
    room = room.with_seat(seat, left=True, credential_hash=None)
    room = room.but(state=room.state.marked_ready(seat, False).away(seat, None).opening(seat, None))
    if all(room.seats[i].left for i in room.persons()):
        return Step(room, Write("delete"), push=False, close_seat=seat)
    step = _deal_if_ready(room, now, WHOLE)
    return step._replace(close_seat=seat)


def abandon(room: Room, now: float, abandon_seconds: float) -> Step | None:
    """End a room whose persons all left or have all been away ``abandon_seconds``; else None."""
    if not room.abandoned(now, abandon_seconds):
        return None
    return Step(room, Write("delete"), push=False)
