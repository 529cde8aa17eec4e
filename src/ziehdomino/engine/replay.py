"""A finished round's record, and its replay through the rules (format: ``docs/replay.md``)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..constants import MAX_PLAYERS, MIN_PLAYERS, TABLE_SIZES
from .actions import DRAW, PASS, ActionJSON, End, Play, action_to_json, parse_action
from .deal import hand_size
from .errors import PositionError, Refusal
from .match import Match
from .fair import Proof
from .position import PositionJSON, round_from_position
from .round import ResultJSON, Round
from .view import fair_json
from .tiles import format_oriented, format_tile

RECORD_FORMAT = 1
_SET_SIZE = 28


class RoundRecord(TypedDict):
    """A finished round's record (``docs/replay.md``)."""

    format: int
    round: int
    players: int
    starter: int
    deal: PositionJSON
    undrawn: int
    actions: list[ActionJSON]
    result: ResultJSON
    fair: NotRequired[Proof | None]


class FrameAction(TypedDict):
    """The log entry that led to a frame, without its ends; ``drawn``: a draw's tile."""

    seat: int
    type: Literal["play", "draw", "pass"]
    tile: NotRequired[str]
    end: NotRequired[End | None]
    drawn: NotRequired[str]


class ReplayFrame(TypedDict):
    """One state of a replayed round (``docs/replay.md``), every hand shown."""

    step: int
    action: FrameAction | None
    line: list[str]
    ends: list[int] | None
    hands: list[list[str]]
    boneyard_count: int
    turn: int | None
    passes: int
    pips: list[int]
    result: ResultJSON | None


def round_record(match: Match) -> RoundRecord:
    """The record of ``match``'s current round; ``ValueError`` unless it is over with a log."""
    r = match.round
    if r.result is None:
        raise ValueError("the round is still being played: only a finished round has a record")
    if r.log is None:
        raise ValueError("the round keeps no log")
    actions = []
    for e in r.log:
        if e.kind == "play":
            assert e.tile is not None
            actions.append(action_to_json(Play(e.tile, e.end)))
        else:
            actions.append(action_to_json(DRAW if e.kind == "draw" else PASS))
    draws = sum(1 for e in r.log if e.kind == "draw")
    deal = match.opening.copy()
    deal["hands"] = [list(h) for h in deal["hands"]]
    deal["boneyard"] = list(deal["boneyard"][:draws])
    deal["line"] = []
    record: RoundRecord = {
        "format": RECORD_FORMAT,
        "round": match.round_number,
        "players": r.players,
        "starter": r.starter,
        "deal": deal,
        "undrawn": len(match.opening["boneyard"]) - draws,
        "actions": actions,
        "result": r.result.to_json(),
    }
    if match.fair is not None:
        record["fair"] = fair_json(match)
    return record


def _count(record: dict[str, object], key: str, low: int) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise PositionError(f"{key} must be an integer >= {low}, not {value!r}")
    return value


def _check(record: Any) -> tuple[Round, int, list[Any]]:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise PositionError(f"not a round record of format {RECORD_FORMAT}")
    _count(record, "round", 1)
    players = record.get("players")
    if players not in TABLE_SIZES or isinstance(players, bool):
        raise PositionError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {players!r}")
    starter = record.get("starter")
    if not isinstance(starter, int) or isinstance(starter, bool) or not 0 <= starter < players:
        raise PositionError(f"starter must be a seat 0-{players - 1}, not {starter!r}")
    rnd = round_from_position(record.get("deal"))
    if rnd.players != players or rnd.turn != starter or rnd.line or rnd.passes:
        raise PositionError("deal must be a fresh deal for this table, opened by the starter")
    size = hand_size(players)
    if any(len(h) != size for h in rnd.hands):
        raise PositionError(f"deal: every hand of a {players}-seat table holds {size} tiles")
    undrawn = _count(record, "undrawn", 0)
    if players * size + len(rnd.boneyard) + undrawn != _SET_SIZE:
        raise PositionError(f"deal: hands, drawn tiles and undrawn ({undrawn}) must make the {_SET_SIZE} tiles")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise PositionError("actions must be a list")
    rnd.starter = starter
    return rnd, undrawn, actions


def replay_rounds(record: Any) -> tuple[list[Round], int]:
    """Every state of the round (copies with their logs, the deal first) and the undrawn
    count, which lie behind each state's ``boneyard``. :class:`PositionError` for a record
    the replay refuses (``docs/replay.md``)."""
    rnd, undrawn, actions = _check(record)
    states = [rnd.copy(keep_log=True)]
    for i, raw in enumerate(actions):
        try:
            action = parse_action(raw)
            if action is PASS and undrawn:
                raise Refusal("cannot_pass", f"the boneyard still held {undrawn} undrawn tiles")
            rnd.apply(rnd.turn, action)
        except Refusal as exc:
            raise PositionError(f"actions[{i}] is refused on replay: {exc.message}") from None
        states.append(rnd.copy(keep_log=True))
    if rnd.result is None:
        raise PositionError("the round does not end with its last action")
    if rnd.boneyard:
        raise PositionError(f"deal: the boneyard lists {len(rnd.boneyard)} tiles never drawn (list only drawn ones)")
    if rnd.result.to_json() != record.get("result"):
        raise PositionError(f"result: the replay ends {rnd.result.to_json()}, the record says {record.get('result')!r}")
    return states, undrawn


def _frame(step: int, rnd: Round, undrawn: int, drawn: str | None) -> ReplayFrame:
    action: FrameAction | None = None
    if step:
        assert rnd.log is not None
        entry = rnd.log[-1].to_json()
        action = {"seat": entry["seat"], "type": entry["type"]}
        if "tile" in entry:
            action["tile"] = entry["tile"]
        if "end" in entry:
            action["end"] = entry["end"]
        if drawn is not None:
            action["drawn"] = drawn
    result, ends = rnd.result, rnd.ends
    return {
        "step": step,
        "action": action,
        "line": [format_oriented(t) for t in rnd.line],
        "ends": list(ends) if ends is not None else None,
        "hands": [[format_tile(t) for t in h] for h in rnd.hands],
        "boneyard_count": len(rnd.boneyard) + undrawn,
        "turn": None if result is not None else rnd.turn,
        "passes": rnd.passes,
        "pips": list(rnd.pip_sums()),
        "result": result.to_json() if result is not None else None,
    }


def replay_frames(record: Any) -> list[ReplayFrame]:
    """``len(actions) + 1`` :class:`ReplayFrame`, the deal's first (``action`` None);
    raises as :func:`replay_rounds`."""
    states, undrawn = replay_rounds(record)
    frames = []
    for step, rnd in enumerate(states):
        drawn = None
        if step and rnd.log and rnd.log[-1].kind == "draw":
            drawn = format_tile(rnd.hands[rnd.log[-1].seat][-1])
        frames.append(_frame(step, rnd, undrawn, drawn))
    return frames
