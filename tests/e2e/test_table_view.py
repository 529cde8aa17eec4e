"""The table a player can follow, at 1280×800, 1440×900, 390×844 and 360×640 (an online round at
the three sizes a player has most: 1280×800, 390×844, 360×640): what a player
needs at a moment is inside the viewport without scrolling (element positions against the
viewport), in a local game and in an online room; others' moves are legible; the line reads as
a line; keys; the call back when it is one's turn. A round is played once and each moment of it
checked at every size in turn (the page resized, then settled), so the browser plays a third as
much. Screenshots of the visible viewport go to artifacts/screens/. The number of scroll actions a
player needed is printed among the figures.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.e2e import act_by_names, axe_check, choose, play_round, settle, turn_state, watch
from tests.support.server import ServerProcess

SIZES = [(1280, 800), (1440, 900), (390, 844), (360, 640)]
#: The online round's sizes: the wide desktop adds nothing the other desktop size does not show.
ONLINE_SIZES = [s for s in SIZES if s != (1440, 900)]

#: Every element matching one of the selectors that is drawn (has a box) and is not wholly
#: inside the viewport, described; an empty list when all are inside.
OFFSCREEN_JS = """(selectors) => {
    const out = [];
    const W = window.innerWidth, H = window.innerHeight;
    for (const sel of selectors) {
        const found = [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length > 0);
        if (found.length === 0) out.push(sel + ': not drawn');
        for (const el of found) {
            const r = el.getBoundingClientRect();
            if (r.top < -1 || r.left < -1 || r.bottom > H + 1 || r.right > W + 1) {
                out.push(`${sel} "${(el.textContent || '').trim().slice(0, 30)}" at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} in ${W}x${H}`);
            }
        }
    }
    return out;
}"""

#: At one's own turn: whose turn and the latest actions (status, the others' cards), the hand,
#: the open ends and what can be done instead of playing.
OWN_TURN = [".table .status", ".table .players li", ".table .hand button", ".table .actions button"]
ENDS = [".table .end-chip.left", ".table .end-chip.right"]
#: Between one's own turns: the line of play and the others.
BETWEEN = [".table .status", ".table .players li", ".table .line li"]
#: At the round's end: the result with every hand, who opens the next round, and every control of
#: the panel ("Nächste Runde", "Runde ansehen", "Runde analysieren"; a room's ready line when it is drawn).
#: Who won is said by the status line (and on a wide screen by the panel's sentence too).
ROUND_END = [".table .round-end h3", ".table .status", ".table .round-end tbody tr", ".table .next-starter",
             ".table .round-end .btn.primary", ".table .round-end .replay-link", ".table .round-end .analyse-link"]

#: What of the round's end is hidden although inside the viewport: the panel scrolls (some of it
#: is cut off), or a control lies over a row of the result.
PANEL_CUT_JS = """() => {
    const out = [];
    const panel = document.querySelector('.table .round-end');
    if (panel.scrollHeight > panel.clientHeight + 1) out.push(`the panel scrolls: ${panel.scrollHeight} > ${panel.clientHeight}`);
    const box = (el) => el.getBoundingClientRect();
    const controls = [...panel.querySelectorAll('.result-buttons > *')].filter((el) => el.getClientRects().length > 0);
    for (const row of panel.querySelectorAll('tbody tr')) {
        const r = box(row);
        for (const c of controls.map(box)) {
            if (c.top < r.bottom - 1 && r.top < c.bottom - 1) out.push(`a control over the row "${row.textContent.trim().slice(0, 20)}"`);
        }
    }
    return out;
}"""


def offscreen(page: Page, selectors: list[str]) -> list[str]:
    return page.evaluate(OFFSCREEN_JS, selectors)


def in_view(page: Page, locator: Any) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= -1 and box["x"] >= -1 and box["y"] + box["height"] <= size["height"] + 1 \
        and box["x"] + box["width"] <= size["width"] + 1


def check_own_turn(page: Page, label: str) -> None:
    has_line = page.locator(".table .line li").count() > 0
    missing = offscreen(page, OWN_TURN + (ENDS if has_line else []))
    assert not missing, f"{label}: own turn: {missing}"
    expect(page.get_by_role("status")).to_contain_text("Du bist am Zug")


def check_between(page: Page, label: str) -> None:
    if page.locator(".table .line li").count() == 0:
        return
    missing = offscreen(page, BETWEEN + ENDS)
    if missing and turn_state(page) == "over":
        return  # the computers ended the round meanwhile: the round's end is checked as such
    assert not missing, f"{label}: between turns: {missing}"


#: The tallest stretch of the round's end panel (px) that nothing in it covers.
PANEL_BLANK_JS = """() => {
    const panel = document.querySelector('.table .round-end');
    const inner = panel.getBoundingClientRect();
    const spans = [...panel.children].filter((el) => el.getClientRects().length > 0).map((el) => el.getBoundingClientRect())
        .sort((a, b) => a.top - b.top);
    let blank = 0, reached = inner.top;
    for (const r of spans) { blank = Math.max(blank, r.top - reached); reached = Math.max(reached, r.bottom); }
    return Math.round(Math.max(blank, inner.bottom - reached));
}"""


def check_round_end(page: Page, label: str, players: int) -> None:
    """The round's end as a player needs it: the result, every hand, who opens next and every
    control on screen, nothing in the panel cut off or blank (more than 120 px), and the final
    line of play in view beside it, every tile of it."""
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    expect(page.locator(".round-end tbody tr")).to_have_count(players)
    said = page.locator(".table .status").inner_text()
    assert re.search(r"gewinnt|gewinnst|geteilt", said), f"{label}: the status does not say who won: {said}"
    hidden = line_hidden(page)
    ready = [".table .ready-line"] if page.locator(".table .ready-line").is_visible() else []
    missing = offscreen(page, ROUND_END + ready) + page.evaluate(PANEL_CUT_JS)
    if hidden:
        missing.append(f"line tiles out of view: {hidden}")
    blank = page.evaluate(PANEL_BLANK_JS)
    if blank > 120:
        missing.append(f"a blank stretch of {blank} px in the panel")
    if missing:
        page.screenshot(path=f"artifacts/screens/round-end-cut-{label.replace(' ', '-')}.png")
    assert not missing, f"{label}: round end: {missing}"
    expect(page.get_by_role("button", name="Nächste Runde")).to_be_focused()


#: The table's top to the viewport's top, where the table puts itself at each new round and
#: round's end (render.js bringIntoView) and so where a player at one size has it; a resize alone
#: leaves the page scrolled as it was at the size before.
TABLE_TO_TOP_JS = """() => {
    const table = document.querySelector('section.table');
    if (table && !table.hidden && Math.abs(table.getBoundingClientRect().top) > 1) table.scrollIntoView({ block: 'start' });
}"""


def resize(pages: list[Page], size: tuple[int, int]) -> None:
    """Every page to `size`, laid out and drawn anew, the table at the top as a player at that
    size has it (a page already at the size is left alone)."""
    moved = [p for p in pages if p.viewport_size != {"width": size[0], "height": size[1]}]
    for p in moved:
        p.set_viewport_size({"width": size[0], "height": size[1]})
    for p in moved:
        settle(p)
        p.evaluate(TABLE_TO_TOP_JS)


def from_here(page: Page, sizes: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`sizes`, the page's current one first: a loop over them starts without a resize."""
    now = (page.viewport_size["width"], page.viewport_size["height"])
    return sorted(sizes, key=lambda s: s != now)


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


