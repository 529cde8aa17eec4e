"""What one public action does to a seat's view, worked out from that view alone.

A delta frame names the action that was taken (its *act*) instead of the fields it changed; the
client works those out from the view it holds (docs/protocol.md, "Delta frames"). This module
is that working out, the reference that the browser's ``web/engine/follow.js`` matches (the
delta vectors hold both to the server's full states byte for byte). The server sends every
field whose value is not the one worked out here, so following need not know how a round ends,
what tile was drawn or how much time an absent person is given: it only has to be the same in
both languages.

An act is a short list: ``[seat, tile, end]`` for a play (``end`` None for the opening tile),
``[seat, "draw"]`` or ``[seat, "pass"]``, with ``true`` added at its end when a computer made
the move for a person (the log entry's ``stand_in``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from .actions import ActionJSON, action_to_json
from .round import LogEntryJSON, legal_plays
from .tiles import parse_oriented, parse_tile

Act: TypeAlias = list[Any]
"""``[seat, tile, end]`` / ``[seat, "draw" | "pass"]``, ``true`` added for a stand-in's move."""

#: The acts that are not plays (a play's second item is its tile).
_NOT_PLAYS = frozenset({"draw", "pass"})


def played(act: Act) -> str | None:
    """The tile an act plays, or None for a draw or a pass."""
    return None if act[1] in _NOT_PLAYS else act[1]


def hand_after(hand: list[str], act: Act, seat: int | None) -> list[str]:
    """``seat``'s ``hand`` after ``act``: without the tile it played, if it was ``seat``'s play;
    else as it was (a drawn tile is not in the act)."""
    tile = played(act)
    return [t for t in hand if t != tile] if tile is not None and act[0] == seat else hand


#: The view's fields an act changes, besides the log, the line and the actor's hand.
FOLLOWED = ("version", "ends", "hand_counts", "boneyard_count", "turn", "passes")


def act_of(entry: Mapping[str, Any]) -> Act | None:
    """The act of a log entry (a parsed :class:`~.round.LogEntryJSON`), or None when the entry
    is not one that :func:`entry_of` writes back exactly."""
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
    """The log entry ``act`` makes, with the open ``ends`` before it (the view's ``ends``).

    Raises:
        ValueError: ``act`` is not an act.
    """
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
    """Where a play's tile goes in the line and how it lies there: ``("left" | "right",
    "a|b")`` (the opening tile: ``"right"``, as it is given); None for a draw or a pass."""
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
    """The values of :data:`FOLLOWED` after ``act``, from the ``view`` before it: the version
    one more; a play's new ends, the player's count one less, passes 0 and the next seat to act
    (None once that hand is empty); a draw's count one more and boneyard one less; a pass one
    more pass and the next seat (None once every seat passed in a row)."""
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
    """ROOMINFO's ``clock`` after an act that passed the turn to ``turn``: that seat's whole time
    (``turn_time`` in ms), None without a turn time or a seat to act. (A computer's seat, an
    absent person's shorter time and a stand-in's are not worked out: the server sends those.)"""
    if turn is None or room.get("turn_time") is None:
        return None
    return {"seat": turn, "ms": room["turn_time"] * 1000, "stand_in": False}


def legal_of(view: Mapping[str, Any]) -> list[ActionJSON]:
    """The view's ``legal`` from its other fields (what :meth:`~.round.Round.legal_actions`
    gives the viewer): empty for a spectator, after the round or when another seat is to act."""
    seat = view["seat"]
    if seat is None or view["result"] is not None or view["turn"] != seat:
        return []
    ends = view["ends"]
    hand = [parse_tile(t) for t in view["hand"]]
    return [action_to_json(a) for a in legal_plays(hand, None if ends is None else (ends[0], ends[1]),
                                                    view["boneyard_count"])]


def check_act(view: Mapping[str, Any], act: Act) -> None:
    """Whether ``act`` can follow ``view`` as far as the view tells: the round goes on, the act
    is by the seat to act, a play's tile is a tile not yet in the line that fits the end named
    (on an empty line, no end), a draw leaves a tile in the boneyard, a pass none; an act by the
    viewer's own seat is one of its legal actions. A client holding a view that an act cannot
    follow has lost track: it asks for the full state instead of guessing.

    Raises:
        ValueError: ``act`` cannot follow ``view``.
    """
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
        # the rule that makes the legal plays, for a hand of that one tile: it fits the end named
        if f"{a}|{b}" in view["line"] or f"{b}|{a}" in view["line"] \
                or action not in legal_of({**view, "seat": seat, "hand": [what]}):
            raise ValueError(f"{what} does not fit {action['end']!r}")
    if view["seat"] == seat and view["hand"] is not None and action not in legal_of(view):
        raise ValueError(f"{action!r} is not a legal action of the viewer")


def follow(room: dict[str, Any], view: dict[str, Any], act: Act) -> None:
    """Apply ``act`` to a state's ``room`` and ``view`` (parsed, changed in place): the log
    entry, the line, :func:`followed`'s fields, the clock when the turn moved on, and the
    viewer's hand when the viewer played (``legal`` is left to :func:`legal_of`).

    Raises:
        ValueError: ``act`` cannot follow ``view`` (:func:`check_act`); nothing changed.
    """
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
