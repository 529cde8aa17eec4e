"""A match as plain JSON, for storage, and back.

The form holds the current round's deal (a position, with the boneyard order) and the
actions played since, rather than a snapshot: restoring replays every action through the
rules, so a stored state that the rules would not have produced is refused.

Form (``format`` 1)::

    {"format": 1, "players": 3, "wins": [..], "shared": [..], "starters": [..],
     "version": 12, "deal": POSITION, "actions": [ACTION, ...]}
"""

from __future__ import annotations

import random
from typing import Any

from .actions import DRAW, PASS, Play, action_to_json, parse_action
from .errors import PositionError, Refusal
from .match import Match
from .position import round_from_position

STATE_FORMAT = 1


def match_to_state(match: Match) -> dict[str, Any]:
    """The JSON form of ``match`` (see the module docstring). Holds hidden tiles: store it, never send it."""
    r = match.round
    assert r.log is not None, "a match's round keeps its log"
    actions = []
    for e in r.log:
        if e.kind == "play":
            assert e.tile is not None
            actions.append(action_to_json(Play(e.tile, e.end)))
        else:
            actions.append(action_to_json(DRAW if e.kind == "draw" else PASS))
    return {
        "format": STATE_FORMAT,
        "players": match.players,
        "wins": list(match.wins),
        "shared": list(match.shared),
        "starters": list(match.starters),
        "version": match.version,
        "deal": match.opening,
        "actions": actions,
    }


def _seat_counts(state: dict[str, Any], key: str, players: int) -> list[int]:
    value = state.get(key)
    if (not isinstance(value, list) or len(value) != players
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
        raise PositionError(f"{key} must be {players} counts >= 0")
    return list(value)


def match_from_state(state: Any, *, rng: random.Random | None = None) -> Match:
    """Rebuild a match from :func:`match_to_state`'s form, replaying the round's actions.

    Raises:
        PositionError: a wrong format, a bad deal, counters or starters that do not fit,
            or an action that the rules refuse on replay (the message names it).
    """
    if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
        raise PositionError(f"not a stored match of format {STATE_FORMAT}")
    players = state.get("players")
    if players not in (2, 3, 4):
        raise PositionError(f"players must be 2-4, not {players!r}")
    deal_pos = state.get("deal")
    rnd = round_from_position(deal_pos)
    starters = state.get("starters")
    if (not isinstance(starters, list) or not starters
            or not all(isinstance(s, int) and 0 <= s < players for s in starters)):
        raise PositionError("starters must be a non-empty list of seats")
    if any(b != (a + 1) % players for a, b in zip(starters, starters[1:])):
        raise PositionError("starters must rotate clockwise")
    if rnd.players != players or rnd.turn != starters[-1] or rnd.line:
        raise PositionError("deal must be a fresh deal for this table, opened by the last starter")
    actions = state.get("actions")
    if not isinstance(actions, list):
        raise PositionError("actions must be a list")
    version = state.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise PositionError("version must be an integer >= 1")
    match = Match(players, rng=rng, first_round=rnd)
    for i, raw in enumerate(actions):
        try:
            rnd.apply(rnd.turn, parse_action(raw))
        except Refusal as exc:
            raise PositionError(f"actions[{i}] is refused on replay: {exc.message}") from None
    match.starters = list(starters)
    match.wins = _seat_counts(state, "wins", players)
    match.shared = _seat_counts(state, "shared", players)
    match.version = version
    return match