class Counter:
    """Scroll actions a player would have needed: each time the control to press was not inside
    the viewport before pressing it. Given `sizes`, the control is looked for at each of them
    (one round checked at several sizes), counted per size, and pressed once."""

    def __init__(self, sizes: list[tuple[int, int]] | None = None) -> None:
        self.sizes = sizes or []
        self.scrolls = {size: 0 for size in self.sizes}

    def look(self, page: Page, locator: Any, size: tuple[int, int]) -> None:
        """Counts a scroll at `size` (the page's size now) when `locator` is not in view."""
        if not in_view(page, locator):
            self.scrolls[size] += 1

    def click(self, page: Page, locator: Any, looked: bool = False) -> None:
        """Presses `locator`, first looking for it at every size unless that was `looked` already."""
        for size in [] if looked else from_here(page, self.sizes):
            resize([page], size)
            self.look(page, locator, size)
        locator.click()


def first_control(page: Page) -> Any:
    """The button the action to take now starts with: "Ziehen", "Passen" or the tile to play."""
    kind, what = choose(page)
    if kind in ("draw", "pass"):
        return page.get_by_role("button", name="Ziehen" if kind == "draw" else "Passen", exact=True)
    return page.get_by_role("button", name=f"Stein {what.partition(' ')[0]}", exact=True)


def act_by_mouse(page: Page, counter: Counter, looked: bool = False) -> str:
    """One action with clicks on what the page shows (roles and names), counting scrolls (the
    first control's already counted when `looked`)."""
    kind, what = choose(page)
    if kind in ("draw", "pass"):
        counter.click(page, page.get_by_role("button", name="Ziehen" if kind == "draw" else "Passen", exact=True), looked)
        return kind
    tile, _, end = what.partition(" ")
    counter.click(page, page.get_by_role("button", name=f"Stein {tile}", exact=True), looked)
    place = f"{tile} {end} anlegen" if end else f"{tile} anlegen"
    counter.click(page, page.get_by_role("button", name=place, exact=True))
    return f"play {tile} {end}"


def act_by_keys(page: Page) -> str:
    """One action with the table's keys only (digit, L/R, Z, P)."""
    kind, what = choose(page)
    if kind in ("draw", "pass"):
        page.keyboard.press("z" if kind == "draw" else "p")
        return kind
    tile, _, end = what.partition(" ")
    names = [b.inner_text() for b in page.get_by_role("group", name="Deine Hand").get_by_role("button").all()]
    index = names.index(f"Stein {tile}")
    # A digit for the first ten tiles; past them, the tenth and "." on to the one wanted.
    page.keyboard.press(str((min(index, 9) + 1) % 10))
    for _ in range(index - 9):
        page.keyboard.press(".")
    expect(page.get_by_role("button", name=f"Stein {tile}", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name=f"Stein {tile}", exact=True)).to_be_focused()
    page.keyboard.press("r" if end == "rechts" else "l")
    return f"play {tile} {end}"


def start_local(page: Page, base: str, computers: int, delay: int) -> None:
    page.goto(f"{base}/lokal?delay={delay}")
    page.get_by_label("Dein Name").fill("Anna")
    page.get_by_label("Anzahl Computer").select_option(str(computers))
    page.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()


def wait_settled(page: Page) -> None:
    """Until it is the viewer's turn or the round is over (a computer may be thinking)."""
    page.wait_for_function("() => /Du bist am Zug|Die Runde ist vorbei/.test(document.querySelector('[role=status]').innerText)",
                           timeout=20_000)


def between_at_sizes(page: Page, sizes: list[tuple[int, int]], label: str) -> None:
    """Right after an action that passed the turn on: the line and the others, at every size."""
    if turn_state(page) != "other":
        return
    for size in from_here(page, sizes):
        resize([page], size)
        check_between(page, f"{label} {size_id(size)}")


def play_local_at_sizes(page: Page, screens: Path, label: str, by_keys: bool) -> dict[tuple[int, int], int]:
    """Plays the local round on `page` to its end, by mouse or by the table's keys only, with each
    own turn (and by mouse the moment after it) checked at every size of SIZES; the first own turn
    is screenshotted at each. Returns the scrolls a player would have needed, per size."""
    mouse = Counter(SIZES)
    keys = {size: 0 for size in SIZES}
    shot = {"first": by_keys}

    def on_step(step: int, p: Page) -> None:
        for size in from_here(p, SIZES):
            resize([p], size)
            if offscreen(p, OWN_TURN):  # what the player must see to choose: hand, ends, status
                keys[size] += 1
            check_own_turn(p, f"{label} {size_id(size)} step {step}")
            if not by_keys:
                mouse.look(p, first_control(p), size)
            if not shot["first"]:
                p.screenshot(path=str(screens / f"table-first-turn-{size_id(size)}.png"))  # the visible viewport
        shot["first"] = True

    def act(p: Page) -> str:
        if by_keys:
            return act_by_keys(p)
        done = act_by_mouse(p, mouse, looked=True)
        between_at_sizes(p, SIZES, label)
        return done

    play_round([page], act, on_step)
    return keys if by_keys else mouse.scrolls


