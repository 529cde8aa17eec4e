"""Render benchmark: how long one action takes to apply and render in a local game in Chromium.

    .venv/bin/python bench/render.py [--rounds 30] [--chromium /usr/bin/chromium]

Serves src/ziehdomino/web/ to the browser through Playwright's routing (no server needed),
plays local 4-seat rounds and prints the median, p95 and max time per action, from the
action's handler to a laid-out page: engine.js applies it, the game is saved to localStorage,
the seat's view is built and the renderer updates the table. Goal: under 16 ms (one frame).
Also prints the table's first-load weight (gzip). Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import gzip
import mimetypes
import sys
from pathlib import Path

from playwright.sync_api import Route, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "ziehdomino" / "web"
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from zd_render_bench import format_figures, measure  # noqa: E402

BASE = "http://ziehdomino.bench"
PAGES = {"/": "index.html", "/lokal": "local.html", "/regeln": "rules.html"}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def serve(route: Route) -> None:
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.route(f"{BASE}/**", serve)
        page = ctx.new_page()
        sizes: list[tuple[str, int, int]] = []
        page.on("response", lambda r: sizes.append((r.url, len(r.body()), len(gzip.compress(r.body(), 6))))
                if r.status == 200 else None)
        figures = measure(page, BASE, rounds=args.rounds)
        raw = sum(s[1] for s in sizes)
        packed = sum(s[2] for s in sizes)
        print(f"weight: /lokal first load {len(sizes)} files, {raw / 1024:.1f} KB raw, {packed / 1024:.1f} KB gzip (limit 100 KB)")
        print(format_figures(figures))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
