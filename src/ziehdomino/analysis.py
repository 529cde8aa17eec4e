"""A finished round's analysis ("Runde analysieren"): for each decision of one seat with a real
choice, Stark's win chance of the move made and of its best move, from that seat's view then,
sampled or exact, and the points lost (``docs/analysis.md``, "What is measured"). Twin:
``web/learn/analysis.js``.
"""

from __future__ import annotations

from typing import Final, Literal, TypedDict

from .bots import analyse
from .bots.masks import FULL, INDEX, tile_index
from .bots.rng import mix_seed
from .bots.solve import exact_value
from .engine import action_to_json, format_oriented, format_tile, parse_tile, replay_rounds
from .engine.actions import ActionJSON, End
from .engine.replay import RoundRecord
from .engine.round import Round
from .engine.view import SeatView

#: Points (of 100) a decision loses to be a "Fehler" (blunder).
BLUNDER: Final = 10
#: Points a decision loses to be an "Ungenauigkeit" (inaccuracy).
INACCURACY: Final = 4
#: The first part of every decision's seed (:func:`decision_seed`).
SEED: Final = 2029
#: Positions the exact solution of one decision may visit, all candidates together.
EXACT_BUDGET: Final = 400_000


class MoveScore(TypedDict):
    """One candidate of a decision: its play and its ``score`` out of ``of``."""

    tile: str
    end: End | None
    score: int
    of: int


class DecisionAnalysis(TypedDict):
    """The analysis of one decision (:func:`analyse_decision`)."""

    step: int
    seat: int
    method: Literal["exact", "sample"]
    moves: list[MoveScore]
    played: int
    best: int
    chance_played: float
    chance_best: float
    loss: float
    mark: Literal["fehler", "ungenau"] | None


def decision_seed(step: int) -> int:
    """The seed of the search at the decision before action number ``step`` of the round."""
    return mix_seed(SEED, step)


def decision_view(r: Round, undrawn: int, seat: int) -> SeatView:
    """``seat``'s view of a replayed state ``r``, with ``undrawn`` tiles behind its boneyard."""
    ends = r.ends
    return {
        "version": 0, "players": r.players, "seat": seat, "round_number": 1, "starter": r.starter,
        "line": [format_oriented(t) for t in r.line], "ends": list(ends) if ends is not None else None,
        "hand": [format_tile(t) for t in r.hands[seat]], "hand_counts": [len(h) for h in r.hands],
        "boneyard_count": len(r.boneyard) + undrawn, "turn": r.turn, "passes": r.passes,
        "legal": [action_to_json(a) for a in r.legal_actions(seat)],
        "log": [e.to_json() for e in r.log or []], "result": None, "hands": None, "pips": None,
        "match": {"wins": [0] * r.players, "shared": [0] * r.players, "next_starter": 0}, "fair": None,
    }


def _after(left: int, right: int, action: ActionJSON) -> tuple[int, int]:
    a, b = parse_tile(action["tile"])
    if action["end"] == "left":
        return (b if a == left else a), right
    return left, (b if a == right else a)


def exact_values(view: SeatView, actions: list[ActionJSON]) -> list[int] | None:
    """The exact value (0-2) of each play in ``actions`` for the seat of a two-seat ``view`` with
    the boneyard empty; None past :data:`EXACT_BUDGET` positions."""
    me, held, ends = view["seat"], view["hand"], view["ends"]
    assert me is not None and held is not None and ends is not None, "a seat's view of a line in play"
    hand = sum(1 << tile_index(t) for t in held)
    line = sum(1 << INDEX[parse_tile(t)] for t in view["line"])
    other = FULL & ~hand & ~line
    left, right = ends
    budget = [EXACT_BUDGET]
    out = []
    for action in actions:
        rest = hand & ~(1 << tile_index(action["tile"]))
        if not rest:
            out.append(2)
            continue
        nl, nr = _after(left, right, action)
        h0, h1 = (rest, other) if me == 0 else (other, rest)
        out.append(exact_value(h0, h1, [], 0, nl, nr, 1 - me, 0, me, -1, 3, budget))
    return out if budget[0] >= 0 else None


def _played(legal: list[ActionJSON], indexes: list[int], action: ActionJSON) -> int:
    """The candidate of the action taken, else of its tile (both ends alike: the same play)."""
    for c, idx in enumerate(indexes):
        if legal[idx] == action:
            return c
    return next(c for c, idx in enumerate(indexes) if legal[idx]["tile"] == action["tile"])


def analyse_decision(view: SeatView, action: ActionJSON, step: int) -> DecisionAnalysis | None:
    """The analysis (``docs/analysis.md``'s shape) of the ``action`` taken from ``view`` before
    action number ``step``; None without a real choice."""
    seat = view["seat"]
    if len(view["legal"]) < 2 or seat is None:
        return None
    found = analyse(view, decision_seed(step))
    if found["method"] in ("only", "same"):
        return None
    indexes = [c["index"] for c in found["candidates"]]
    actions = [view["legal"][i] for i in indexes]
    exact = exact_values(view, actions) if view["players"] == 2 and view["boneyard_count"] == 0 else None
    method: Literal["exact", "sample"]
    if exact is not None:
        method, scores, of = "exact", exact, 2
    elif found["method"] == "solve":  # the solver's values, when the exact budget ran out first
        method, scores, of = "exact", [c["value"] for c in found["candidates"]], 2
    else:
        method, of = "sample", 2 * found["samples"]
        scores = [2 * c["won"] + c["shared"] for c in found["candidates"]]
    played = _played(view["legal"], indexes, action)
    best = scores.index(max(scores))
    chance_played = 100 * scores[played] / of
    chance_best = 100 * scores[best] / of
    loss = chance_best - chance_played
    mark: Literal["fehler", "ungenau"] | None = "fehler" if loss >= BLUNDER else "ungenau" if loss >= INACCURACY else None
    moves: list[MoveScore] = [{"tile": a["tile"], "end": a["end"], "score": s, "of": of} for a, s in zip(actions, scores)]
    return {"step": step, "seat": seat, "method": method, "moves": moves, "played": played, "best": best,
            "chance_played": chance_played, "chance_best": chance_best, "loss": loss, "mark": mark}


def analyse_round(record: RoundRecord, seat: int) -> list[DecisionAnalysis]:
    """:func:`analyse_decision` of each of ``seat``'s decisions in a ``record`` (docs/replay.md);
    ``PositionError`` for a record the rules refuse, ``ValueError`` for no seat."""
    states, undrawn = replay_rounds(record)
    if not 0 <= seat < record["players"]:
        raise ValueError(f"no seat {seat!r} at a table of {record['players']}")
    out = []
    for step, state in enumerate(states[:-1]):
        if state.turn != seat:
            continue
        found = analyse_decision(decision_view(state, undrawn, seat), record["actions"][step], step)
        if found is not None:
            out.append(found)
    return out
