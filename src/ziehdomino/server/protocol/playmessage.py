"""``action`` and ``next_round`` in their plain form read without pydantic, the common case on
every move. Anything else returns None and goes to the model of :mod:`.models`, so nothing is
accepted here that the model refuses (a test holds the two equal).
"""

from __future__ import annotations

from typing import Any, Literal

import orjson

from .models import MAX_ACTION_FIELD, MAX_VERSION

#: ``("action", version, the action's JSON as ActionMessage.action_json() gives it)`` or
#: ``("next_round", version, None)``.
PlayMessage = tuple[Literal["action", "next_round"], int, dict[str, Any] | None]


def read_play(data: str) -> PlayMessage | None:
    """``data`` as a play message, or None (the caller validates it with the model)."""
    try:
        msg = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    if type(msg) is not dict:
        return None
    version = msg.get("version")
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        return None
    kind = msg.get("type")
    if kind == "next_round":
        return ("next_round", version, None) if len(msg) == 2 else None
    if kind != "action" or len(msg) != 3:
        return None
    action = _action(msg.get("action"))
    return None if action is None else ("action", version, action)


def _action(action: Any) -> dict[str, Any] | None:
    """The action in its model's dump, or None when the model must look at it."""
    if type(action) is not dict:
        return None
    kind = action.get("type")
    if kind == "play":
        tile = action.get("tile")
        if type(tile) is not str or len(tile) > MAX_ACTION_FIELD:
            return None
        if "end" in action:
            end = action["end"]
            if len(action) != 3 or (end is not None and (type(end) is not str or len(end) > MAX_ACTION_FIELD)):
                return None
        elif len(action) == 2:
            end = None
        else:
            return None
        return {"type": "play", "tile": tile, "end": end}
    if (kind == "draw" or kind == "pass") and len(action) == 1:
        return {"type": kind}
    return None
