"""A round from and to tests/vectors/FORMAT.md's ``position`` object; tiles it names nowhere
are out of play."""

from __future__ import annotations

from typing import Any, TypedDict

from ..constants import MAX_PLAYERS, MIN_PLAYERS
from .errors import PositionError
from .round import Round
from .tiles import Oriented, Tile, format_oriented, format_tile, parse_oriented, tile


class PositionJSON(TypedDict):
    """A position as :func:`position_of` writes it."""

    players: int
    hands: list[list[str]]
    boneyard: list[str]
    line: list[str]
    turn: int
    passes: int


def _tiles(value: Any, what: str) -> list[Oriented]:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list of tiles")
    out = []
    for i, text in enumerate(value):
        try:
            out.append(parse_oriented(text))
        except ValueError as exc:
            raise PositionError(f"{what}[{i}]: {exc}") from None
    return out


def _int(obj: dict[str, Any], key: str, default: int | None = None) -> int:
    value = obj.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(f"{key} must be an integer, not {value!r}")
    return value


def round_from_position(position: Any, *, keep_log: bool = True) -> Round:
    """Build a round from a position object; :class:`PositionError` (saying what) unless it
    can be one."""
    if not isinstance(position, dict):
        raise PositionError("a position must be an object")
    players = _int(position, "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {players}")
    raw_hands = position.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        raise PositionError(f"hands must be a list of {players} hands, one per seat")
    hands: list[list[Tile]] = [[tile(*t) for t in _tiles(h, f"hands[{s}]")] for s, h in enumerate(raw_hands)]
    boneyard = [tile(*t) for t in _tiles(position.get("boneyard", []), "boneyard")]
    line = _tiles(position.get("line", []), "line")
    seen: dict[Tile, str] = {}
    places = [(f"hands[{s}]", h) for s, h in enumerate(hands)] + [("boneyard", boneyard),
                                                                   ("line", [tile(*t) for t in line])]
    for place, tiles in places:
        for t in tiles:
            if t in seen:
                raise PositionError(f"tile {format_tile(t)} appears twice ({seen[t]} and {place})")
            seen[t] = place
    for i in range(1, len(line)):
        if line[i - 1][1] != line[i][0]:
            raise PositionError(f"line: {format_oriented(line[i - 1])} and {format_oriented(line[i])} do not touch "
                                f"({line[i - 1][1]} against {line[i][0]})")
    for s, h in enumerate(hands):
        if not h:
            raise PositionError(f"hands[{s}] is empty: that round would already be over")
    turn = _int(position, "turn", 0)
    if not 0 <= turn < players:
        raise PositionError(f"turn must be a seat 0-{players - 1}, not {turn}")
    passes = _int(position, "passes", 0)
    if not 0 <= passes < players:
        raise PositionError(f"passes must be 0-{players - 1}, not {passes}")
    if passes and boneyard:
        raise PositionError("passes must be 0 while the boneyard holds tiles (nobody may pass then)")
    if passes and not line:
        raise PositionError("passes must be 0 on an empty line (nobody may pass then)")
    starter = position.get("starter", turn)
    if not isinstance(starter, int) or not 0 <= starter < players:
        raise PositionError(f"starter must be a seat 0-{players - 1}, not {starter!r}")
    return Round(players, hands, boneyard, line=list(line), turn=turn, passes=passes,
                 starter=starter, keep_log=keep_log)


def position_of(rnd: Round) -> PositionJSON:
    """A round as a position object; ``PositionError`` once it is over."""
    if rnd.result is not None:
        raise PositionError("the round is over: a position is a round still being played")
    return {
        "players": rnd.players,
        "hands": [[format_tile(t) for t in h] for h in rnd.hands],
        "boneyard": [format_tile(t) for t in rnd.boneyard],
        "line": [format_oriented(t) for t in rnd.line],
        "turn": rnd.turn,
        "passes": rnd.passes,
    }
