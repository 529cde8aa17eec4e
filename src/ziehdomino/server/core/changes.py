"""The changes to a room, as values: each is a function of the room that returns a :class:`Step`.

A step is the room's next value, the write it needs before anything is announced, and what is
owed to whom (the states to push, the history, the connections to close). A change does no I/O
and never changes the room it is given: the room's writer (:mod:`.writer`) stores the step's
write, then swaps the value in and announces it, or drops the step if the write fails. A change
that is refused raises (:class:`.room.RoomError` for the server's own reasons,
:class:`~ziehdomino.engine.Refusal` for the rules') and nothing changed.

The computer's turns, the turn clock and every timer follow from the value alone (the writer's
listeners read them off the next value), so a step carries none.

All times are unix seconds, passed in as ``now``: a change never reads a clock.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from ...constants import MatchTarget, TurnTime
from ...engine import Draw, Match, Refusal, logged_action, parse_action
from ...engine.actions import ActionJSON
from ...engine.follow import Act, act_of
from ...engine.replay import RoundRecord
from ..protocol.codes import ErrorCode
from ..storage.record import StateFields
from . import replays
from .room import Room, RoomError, Seat, SeatState
from .roomstate import Clock, RoomState

WriteKind = Literal["append", "state", "whole", "delete"]


class Write(NamedTuple):
    """What a step stores before it is announced.

    Attributes:
        kind: ``append`` one action of the round in play (with the room-state ``fields`` it set);
            ``state``: the room's own state only (its seats and match are stored as they are,
            and the fields appended actions set are unchanged since the last one);
            ``whole``: the room written whole, with ``finished``, the record of a round the
            change ended; ``delete``: the room ends.
        action: the action in the engine's storage form (``append``).
        fields: the room state's fields the action set (``append``), or None.
        finished: the finished round's record (``whole``), or None.
        best_effort: a failure is logged and the change kept (presence is a fact, not a wish).
    """

    kind: WriteKind
    action: ActionJSON | None = None
    fields: StateFields | None = None
    finished: RoundRecord | None = None
    best_effort: bool = False


class Step(NamedTuple):
    """A change's result.

    Attributes:
        room: the room's next value.
        write: what must be stored first (None: nothing).
        push: every connection gets its new state.
        history: every connection gets the history (a round finished).
        close_seat: that seat's connections are closed (4410, it left) once stored.
        act: the change is this one action of a round that goes on (:mod:`..engine.follow`'s
            form, as the log shows it): a connection that holds the state before is sent just
            that (:func:`.deltas.act_parts`).
        close_heir: the claim on that seat ("Platz übernehmen") lapsed: the connections its heir
            watches with are closed (4401, their credential opens nothing now) once stored.
    """

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
    """``room`` with every heir in the seat they asked for, from round ``number`` on (away until
    their page says hello again with the credential that now opens the seat; the credential of
    a person who was away from it opens nothing any more), and those seats. A person who is
    back at their seat keeps it: the claim on it lapses (:func:`connect` drops it as they come);
    so does a claim whose heir has no connection open (:func:`claim_closed`): nobody takes it."""
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
    """``room`` without the claim on ``seat`` ("Platz übernehmen"), and without the contribution
    its heir may have sent for the next deal."""
    room = room.with_seat(seat, heir=None, heir_hash=None, heir_holder=None, heir_address=None)
    return room.but(state=room.state.opening(seat, None).contributed(seat, ""))


def first_deal(room: Room, now: float) -> Room:
    """``room`` with its first round dealt, by the committed deal the room announced when it
    opened (``docs/fair.md``); no seat waits for its page any more (a person who never opened
    the table is away, and a computer stands in for them after the grace)."""
    match = Match(room.players, committed=room.state.committed())
    return room.but(match=match, state=room.state.dealt()._replace(turn_started=now, wait_until=None, unopened=()))


def _dealt(room: Room, now: float) -> Room:
    """``room`` with its next round dealt (every person is ready); when the round that ended
    won the match, that round opens a new match ("Revanche": every counter at 0). An heir takes
    their seat as the round starts, with the seat's counters at 0: the computer's wins stay in
    the records of the rounds it played (docs/rules.md, "Open tables")."""
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
           *, target: MatchTarget | None = None, public: bool = False, wait_until: float | None = None) -> Step:
    """A new room, its creator in seat 0 (``seats[0]`` named, with its credential's hash), away
    until their page connects, playing matches to ``target`` wins (None: no target); ``public``:
    an open table, which starts with computers at ``wait_until`` (unix s, None: when every seat
    is taken) and whose creator's seat waits for their page like any other's there
    (:attr:`.roomstate.RoomState.unopened`). Written whole; nothing to push."""
    state = RoomState.new(len(seats), turn_time, creator, target=target, public=public,
                          wait_until=wait_until).away(0, now)
    if public:
        state = state.opening(0, now)
    return Step(Room(room_id, tuple(seats), state, now), WHOLE, push=False)


def _heir(room: Room, name: str, credential_hash: str, now: float, clock: Clock,
          who: tuple[str | None, str | None]) -> tuple[Step, Seat]:
    """At an open table in play without a free seat: ``name`` claims the lowest seat a computer
    holds (filled at the start, or left by a person), else the lowest whose person has been away
    past the grace, and takes it when the next round starts (:meth:`.room.Room.takeover`).
    ``who``: the hashes of the heir's holder key and address. The claim lapses when the
    heir has had no connection open for :data:`.opentables.OPEN_WITHIN` seconds, when they have
    none open at the next deal, and when the away person comes back before it.

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
    """Seat ``name`` at the lowest free person seat, away until their page connects; the first
    round is dealt (by the committed deal, ``docs/fair.md``) when this was the last free seat,
    at an open table only once every person seated there is present (:func:`connect`).
    At an open table in play without a free seat, ``name`` takes a computer's seat, or one whose
    person has been away past ``clock``'s grace, at the next round instead (:func:`_heir`).
    At an open table ``holder`` and ``address`` (hashes of the browser's holder key and of its
    address, None: not told) are kept with the seat or claim, and one holder holds one seat or
    claim there.
    ``contribution``: ``(commitment, contribution)``, the joiner's contribution to the pending
    deal. With ``commitment`` None (sent before its sender saw the commitment: quick play, the
    lobby's "Mitspielen") it goes to the pending deal only when this seat deals it (takes the
    last free seat; at an open table the deal then waits for the pages to open it); otherwise
    it is dropped, and the joiner's page contributes once it has seen the commitment, which
    its check can then vouch for (``docs/fair.md``). Returns the step, the seat and the
    commitment of the deal the contribution went to (None: it went to none).

    Raises:
        RoomError: ``room_full``; ``stale_version``: ``commitment`` is not the pending deal's;
            ``already_seated``: ``holder`` holds a seat or claim at this open table.
    """
    public = room.state.public
    if public and holder is not None and room.holds(holder):
        raise RoomError(ErrorCode.ALREADY_SEATED, "this browser holds a seat at this table already")
    who = (holder, address) if public else (None, None)
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
    """The person at ``seat`` contributes to the pending deal whose commitment is ``commitment``
    (``docs/fair.md``), or the person who takes this computer-held seat at that deal ("Platz
    übernehmen"). A seat's first contribution to a deal stays: a later one changes nothing and
    is answered with the state as it is (nothing written).

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
    """The first connection of the person at ``seat`` opened: they are present (and have opened
    the table). A person whose turn's time ran out while away gets the turn back with a fresh
    turn time; a ready step that waited for nobody but the away deals the next round; a waiting
    open table whose seats are all taken deals its first round once everyone there is present. A
    claim on the seat of a person who was away past the grace lapses when they come back before
    the next round (its heir's connections are closed). None: nothing changed (a spectator, or
    the seat was present already)."""
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
    """The heir of the claim on ``seat`` opened the table (their page said hello): the claim
    no longer lapses for want of it while they stay. None: nothing to change."""
    if room.seats[seat].heir is None or room.state.unopened_since(seat) is None:
        return None
    return Step(room.but(state=room.state.opening(seat, None)), Write("state", best_effort=True), push=False)


def claim_closed(room: Room, seat: Seat, now: float) -> Step | None:
    """The last connection of the heir of the claim on ``seat`` closed: the claim lapses unless
    they are back within :data:`.opentables.OPEN_WITHIN` seconds (a reload takes far less), and
    a claim whose heir is not there at the next deal is dropped (:func:`_heirs_seated`). None:
    nothing to change."""
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
    """The last connection of the person at ``seat`` closed: they are away from ``now`` (the
    grace starts); if that made everyone ready, the next round is dealt. None: nothing changed."""
    if not room.is_present(seat) or room.seats[seat].kind != "person":
        return None
    return _deal_if_ready(room.but(state=room.state.away(seat, now)), now, Write("state", best_effort=True))


def act(room: Room, seat: Seat, version: int, action_json: Any, now: float, *, stand_in: bool = False) -> Step:
    """``seat``'s action (JSON form) made against ``version``. An action of the round in play is
    appended with the room-state fields it set (the turn clock when the turn passed on, a
    stand-in's mark); the action that ends a round writes the room whole with the round's record.

    ``stand_in``: a computer made this move for the person at ``seat`` (the log says so).

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
        return Step(next_room, Write("whole", finished=record), history=True)
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


def ready(room: Room, seat: Seat, version: int, now: float) -> Step:
    """The person at ``seat`` asks for the next round (made against ``version``); once every
    person at the table did, it is dealt. After a round that won the match this is the
    "Revanche": the round dealt then opens a new match.

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
    """The person at ``seat`` leaves for good: a computer plays the seat from now on, their
    credential stops opening it, their connections are closed (4410). When no person is left
    at the table, the room ends."""
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
