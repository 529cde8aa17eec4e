"""The two messages of play read without pydantic: most of what a socket receives.

Every message a client sends is defined by its model in :mod:`.models`, and anything unusual is
validated there. The two that carry the game, an ``action`` and a ``next_round`` in their plain
form, are read here instead: JSON parsed with orjson and each field checked by hand against its
model's rules. That costs about a third of the model's validation and the dump of the action
after it, on every move of every table. Whatever this does not take as it is returns None and
goes to the model, which accepts it or refuses it with its reason; so nothing is accepted here
that the model refuses, and the values read are the model's (a test holds the two equal on
generated messages).
"""

from __future__ import annotations

from typing import Any, Literal

import orjson

from .models import MAX_ACTION_FIELD, MAX_VERSION

#: ``("action", version, the action's JSON as ActionMessage.action_json() gives it)`` or
#: ``("next_round", version, None)``.
PlayMessage = tuple[Literal["action", "next_round"], int, dict[str, Any] | None]


def read_play(data: str) -> PlayMessage | None:
    """``data`` as an ``action`` or ``next_round`` message, or None: another message, or one
    that is not in the plain form (the caller validates it with :data:`.models.CLIENT_MESSAGE`)."""
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
