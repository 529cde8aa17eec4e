"""``ziehdomino bench bots``: how long "stark" takes per decision, in Python, node and Chromium.

The views: every decision with a real choice that a stark seat met against mittel and
heaviest, at 2, 3 and 4 seats. Node and Chromium (:mod:`.browser`) call ``web/bots/index.js``
on the same views and seeds and must choose as Python does; "stark-v1" is timed beside, and
Chromium times the tip too. Node and Chromium time each view three times: the first run (as a
player meets it) and the fastest (its own cost on a shared machine).
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
import time
from typing import Any

from ..bots import decide
from ..bots.rng import mix_seed
from ..engine import Match, parse_action, seat_view
from ..engine.actions import ActionJSON
from .browser import WEB, module_page


_JS_TIMER = """
async ([jobs, level]) => {
  const { decide } = await import('/bots/index.js');
  const { loadTips, tipFor, tipSeed } = await import('/learn/tips.js');
  await loadTips();
  const out = [];
  const run = (j) => (level === 'tip' ? tipFor(j.view, 'de').action : decide(j.view, level, j.seed));
  for (const j of jobs) {
    let t = performance.now();
    const action = run(j);
    const ms = performance.now() - t;
    // Two more runs of the same view: the fastest of three is the view's own cost, without
    // the moments another process held the core.
    let best = ms;
    for (let r = 0; r < 2; r++) {
      // tips.js remembers the last view's search: another view first, so the tip is computed anew.
      if (level === 'tip') run(jobs[jobs.indexOf(j) === 0 ? 1 : 0]);
      t = performance.now();
      run(j);
      best = Math.min(best, performance.now() - t);
    }
    // A tip's seed comes from the view: it must be stark's choice for that seed.
    out.push([ms, best, level === 'tip' ? JSON.stringify(action) === JSON.stringify(decide(j.view, 'stark', tipSeed(j.view))) : action]);
  }
  return out;
}
"""


def stark_views(rounds_per_table: int, seed: int) -> list[dict[str, Any]]:
    """Views (with their seeds) that a stark seat decided on, with at least two legal actions."""
    rng = random.Random(seed)
    jobs: list[dict[str, Any]] = []
    for players in (2, 3, 4):
        for n in range(rounds_per_table):
            match = Match(players, rng=random.Random(rng.randrange(1 << 30)), first_starter=n % players)
            levels = ["stark"] + [rng.choice(["mittel", "heaviest"]) for _ in range(players - 1)]
            step = 0
            while match.round.result is None:
                seat = match.round.turn
                view = seat_view(match, seat)
                s = mix_seed(seed, players, n, step)
                if levels[seat] == "stark" and len(view["legal"]) > 1:
                    jobs.append({"view": view, "seed": s})
                match.apply(seat, parse_action(decide(view, levels[seat], s)))
                step += 1
    return jobs


def _figures(ms: list[float], best: list[float] | None = None) -> dict[str, float]:
    """Median, p90, worst and mean of ``ms``, and of ``best`` under ``best_*``."""
    ms = sorted(ms)
    out = {"median_ms": round(statistics.median(ms), 2), "p90_ms": round(ms[int(len(ms) * 0.9)], 2),
           "max_ms": round(ms[-1], 2), "mean_ms": round(statistics.fmean(ms), 2)}
    if best is not None:
        best = sorted(best)
        out.update({"best_median_ms": round(statistics.median(best), 2),
                    "best_p90_ms": round(best[int(len(best) * 0.9)], 2), "best_max_ms": round(best[-1], 2)})
    return out


def time_python(jobs: list[dict[str, Any]],
                level: str = "stark") -> tuple[dict[str, float], dict[str, float], list[ActionJSON]]:
    """Wall-clock and CPU-time figures."""
    times, cpu, actions = [], [], []
    for j in jobs:
        t, c = time.perf_counter(), time.process_time()
        actions.append(decide(j["view"], level, j["seed"]))
        cpu.append((time.process_time() - c) * 1000)
        times.append((time.perf_counter() - t) * 1000)
    return _figures(times), _figures(cpu), actions


def time_node(jobs: list[dict[str, Any]], level: str = "stark") -> tuple[dict[str, float], list[dict[str, Any]]] | None:
    node = shutil.which("node")
    if node is None:
        return None
    script = f"""