def round_end_at_sizes(pages: list[Page], sizes: list[tuple[int, int]], label: str, players: int,
                       shot: Path | None = None) -> None:
    """The round's end on every page at every size (check_round_end), with the page no wider than
    the screen; with `shot` (a path with "{size}"), the first page is screenshotted at each."""
    for size in from_here(pages[0], sizes):
        resize(pages, size)
        for page in pages:
            check_round_end(page, f"{label} {size_id(size)}", players)
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], f"{label}: wider than {size_id(size)}"
        if shot:
            pages[0].screenshot(path=str(shot).format(size=size_id(size)))


def test_a_local_round_needs_no_scrolling(server, new_context, screens, figures):
    """A round by mouse, then the next by the table's keys only, each checked at every size."""
    page = new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]}).new_page()
    problems = watch(page)
    start_local(page, server.base, 3, delay=40)
    wait_settled(page)
    mouse = play_local_at_sizes(page, screens, "local", by_keys=False)
    round_end_at_sizes([page], SIZES, "local", 4, screens / "table-round-end-{size}.png")
    # The next round with the keyboard's "N", then a whole round by the table's keys only.
    page.keyboard.press("n")
    expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    wait_settled(page)
    keys = play_local_at_sizes(page, screens, "local keys", by_keys=True)
    round_end_at_sizes([page], SIZES, "local keys", 4)
    for size in SIZES:
        figures.append(f"scrolls: local round at {size_id(size)}: mouse {mouse[size]}, keyboard only {keys[size]}")
    assert not any(mouse.values()) and not any(keys.values()), (mouse, keys)
    assert not problems, problems


def seat_page(new_context: Any, base: str, room: str, seat: int, credential: str, size: tuple[int, int]) -> Page:
    page = new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(base + "/regeln")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"ziehdomino.seat.{room}", f'{{"seat": {seat}, "credential": "{credential}"}}'])
    page.goto(f"{base}/r/{room}")
    return page


def test_an_online_round_needs_no_scrolling(server, new_context, screens, figures):
    """One online round of two people, each own turn, the moment after it, the round's end and
    the ready line checked at every size of ONLINE_SIZES."""
    made = server_create(server.base)
    room = made["room"]
    joined = httpx.post(f"{server.base}/api/rooms/{room}/join", headers={"origin": server.base}, json={"name": "Ben"}, timeout=20).json()
    anna = seat_page(new_context, server.base, room, made["seat"], made["credential"], ONLINE_SIZES[0])
    ben = seat_page(new_context, server.base, room, joined["seat"], joined["credential"], ONLINE_SIZES[0])
    problems = watch(anna) + watch(ben)
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    mouse = Counter(ONLINE_SIZES)

    def act(p: Page) -> str:
        done = act_by_mouse(p, mouse, looked=True)
        between_at_sizes(p, ONLINE_SIZES, "online")
        return done

    def on_step(step: int, p: Page) -> None:
        for size in from_here(p, ONLINE_SIZES):
            resize([p], size)
            label = f"online {size_id(size)} step {step}"
            check_own_turn(p, label)
            # While connected, the own card says so, on screen with the hand (the page's connection
            # line above the table scrolls away; only a connection that is down is pinned).
            missing = offscreen(p, [".table .me-info .meta"])
            assert not missing, f"{label}: own card: {missing}"
            expect(p.locator(".table .me-info .meta")).to_contain_text("verbunden")
            mouse.look(p, first_control(p), size)
            if step == 2:
                p.screenshot(path=str(screens / f"room-table-{size_id(size)}.png"))

    play_round([anna, ben], act, on_step)
    round_end_at_sizes([anna, ben], ONLINE_SIZES, "online", 2)
    # Anna is ready: both see who the next round waits for, with the result and every control.
    anna.get_by_role("button", name="Nächste Runde").click()
    for size in from_here(anna, ONLINE_SIZES):
        resize([anna, ben], size)
        for page, waits in ((anna, "Warte auf Ben."), (ben, "Warte auf dich.")):
            expect(page.locator(".table .ready-line")).to_contain_text(waits)
            missing = offscreen(page, ROUND_END + [".table .ready-line"]) + page.evaluate(PANEL_CUT_JS)
            if missing:
                page.screenshot(path=str(screens / f"room-ready-cut-{size_id(size)}.png"))
            assert not missing, f"online {size_id(size)}: round end, Anna ready: {missing}"
    for size in ONLINE_SIZES:
        figures.append(f"scrolls: online round at {size_id(size)}: mouse {mouse.scrolls[size]}")
    assert not any(mouse.scrolls.values()), mouse.scrolls
    assert not problems, problems


