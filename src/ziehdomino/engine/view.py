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
    r = match.round
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < r.players):
        raise ValueError(f"no seat {seat!r} at a table of {r.players}")
    result = r.result
    ends = r.ends
    return {
        "version": match.version,
        "players": r.players,
        "seat": seat,
        "round_number": match.round_number,
        "starter": r.starter,
        "line": [format_oriented(t) for t in r.line],
        "ends": list(ends) if ends is not None else None,
        "hand": None if seat is None else [format_tile(t) for t in r.hands[seat]],
        "hand_counts": [len(h) for h in r.hands],
        "boneyard_count": len(r.boneyard),
        "turn": None if result is not None else r.turn,
        "passes": r.passes,
        "legal": [] if seat is None else [action_to_json(a) for a in r.legal_actions(seat)],
        "log": [e.to_json() for e in r.log] if r.log is not None else [],
        "result": result.to_json() if result is not None else None,
        "hands": [[format_tile(t) for t in h] for h in r.hands] if result is not None else None,
        "pips": list(r.pip_sums()) if result is not None else None,
        "match": {"wins": list(match.wins), "shared": list(match.shared), "next_starter": match.next_starter},
    }
