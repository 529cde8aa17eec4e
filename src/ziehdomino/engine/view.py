"""The seat's view: everything one seat may know, as JSON (``docs/view.md``); the only game
state that leaves the engine (docs/architecture.md, idea 2)."""

from __future__ import annotations

from typing import Any, TypedDict

from .actions import ActionJSON, action_to_json
from .fair import Proof
from .match import Match
from .round import LogEntryJSON, ResultJSON, Seat
from .tiles import format_oriented, format_tile


class MatchCounts(TypedDict):
    """The view's ``match``."""

    wins: list[int]
    shared: list[int]
    next_starter: int


class SeatView(TypedDict):
    """The seat's view, in the field order of ``docs/view.md`` (a test holds them equal)."""

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
    """The view's ``fair``: the seed and contributions only once the round is over."""
    proof = match.fair
    if proof is None:
        return None
    if match.round.result is None:
        return {"commitment": proof["commitment"], "seed": None, "contributions": None}
    return {"commitment": proof["commitment"], "seed": proof["seed"], "contributions": list(proof["contributions"] or ())}


def seat_view(match: Match, seat: Seat | None) -> SeatView:
    """What ``seat`` (None: a spectator) may know of ``match`` now; ``ValueError`` for no seat."""
    return with_seat(public_view(match), match, seat)


def public_view(match: Match, *, log: Any = None, line: Any = None) -> SeatView:
    """A spectator's view: the part that is the same for every viewer (:func:`with_seat` adds a
    seat's own). ``log`` and ``line``, when given, replace those fields already encoded; they
    must hold what this would write."""
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
    """``public`` (changed in place) with ``seat``'s own fields; ``ValueError`` for no seat."""
    if seat is None:
        return public
    public["seat"] = seat
    public["hand"], public["legal"] = own_fields(match, seat)
    return public


def own_fields(match: Match, seat: Seat) -> tuple[list[str], list[ActionJSON]]:
    """``seat``'s ``hand`` and ``legal``; ``ValueError`` for no seat."""
    r = match.round
    if not isinstance(seat, int) or not 0 <= seat < r.players:
        raise ValueError(f"no seat {seat!r} at a table of {r.players}")
    return [format_tile(t) for t in r.hands[seat]], [action_to_json(a) for a in r.legal_actions(seat)]
