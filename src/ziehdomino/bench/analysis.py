"""``ziehdomino bench analysis``: how long "Runde analysieren" takes per round (docs/analysis.md)
in Python and in Chromium (:mod:`.browser`), on the same finished rounds at 2, 3 and 4 seats,
whose numbers must agree.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from ..analysis import analyse_round
from ..bots import decide
from ..engine import Match, parse_action, round_record, seat_view
from ..engine.replay import RoundRecord
from .browser import module_page

_JS_TIMER = """
async (records) => {
  const { analyseRound } = await import('/learn/analysis.js');
  const out = [];
  for (const record of records) {
    const t = performance.now();
    const analysis = analyseRound(record, 0);
    out.push([performance.now() - t, analysis]);
  }
  return out;
}
"""


def records(count: int, seed: int) -> list[RoundRecord]:
    """``count`` finished rounds' records (2, 3 and 4 seats in turn)."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        players = 2 + n % 3
        match = Match(players, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(players))
        levels = [rng.choice(["mittel", "leicht"])] + [rng.choice(["mittel", "heaviest"]) for _ in range(players - 1)]
        while match.round.result is None:
            seat = match.round.turn
            match.apply(seat, parse_action(decide(seat_view(match, seat), levels[seat], rng.randrange(1 << 32))))
        out.append(round_record(match))
    return out


def _figures(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    return {"median_ms": round(statistics.median(ms), 1), "p90_ms": round(ms[int(len(ms) * 0.9)], 1),
            "max_ms": round(ms[-1], 1)}


def time_python(recs: list[RoundRecord]) -> tuple[dict[str, float], list[Any]]:
    """Wall-clock figures per round and the analyses."""
    times, out = [], []
    for record in recs:
        t = time.perf_counter()
        out.append(analyse_round(record, 0))
        times.append((time.perf_counter() - t) * 1000)
    return _figures(times), out


def time_chromium(recs: list[RoundRecord]) -> tuple[dict[str, float], list[Any]] | None:
    """Figures per round and the analyses in one page of headless Chromium; None without it."""
    with module_page("learn/analysis.js") as page:
        if page is None:
            return None
        out = page.evaluate(_JS_TIMER, recs)
    return _figures([ms for ms, _ in out]), [a for _, a in out]


def run(rounds: int = 50, seed: int = 1) -> dict[str, Any]:
    """Time ``rounds`` rounds' analysis; print figures and a JSON line."""
    recs = records(rounds, seed)
    summary: dict[str, Any] = {"bench": "analysis", "rounds": rounds}
    py, want = time_python(recs)
    decisions = sum(len(a) for a in want)
    summary.update(decisions=decisions, python=py)
    print(f"analysis: {rounds} rounds (2, 3 and 4 seats), {decisions} decisions with a choice "
          f"(goal: a round within 3000 ms in Chromium)")
    print(f"  python:   per round median {py['median_ms']:7.1f} ms  p90 {py['p90_ms']:7.1f} ms  worst {py['max_ms']:7.1f} ms")
    chromium = time_chromium(recs)
    if chromium is None:
        print("  chromium: not available")
    else:
        figures, got = chromium
        same = json.loads(json.dumps(got)) == json.loads(json.dumps(want))
        summary["chromium"] = {**figures, "same_numbers_as_python": same}
        print(f"  chromium: per round median {figures['median_ms']:7.1f} ms  p90 {figures['p90_ms']:7.1f} ms  "
              f"worst {figures['max_ms']:7.1f} ms  same numbers as Python: {same}")
    print(json.dumps(summary))
    return summary
