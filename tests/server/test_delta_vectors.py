"""The delta vectors (``tests/vectors/deltas.json``, written by ``make_delta_vectors.py``) in
Python: applying every delta to the state before it gives the next full state byte for byte
(the browser's ``delta.js`` is held to the same file by ``tests/web/delta.test.mjs``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ziehdomino.server.deltas import apply_delta

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "deltas.json"


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
