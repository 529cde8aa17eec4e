"""The shared conformance vectors (copied from shared/vectors/) against the Python engine."""

import json
from pathlib import Path

import pytest

from ziehdomino.vectors import run_case

VECTORS = Path(__file__).resolve().parent.parent / "vectors"
CASES = [(f.name, c) for f in sorted(VECTORS.glob("*.json")) if f.name != "decisions.json"
         for c in json.loads(f.read_text())["cases"]]


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{n}:{c['id']}" for n, c in CASES])
def test_vector(case):
    assert run_case(case) == []


def test_vector_files_are_there():
    names = {n for n, _ in CASES}
    assert {"handed.json", "random-sample.json"} <= names and len(CASES) >= 36


def test_a_wrong_expectation_is_reported():
    case = json.loads(json.dumps(next(c for n, c in CASES if c["id"] == "draw-until-fit-then-must-play")))
    step = next(s for s in case["steps"] if "expect" in s)
    step["expect"]["turn"] = 1 - step["expect"].get("turn", 0)
    assert run_case(case) != []