import {{ decide }} from '{(WEB / "bots" / "index.js").as_uri()}';
let text = '';
process.stdin.on('data', (d) => {{ text += d; }});
process.stdin.on('end', () => {{
  const out = [];
  for (const j of JSON.parse(text)) {{
    let t = performance.now();
    const action = decide(j.view, '{level}', j.seed);
    const ms = performance.now() - t;
    let best = ms;
    for (let r = 0; r < 2; r++) {{
      t = performance.now();
      decide(j.view, '{level}', j.seed);
      best = Math.min(best, performance.now() - t);
    }}
    out.push([ms, best, action]);
  }}
  console.log(JSON.stringify(out));
}});
"""
    proc = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(jobs), capture_output=True,
                          text=True, check=True)
    out = json.loads(proc.stdout)
    return _figures([t for t, _, _ in out], [b for _, b, _ in out]), [a for _, _, a in out]


def time_chromium(jobs: list[dict[str, Any]],
                  levels: tuple[str, ...] = ("stark",)) -> dict[str, tuple[dict[str, float], list[dict[str, Any]]]] | None:
    """Per level (or "tip"): figures and actions, all in one page of headless Chromium."""
    with module_page("bots/index.js") as page:
        if page is None:
            return None
        results = {}
        for level in levels:
            out = page.evaluate(_JS_TIMER, [jobs, level])
            results[level] = (_figures([t for t, _, _ in out], [b for _, b, _ in out]), [a for _, _, a in out])
        return results


def _line(name: str, f: dict[str, float], extra: str = "") -> None:
    print(f"  {name:22s} median {f['median_ms']:6.1f} ms  p90 {f['p90_ms']:6.1f} ms  worst {f['max_ms']:6.1f} ms{extra}")
    if "best_median_ms" in f:
        print(f"  {'':22s} best of 3 per view: median {f['best_median_ms']:6.1f} ms  p90 {f['best_p90_ms']:6.1f} ms  "
              f"worst {f['best_max_ms']:6.1f} ms")


def run(rounds_per_table: int = 12, seed: int = 1) -> dict[str, Any]:
    """Time the decisions everywhere; print figures and a JSON line."""
    jobs = stark_views(rounds_per_table, seed)
    print(f"stark: {len(jobs)} decisions with a choice, from {rounds_per_table} rounds each at 2, 3 and 4 seats "
          f"(goals: Python median <= 50 ms, worst <= 200 ms; Chromium median <= 10 ms; tip <= 50 ms)")
    summary: dict[str, Any] = {"bench": "bots", "level": "stark", "decisions": len(jobs)}
    want: dict[str, list[ActionJSON]] = {}
    for level in ("stark-v1", "stark"):
        py, py_cpu, want[level] = time_python(jobs, level)
        summary[f"python_{level}"] = py
        summary[f"python_cpu_{level}"] = py_cpu
        _line(f"python {level}:", py)
        _line(f"  (CPU) {level}:", py_cpu, "  (process time: leaves out other load on the machine)")
    for level in ("stark-v1", "stark"):
        result = time_node(jobs, level)
        if result is None:
            print("  node: not available")
            break
        figures, actions = result
        figures["same_choices_as_python"] = actions == want[level]
        summary[f"node_{level}"] = figures
        _line(f"node {level}:", figures, f"  same choices as Python: {figures['same_choices_as_python']}")
    chromium = time_chromium(jobs, ("stark-v1", "stark", "tip"))
    if chromium is None:
        print("  chromium: not available")
    else:
        for level, (figures, actions) in chromium.items():
            if level == "tip":
                figures["tip_is_starks_choice"] = all(actions)
                note = f"  the tip is stark's choice: {figures['tip_is_starks_choice']}"
            else:
                figures["same_choices_as_python"] = actions == want[level]
                note = f"  same choices as Python: {figures['same_choices_as_python']}"
            summary[f"chromium_{level}"] = figures
            _line(f"chromium {level}:", figures, note)
    print(json.dumps(summary))
    return summary