def test_a_four_seat_room_round_end_fits_a_small_phone(server, new_context, screens):
    """Two people and two computers at 360×640, one name on two lines: at every own turn the
    hand, the ends and a line that overlaps nothing; at the round's end, and once one of them is
    ready, the result and every control of the panel are on screen."""
    size = (360, 640)
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "leicht"},
             {"kind": "computer", "level": "leicht"}]
    made = httpx.post(server.base + "/api/rooms", headers={"origin": server.base}, json={"seats": seats, "name": "Anna"}, timeout=20).json()
    room = made["room"]
    joined = httpx.post(f"{server.base}/api/rooms/{room}/join", headers={"origin": server.base}, json={"name": "Benedikt Langname"}, timeout=20).json()
    anna = seat_page(new_context, server.base, room, made["seat"], made["credential"], size)
    ben = seat_page(new_context, server.base, room, joined["seat"], joined["credential"], size)
    problems = watch(anna) + watch(ben)

    both_ends: list[int] = []

    def on_step(step: int, p: Page) -> None:
        # three others' cards and the turn clock above the line: the hand, the ends and the
        # line itself all still fit, nothing of the line over anything else
        check_own_turn(p, f"four-seat room 360x640 step {step}")
        clash = p.evaluate(LINE_CLASH_JS)
        if clash:
            p.screenshot(path=str(screens / f"room-four-clash-360x640-{step}.png"))
        assert not clash, f"four-seat room 360x640 step {step}: {clash}"
        if both_ends or p.locator(".table .line li").count() == 0:
            return
        # The first tile that fits both ends: its two buttons take one row, and they, the hand
        # and the ends stay on screen while the person decides.
        for tile in p.get_by_role("group", name="Deine Hand").get_by_role("button").all():
            tile.dispatch_event("click")  # a probe: no scrolling to the tile
            if p.locator(".table .placements .place").count() == 2:
                both_ends.append(step)
                clash = offscreen(p, OWN_TURN + ENDS + [".table .placements .place"])
                p.screenshot(path=str(screens / "room-four-both-ends-360x640.png"))
                assert not clash, f"four-seat room 360x640 step {step}, a tile for both ends: {clash}"
                rows = p.evaluate("() => new Set([...document.querySelectorAll('.table .placements .place')]"
                                  ".map((b) => Math.round(b.getBoundingClientRect().top))).size")
                assert rows == 1, "the two ends' buttons share a row"
            if tile.get_attribute("aria-pressed") == "true":
                tile.dispatch_event("click")
            if both_ends:
                break
        # The probe's clicks are nobody's: a reload shows the next own-turn check the table as a
        # person who had not tried every tile sees it.
        p.reload()
        expect(p.get_by_role("status")).to_contain_text("Du bist am Zug")

    play_round([anna, ben], lambda p: act_by_mouse(p, Counter()), on_step)
    for page in (anna, ben):
        check_round_end(page, "four-seat room 360x640", 4)
    anna.get_by_role("button", name="Nächste Runde").click()
    for page, waits in ((anna, "Warte auf Benedikt Langname."), (ben, "Warte auf dich.")):
        expect(page.locator(".table .ready-line")).to_contain_text(waits)
        missing = offscreen(page, ROUND_END + [".table .ready-line"]) + page.evaluate(PANEL_CUT_JS)
        if missing:
            page.screenshot(path=str(screens / "room-four-ready-cut-360x640.png"))
        assert not missing, f"four-seat room 360x640, Anna ready: {missing}"
    assert not line_hidden(anna), "the line of play should stay in view beside the ready line"
    anna.screenshot(path=str(screens / "room-four-round-end-360x640.png"))
    assert not problems, problems


#: What of the line of play lies over something else or outside its felt: an end chip over a
#: tile, a chip or a tile over the boneyard count or the felt's heading; an empty list when
#: nothing does.
LINE_CLASH_JS = """() => {
    const out = [];
    const box = (el) => el.getBoundingClientRect();
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const felt = document.querySelector('.table .felt');
    const marks = [...felt.querySelectorAll('.end-chip')].filter((el) => el.getClientRects().length > 0);
    const tiles = [...felt.querySelectorAll('.line li')];
    const labels = [felt.querySelector('.boneyard'), felt.querySelector('h3')].filter(Boolean);
    const inside = box(felt);
    for (const m of marks) {
        const r = box(m);
        if (r.top < inside.top - 1 || r.bottom > inside.bottom + 1 || r.left < inside.left - 1 || r.right > inside.right + 1) {
            out.push(`${m.textContent} outside the felt`);
        }
        for (const t of tiles) if (meet(r, box(t))) out.push(`${m.textContent} over ${t.textContent}`);
    }
    for (const el of [...marks, ...tiles]) {
        for (const l of labels) if (meet(box(el), box(l))) out.push(`${el.textContent} over "${l.textContent}"`);
    }
    return out;
}"""


