"""The delta vectors (``tests/vectors/deltas.json``, written by ``make_delta_vectors.py``) in
Python: applying every delta to the state before it gives the next full state byte for byte
(the browser's ``delta.js`` is held to the same file by ``tests/web/delta.test.mjs``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ziehdomino.server.protocol.deltas import apply_delta

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "deltas.json"


def test_every_delta_applied_to_the_state_before_gives_the_next_state_byte_for_byte() -> None:
    doc = json.loads(VECTORS.read_text(encoding="utf-8"))
    assert {c["players"] for c in doc["cases"]} == {2, 3, 4} and any(c["viewer"] is None for c in doc["cases"])
    count = 0
    for case in doc["cases"]:
        state = json.loads(case["frames"][0]["state"])
        for frame in case["frames"][1:]:
            new = apply_delta(state, json.loads(frame["delta"]))
            assert new is not None, f"{case['name']}: the delta from {state['seq']} applies"
            text = json.dumps(new, separators=(",", ":"), ensure_ascii=False)
            assert hashlib.sha256(text.encode()).hexdigest() == frame["sha256"], f"{case['name']}: state {new['seq']}"
            if "state" in frame:
                assert text == frame["state"]
            state = new
            count += 1
    assert count > 100
    assert state["view"]["round_number"] >= 2  # the cases go through the ready step into later rounds


def _bogus_acts(state: dict[str, Any], act: list[Any]) -> list[list[Any]]:
    """Acts that cannot follow ``state`` (the state before ``act``, a real act of the vectors)."""
    view = state["view"]
    players = len(view["hand_counts"])
    seat, what = act[0], act[1]
    out: list[list[Any]] = [[(seat + 1) % players, *act[1:]]]  # another seat than the one to act
    if what == "draw":
        out.append([seat, "pass"])
    elif what == "pass":
        out.append([seat, "draw"])
    else:
        out += [[seat, "9|9", act[2]], [seat, "x", act[2]]]
        if view["line"]:
            out += [[seat, view["line"][0], "left"], [seat, what, None]]
        if view["seat"] == seat:  # a tile that fits but that the viewer does not hold
            for a in range(7):
                ends = view["ends"]
                tile = f"{a}|{a}" if ends is None else f"{min(a, ends[1])}|{max(a, ends[1])}"
                x, y = tile.split("|")
                if tile not in view["hand"] and f"{x}|{y}" not in view["line"] and f"{y}|{x}" not in view["line"]:
                    out.append([seat, tile, None if ends is None else "right"])
                    break
    return out


def test_an_act_that_cannot_follow_the_view_held_is_not_applied() -> None:
    doc = json.loads(VECTORS.read_text(encoding="utf-8"))
    refused = ended = 0
    for case in doc["cases"]:
        state = json.loads(case["frames"][0]["state"])
        for frame in case["frames"][1:]:
            delta = json.loads(frame["delta"])
            if "act" in delta and state["view"] is not None:
                for act in _bogus_acts(state, delta["act"]):
                    assert apply_delta(state, {**delta, "act": act}) is None, (case["name"], act, state["seq"])
                    refused += 1
            state = apply_delta(state, delta)
            assert state is not None
            if state["view"] is not None and state["view"]["result"] is not None:
                after = {"type": "delta", "seq": state["seq"] + 1, "act": [0, "0|0", "left"]}
                assert apply_delta(state, after) is None  # no act after the round's end
                ended += 1
    assert refused > 300 and ended >= 4, (refused, ended)
