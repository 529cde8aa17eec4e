"""Every level returns a legal action, from the seat's view alone."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from ziehdomino.bots import LEVELS, decide
from ziehdomino.bots.rng import mix_seed
from ziehdomino.engine import Match, seat_view

from tests.support.bots import play_out, random_matches

BOTS = Path(__file__).resolve().parents[2] / "src" / "ziehdomino" / "bots"


@pytest.mark.parametrize("level, rounds", [("leicht", 1500), ("heaviest", 1500), ("mittel", 1500), ("stark", 60)])
def test_every_action_of_every_level_is_legal(level: str, rounds: int) -> None:
    """Rounds where one seat plays ``level`` and the others play mixed levels; Match.apply checks
    every action with the rules, and the action must be one of the view's legal entries."""
    decisions = 0
    for n, match in enumerate(random_matches(rounds, list(LEVELS).index(level))):
        rng = random.Random(n)
        others = [rng.choice(["leicht", "mittel", "heaviest"]) for _ in range(match.players)]

        def choose(view: dict, step: int) -> dict:
            nonlocal decisions
            lv = level if view["seat"] == 0 else others[view["seat"]]
            action = decide(view, lv, mix_seed(n, step))
            if lv == level:
                decisions += 1
                assert action in view["legal"]
            return action

        play_out(match, choose)
    assert decisions > rounds * 3


def test_decide_returns_a_copy() -> None:
    match = next(random_matches(1, 1))
    view = seat_view(match, match.round.turn)
    action = decide(view, "mittel", 1)
    action["type"] = "changed"
    assert all(a["type"] == "play" for a in view["legal"])


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_view_and_seed_give_the_same_action(level: str) -> None:
    # The searching levels (stark and its first version) take a tenth of a second a decision.
    for match in random_matches(6 if level.startswith("stark") else 30, 4):

        def choose(view: dict, step: int) -> dict:
            first = decide(view, level, step)
            assert decide(view, level, step) == first
            return first

        play_out(match, choose)


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_decision_does_not_depend_on_the_hidden_tiles(level: str) -> None:
    """Deal the other hands and the boneyard anew (same seat's view): the same choice.

    Twelve matches give 140 such positions, past the 100 asserted; the cheap levels check all
    of forty matches' positions (428), the searching ones (stark, stark-v1) the twelve's."""
    from ziehdomino.engine import round_from_position
    from ziehdomino.engine.position import position_of

    changed = 0
    for n, match in enumerate(random_matches(12 if level.startswith("stark") else 40, 9)):
        rng = random.Random(n)

        def visit(view: dict, action: dict) -> None:
            nonlocal changed
            r = match.round
            if r.line == [] or len(view["legal"]) < 2 or r.log is None:
                return
            me = r.turn
            hidden = [t for s, h in enumerate(r.hands) if s != me for t in h] + list(r.boneyard)
            rng.shuffle(hidden)
            pos = position_of(r)
            at = 0
            for s in range(r.players):
                if s != me:
                    k = len(r.hands[s])
                    pos["hands"][s] = [f"{a}|{b}" for a, b in hidden[at:at + k]]
                    at += k
            pos["boneyard"] = [f"{a}|{b}" for a, b in hidden[at:]]
            other = Match(r.players, first_round=round_from_position(pos))
            twin = seat_view(other, me)
            twin["log"] = view["log"]  # the public history is the same; the twin's round has none
            twin["version"], twin["round_number"], twin["starter"] = view["version"], view["round_number"], view["starter"]
            twin["match"] = view["match"]
            assert twin == view
            assert decide(twin, level, n) == decide(view, level, n)
            changed += 1

        play_out(match, lambda view, step: decide(view, "heaviest", step), visit)
    assert changed > 100


def test_bots_never_import_a_round_or_a_match() -> None:
    """The computers' only input is the view: no module of the package imports the round, the
    match, the deal or the view builder (the shapes they read, for the type checker only, aside)."""
    allowed = {"ziehdomino.engine.tiles"}
    for path in BOTS.glob("*.py"):
        tree = ast.parse(path.read_text())
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and ast.unparse(block.test) == "TYPE_CHECKING" for s in block.body for n in ast.walk(s)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and "engine" in node.module:
                name = "ziehdomino.engine" + node.module.split("engine", 1)[1] if node.level else node.module
                assert name in allowed, f"{path.name} imports {name}"


def test_unknown_level_and_spectator_are_refused() -> None:
    match = next(random_matches(1, 2))
    view = seat_view(match, match.round.turn)
    with pytest.raises(ValueError, match="unknown level"):
        decide(view, "grandmaster", 1)
    with pytest.raises(ValueError):
        decide(seat_view(match, None), "mittel", 1)
    other = (match.round.turn + 1) % match.players
    with pytest.raises(ValueError, match="no legal action"):
        decide(seat_view(match, other), "stark", 1)


def _mittel_view(log: list[dict]) -> dict:
    return {"players": 2, "seat": 0, "hand": ["0|5", "0|1", "6|6"], "line": ["0|0"], "ends": [0, 0],
            "hand_counts": [3, 8], "boneyard_count": 10, "passes": 0, "log": log,
            "legal": [{"type": "play", "tile": "0|5", "end": "left"}, {"type": "play", "tile": "0|5", "end": "right"},
                      {"type": "play", "tile": "0|1", "end": "left"}, {"type": "play", "tile": "0|1", "end": "right"}]}


def test_mittel_starves_the_next_seat_when_the_log_shows_what_it_lacks() -> None:
    # Without knowledge, 0|5 (more pips, and 0|1 left to follow) is the better play.
    assert decide(_mittel_view([]), "mittel", 1)["tile"] == "0|5"
    # Seat 1 drew twice at ends 1|0 and played the second tile drawn: it lacks 0 and 1 now,
    # so 0|1 leaves it two ends it cannot match.
    log = [{"seat": 1, "type": "draw", "ends": [1, 0]}, {"seat": 1, "type": "draw", "ends": [1, 0]},
           {"seat": 1, "type": "play", "tile": "1|4", "end": "left", "ends": [1, 0]}]
    assert decide(_mittel_view(log), "mittel", 1)["tile"] == "0|1"


def test_heaviest_plays_the_most_pips() -> None:
    view = _mittel_view([])
    assert all(decide(view, "heaviest", s)["tile"] == "0|5" for s in range(20))
    assert {decide(view, "heaviest", s)["end"] for s in range(40)} == {"left", "right"}  # ties at random


def test_decide_refuses_seeds_javascript_cannot_hold_and_inconsistent_views() -> None:
    m = Match(2, rng=random.Random(8))
    view = seat_view(m, m.round.turn)
    assert decide(view, "mittel", -(2**53 - 1)) in view["legal"]
    for seed in (2**53, -(2**53), 1.5, "7", None, True):
        with pytest.raises(ValueError, match="seed"):
            decide(view, "mittel", seed)  # type: ignore[arg-type]
    forged = {**view, "hand_counts": [n + 3 for n in view["hand_counts"]]}
    with pytest.raises(ValueError, match="inconsistent view"):
        decide(forged, "stark", 1)