def server_create(base: str) -> dict[str, Any]:
    r = httpx.post(base + "/api/rooms", headers={"origin": base}, json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"}, timeout=20)
    assert r.status_code == 201, r.text
    return r.json()


#: Plays random local 2-seat games in the page (engine/ through the local session, computers
#: without a pause) until it is the person's turn with a line of `want` tiles, saves that game
#: as the local save, and returns the line's length (0 when none was found).
LONG_LINE_JS = """async (want) => {
  const { LocalSession } = await import('/static/sessions/session-local.js');
  const session = new LocalSession({ storage: localStorage, schedule: () => null, cancel: () => {} });
  for (let game = 0; game < 4000; game++) {
    session.start({ name: 'Anna', computers: ['leicht'] });
    while (!session.view().result) {
      const v = session.view();
      if (v.turn === 0) {
        if (v.line.length >= want && v.legal.some((a) => a.type === 'play')) return v.line.length;
        session.act(v.legal[Math.floor(Math.random() * v.legal.length)]);
      } else {
        await session.computerMove();
      }
    }
  }
  return 0;
}"""


#: Plays random local 4-seat games in the page (a long name for the person, the computers
#: without a pause) until one ends with hands that fill at least `want` lines of three small
#: tiles in the result (at 360 px a hand's cell holds three a line), the most a round gives
#: now and then; that game stays the local save. Returns the lines found (0 when none was).
FULL_HANDS_JS = """async (want) => {
  const { LocalSession } = await import('/static/sessions/session-local.js');
  const session = new LocalSession({ storage: localStorage, schedule: () => null, cancel: () => {} });
  for (let game = 0; game < 5000; game++) {
    session.start({ name: 'Benedikt Langname', computers: ['leicht', 'leicht', 'leicht'] });
    while (!session.view().result) {
      const v = session.view();
      if (v.turn === 0) session.act(v.legal[Math.floor(Math.random() * v.legal.length)]);
      else await session.computerMove();
    }
    const lines = session.view().hands.reduce((sum, hand) => sum + Math.max(1, Math.ceil(hand.length / 3)), 0);
    if (lines >= want) return lines;
  }
  return 0;
}"""


def test_a_full_round_end_fits_with_every_control(server, new_context, screens):
    """Four players whose hands fill the result, the person's name on two lines: the result, who
    opens next, "Nächste Runde" and "Runde ansehen" are all on screen and nothing in the panel is
    cut off, on every screen size (the game found once, the page loaded anew at each size)."""
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=100000")
    assert page.evaluate(FULL_HANDS_JS, 7) >= 7
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()  # the saved game resumes at its round's end, the table brought into view
        page.wait_for_timeout(200)
        page.screenshot(path=str(screens / f"table-full-round-end-{width}x{height}.png"))
        check_round_end(page, f"full round end {width}x{height}", 4)
        expect(page.get_by_role("link", name="Runde ansehen")).to_have_attribute("href", "/ansehen?lokal=1")
        expect(page.get_by_role("link", name="Runde analysieren")).to_have_attribute("href", "/ansehen?lokal=1#analyse-0")
    assert not problems, problems


#: The tiles of the line of play not to be seen: off screen, or under something else (at the centre).
LINE_HIDDEN_JS = """() => [...document.querySelectorAll('.table .line li')].filter((li) => {
  const r = li.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
  const hit = document.elementFromPoint(x, y);
  return !hit || !li.contains(hit);
}).map((li) => li.textContent)"""


def line_hidden(page: Page, settle_ms: int = 20_000) -> list[str]:
    """The line's tiles out of view once the line has laid itself out again in the room left to it
    (a resize is answered in the next animation frames, later on a busy machine): polls until none
    is hidden, and returns those still hidden after ``settle_ms`` (a generous ceiling: a table
    that lays out well returns at once)."""
    try:
        page.wait_for_function(f"() => ({LINE_HIDDEN_JS})().length === 0", timeout=settle_ms)
    except PlaywrightTimeout:
        pass
    return page.evaluate(LINE_HIDDEN_JS)


def test_a_long_line_snakes_with_each_end_beside_its_chip(server, new_context, screens):
    """A line of 26 tiles or more, found once, at every size (the page loaded anew at each)."""
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=100000")
    length = page.evaluate(LONG_LINE_JS, 26)
    assert length >= 26
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.reload()
        expect(page.get_by_role("list", name="Kette").locator("li")).to_have_count(length)
        wait_settled(page)
        page.screenshot(path=str(screens / f"table-long-line-{size_id(size)}.png"))
        check_own_turn(page, f"long line {size_id(size)}")
        assert not offscreen(page, [".table .line li"])
        check_snake(page, size)
    assert not problems, problems


def beside(chip: list[float], tile: list[float]) -> bool:
    """On the tile's row, touching its left or right side (within a few px)."""
    same_row = chip[1] < tile[3] and chip[3] > tile[1]
    touching = abs(chip[2] - tile[0]) <= 8 or abs(chip[0] - tile[2]) <= 8
    return same_row and touching


def below(chip: list[float], tile: list[float]) -> bool:
    """In the next row, where the line turns: just under the tile, flush with one of its sides."""
    under = 0 <= chip[1] - tile[3] <= (tile[3] - tile[1])
    flush = abs(chip[0] - tile[0]) <= 1 or abs(chip[2] - tile[2]) <= 1
    return under and flush


def check_snake(page: Page, size: tuple[int, int]) -> None:
    """The line snakes, each tile touching the one before it, each end's chip beside its tile."""
    geometry = page.evaluate("""() => {
        const box = (el) => el.getBoundingClientRect();
        const tiles = [...document.querySelectorAll('.table .line li')].map(box);
        const left = box(document.querySelector('.end-chip.left'));
        const right = box(document.querySelector('.end-chip.right'));
        return { tiles: tiles.map((r) => [r.left, r.top, r.right, r.bottom]), left: [left.left, left.top, left.right, left.bottom],
                 right: [right.left, right.top, right.right, right.bottom] };
    }""")
    tiles, left, right = geometry["tiles"], geometry["left"], geometry["right"]
    assert beside(left, tiles[0]), (size, left, tiles[0])
    assert beside(right, tiles[-1]) or below(right, tiles[-1]), (size, right, tiles[-1])
    # A snake: each tile touches the one before it (within 8 px), side by side, or at a turn
    # against the upright corner's long side (or straight below, where there is no room for one).
    for a, b in zip(tiles, tiles[1:]):
        h_gap, v_gap = max(b[0] - a[2], a[0] - b[2]), max(b[1] - a[3], a[1] - b[3])
        assert (h_gap <= 8 and v_gap < 0) or (v_gap <= 8 and h_gap < 0), (size, a, b)
    corners = sum(1 for t in tiles if t[3] - t[1] > t[2] - t[0])
    if size[0] >= 420:  # a phone's narrow felt turns straight down
        assert corners >= 1, f"{size_id(size)}: the line turns with an upright corner tile"


def test_others_moves_are_legible_and_the_pace_is_a_setting(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    start_local(page, server.base, 3, delay=0)
    wait_settled(page)
    # Open the line if it is empty, so that the computers play onto it.
    for _ in range(3):
        if page.locator(".table .line li").count() and turn_state(page) == "mine":
            break
        if turn_state(page) != "mine":
            break
        act_by_mouse(page, Counter())
        wait_settled(page)
    if turn_state(page) == "mine":
        log = page.get_by_role("list", name="Verlauf").locator("li").all_inner_texts()
        # Each other seat's card says what it did in its latest turn, in the log's words.
        cards = page.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)").locator("li")
        for i in range(3):
            name = f"Computer {i + 1}"
            card = cards.filter(has_text=name)
            mine = [e for e in log if e.startswith(name + " ")]
            deed = card.locator(".deed")
            if not mine:
                expect(deed).to_be_hidden()
                continue
            expect(deed).to_be_visible()
            assert re.fullmatch(r"(zieht \d+(, )?)?(legt \d\|\d (links|rechts) an|eröffnet mit \d\|\d|passt)?", deed.inner_text())
        # The tiles the others placed since the person's action are marked.
        placed = [m.group(1) for e in log[-3:] for m in [re.search(r"legt (\d\|\d)|eröffnet mit (\d\|\d)", e)] if m]
        fresh = page.locator(".table .line li.fresh")
        assert fresh.count() <= 3
        if placed:
            assert fresh.count() >= 1
    # "Tempo": langsam / normal / schnell, remembered.
    tempo = page.get_by_label("Tempo")
    expect(tempo.locator("option")).to_have_text(["langsam", "normal", "schnell"])
    tempo.select_option("langsam")
    assert page.evaluate("localStorage.getItem('ziehdomino.tempo')") == "langsam"
    assert not problems, problems


def test_history_is_one_tap_away_on_a_phone(server, new_context, screens):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    problems = watch(page)
    start_local(page, server.base, 1, delay=0)
    wait_settled(page)
    act_by_mouse(page, Counter())
    wait_settled(page)
    toggle = page.get_by_role("button", name="Verlauf & Einstellungen")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert page.locator(".table .side").bounding_box()["width"] <= 2  # closed: for screen readers only
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    log = page.get_by_role("list", name="Verlauf")
    expect(log).to_be_visible()
    assert not offscreen(page, [".table .history h3", ".table .log li"]), offscreen(page, [".table .log li"])
    expect(page.get_by_role("switch", name="Ton")).not_to_be_checked()  # off by default
    # A sheet over the lower part: the status and the line of play stay in view above it.
    side = page.locator(".table .side").bounding_box()
    assert side is not None and side["y"] + side["height"] <= 844
    for part in (".table .status", ".table .line li"):
        b = page.locator(part).first.bounding_box()
        assert b is not None and b["y"] + b["height"] <= side["y"], (part, b, side)
    page.screenshot(path=str(screens / "phone-side-open-390x844.png"))
    found: list[str] = []
    axe_check(page, "phone-side-open", found)
    # the sheet has its own way out at its top, also once scrolled down
    close = page.locator(".table .side").get_by_role("button", name="Schließen")
    page.locator(".table .side").evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
    b = close.bounding_box()
    assert b is not None and side["y"] <= b["y"] and b["y"] + b["height"] <= side["y"] + side["height"], (b, side)
    close.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    toggle.click()
    page.get_by_role("switch", name="Ton").focus()
    page.keyboard.press("Escape")  # closes the sheet, back at its button
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    axe_check(page, "phone-side-closed", found)
    assert not found, found
    expect(toggle).to_have_attribute("aria-expanded", "false")
    # a tap beside the sheet closes it too, and Escape does wherever the focus is
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.locator(".table .status").click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert not problems, problems


def test_the_history_survives_the_language_switch(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    start_local(page, server.base, 1, delay=0)
    wait_settled(page)
    if turn_state(page) == "mine":
        act_by_mouse(page, Counter())
        wait_settled(page)
    page.get_by_role("button", name="English").click()
    history = page.locator("ol.log")
    expect(history).to_be_visible()
    expect(history.locator("li").first).to_contain_text(re.compile(r"opens with|You open"))
    page.get_by_role("button", name="Deutsch").click()
    expect(history).to_be_visible()
    expect(history.locator("li").first).to_contain_text(re.compile(r"eröffnet mit|Du eröffnest"))
    assert not problems, problems


#: The elements of the table that show a refusal ("... ist nicht erlaubt") on screen: text not
#: visually hidden (inside a box of at most 2 px that clips what overflows it).
REFUSALS_SHOWN_JS = """() => [...document.querySelectorAll('.table *')].filter((el) =>
    [...el.childNodes].some((n) => n.nodeType === 3 && n.nodeValue.includes('ist nicht erlaubt'))
    && !hiddenByClip(el)).map((el) => el.textContent)
    function hiddenByClip(el) {
        for (let a = el; a; a = a.parentElement) {
            const r = a.getBoundingClientRect();
            if (r.width <= 2 && r.height <= 2 && getComputedStyle(a).overflow === 'hidden') return true;
        }
        return false;
    }"""

#: Every word of a name in the result table that does not lie on one line ("Comput / er").
BROKEN_WORDS_JS = """() => {
    const out = [];
    for (const th of document.querySelectorAll('.round-end tbody th')) {
        const text = th.firstChild;
        let at = 0;
        for (const word of th.textContent.split(' ')) {
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(word);
            at += word.length + 1;
        }
    }
    return out;
}"""


def test_no_refusal_lines_in_a_round_and_names_in_its_result_break_between_words_only(server, new_context):
    """A four-seat round at 360×640: at every own turn no refusal is a line on screen (the reasons
    are the disabled buttons' descriptions, separate sentences); at its end every word of every
    name in the result lies on one line, and axe finds nothing serious."""
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    problems = watch(page)
    start_local(page, server.base, 3, delay=0)

    def on_step(step: int, p: Page) -> None:
        shown = p.evaluate(REFUSALS_SHOWN_JS)
        assert shown == [], shown
        if p.get_by_role("button", name="Ziehen", exact=True).is_disabled():
            expect(p.get_by_role("button", name="Ziehen", exact=True)).to_have_accessible_description(
                re.compile(r"^Ziehen ist nicht erlaubt: .+\.$"))
        # Read as one paragraph, the hidden reasons are separate sentences, never run together.
        whys = p.locator(".table .whys").text_content() or ""
        assert not re.search(r"\S(Ziehen|Passen) ist nicht erlaubt", whys), whys
        assert all(s.endswith(".") for s in re.split(r"(?<=\.) (?=(?:Ziehen|Passen) ist)", whys.strip()) if s), whys

    play_round([page], lambda p: act_by_mouse(p, Counter()), on_step)
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    broken = page.evaluate(BROKEN_WORDS_JS)
    assert broken == [], broken
    found: list[str] = []
    axe_check(page, "phone-round-end", found)
    assert not found, found
    expect(page.locator(".round-end thead th").first).to_have_text("Name")  # it lists computers too
    assert not problems, problems


def test_called_back_title_and_sound_when_the_turn_comes(server, new_context):
    ctx = new_context()
    # A page that can be told it is hidden, and Web Audio that records what it would play.
    ctx.add_init_script("""
        window.__hidden = false;
        Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
        window.__tones = 0;
        window.AudioContext = class {
            constructor() { this.currentTime = 0; this.destination = {}; }
            resume() { return Promise.resolve(); }
            createOscillator() { window.__tones += 1; return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
            createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
        };
    """)
    page = ctx.new_page()
    problems = watch(page)
    start_local(page, server.base, 1, delay=300)
    wait_settled(page)
    base_title = "Gegen Computer – Ziehdomino"
    expect(page).to_have_title(base_title)
    assert page.evaluate("window.__tones") == 0  # "Ton" is off by default
    page.get_by_role("switch", name="Ton").check()
    assert page.evaluate("localStorage.getItem('ziehdomino.sound')") == "on"
    # The page hides first; then the person acts until the turn passes (a draw keeps it), so
    # the computer's answer brings the turn back while the page is hidden. Early in a round
    # neither the person's action nor the computer's answer can end it (seven tiles each), so
    # the turn always comes back.
    assert turn_state(page) == "mine"
    page.evaluate("() => { window.__hidden = true; document.dispatchEvent(new Event('visibilitychange')); }")
    while turn_state(page) == "mine":
        act_by_mouse(page, Counter())
    wait_settled(page)
    assert turn_state(page) == "mine"
    expect(page).to_have_title(re.compile(r"^Du bist am Zug – "))
    assert page.evaluate("window.__tones") > 0  # none before: the switch came on during the own turn
    page.evaluate("() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }")
    expect(page).to_have_title(base_title)
    assert not problems, problems


#: Plays random local 2-seat games in the page until it is the person's turn with a hand of at
#: least `want` tiles (drawn past ten), saves that game as the local save, and returns the hand's
#: size (0 when none was found).
BIG_HAND_JS = """async (want) => {
  const { LocalSession } = await import('/static/sessions/session-local.js');
  const session = new LocalSession({ storage: localStorage, schedule: () => null, cancel: () => {} });
  for (let game = 0; game < 4000; game++) {
    session.start({ name: 'Anna', computers: ['leicht'] });
    while (!session.view().result) {
      const v = session.view();
      if (v.turn === 0) {
        if (v.hand.length >= want) return v.hand.length;
        const draw = v.legal.find((a) => a.type === 'draw');
        session.act(draw ?? v.legal[Math.floor(Math.random() * v.legal.length)]);
      } else {
        await session.computerMove();
      }
    }
  }
  return 0;
}"""


def test_every_tile_of_a_hand_past_ten_is_reached_by_keys(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=100000")
    size = page.evaluate(BIG_HAND_JS, 12)
    assert size >= 12
    page.reload()
    wait_settled(page)
    tiles = page.get_by_role("group", name="Deine Hand").get_by_role("button")
    expect(tiles).to_have_count(size)
    pressed = page.get_by_role("group", name="Deine Hand").get_by_role("button", pressed=True)
    # "0" picks the tenth; "." goes on to the eleventh, twelfth, ... and round to the first.
    page.keyboard.press("0")
    expect(tiles.nth(9)).to_have_attribute("aria-pressed", "true")
    for i in range(10, size):
        page.keyboard.press(".")
        expect(tiles.nth(i)).to_have_attribute("aria-pressed", "true")
        expect(tiles.nth(i)).to_be_focused()
        expect(pressed).to_have_count(1)
    page.keyboard.press(".")
    expect(tiles.nth(0)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(",")
    expect(tiles.nth(size - 1)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(",")
    expect(tiles.nth(size - 2)).to_have_attribute("aria-pressed", "true")
    # The keyboard help says so.
    expect(page.locator(".keys-hint")).to_contain_text("Punkt den nächsten, Komma den vorigen")
    assert not problems, problems


def test_typing_in_a_field_never_fires_a_key_and_keys_work_after_a_switch_was_clicked(server, new_context):
    """Both in one local game at the person's first turn: typing in the setup form's name field
    changes nothing at the table; then "Ton" clicked on and off by mouse keeps the focus, and the
    keys are still the table's."""
    page = new_context().new_page()
    problems = watch(page)
    start_local(page, server.base, 1, delay=0)
    wait_settled(page)
    # One computer cannot end a round before the person's first turn: the turn comes.
    assert turn_state(page) == "mine"
    before = page.get_by_role("list", name="Verlauf").inner_text()
    # The setup form's name field: typing "1", "z", "p" there changes nothing at the table.
    page.get_by_role("button", name="Neues Spiel").click()
    field = page.get_by_label("Dein Name")
    field.fill("")
    field.type("1zpln")
    expect(field).to_have_value("1zpln")
    page.get_by_role("button", name="Zurück zum Spiel").click()
    assert page.get_by_role("list", name="Verlauf").inner_text() == before
    expect(page.get_by_role("group", name="Deine Hand").get_by_role("button", pressed=True)).to_have_count(0)
    tiles = page.get_by_role("group", name="Deine Hand").get_by_role("button")
    # Sound on and off again by mouse: the switch keeps the focus, and the keys are the table's.
    sound = page.get_by_role("switch", name="Ton")
    sound.click()
    sound.click()
    expect(sound).to_be_focused()
    page.keyboard.press("1")
    expect(tiles.first).to_have_attribute("aria-pressed", "true")
    assert not problems, problems


#: Collects every error the window is told of (the ResizeObserver loop error reaches
#: window.onerror, not the console).
WINDOW_ERRORS_JS = """window.__errors = [];
addEventListener('error', (e) => window.__errors.push(String(e.message)));"""


def test_resizing_with_a_table_on_screen_raises_no_error(server, new_context):
    ctx = new_context()
    ctx.add_init_script(WINDOW_ERRORS_JS)
    page = ctx.new_page()
    problems = watch(page)
    start_local(page, server.base, 3, delay=0)
    wait_settled(page)
    for width, height in [(390, 844), (1280, 800), (360, 640), (1024, 700), (800, 1000), (1440, 900), (390, 844),
                          (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
    # Laid out anew after the last resize: the hand's tiles fit its width.
    assert page.evaluate("() => { const h = document.querySelector('.hand'); return h.scrollWidth <= h.clientWidth; }")
    assert page.evaluate("window.__errors") == []
    assert not problems, problems


def test_while_the_server_is_down_nobody_is_said_to_be_connected(new_context):
    srv = ServerProcess(Path(tempfile.mkdtemp()) / "data").start()
    try:
        made = server_create(srv.base)
        joined = httpx.post(f"{srv.base}/api/rooms/{made['room']}/join", headers={"origin": srv.base}, json={"name": "Ben"}, timeout=20).json()
        anna = seat_page(new_context, srv.base, made["room"], made["seat"], made["credential"], (1280, 800))
        ben = seat_page(new_context, srv.base, made["room"], joined["seat"], joined["credential"], (1280, 800))
        for page in (anna, ben):
            expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        cards = anna.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)")
        expect(cards).to_contain_text("verbunden")
        srv.stop()
        expect(anna.locator("#conn")).to_contain_text("Verbindung zum Server unterbrochen", timeout=15_000)
        expect(cards).not_to_contain_text("verbunden")
        expect(cards).to_contain_text("Verbindung unklar")
        expect(anna.locator(".me-info")).not_to_contain_text("verbunden")
    finally:
        srv.stop()


def test_a_tip_at_a_four_seat_table_leaves_the_line_its_room_on_a_small_phone(server, new_context, screens):
    """Three computers at 360×640 with the tips on: the tip (a paragraph of up to seven lines)
    keeps to a few lines that scroll within it, so that at every own turn the line of play keeps
    its height and overlaps nothing, and the hand, the ends, the actions and the tip's first
    line are on screen. Before, the tip squeezed the line to nothing: its tiles and end chips
    lay over the hand, and "Ziehen"/"Passen" were cut off at the bottom."""
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    problems = watch(page)
    start_local(page, server.base, 3, delay=0)
    switch = page.locator(".table input[id$=\"-tip\"]")  # in the side panel, closed on a phone
    turns = 0
    for _ in range(40):
        wait_settled(page)
        if turn_state(page) == "over":
            break
        label = f"tips at 360x640, own turn {turns + 1}"
        if page.locator(".table .line li").count() > 0:
            if not switch.is_checked():  # on again once three actions ended them
                page.get_by_role("button", name="Verlauf & Einstellungen").click()
                page.get_by_role("switch", name="Mit Tipps lernen").check()
                page.get_by_role("button", name="Verlauf & Einstellungen").click()
            expect(page.locator(".tip")).to_contain_text(re.compile("^(Lege|Ziehe|Passe)"))
            check_own_turn(page, label)
            clash = page.evaluate(LINE_CLASH_JS)
            room = page.evaluate("""() => {
                const box = (s) => document.querySelector(s).getBoundingClientRect();
                return {line: box('.table .line-box').height, feltBottom: box('.table .felt').bottom,
                        meTop: box('.table .me').top, tipTop: box('.table .tip').top,
                        tipLine: parseFloat(getComputedStyle(document.querySelector('.table .tip')).lineHeight)};
            }""")
            if turns == 0 or clash:
                page.screenshot(path=str(screens / f"tips-four-seats-360x640-{turns + 1}.png"))
            assert not clash, f"{label}: {clash}"
            assert room["line"] >= 48, f"{label}: the line of play is {room['line']:.0f} px high"
            assert room["feltBottom"] <= room["meTop"] + 1, f"{label}: the line reaches into the hand: {room}"
            assert room["tipTop"] + room["tipLine"] <= 640, f"{label}: the tip's first line is off screen: {room}"
            turns += 1
        act_by_names(page)
    assert turns >= 2, "too few own turns with a line to check"
    assert not problems, problems


def test_a_four_seat_tables_cards_give_wins_and_shared_rounds_a_line_each_on_a_small_phone(server, new_context, screens):
    """Three computers at 360×640 in a match to 10: each other seat's card sets "Siege 0 von 10"
    and "geteilt 0" on a line each, neither broken; before, the two ran together and broke
    after the separator ("Siege 0 von 10 ·" over "geteilt 0"). The text read aloud keeps both."""
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    page.goto(f"{server.base}/lokal?delay=0")
    page.get_by_label("Dein Name").fill("Anna")
    page.get_by_label("Anzahl Computer").select_option("3")
    page.get_by_label("Partie bis").select_option("10")
    page.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    cards = page.evaluate("""() => [...document.querySelectorAll('.table .players .player .counters')].map((c) => {
        const [wins, sep, shared] = c.children;
        return {text: c.textContent, winsLines: wins.getClientRects().length, sharedLines: shared.getClientRects().length,
                sepShown: sep.getClientRects().length > 0,
                below: shared.getBoundingClientRect().top >= wins.getBoundingClientRect().bottom - 1};
    })""")
    page.screenshot(path=str(screens / "counters-four-seats-360x640.png"))
    assert len(cards) == 3, cards
    for card in cards:
        assert card["text"] == "Siege 0 von 10 · geteilt 0", card
        assert card == {**card, "winsLines": 1, "sharedLines": 1, "sepShown": False, "below": True}, card


def local_save_at(players: int, hand: int, line: int) -> str:
    """A local save (the person at seat 0, computers "Leicht") of the first seeded random round
    in which it is the person's turn with `hand` tiles in hand and `line` tiles in the line."""
    import random

    from ziehdomino.engine import Match, match_to_state

    for seed in range(100_000):
        rng = random.Random(seed)
        match = Match(players, rng=random.Random(seed), first_starter=0)
        r = match.round
        while not r.is_over and not (r.turn == 0 and len(r.hands[0]) == hand and len(r.line) == line):
            match.apply(r.turn, rng.choice(r.legal_actions(r.turn)))
        if not r.is_over:
            seats = [{"kind": "person", "name": "Anna"}] + [{"kind": "computer", "level": "leicht"}] * (players - 1)
            return json.dumps({"kind": "ziehdomino.local", "format": 1, "seats": seats, "match": match_to_state(match)})
    raise AssertionError(f"no round with {hand} tiles in hand and {line} in the line")


def test_a_long_hand_and_line_with_a_tip_fit_a_small_phone(server, new_context, screens):
    """A four-seat table at 360×640 with the tip shown, a hand that drew several tiles and a long
    line: the hand keeps to one row of narrow tiles while they can be tapped (30 px), so the line
    keeps room for both end chips. Before, nine tiles took two rows and the right end's chip lay
    below the felt, over the hand. Four such games, one after another in one page."""
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=0")
    for hand, line in [(9, 14), (10, 15), (11, 14), (6, 19)]:
        page.evaluate("(text) => localStorage.setItem('ziehdomino.local', text)", local_save_at(4, hand, line))
        page.reload()
        wait_settled(page)
        page.get_by_role("button", name="Verlauf & Einstellungen").click()
        page.get_by_role("switch", name="Mit Tipps lernen").check()
        page.get_by_role("button", name="Verlauf & Einstellungen").click()
        expect(page.locator(".tip")).to_contain_text(re.compile("^(Lege|Ziehe|Passe)"))
        expect(page.locator(".table .hand .tile-btn")).to_have_count(hand)
        label = f"{hand} in hand, {line} in the line, 360x640"
        check_own_turn(page, label)
        clash = page.evaluate(LINE_CLASH_JS)
        if clash:
            page.screenshot(path=str(screens / f"long-hand-360x640-{hand}-{line}.png"))
        assert not clash, f"{label}: {clash}"
        widths = page.evaluate("() => [...document.querySelectorAll('.table .hand .tile-btn')].map((b) => b.getBoundingClientRect().width)")
        assert min(widths) >= 30, f"{label}: hand tiles too narrow to tap: {widths}"
    assert not problems, problems
