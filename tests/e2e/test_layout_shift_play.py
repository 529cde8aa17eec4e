"""No jumping while a game goes on: the layout shift (as test_layout_shift.py measures it) of a
whole local round with computers that take their time, and of the opener's page when the last
seat is taken and the waiting room becomes the table. Shifts within 500 ms of the person's own
input do not count (the browsers' rule); the computers' moves and the other person's join are
not the person's input, so whatever they move counts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import connect

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_layout_shift import LIMIT, OBSERVER, measure, seat_script
from tests.e2e.test_local import start_local
from tests.support.e2e import act_by_names, history, turn_state, watch
from tests.support.server import ServerProcess, seated_room

#: The computers' pause (ms): past the 500 ms after a click in which shifts are the person's own.
COMPUTER_PAUSE = 700

SIZES = {
    "360x640": {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
}


def play_to_the_end(page: Page) -> None:
    """Plays the person's turns by roles and names until the round is over. The page itself
    watches for the turn, every 100 ms: the computers take their time, and asking over the wire
    every 50 ms (play_round) while they do would cost more than the round."""
    while True:
        page.wait_for_function("() => /Du bist am Zug|Die Runde ist vorbei/.test(document.querySelector('[role=status]')"
                               "?.innerText ?? '')", polling=100, timeout=20_000)
        if turn_state(page) == "over":
            return
        before = history(page)
        act_by_names(page)
        page.wait_for_function("(before) => { const l = [...document.querySelectorAll('ol.log')].pop(); return !l || l.innerText !== before; }",
                               arg=before, polling=100, timeout=20_000)


@pytest.mark.parametrize(("size", "computers"), [("360x640", 3), ("390x844", 1), ("1280x800", 3)])
def test_a_local_round_with_computers_does_not_jump(server: ServerProcess, new_context: Any, size: str, computers: int) -> None:
    ctx = new_context(**SIZES[size])
    ctx.add_init_script(OBSERVER)
    page = ctx.new_page()
    problems = watch(page)
    start_local(page, server.base, "Anna", computers, query=f"?delay={COMPUTER_PAUSE}")
    play_to_the_end(page)
    expect(page.get_by_role("button", name="Nächste Runde")).to_be_visible()
    value, account = measure(page)
    print(f"CLS local round {size}: {value:.4f}")
    assert value <= LIMIT, f"a local round on {size}: CLS {value:.4f} > {LIMIT}\n{account}"
    assert not problems, problems


@pytest.mark.parametrize("size", ["360x640", "1280x800"])
def test_the_openers_page_does_not_jump_when_the_table_fills(server: ServerProcess, new_context: Any, size: str) -> None:
    made = server.create(["person", "person"], "Anna")
    ctx = new_context(**SIZES[size])
    ctx.add_init_script(OBSERVER)
    ctx.add_init_script(seat_script(made["room"], made["credential"]))
    page = ctx.new_page()
    problems = watch(page)
    page.goto(f"{server.base}/r/{made['room']}")
    expect(page.locator("#conn")).to_have_text(re.compile("Verbunden"))
    page.wait_for_timeout(1500)  # the page's own load is test_layout_shift.py's; this is the join
    page.evaluate("window.__shifts = []")
    server.join(made["room"], "Ben")
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    value, account = measure(page)
    print(f"CLS table fills {size}: {value:.4f}")
    assert value <= LIMIT, f"the opener's page on {size} when Ben joined: CLS {value:.4f} > {LIMIT}\n{account}"
    assert not problems, problems


@contextmanager
def _present(server: ServerProcess, room: str, credential: str) -> Iterator[None]:
    """A person at the table while the block runs: their seat's connection, its first state read."""
    with connect(server.ws_url(room), origin=server.origin, open_timeout=20) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "credential": credential}))
        ws.recv(timeout=20)
        yield


@pytest.mark.parametrize("size", ["390x844", "1280x800"])
def test_a_page_does_not_jump_when_the_other_person_goes_away_and_comes_back(server: ServerProcess, new_context: Any,
                                                                             size: str) -> None:
    room, creds = seated_room(server, ["person", "person"], turn_time=None)
    ctx = new_context(**SIZES[size])
    ctx.add_init_script(OBSERVER)
    ctx.add_init_script(seat_script(room, creds[0]))
    page = ctx.new_page()
    problems = watch(page)
    away = page.locator(".players .player .badge.away")
    with _present(server, room, creds[1]):
        page.goto(f"{server.base}/r/{room}")
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        expect(away).to_be_hidden()
        page.wait_for_timeout(1500)
        page.evaluate("window.__shifts = []")
    expect(away).to_be_visible()  # Ben's card says he is away ...
    with _present(server, room, creds[1]):
        expect(away).to_be_hidden()  # ... until he is back
        value, account = measure(page)
    print(f"CLS away and back {size}: {value:.4f}")
    assert value <= LIMIT, f"{size}, Ben away and back: CLS {value:.4f} > {LIMIT}\n{account}"
    assert not problems, problems
