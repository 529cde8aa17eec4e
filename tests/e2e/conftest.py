"""Fixtures for the browser end-to-end tests: a real ``ziehdomino serve`` process (the server
tests' helper), Debian's Chromium driven by Playwright, contexts, screenshots and axe checks.

Every test here is marked ``browser``. Chromium: /usr/bin/chromium (override with
ZIEHDOMINO_CHROMIUM); Playwright's own browser download is not used.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.server import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "artifacts" / "screens"
CHROMIUM = os.environ.get("ZIEHDOMINO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.fspath)).resolve().parent == here:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server (the packaged pages, computer delay 0) for the whole browser session."""
    srv = ServerProcess(tmp_path_factory.mktemp("e2e") / "data").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and shutil.which(CHROMIUM) is None:
        pytest.fail(f"no Chromium at {CHROMIUM}: install it (apt-get install -y chromium) or set ZIEHDOMINO_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_context(browser: object) -> Iterator[Callable[..., object]]:
    """Makes browser contexts (one per person). They start without the offline worker: its install
    fetches every static file once more (about 1 s of CPU a context) and checks nothing but
    itself; its own tests pass ``service_workers="allow"``."""
    made: list[object] = []

    def make(**options: object) -> object:
        options.setdefault("viewport", DESKTOP)
        options.setdefault("locale", "de-DE")
        options.setdefault("service_workers", "block")
        ctx = browser.new_context(**options)  # type: ignore[attr-defined]
        ctx.set_default_timeout(20_000)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def screens() -> Path:
    SCREENS.mkdir(parents=True, exist_ok=True)
    return SCREENS
