"""The seat's view: everything one seat may know, as JSON (``docs/view.md``).

This is the only game state that ever leaves the engine for a socket or the renderer
(docs/architecture.md, idea 2). Before a round ends it holds the viewer's own hand and only the
counts of the others; never the boneyard's tiles or order, never a random state, never the
round's seed before the round is over (``docs/fair.md``).
"""

from __future__ import annotations

from typing import Any, TypedDict

from .actions import ActionJSON, action_to_json
from .fair import Proof
from .match import Match
from .round import LogEntryJSON, ResultJSON, Seat
from .tiles import format_oriented, format_tile


class MatchCounts(TypedDict):
    """The view's ``match``: the match's counters per seat and who opens the next round."""

    wins: list[int]
    shared: list[int]
    next_starter: int


class SeatView(TypedDict):
    """The seat's view (``docs/view.md``, whose field table a test holds equal to these keys),
    in its field order. Tiles are ``"a|b"`` strings; seats are 0-based ints."""

    version: int
    players: int
    seat: int | None
    round_number: int
    starter: int
    line: list[str]
    ends: list[int] | None
    hand: list[str] | None
    hand_counts: list[int]
    boneyard_count: int
    turn: int | None
    passes: int
    legal: list[ActionJSON]
    log: list[LogEntryJSON]
    result: ResultJSON | None
    hands: list[list[str]] | None
    pips: list[int] | None
    match: MatchCounts
    fair: Proof | None


def fair_json(match: Match) -> Proof | None:
    """The view's ``fair``: the round's commitment, and its seed and contributions once the round
    is over (``docs/fair.md``); None for a round dealt without a commitment."""
    proof = match.fair
    if proof is None:
        return None
    if match.round.result is None:
        return {"commitment": proof["commitment"], "seed": None, "contributions": None}
    return {"commitment": proof["commitment"], "seed": proof["seed"], "contributions": list(proof["contributions"] or ())}


def seat_view(match: Match, seat: Seat | None) -> SeatView:
    """What ``seat`` may know of ``match`` now (a :class:`SeatView`); ``seat=None`` gives a
    spectator's view.

    Raises:
        ValueError: ``seat`` is neither None nor a seat of this table.
    """
    return with_seat(public_view(match), match, seat)


def public_view(match: Match, *, log: Any = None, line: Any = None) -> SeatView:
    """The part of every seat's view that is the same for all viewers, in the view's field order,
    with ``seat``, ``hand`` and ``legal`` as they are for a spectator (None, None, []).

    Built once per change when several viewers are served (:func:`with_seat` adds a seat's own
    fields to a copy). ``log`` and ``line``, when given, stand in for the encoded ``log`` and
    ``line`` (a caller that keeps them encoded, e.g. as ``orjson.Fragment``); they must hold
    what this function would write there.

    Returns:
        A :class:`SeatView` (every field of ``docs/view.md``).
    """
    r = match.round
    result = r.result
    ends = r.ends
    return {
        "version": match.version,
        "players": r.players,
        "seat": None,
        "round_number": match.round_number,
        "starter": r.starter,
        "line": [format_oriented(t) for t in r.line] if line is None else line,
        "ends": list(ends) if ends is not None else None,
        "hand": None,
        "hand_counts": [len(h) for h in r.hands],
        "boneyard_count": len(r.boneyard),
        "turn": None if result is not None else r.turn,
        "passes": r.passes,
        "legal": [],
        "log": ([e.to_json() for e in r.log] if r.log is not None else []) if log is None else log,
        "result": result.to_json() if result is not None else None,
        "hands": [[format_tile(t) for t in h] for h in r.hands] if result is not None else None,
        "pips": list(r.pip_sums()) if result is not None else None,
        "match": {"wins": list(match.wins), "shared": list(match.shared), "next_starter": match.next_starter},
        "fair": fair_json(match),
    }


def with_seat(public: SeatView, match: Match, seat: Seat | None) -> SeatView:
    """``public`` (:func:`public_view` of ``match``, changed in place) with ``seat``'s own fields:
    its number, its hand and its legal actions (a spectator's stay None, None, []).

    Raises:
        ValueError: ``seat`` is neither None nor a seat of this table.
    """
    if seat is None:
        return public
    public["seat"] = seat
    public["hand"], public["legal"] = own_fields(match, seat)
    return public


def own_fields(match: Match, seat: Seat) -> tuple[list[str], list[ActionJSON]]:
    """``seat``'s own ``hand`` and ``legal`` of its view (:func:`with_seat` puts them in one).

    Raises:
        ValueError: ``seat`` is not a seat of this table.
    """
    r = match.round
    if not isinstance(seat, int) or not 0 <= seat < r.players:
        raise ValueError(f"no seat {seat!r} at a table of {r.players}")
    return [format_tile(t) for t in r.hands[seat]], [action_to_json(a) for a in r.legal_actions(seat)]
