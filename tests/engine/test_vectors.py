"""The conformance vectors of tests/vectors/ (format: tests/vectors/FORMAT.md) against the Python engine."""

import json
from pathlib import Path

import pytest

from ziehdomino.vectors import run_case

VECTORS = Path(__file__).resolve().parent.parent / "vectors"
#: Not the engine's: the computer players' choices (docs/bots.md), the round analysis'
#: (docs/analysis.md) and the delta frames' (docs/protocol.md).
OTHERS = ("decisions.json", "analysis.json", "deltas.json")
CASES = [(f.name, c) for f in sorted(VECTORS.glob("*.json")) if f.name not in OTHERS
         for c in json.loads(f.read_text())["cases"]]


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{n}:{c['id']}" for n, c in CASES])
def test_vector(case):
    assert run_case(case) == []


def test_vector_files_are_there():
    names = {n for n, _ in CASES}
    assert {"handed.json", "random-sample.json", "stored.json"} <= names and len(CASES) >= 36 + 32


def test_a_wrong_expectation_is_reported():
    case = json.loads(json.dumps(next(c for n, c in CASES if c["id"] == "draw-until-fit-then-must-play")))
    step = next(s for s in case["steps"] if "expect" in s)
    step["expect"]["turn"] = 1 - step["expect"].get("turn", 0)
    assert run_case(case) != []


def test_check_vectors_script_runs_both_languages_and_fails_on_a_wrong_case(tmp_path):
    import subprocess
    import sys

    script = [sys.executable, str(VECTORS.parent.parent / "scripts" / "check-vectors")]
    files = [str(VECTORS / n) for n in ("handed.json", "random-sample.json", "stored.json", "decisions.json")]
    ok = subprocess.run(script + files, capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    lines = ok.stdout.splitlines()
    cases = sum(len(json.loads(Path(f).read_text())["cases"]) for f in files)
    assert lines[-2:] == [f"python: {cases} passed, 0 failed", f"browser: {cases} passed, 0 failed"]
    bad = json.loads((VECTORS / "handed.json").read_text())
    step = next(s for s in bad["cases"][0]["steps"] if "expect" in s)
    step["expect"]["line"] = ["6|6"]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    broken = subprocess.run(script + [str(tmp_path / "bad.json")], capture_output=True, text=True, timeout=300)
    assert broken.returncode == 1
    out = broken.stdout.splitlines()
    for lang in ("python", "browser"):
        assert f"{lang}: {len(bad['cases']) - 1} passed, 1 failed" in out
    assert sum("opening-any-tile" in line for line in out) == 2  # each language names the case
