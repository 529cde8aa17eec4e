"""A computer seat's choice: from its own seat's view only (ARCHITECTURE.md, idea 6).

:func:`decide` asks ``ziehdomino.bots.decide(view, level, seed)``. The answer is only a
proposal: the room's writer applies it through the engine like any person's action, and falls
back to :func:`legal_move` if the engine refuses it or the bot fails.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from .. import bots

log = logging.getLogger("ziehdomino.computer")


def legal_move(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """One of ``view["legal"]``, picked with ``random.Random(seed)``; ``level`` is ignored.

    Raises:
        ValueError: the view has no legal action (not this seat's turn, or the round is over).
    """
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view")
    return dict(random.Random(seed).choice(legal))


def decide(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """The action (JSON form) a computer of ``level`` takes from its seat's ``view``.

    Any error in the bot falls back to :func:`legal_move`: a bot's bug never stops a room.

    Raises:
        ValueError: the view has no legal action.
    """
    try:
        return bots.decide(view, level, seed)
    except Exception:  # a bot's bug must never stop a room
        log.exception("bots.decide failed; playing a legal move")
    return legal_move(view, level, seed)
