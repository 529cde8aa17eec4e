"""What one public action (a delta frame's *act*) does to a seat's view, from that view alone
(docs/protocol.md, "Delta frames"); twin of ``web/engine/follow.js``. The server sends whatever
this does not work out, so it need only match the browser's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from .actions import ActionJSON, action_to_json
from .round import LogEntryJSON, legal_plays
from .tiles import parse_oriented, parse_tile

Act: TypeAlias = list[Any]
"""``[seat, tile, end]`` / ``[seat, "draw" | "pass"]``, ``true`` added for a stand-in's move."""

_NOT_PLAYS = frozenset({"draw", "pass"})


def played(act: Act) -> str | None:
    return None if act[1] in _NOT_PLAYS else act[1]


def hand_after(hand: list[str], act: Act, seat: int | None) -> list[str]:
    """``seat``'s ``hand`` after ``act`` (a drawn tile is not in the act)."""
    tile = played(act)
    return [t for t in hand if t != tile] if tile is not None and act[0] == seat else hand


#: The view's fields an act changes, besides the log, the line and the actor's hand.
FOLLOWED = ("version", "ends", "hand_counts", "boneyard_count", "turn", "passes")


def act_of(entry: Mapping[str, Any]) -> Act | None:
    """The act of a log entry, or None unless :func:`entry_of` writes it back exactly."""
    kind = entry.get("type")
    if kind == "play":
        act: Act = [entry.get("seat"), entry.get("tile"), entry.get("end")]
        known = 5
    elif kind in ("draw", "pass"):
        act, known = [entry.get("seat"), kind], 3
    else:
        return None
    if entry.get("stand_in") is True:
        act.append(True)
        known += 1
    return act if len(entry) == known else None


def entry_of(act: Act, ends: list[int] | None) -> LogEntryJSON:
    """The log entry ``act`` makes on ``ends``; ``ValueError`` if it is no act."""
    seat, what, *rest = act
    marked = bool(rest) and rest[-1] is True
    if marked:
        rest = rest[:-1]
    entry: dict[str, Any]
    if what in _NOT_PLAYS and not rest:
        entry = {"seat": seat, "type": what, "ends": ends}
    elif isinstance(what, str) and len(rest) == 1:
        entry = {"seat": seat, "type": "play", "tile": what, "end": rest[0], "ends": ends}
    else:
        raise ValueError(f"not an act: {act!r}")
    if marked:
        entry["stand_in"] = True
    return entry  # type: ignore[return-value]


def placed(act: Act, ends: list[int] | None) -> tuple[str, str] | None:
    """``("left" | "right", "a|b")``: where a play's tile lies (the opening tile: right); None
    for a draw or a pass."""
    tile = played(act)
    if tile is None:
        return None
    if ends is None:
        return "right", tile
    a, b = parse_tile(tile)
    if act[2] == "left":
        outer = a if b == ends[0] else b
        return "left", f"{outer}|{ends[0]}"
    outer = b if a == ends[1] else a
    return "right", f"{ends[1]}|{outer}"


def followed(view: Mapping[str, Any], act: Act) -> dict[str, Any]:
    """The values of :data:`FOLLOWED` after ``act``, from the ``view`` before it."""
    seat, kind = act[0], act[1] if act[1] in _NOT_PLAYS else "play"
    players = len(view["hand_counts"])
    counts = list(view["hand_counts"])
    ends, boneyard, turn, passes = view["ends"], view["boneyard_count"], view["turn"], view["passes"]
    if kind == "play":
        side, text = placed(act, ends)  # type: ignore[misc]
        a, b = (int(text[0]), int(text[2]))
        ends = [a, b] if ends is None else [a, ends[1]] if side == "left" else [ends[0], b]
        counts[seat] -= 1
        passes = 0
        turn = None if counts[seat] == 0 else (seat + 1) % players
    elif kind == "draw":
        counts[seat] += 1
        boneyard -= 1
    else:
        passes += 1
        turn = None if passes >= players else (seat + 1) % players
    return {"version": view["version"] + 1, "ends": ends, "hand_counts": counts, "boneyard_count": boneyard,
            "turn": turn, "passes": passes}


def clock_after(room: Mapping[str, Any], turn: int | None) -> Any:
    """ROOMINFO's ``clock`` once the turn passed to ``turn``: that seat's whole time, or None
    (the server sends any other clock)."""
    if turn is None or room.get("turn_time") is None:
        return None
    return {"seat": turn, "ms": room["turn_time"] * 1000, "stand_in": False}


def legal_of(view: Mapping[str, Any]) -> list[ActionJSON]:
    """The view's ``legal`` from its other fields."""
    seat = view["seat"]
    if seat is None or view["result"] is not None or view["turn"] != seat:
        return []
    ends = view["ends"]
    hand = [parse_tile(t) for t in view["hand"]]
    return [action_to_json(a) for a in legal_plays(hand, None if ends is None else (ends[0], ends[1]),
                                                    view["boneyard_count"])]


def check_act(view: Mapping[str, Any], act: Act) -> None:
    """Raise ``ValueError`` if ``act`` cannot follow ``view`` as far as the view tells (the
    client has lost track and asks for the full state)."""
    if not isinstance(act, list) or len(act) < 2 or view["result"] is not None:
        raise ValueError("no act follows a finished round")
    seat, what, *rest = act
    if rest and rest[-1] is True:
        rest = rest[:-1]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat != view["turn"]:
        raise ValueError(f"seat {seat!r} is not to act")
    if what in _NOT_PLAYS:
        if rest or (view["boneyard_count"] > 0) != (what == "draw"):
            raise ValueError(f"{what} does not fit the boneyard")
        action: dict[str, Any] = {"type": what}
    else:
        a, b = parse_oriented(what)  # ValueError: not a tile
        action = {"type": "play", "tile": what, "end": rest[0] if len(rest) == 1 else "none"}
        # fits the end named: legal for a hand of that one tile
        if f"{a}|{b}" in view["line"] or f"{b}|{a}" in view["line"] \
                or action not in legal_of({**view, "seat": seat, "hand": [what]}):
            raise ValueError(f"{what} does not fit {action['end']!r}")
    if view["seat"] == seat and view["hand"] is not None and action not in legal_of(view):
        raise ValueError(f"{action!r} is not a legal action of the viewer")


def follow(room: dict[str, Any], view: dict[str, Any], act: Act) -> None:
    """Apply ``act`` to a parsed state's ``room`` and ``view`` in place, all but ``legal``
    (:func:`legal_of`); ``ValueError`` (:func:`check_act`) changes nothing."""
    check_act(view, act)
    ends = view["ends"]
    view["log"] = [*view["log"], entry_of(act, ends)]
    where = placed(act, ends)
    if where is not None:
        view["line"] = [where[1], *view["line"]] if where[0] == "left" else [*view["line"], where[1]]
        if view["hand"] is not None:
            view["hand"] = hand_after(view["hand"], act, view["seat"])
    turn = view["turn"]
    view.update(followed(view, act))
    if view["turn"] != turn:
        room["clock"] = clock_after(room, view["turn"])
