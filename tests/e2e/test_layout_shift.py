"""No page jumps while it loads or while its state comes in: the cumulative layout shift (CLS,
as browsers define it: the largest session window of shifts not caused by the person's own
input) stays at or below 0.05 on every page and state, on a phone and on a desktop.

Measured by the browser itself: a ``PerformanceObserver`` for ``layout-shift`` entries is
installed before the page's first byte, and read once the page shows what it is for (a table
dealt, a replay loaded, a form built) and has had a moment more to settle. A failure names the
nodes that moved, with their rectangles before and after.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_local import start_local
from tests.support.e2e import DESKTOP, PHONE, watch
from tests.support.server import Client, ServerProcess, play_moves, run, seated_room

#: The most a page may shift (Core Web Vitals call 0.1 "good"; this app asks for half of it).
LIMIT = 0.05
#: How long a page gets to settle after it shows what it is for (ms): shifts come from what
#: scripts fill in just after; the CLS session window closes after 1 s without a shift.
SETTLE_MS = 1200

SCREENS = {
    "mobile": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "desktop": {"viewport": DESKTOP},
}

# Records every layout shift from the page's start, with the nodes that moved.
OBSERVER = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({
      value: e.value, input: e.hadRecentInput, time: Math.round(e.startTime),
      sources: (e.sources || []).map((s) => {
        const n = s.node;
        const name = !n ? '?' : n.nodeType === 1
          ? n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).join('.') : '')
          : '#text(' + (n.textContent || '').trim().slice(0, 20) + ') in ' + (n.parentElement ? n.parentElement.tagName.toLowerCase() + (n.parentElement.className ? '.' + n.parentElement.className : '') : '?');
        const r = (b) => [Math.round(b.x), Math.round(b.y), Math.round(b.width), Math.round(b.height)];
        return { node: name, from: r(s.previousRect), to: r(s.currentRect) };
      }),
    });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def cls(shifts: list[dict[str, Any]]) -> float:
    """The largest session window's sum over the shifts without recent input: a window closes
    after 1 s without a shift or once it spans 5 s (the browsers' CLS)."""
    best = current = 0.0
    start = last = None
    for s in shifts:
        if s["input"]:
            continue
        t = s["time"]
        if start is None or t - last > 1000 or t - start > 5000:
            start, current = t, 0.0
        current += s["value"]
        last = t
        best = max(best, current)
    return best


def measure(page: Page) -> tuple[float, str]:
    """The page's CLS so far and a readable account of its shifts (for a failure message)."""
    page.wait_for_timeout(SETTLE_MS)
    shifts = page.evaluate("window.__shifts")
    lines = [f"  {s['time']} ms {s['value']:.4f}{' (input)' if s['input'] else ''}: "
             + "; ".join(f"{x['node']} {x['from']}->{x['to']}" for x in s["sources"]) for s in shifts]
    return cls(shifts), "\n".join(lines)


class Rooms:
    """The rooms the room states need, made once through the API for the whole module."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        # mid-round, both people seated (nobody at the table: the page's seat 0 is its person)
        self.playing, self.creds = seated_room(server, ["person", "person"], turn_time=None)
        # one round played to its end (its replay)
        self.finished, finished_creds = seated_room(server, ["person", "person"], turn_time=None)

        async def play() -> None:
            players = {s: await Client(server, self.finished, c).open() for s, c in finished_creds.items()}
            await play_moves(players, ["person", "person"], until_over=True, rng=random.Random(3))
        run(play())

    def waiting(self) -> tuple[str, str]:
        """A new room with a free seat: its id and its opener's credential (seat 0)."""
        made = self.server.create(["person", "person"], "Anna")
        return made["room"], made["credential"]


@pytest.fixture(scope="module")
def rooms(server: ServerProcess) -> Rooms:
    return Rooms(server)


def seat_script(room: str, credential: str, seat: int = 0) -> str:
    """An init script that gives the page the seat, as a browser that joined keeps it."""
    return f"localStorage.setItem({json.dumps('ziehdomino.seat.' + room)}, {json.dumps(json.dumps({'seat': seat, 'credential': credential}))});"


def _table(page: Page) -> None:
    expect(page.get_by_role("heading", name=re.compile(r"^Runde \d+$"))).to_be_visible()


def _start(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(base + "/")
    expect(page.get_by_role("region", name="Raum eröffnen")).to_be_visible()
    page.wait_for_load_state("load")


def _local_setup(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(base + "/lokal")
    expect(page.get_by_role("region", name="Neues Spiel einrichten")).to_be_visible()
    page.wait_for_load_state("load")


def _local_game(page: Page, base: str, rooms: Rooms) -> None:
    start_local(page, base, "Anna", 2)
    # A returning player: the saved game comes back, its computers waiting, so that a move of
    # theirs (which rightly changes the cards) is not counted as the page jumping.
    page.goto(base + "/lokal?delay=100000")
    _table(page)
    page.wait_for_load_state("load")


def _room_waiting(page: Page, base: str, rooms: Rooms) -> None:
    room, credential = rooms.waiting()
    page.add_init_script(seat_script(room, credential))
    page.goto(f"{base}/r/{room}")
    expect(page.locator("#seat-list li")).to_have_count(2)
    expect(page.locator("#conn")).to_have_text(re.compile("Verbunden"))


def _open_table(page: Page, base: str, rooms: Rooms) -> None:
    # seated at a new open table that waits for people ("Schnell spielen"); one size a screen,
    # so that the other screen's page does not fill this table
    size = 3 if page.viewport_size["width"] < 600 else 4
    made = page.request.post(base + "/api/quick", headers={"origin": base}, data={"name": "Anna", "size": size}).json()
    page.add_init_script(seat_script(made["room"], made["credential"], made["seat"]))
    page.goto(base + made["link"])
    expect(page.get_by_role("button", name="Jetzt mit Computern starten")).to_be_visible()


def _room_invited(page: Page, base: str, rooms: Rooms) -> None:
    room, _ = rooms.waiting()
    page.goto(f"{base}/r/{room}")
    expect(page.get_by_role("button", name="Beitreten")).to_be_visible()
    expect(page.locator("#seat-list li")).to_have_count(2)


def _room_joined(page: Page, base: str, rooms: Rooms) -> None:
    room, _ = rooms.waiting()
    page.goto(f"{base}/r/{room}")
    page.get_by_label("Dein Name").fill("Ben")
    page.get_by_role("button", name="Beitreten").click()
    _table(page)


def _room_watched(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(f"{base}/r/{rooms.playing}")
    _table(page)


def _room_played(page: Page, base: str, rooms: Rooms) -> None:
    page.add_init_script(seat_script(rooms.playing, rooms.creds[0]))
    page.goto(f"{base}/r/{rooms.playing}")
    _table(page)
    expect(page.get_by_role("group", name="Deine Hand")).to_be_visible()


def _replay(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(f"{base}/r/{rooms.finished}/runde/1")
    _table(page)
    expect(page.get_by_role("button", name="Abspielen")).to_be_visible()


def _watch_setup(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(base + "/zuschauen")
    expect(page.get_by_role("button", name="Zuschauen")).to_be_visible()
    page.wait_for_load_state("load")


def _watch_game(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(base + "/zuschauen")
    page.get_by_role("button", name="Zuschauen").click()
    _table(page)


def _open_file(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(base + "/ansehen")
    expect(page.get_by_label("Datei öffnen")).to_be_visible()
    page.wait_for_load_state("load")


def _rules(page: Page, base: str, rooms: Rooms) -> None:
    page.goto(base + "/regeln")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_load_state("load")


#: Every page and state: how to bring a fresh page there.
STATES: dict[str, Callable[[Page, str, Rooms], None]] = {
    "start": _start,
    "local-setup": _local_setup,
    "local-game": _local_game,
    "room-waiting": _room_waiting,
    "open-table": _open_table,
    "room-invited": _room_invited,
    "room-joined": _room_joined,
    "room-watched": _room_watched,
    "room-played": _room_played,
    "replay": _replay,
    "watch-setup": _watch_setup,
    "watch-game": _watch_game,
    "open-file": _open_file,
    "rules": _rules,
}


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("state", list(STATES))
def test_the_page_does_not_jump(server: ServerProcess, rooms: Rooms, new_context: Any, state: str, screen: str) -> None:
    ctx = new_context(**SCREENS[screen])
    ctx.add_init_script(OBSERVER)
    page = ctx.new_page()
    problems = watch(page)
    STATES[state](page, server.base, rooms)
    value, account = measure(page)
    print(f"CLS {state} {screen}: {value:.4f}")
    assert value <= LIMIT, f"{state} on {screen}: CLS {value:.4f} > {LIMIT}\n{account}"
    assert not problems, problems
