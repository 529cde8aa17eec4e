"""The seat's view: everything one seat may know, as JSON (``docs/view.md``).

This is the only game state that ever leaves the engine for a socket or the renderer
(docs/architecture.md, idea 2). Before a round ends it holds the viewer's own hand and only the
counts of the others; never the boneyard's tiles or order, never a random state.
"""

from __future__ import annotations

from typing import Any

from .actions import action_to_json
from .match import Match
from .round import Seat
from .tiles import format_oriented, format_tile


def seat_view(match: Match, seat: Seat | None) -> dict[str, Any]:
    """What ``seat`` may know of ``match`` now; ``seat=None`` gives a spectator's view.

    Returns:
        A JSON-ready dict with the fields listed in ``docs/view.md``.

    Raises:
        ValueError: ``seat`` is neither None nor a seat of this table.
    """
    return with_seat(public_view(match), match, seat)


def public_view(match: Match, *, log: Any = None, line: Any = None) -> dict[str, Any]:
    """The part of every seat's view that is the same for all viewers, in the view's field order,
    with ``seat``, ``hand`` and ``legal`` as they are for a spectator (None, None, []).

    Built once per change when several viewers are served (:func:`with_seat` adds a seat's own
    fields to a copy). ``log`` and ``line``, when given, stand in for the encoded ``log`` and
    ``line`` (a caller that keeps them encoded, e.g. as ``orjson.Fragment``); they must hold
    what this function would write there.

    Returns:
        A JSON-ready dict with every field of ``docs/view.md``.
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
    }


def with_seat(public: dict[str, Any], match: Match, seat: Seat | None) -> dict[str, Any]:
    """``public`` (:func:`public_view` of ``match``, changed in place) with ``seat``'s own fields:
    its number, its hand and its legal actions (a spectator's stay None, None, []).

    Raises:
        ValueError: ``seat`` is neither None nor a seat of this table.
    """
    r = match.round
    if seat is None:
        return public
    if not isinstance(seat, int) or not 0 <= seat < r.players:
        raise ValueError(f"no seat {seat!r} at a table of {r.players}")
    public["seat"] = seat
    public["hand"] = [format_tile(t) for t in r.hands[seat]]
    public["legal"] = [action_to_json(a) for a in r.legal_actions(seat)]
    return public
