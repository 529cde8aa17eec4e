#!/usr/bin/env python3
"""Write ``tests/vectors/analysis.json``: finished rounds (their records, docs/replay.md) and the
analysis of one seat's decisions in each (``ziehdomino.analysis.analyse_round``).

Usage: ``PYTHONPATH=src .venv/bin/python tests/analysis/make_analysis.py`` (rewrites the file).
The analysed seat plays Leicht or Mittel (so that it makes mistakes), the others Stark; the
two-seat rounds each hold a decision after the boneyard ran dry, analysed exactly.
``tests/analysis/test_analysis.py`` (Python) and ``tests/web/analysis.test.mjs`` (JavaScript)
check that both languages give the same numbers.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from ziehdomino.analysis import analyse_round
from ziehdomino.bots import decide
from ziehdomino.engine import Match, parse_action, round_record, seat_view

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "vectors" / "analysis.json"
#: (players, the analysed seat's level) per round.
TABLES = [(2, "leicht"), (2, "mittel"), (2, "leicht"), (2, "leicht"), (2, "mittel"), (3, "leicht"), (4, "mittel")]


def played_round(players: int, level: str, rng: random.Random) -> dict[str, Any]:
    """A finished round's record: seat 0 plays ``level``, the others Stark."""
    while True:
        match = Match(players, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(players))
        levels = [level] + ["stark"] * (players - 1)
        r = match.round
        emptied = False
        while r.result is None:
            emptied = emptied or not r.boneyard
            seat = r.turn
            match.apply(seat, parse_action(decide(seat_view(match, seat), levels[seat], rng.randrange(1 << 32))))
        if players > 2 or emptied:
            return round_record(match)


def main() -> int:
    rng = random.Random(20261204)
    cases = []
    for n, (players, level) in enumerate(TABLES):
        while True:  # a two-seat round with a decision after the boneyard ran dry (an exact one)
            record = played_round(players, level, rng)
            analysis = analyse_round(record, 0)
            if players > 2 or any(d["method"] == "exact" for d in analysis):
                break
        cases.append({"id": f"analysis-{n}", "seat": 0, "record": record, "analysis": analysis})
    data = {"about": "Round analyses: analyse_round(record, seat) must return analysis, in Python and in "
                     "JavaScript (docs/analysis.md). Written by tests/analysis/make_analysis.py.", "cases": cases}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    exact = sum(d["method"] == "exact" for c in cases for d in c["analysis"])
    total = sum(len(c["analysis"]) for c in cases)
    print(f"wrote {len(cases)} rounds, {total} decisions ({exact} exact) to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
