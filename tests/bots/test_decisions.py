"""Python and JavaScript choose the same actions (docs/bots.md): the vectors, and fresh views."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.bots import LEVELS, analyse, decide
from ziehdomino.engine import parse_action, seat_view

from tests.support.bots import random_matches

from tests.bots.make_decisions import random_views

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors" / "decisions.json"
BOTS_JS = (ROOT / "src" / "ziehdomino" / "web" / "bots" / "index.js").as_uri()
ENGINE_JS = (ROOT / "src" / "ziehdomino" / "web" / "engine" / "index.js").as_uri()
RNG_JS = (ROOT / "src" / "ziehdomino" / "web" / "bots" / "rng.js").as_uri()
NODE = shutil.which("node")


def test_python_reproduces_the_decision_vectors() -> None:
    data = json.loads(VECTORS.read_text())
    assert len(data["cases"]) >= 50
    checked = 0
    for case in data["cases"]:
        assert set(case["choices"]) == set(LEVELS)
        for level, choice in case["choices"].items():
            assert decide(case["view"], level, choice["seed"]) == choice["action"], (case["id"], level)
            checked += 1
    assert checked >= 200


def _node(script: str, stdin: str) -> str:
    assert NODE is not None
    proc = subprocess.run([NODE, "--input-type=module", "-e", script], input=stdin, capture_output=True,
                          text=True, timeout=300, check=True)
    return proc.stdout


def test_javascript_decides_fresh_python_views_alike() -> None:
    views = random_views(30, 777)
    jobs = [{"view": v, "level": lv, "seed": 1000 + n} for n, v in enumerate(views) for lv in LEVELS]
    script = f"""
import {{ decide }} from '{BOTS_JS}';
let text = '';
process.stdin.on('data', (d) => {{ text += d; }});
process.stdin.on('end', () => {{
  const jobs = JSON.parse(text);
  console.log(JSON.stringify(jobs.map((j) => decide(j.view, j.level, j.seed))));
}});
"""
    got = json.loads(_node(script, json.dumps(jobs)))
    want = [decide(j["view"], j["level"], j["seed"]) for j in jobs]
    assert got == want


def test_python_decides_views_made_by_the_javascript_engine_alike() -> None:
    script = f"""
import {{ decide, LEVELS }} from '{BOTS_JS}';
import {{ newMatch, seatView, matchApply, seededRng }} from '{ENGINE_JS}';
import {{ mixSeed }} from '{RNG_JS}';
const rng = seededRng(4242);
const out = [];
for (let n = 0; out.length < 120; n++) {{
  const players = 2 + rng.int(3);
  const match = newMatch(players, {{ rng, firstStarter: rng.int(players) }});
  let step = 0;
  while (match.round.result === null) {{
    const seat = match.round.turn;
    const view = seatView(match, seat);
    const level = Object.keys(LEVELS)[(n + step) % 4];
    const seed = mixSeed(n, step);
    const action = decide(view, level, seed);
    if (view.legal.length > 1 && rng.int(4) === 0) out.push({{ view, level, seed, action }});
    matchApply(match, seat, action);
    step += 1;
  }}
}}
console.log(JSON.stringify(out));
"""
    cases = json.loads(_node(script, ""))
    assert len(cases) >= 120
    for c in cases:
        assert decide(c["view"], c["level"], c["seed"]) == c["action"]


def _late_two_seat_views(count: int, seed: int) -> list[dict[str, Any]]:
    """Views of two-seat rounds (mittel against heaviest) with 1-6 tiles in the boneyard and a choice."""
    out: list[dict[str, Any]] = []
    for n, match in enumerate(random_matches(10 * count, seed, (2,))):
        while match.round.result is None and len(out) < count:
            seat = match.round.turn
            view = seat_view(match, seat)
            if 1 <= view["boneyard_count"] <= 6 and len(view["legal"]) > 1:
                out.append(view)
            match.apply(seat, parse_action(decide(view, ("mittel", "heaviest")[(seat + n) % 2], n)))
        if len(out) >= count:
            break
    return out


def test_both_languages_solve_the_same_late_deals_exactly() -> None:
    """Two seats, a small boneyard: stark solves the distinct deals exactly within its budget
    (docs/bots.md); both languages solve the same samples and count the same results."""
    views = _late_two_seat_views(60, 2612)
    jobs = [{"view": v, "seed": 500 + n} for n, v in enumerate(views)]
    script = f"""
import {{ analyse }} from '{BOTS_JS}';
let text = '';
process.stdin.on('data', (d) => {{ text += d; }});
process.stdin.on('end', () => {{
  const jobs = JSON.parse(text);
  console.log(JSON.stringify(jobs.map((j) => analyse(j.view, j.seed))));
}});
"""
    got = json.loads(_node(script, json.dumps(jobs)))
    keys = ("index", "won", "shared", "value")
    sampled = exact = partly = 0
    for j, js in zip(jobs, got):
        py = analyse(j["view"], j["seed"])
        assert (js["choice"], js["method"], js["samples"], js.get("exact")) == (
            py["choice"], py["method"], py["samples"], py.get("exact"))
        assert [{x: c[x] for x in keys if x in c} for c in js["candidates"]] == py["candidates"]
        if py["method"] == "sample":
            sampled += 1
            exact += py["exact"] == py["samples"]
            partly += 0 < py["exact"] < py["samples"]
    assert sampled >= 40 and exact >= 10 and partly >= 1
