"""``ziehdomino bench render``: the time from an action's click to a laid-out page in a local
4-seat game in Chromium (median, p95, max), and the table's first-load weight. Serves ``web/``
through Playwright's routing; :func:`measure` is shared with the end-to-end test that prints
the same figures. Needs Playwright (the ``test`` extra).
"""

from __future__ import annotations

import gzip
import mimetypes
import statistics
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Route

WEB = Path(__file__).resolve().parent.parent / "web"
BASE = "http://ziehdomino.bench"
PAGES = {"/": "index.html", "/lokal": "local.html", "/regeln": "rules.html"}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

MEASURE_JS = """
async ([rounds, limitMs]) => {
  // A run that has not ended within limitMs fails with where it got to, rather than waiting forever.
  let where = 'loading the modules';
  const limit = new Promise((_, reject) => setTimeout(() => reject(new Error(`not done after ${limitMs} ms: ${where}`)), limitMs));
  return Promise.race([limit, run()]);

  async function run() {
  const { LocalSession } = await import('/static/sessions/session-local.js');
  const { createTable } = await import('/static/table/render.js');
  const root = document.createElement('div');
  document.querySelector('main').append(root);
  const session = new LocalSession({ storage: localStorage, schedule: () => null, cancel: () => {} });
  createTable(root, session, { fixedTempo: true });
  session.start({ name: 'Bench', computers: ['mittel', 'mittel', 'mittel'] });
  const person = [], computer = [];
  for (let r = 0; r < rounds; r++) {
    where = `round ${r + 1} of ${rounds}, ${person.length + computer.length} actions timed`;
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
}
"""
#: The longest a measuring run may take in the page (ms).
LIMIT_MS = 120_000


def measure(page: Any, base: str, rounds: int = 30) -> dict[str, float]:
    """Play ``rounds`` local 4-seat rounds on ``page`` at ``base + "/lokal"``; the actions timed
    and ms per action. ``playwright.sync_api.Error`` past :data:`LIMIT_MS`."""
    page.goto(base + "/lokal?delay=100000")
    page.wait_for_load_state("networkidle")
    times: dict[str, list[float]] = page.evaluate(MEASURE_JS, [rounds, LIMIT_MS])
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


def _serve(route: Route) -> None:
    """Answer the browser from the files of ``web/`` (no server needed)."""
    path = route.request.url[len(BASE):].split("?", 1)[0]
    if path in PAGES:
        file = WEB / PAGES[path]
    elif path.startswith("/static/"):
        file = WEB / path[len("/static/"):]
    else:
        file = None
    if file is None or not file.is_file() or WEB not in file.resolve().parents:
        route.fulfill(status=404, body="not found")
        return
    kind = "text/html" if file.suffix == ".html" else mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    if file.suffix == ".js":
        kind = "text/javascript"
    route.fulfill(status=200, body=file.read_bytes(), headers={"content-type": f"{kind}; charset=utf-8"})


def run(rounds: int = 30, chromium: str = "/usr/bin/chromium") -> None:
    """Print the first-load weight of ``/lokal`` and the render figures of ``rounds`` rounds."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.route(f"{BASE}/**", _serve)
        page = ctx.new_page()
        sizes: list[tuple[str, int, int]] = []
        page.on("response", lambda r: sizes.append((r.url, len(r.body()), len(gzip.compress(r.body(), 6))))
                if r.status == 200 else None)
        figures = measure(page, BASE, rounds=rounds)
        raw = sum(s[1] for s in sizes)
        packed = sum(s[2] for s in sizes)
        print(f"weight: /lokal first load {len(sizes)} files, {raw / 1024:.1f} KB raw, {packed / 1024:.1f} KB gzip (limit 100 KB)")
        print(format_figures(figures))
        browser.close()
