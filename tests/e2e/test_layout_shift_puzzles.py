"""The puzzles page (/aufgaben) does not jump while it loads: its script fills in the board and
the series after the puzzles file comes, into space the page keeps for them from the first
paint. Measured as test_layout_shift.py measures every other page (CLS <= 0.05)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.test_layout_shift import LIMIT, OBSERVER, SCREENS, measure
from tests.support.e2e import watch
from tests.support.server import ServerProcess

#: A phone and a desktop (test_layout_shift.py's), and a wider desktop, where it jumped most.
SIZES = {**SCREENS, "wide": {"viewport": {"width": 1440, "height": 900}}}


@pytest.mark.parametrize("screen", list(SIZES))
def test_the_puzzles_page_does_not_jump(server: ServerProcess, new_context: Any, screen: str) -> None:
    ctx = new_context(**SIZES[screen])
    ctx.add_init_script(OBSERVER)
    page = ctx.new_page()
    problems = watch(page)
    page.goto(server.base + "/aufgaben")
    expect(page.locator("#pz-title")).not_to_be_empty()
    expect(page.locator("#pz-series li")).to_have_count(3)
    page.wait_for_load_state("load")
    value, account = measure(page)
    print(f"CLS aufgaben {screen}: {value:.4f}")
    assert value <= LIMIT, f"/aufgaben on {screen}: CLS {value:.4f} > {LIMIT}\n{account}"
    assert not problems, problems
