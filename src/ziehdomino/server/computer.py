"""A computer seat's choice: from its own seat's view only (ARCHITECTURE.md, idea 6).

:func:`decide` calls ``ziehdomino.bots.decide(view, level, seed)`` when the bots package
provides it, and otherwise plays a plain legal move picked with a seeded random. Either way
the answer is only a proposal: the room's writer applies it through the engine like any
person's action, and falls back to :func:`legal_move` if the engine refuses it.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Callable

log = logging.getLogger("ziehdomino.computer")

Decider = Callable[[dict[str, Any], str, int], dict[str, Any]]


def legal_move(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """One of ``view["legal"]``, picked with ``random.Random(seed)``; ``level`` is ignored.

    Raises:
        ValueError: the view has no legal action (not this seat's turn, or the round is over).
    """
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view")
    return dict(random.Random(seed).choice(legal))


def _bots_decide() -> Decider | None:
    try:
        from .. import bots
    except ImportError:
        return None
    fn = getattr(bots, "decide", None)
    return fn if callable(fn) else None


def decide(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """The action (JSON form) a computer of ``level`` takes from its seat's ``view``.

    Uses the bots package when importable; any error there falls back to :func:`legal_move`.

    Raises:
        ValueError: the view has no legal action.
    """
    bot = _bots_decide()
    if bot is not None:
        try:
            action = bot(view, level, seed)
            if isinstance(action, dict):
                return action
            log.warning("bots.decide returned %r, not an action; playing a legal move", type(action).__name__)
        except Exception:  # a bot's bug must never stop a room
            log.exception("bots.decide failed; playing a legal move")
    return legal_move(view, level, seed)
