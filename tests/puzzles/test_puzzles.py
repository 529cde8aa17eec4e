"""The puzzle file (docs/puzzles.md), checked puzzle by puzzle with the bots' own exact solver
(``bots/solve.py``), which the generator does not use: every puzzle has exactly one winning
move, the one given, and its winning line is legal and ends in the solver's win."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ziehdomino.bots.masks import INDEX, NUM, TA, TB
from ziehdomino.bots.solve import exact_value
from ziehdomino.puzzles.generate import OUT, SERIES, generate, main_line, puzzle_of
from ziehdomino.puzzles.search import PASS_MOVE, after, moves, reply

PUZZLES: list[dict[str, Any]] = json.loads(OUT.read_text(encoding="utf-8"))["puzzles"]


def _mask(tiles: list[list[int]]) -> int:
    return sum(1 << INDEX[(min(a, b), max(a, b))] for a, b in tiles)


def _solver_values(p: dict[str, Any]) -> dict[tuple[int, str], int]:
    """(tile index, end) -> the value (0, 1, 2) ``exact_value`` gives the seat to act for each of
    its plays; the right end is left out when both ends show the same number (the same move)."""
    me = p["to_move"]
    hands = [_mask(h) for h in p["hands"]]
    left, right = p["left"], p["right"]
    out = {}
    for i in range(28):
        if not (hands[me] >> i) & 1:
            continue
        for end, number in (("left", left), ("right", right)):
            if number not in (TA[i], TB[i]) or (end == "right" and left == right):
                continue
            other = TB[i] if TA[i] == number else TA[i]
            nl, nr = (left, other) if end == "right" else (other, right)
            h = list(hands)
            h[me] &= ~(1 << i)
            budget = [10**9]
            out[(i, end)] = 2 if not h[me] else exact_value(h[0], h[1], [], 0, nl, nr, 1 - me, 0, me, -1, 3, budget)
    return out


def test_the_file_holds_at_least_300_distinct_puzzles_in_every_series() -> None:
    assert len(PUZZLES) >= 300
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert {p["series"] for p in PUZZLES} == {name for name, _, _ in SERIES}
    assert [p["rank"] for p in PUZZLES] == list(range(1, len(PUZZLES) + 1))
    keys = [(p["plays"], p["decoys"], p["choices"]) for p in PUZZLES]
    assert keys == sorted(keys), "ordered by difficulty"


@pytest.mark.parametrize("p", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_every_puzzle_has_exactly_one_winning_move_the_one_given(p: dict[str, Any]) -> None:
    tiles = [tuple(sorted(t)) for h in p["hands"] for t in h] + [tuple(sorted(t)) for t in p["line"]]
    assert sorted(tiles) == sorted(INDEX), "every tile once: in a hand or on the line, none in the boneyard"
    assert p["line"][0][0] == p["left"] and p["line"][-1][1] == p["right"]
    assert all(a[1] == b[0] for a, b in zip(p["line"], p["line"][1:])), "the line joins"
    assert len(p["hands"][p["to_move"]]) >= 2
    values = _solver_values(p)
    winning = [key for key, v in values.items() if v == 2]
    assert winning == [(INDEX[tuple(p["solution"]["tile"])], p["solution"]["end"])]
    assert len(values) == p["choices"] >= 2


def test_the_winning_line_is_legal_wins_and_resists_longest() -> None:
    for p in PUZZLES:
        me = p["to_move"]
        pos = (_mask(p["hands"][0]), _mask(p["hands"][1]), p["left"], p["right"], me, 0)
        assert main_line(pos) == p["answer"]
        assert p["answer"][0]["tile"] == p["solution"]["tile"] and p["answer"][0]["end"] == p["solution"]["end"]
        ended = None
        own = 0
        for step in p["answer"]:
            move = PASS_MOVE if step.get("pass") else (INDEX[tuple(step["tile"])], 0 if step["end"] == "left" else 1)
            assert move in moves(pos)
            if pos[4] != me:
                assert move == reply(pos, me), "the other seat resists longest"
            own += pos[4] == me and move != PASS_MOVE
            pos, ended = after(pos, move)
        assert ended == me
        assert own == p["plays"]


def test_a_position_with_two_winning_moves_is_no_puzzle() -> None:
    # seat 0 holds 0|1 and 0|2 at ends 0 and 0 against 5|5: either tile wins (the other seat
    # never plays), so the position has no single answer
    hands = (_mask([[0, 1], [0, 2]]), _mask([[5, 5]]))
    assert puzzle_of((hands[0], hands[1], 0, 0, 0, 0), [[0, 0]]) is None
    assert NUM[0] & hands[0] == hands[0]


def test_the_generator_is_repeatable_and_its_puzzles_hold() -> None:
    first = generate(4, 7)
    assert first == generate(4, 7)
    for p in first:
        values = _solver_values(p)
        assert [k for k, v in values.items() if v == 2] == [(INDEX[tuple(p["solution"]["tile"])], p["solution"]["end"])]
