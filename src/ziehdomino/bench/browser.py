"""One page of Debian's headless Chromium over ``web/``, served on loopback (modules cannot be
imported from ``file:``), for ``bench bots`` and ``bench analysis``.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parents[1] / "web"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def module_page(module: str) -> Iterator[Any | None]:
    """A Chromium page at ``web/<module>`` (e.g. ``"bots/index.js"``), or None when Playwright or
    Chromium is missing (the benchmark then says "not available")."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        yield None
        return
    if not Path(CHROMIUM).exists():
        yield None
        return
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(WEB)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/{module}")
            try:
                yield page
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
