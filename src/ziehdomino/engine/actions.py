"""The three actions of a turn -- play, draw, pass -- and their JSON form.

JSON (``tests/vectors/FORMAT.md``)::

    {"type": "play", "tile": "5|2", "end": "right"}   # end may be absent on an empty line
    {"type": "draw"}
    {"type": "pass"}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

from .errors import Refusal
from .tiles import Tile, format_tile, parse_tile

End: TypeAlias = Literal["left", "right"]
ENDS: tuple[End, End] = ("left", "right")


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``tile`` on the ``end`` of the line (``None``: the line is empty, any end)."""

    tile: Tile
    end: End | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next tile from the boneyard; the turn stays with the player."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the turn (only when nothing fits and the boneyard is empty)."""


Action: TypeAlias = Play | Draw | Pass

DRAW: Draw = Draw()
PASS: Pass = Pass()


def parse_action(obj: Any) -> Action:
    """The action of a JSON form; ``Refusal("invalid_action")`` if malformed. A missing ``end``
    passes here: :meth:`Round.check` decides, by the line."""
    if not isinstance(obj, dict):
        raise Refusal("invalid_action", f"an action must be an object, got {type(obj).__name__}")
    kind = obj.get("type")
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    if kind != "play":
        raise Refusal("invalid_action", f"unknown action type {kind!r} (play, draw or pass)")
    try:
        t = parse_tile(obj.get("tile"))
    except ValueError as exc:
        raise Refusal("invalid_action", str(exc)) from None
    end = obj.get("end")
    if end is not None and end not in ENDS:
        raise Refusal("invalid_action", f"unknown end {end!r} (left or right)")
    return Play(t, end)


class ActionJSON(TypedDict):
    """An action as JSON (module docstring), in a view's ``legal`` and the storage form."""

    type: Literal["play", "draw", "pass"]
    tile: NotRequired[str]
    end: NotRequired[End | None]


def action_to_json(action: Action) -> ActionJSON:
    """The JSON form of an action; a play's tile low first."""
    if isinstance(action, Play):
        return {"type": "play", "tile": format_tile(action.tile), "end": action.end}
    return {"type": "draw"} if isinstance(action, Draw) else {"type": "pass"}
