"""The render benchmark's measurement, shared by `bench/render.py` and the e2e test: in a local
game in Chromium, the time one action takes from the click's handler to a laid-out page
(apply in engine.js, save to localStorage, the seat's view, the renderer's update, style and
layout), for the person's actions and the computers' alike."""

from __future__ import annotations

import statistics
from typing import Any

MEASURE_JS = """
async (rounds) => {
  const { LocalSession } = await import('/static/session-local.js');
  const { createTable } = await import('/static/render.js');
  const root = document.createElement('div');
  document.querySelector('main').append(root);
  const session = new LocalSession({ storage: localStorage, schedule: () => null, cancel: () => {} });
  createTable(root, session, { fixedTempo: true });
  session.start({ name: 'Bench', computers: ['mittel', 'mittel', 'mittel'] });
  const person = [], computer = [];
  for (let r = 0; r < rounds; r++) {
    while (!session.match.round.result) {
      const seat = session.match.round.turn;
      const t0 = performance.now();
      if (seat === 0) session.act(session.view().legal[0]);
      else await session.computerMove();
      document.body.offsetHeight; // force style and layout
      (seat === 0 ? person : computer).push(performance.now() - t0);
    }
    const t0 = performance.now();
    session.nextRound();
    document.body.offsetHeight;
    computer.push(performance.now() - t0);
  }
  return { person, computer };
}
"""


def measure(page: Any, base: str, rounds: int = 30) -> dict[str, float]:
    """Runs `rounds` 4-seat rounds on `base`/lokal; returns figures in ms."""
    page.goto(base + "/lokal?delay=100000")
    page.wait_for_load_state("networkidle")
    times = page.evaluate(MEASURE_JS, rounds)
    every = sorted(times["person"] + times["computer"])

    def pct(p: float) -> float:
        return every[min(len(every) - 1, int(p * len(every)))]

    return {
        "actions": len(every),
        "median_ms": statistics.median(every),
        "p95_ms": pct(0.95),
        "max_ms": every[-1],
        "person_median_ms": statistics.median(times["person"]) if times["person"] else 0.0,
    }


def format_figures(f: dict[str, float]) -> str:
    return (f"render: {int(f['actions'])} actions in a local 4-seat game: median {f['median_ms']:.2f} ms, "
            f"p95 {f['p95_ms']:.2f} ms, max {f['max_ms']:.2f} ms per action (apply + save + view + render + layout; "
            f"goal < 16 ms)")
