"""The round analysis (docs/analysis.md): the recorded rounds of ``tests/vectors/analysis.json``
analysed again give the same numbers (the JavaScript twin checks the same file); every number is
Stark's own search from the seat's view at that moment; exact labels equal an independent
full search (``puzzles/search.py``) on every full-information decision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.analysis import BLUNDER, INACCURACY, analyse_round, decision_seed, decision_view
from ziehdomino.bots import analyse
from ziehdomino.bots.masks import INDEX, tile_index
from ziehdomino.engine import replay_rounds
from ziehdomino.puzzles.search import Search, value_of

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "vectors" / "analysis.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_the_analysis_of_a_recorded_round_is_the_stored_one(case: dict[str, Any]) -> None:
    assert analyse_round(case["record"], case["seat"]) == case["analysis"]


def test_each_estimate_is_starks_search_from_the_seats_view_then() -> None:
    for case in CASES:
        states, undrawn = replay_rounds(case["record"])
        for d in case["analysis"]:
            view = decision_view(states[d["step"]], undrawn, case["seat"])
            assert view["turn"] == case["seat"] and view["hands"] is None  # the seat's own view, no other hand
            assert sum(view["hand_counts"]) + len(view["line"]) + view["boneyard_count"] == 28
            found = analyse(view, decision_seed(d["step"]))
            if d["method"] == "sample":
                of = 2 * found["samples"]
                assert [m["score"] for m in d["moves"]] == [2 * c["won"] + c["shared"] for c in found["candidates"]]
                assert all(m["of"] == of for m in d["moves"])
            loss = d["chance_best"] - d["chance_played"]
            assert d["loss"] == loss >= 0
            assert d["mark"] == ("fehler" if loss >= BLUNDER else "ungenau" if loss >= INACCURACY else None)


def test_exact_labels_equal_a_full_search_on_every_full_information_decision() -> None:
    checked = 0
    for case in CASES:
        states, _ = replay_rounds(case["record"])
        for d in case["analysis"]:
            r = states[d["step"]]
            if not (r.players == 2 and not r.boneyard and case["record"]["undrawn"] == 0):
                assert d["method"] == "sample"
                continue
            assert d["method"] == "exact"
            me = case["seat"]
            masks = [sum(1 << INDEX[t] for t in h) for h in r.hands]
            pos = (masks[0], masks[1], r.left, r.right, me, r.passes)
            search = Search(me)
            for m in d["moves"]:
                move = (tile_index(m["tile"]), 0 if m["end"] == "left" else 1)
                assert value_of(search.move_score(pos, move)) == m["score"], (case["id"], d["step"], m)
            checked += 1
    assert checked >= 10
