"""Computer players: given what one seat may know, return a legal action.

The one entry point is :func:`decide`. A computer gets only its own seat's view (docs/view.md:
its hand, the line, the counts and the public log) and a seed; it never receives a round, so it
cannot read another hand or the boneyard. The same view, level and seed give the same action
here and in ``web/bots/index.js`` (docs/bots.md).
"""

from __future__ import annotations

from typing import Any

from .knowledge import knowledge_of, tile_index
from .players import LEVELS, search, seeing_deals, stark_search
from .rng import Mulberry32

__all__ = ["LEVELS", "analyse", "decide", "decide_seeing"]

#: The largest seed both languages hold exactly (JavaScript's Number.MAX_SAFE_INTEGER).
SAFE_SEED = 2**53 - 1


def _check(view: dict[str, Any], level: str, seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > SAFE_SEED:
        raise ValueError(f"the seed must be an integer within +-(2**53 - 1), not {seed!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (leicht, mittel, stark or heaviest)")
    if not view.get("legal"):
        raise ValueError("no legal action in this view: it is not this seat's turn or the round is over")


def analyse(view: dict[str, Any], seed: int) -> dict[str, Any]:
    """What the "stark" search finds for this view and seed (``players.search``); its
    ``choice`` (an index into ``view["legal"]``) is ``decide(view, "stark", seed)``.

    Raises:
        ValueError: as :func:`decide`.
    """
    _check(view, "stark", seed)
    return stark_search(view, knowledge_of(view), Mulberry32(seed))


def decide_seeing(view: dict[str, Any], hands: list[list[str]], seed: int) -> dict[str, Any]:
    """Arena only, never a level: "stark" handed every seat's real hand (``hands[s]``, tiles
    ``"a|b"``), only the boneyard's order drawn, to measure what knowing the hands is worth.

    Raises:
        ValueError: as :func:`decide`.
    """
    _check(view, "stark", seed)
    k = knowledge_of(view)
    masks = [k.hand if s == k.me else sum(1 << tile_index(t) for t in h) for s, h in enumerate(hands)]
    return dict(view["legal"][search(view, k, Mulberry32(seed), seeing_deals(masks))["choice"]])


def decide(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """Choose an action for the seat whose view this is.

    Args:
        view: a seat's view (``seat_view(match, seat)``) at that seat's turn.
        level: ``"leicht"``, ``"mittel"``, ``"stark"``, or the arena's yardsticks ``"heaviest"``
            and ``"stark-v1"`` (stark before it read the other seats' plays).
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
    try:
        hash(level)
    except TypeError:
        raise ValueError(f"unknown level {level!r} (leicht, mittel, stark or heaviest)") from None
    _check(view, level, seed)
    player = LEVELS[level]
    legal = view["legal"]
    k = knowledge_of(view)
    choice = player(view, k, Mulberry32(seed))
    return dict(legal[choice])
