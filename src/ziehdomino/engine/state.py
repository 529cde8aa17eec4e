"""A match as plain JSON, for storage, and back: the round's deal and the actions since, not a
snapshot, so that restoring replays them through the rules and refuses what they would not make.
The form (``format`` 1)::

    {"format": 1, "players": 3, "wins": [..], "shared": [..], "starters": [..],
     "version": 12, "deal": POSITION, "actions": [ACTION, ...],
     "fair": {"commitment", "seed", "contributions"}}   # only for a committed deal (docs/fair.md)
"""

from __future__ import annotations

import random
from typing import Any, NotRequired, TypeGuard, TypedDict

from ..constants import MAX_PLAYERS, MIN_PLAYERS, TABLE_SIZES
from .actions import DRAW, PASS, ActionJSON, Play, action_to_json, parse_action
from .deal import hand_size
from .errors import PositionError, Refusal
from .fair import Proof, check_contribution, check_seed, commitment_of
from .match import Match
from .position import PositionJSON, round_from_position
from .round import LogEntry
from .tiles import ALL_TILES

STATE_FORMAT = 1


class MatchState(TypedDict):
    """A match's storage form (the module docstring)."""

    format: int
    players: int
    wins: list[int]
    shared: list[int]
    starters: list[int]
    version: int
    deal: PositionJSON
    actions: list[ActionJSON]
    fair: NotRequired[Proof]


def logged_action(entry: LogEntry) -> ActionJSON:
    """The action of one log entry, as the form's ``actions`` list it."""
    if entry.kind == "play":
        assert entry.tile is not None
        return action_to_json(Play(entry.tile, entry.end))
    return action_to_json(DRAW if entry.kind == "draw" else PASS)


def match_to_state(match: Match) -> MatchState:
    """The storage form of ``match``. Holds hidden tiles: store it, never send it."""
    r = match.round
    assert r.log is not None, "a match's round keeps its log"
    actions = [logged_action(e) for e in r.log]
    state: MatchState = {
        "format": STATE_FORMAT,
        "players": match.players,
        "wins": list(match.wins),
        "shared": list(match.shared),
        "starters": list(match.starters),
        "version": match.version,
        "deal": match.opening,
        "actions": actions,
    }
    if match.fair is not None:
        state["fair"] = match.fair.copy()
    return state


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_counts(state: dict[str, Any], key: str, players: int) -> list[int]:
    value = state.get(key)
    if not isinstance(value, list) or len(value) != players or not all(_is_int(v) and v >= 0 for v in value):
        raise PositionError(f"{key} must be {players} counts >= 0, not {value!r}"[:120])
    return list(value)


def _stored_proof(value: Any, players: int) -> Proof | None:
    """A stored proof, checked for shape and commitment only: the browsers check the deal."""
    if value is None:
        return None
    try:
        seed = check_seed(value["seed"])
        contributions = [check_contribution(c) for c in value["contributions"]]
        if len(contributions) != players or value["commitment"] != commitment_of(seed):
            raise ValueError("not a proof of this table")
    except (TypeError, KeyError, ValueError):
        raise PositionError("fair must be a proof {commitment, seed, contributions} of this table") from None
    return {"commitment": value["commitment"], "seed": seed, "contributions": contributions}


def match_from_state(state: Any, *, rng: random.Random | None = None) -> Match:
    """Rebuild a match from its storage form, replaying the round's actions. Raises
    :class:`PositionError`, naming the field, for a state no match could reach (cases:
    ``tests/vectors/stored.json``)."""
    if not isinstance(state, dict) or not _is_int(state.get("format")) or state["format"] != STATE_FORMAT:
        raise PositionError(f"not a stored match of format {STATE_FORMAT}")
    players = state.get("players")
    if not _is_int(players) or players not in TABLE_SIZES:
        raise PositionError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {players!r}")
    try:
        rnd = round_from_position(state.get("deal"))
    except PositionError as exc:
        raise PositionError(f"deal: {exc}") from None
    starters = state.get("starters")
    if (not isinstance(starters, list) or not starters
            or not all(_is_int(s) and 0 <= s < players for s in starters)):
        raise PositionError("starters must be a non-empty list of seats")
    if any(b != (a + 1) % players for a, b in zip(starters, starters[1:])):
        raise PositionError("starters must rotate clockwise")
    if rnd.players != players or rnd.turn != starters[-1] or rnd.starter != rnd.turn or rnd.line:
        raise PositionError("deal must be a fresh deal for this table, opened by the last starter")
    size = hand_size(players)
    if any(len(h) != size for h in rnd.hands) or len(rnd.boneyard) != len(ALL_TILES) - players * size:
        raise PositionError(f"deal must deal {size} tiles to each of {players} seats "
                            f"and the rest of the 28 to the boneyard")
    actions = state.get("actions")
    if not isinstance(actions, list):
        raise PositionError("actions must be a list")
    match = Match(players, rng=rng, first_round=rnd)
    for i, raw in enumerate(actions):
        try:
            rnd.apply(rnd.turn, parse_action(raw))
        except Refusal as exc:
            raise PositionError(f"actions[{i}] is refused on replay: {exc.message}") from None
    wins = _seat_counts(state, "wins", players)
    shared = _seat_counts(state, "shared", players)
    finished = len(starters) - 1 + (rnd.result is not None)
    if sum(wins) + max(shared) > finished:
        raise PositionError(f"wins {wins} and shared {shared} count more rounds than the {finished} finished")
    if 2 * max(shared) > sum(shared):
        raise PositionError(f"shared {shared}: a shared round counts for at least two seats")
    version = state.get("version")
    least = len(starters) + len(actions)
    if not _is_int(version) or version < least:
        raise PositionError(f"version must be an integer >= {least} (rounds dealt plus actions), not {version!r}")
    match.starters = list(starters)
    match.fair = _stored_proof(state.get("fair"), players)
    match.wins = wins
    match.shared = shared
    match.version = version
    return match
