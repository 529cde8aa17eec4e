"""Computer players: given what one seat may know, return a legal action.

The one entry point is :func:`decide`. A computer gets only its own seat's view (docs/view.md:
its hand, the line, the counts and the public log) and a seed; it never receives a round, so it
cannot read another hand or the boneyard. The same view, level and seed give the same action
here and in ``web/bots.js`` (docs/bots.md).
"""

from __future__ import annotations

from typing import Any

from .knowledge import knowledge_of
from .players import LEVELS
from .rng import Mulberry32

__all__ = ["LEVELS", "decide"]

#: The largest seed both languages hold exactly (JavaScript's Number.MAX_SAFE_INTEGER).
SAFE_SEED = 2**53 - 1


def decide(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """Choose an action for the seat whose view this is.

    Args:
        view: a seat's view (``seat_view(match, seat)``) at that seat's turn.
        level: ``"leicht"``, ``"mittel"``, ``"stark"`` or the yardstick ``"heaviest"``.
        seed: an integer within +-(2**53 - 1) (so that JavaScript holds it exactly); the
            decision depends on ``view``, ``level`` and ``seed`` only.

    Returns:
        A copy of one entry of ``view["legal"]`` (JSON form, e.g.
        ``{"type": "play", "tile": "2|5", "end": "right"}``).

    Raises:
        ValueError: an unknown level, a seed that is no integer within that range, a
            spectator's view, a view whose counts do not add up, or a view with no legal
            action (not this seat's turn, or the round is over).
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > SAFE_SEED:
        raise ValueError(f"the seed must be an integer within +-(2**53 - 1), not {seed!r}")
    try:
        player = LEVELS[level]
    except (KeyError, TypeError):
        raise ValueError(f"unknown level {level!r} (leicht, mittel, stark or heaviest)") from None
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view: it is not this seat's turn or the round is over")
    k = knowledge_of(view)
    choice = player(view, k, Mulberry32(seed))
    return dict(legal[choice])
