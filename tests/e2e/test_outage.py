"""A room page while its connection is down or an action waits for its answer: the page says
so where the player looks, at any scroll position, and a click then is answered at once (never
with a second action for the same version), in words that do not blame the player's network."""

from __future__ import annotations

import json
import os
import re
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.support.e2e import act_by_names, settle, turn_state, watch
from tests.support.server import ServerProcess

SIZES = [(1280, 800), (390, 844), (360, 640)]
DOWN = "Verbindung zum Server unterbrochen"
NOT_SENT = "Nicht gesendet"
UNDER_WAY = "noch unterwegs"

#: Where ``#conn`` is drawn and whether it is the topmost element at its centre (not covered).
CONN_BOX_JS = """() => {
  const el = document.getElementById('conn');
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
          text: el.innerText, shown: Boolean(hit && el.contains(hit)), vw: innerWidth, vh: innerHeight,
          scroll: scrollY};
}"""

#: Whether "Verlauf & Einstellungen" is on screen and not covered at its centre (null: not
#: shown at this width, or scrolled out of view).
TOGGLE_SHOWN_JS = """() => {
  const el = document.querySelector('.table .side-toggle');
  const r = el.getBoundingClientRect();
  if (!r.width || r.bottom <= 0 || r.top >= innerHeight) return null;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit && el.contains(hit));
}"""

#: Whether the side column's first heading ("Verlauf") is uncovered at its start and centre
#: (null: the side is not beside the table at this width, or the heading is scrolled out of view).
SIDE_HEADING_SHOWN_JS = """() => {
  const el = document.querySelector('.table .side h2, .table .side h3');
  const r = el ? el.getBoundingClientRect() : null;
  if (!r || !r.width || r.top < 0 || r.bottom > innerHeight) return null;
  if (getComputedStyle(document.querySelector('.table .side-toggle')).display !== 'none') return null;
  return [r.left + 2, r.left + r.width / 2].every((x) => {
    const hit = document.elementFromPoint(x, r.top + r.height / 2);
    return Boolean(hit && el.contains(hit));
  });
}"""

#: Whether the table's status line is uncovered at its centre.
STATUS_SHOWN_JS = """() => {
  const el = document.querySelector('.table .status');
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit && el.contains(hit));
}"""

#: The scroll positions a player reaches during play: the page's top, the table at the top of
#: the screen (where the page puts it), the page's bottom.
SCROLLS_JS = """() => {
  const table = document.querySelector('section.table');
  const max = document.documentElement.scrollHeight - innerHeight;
  return [0, Math.round(table.getBoundingClientRect().top + scrollY), Math.max(0, max)];
}"""


def _room(base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    made = httpx.post(base + "/api/rooms", headers={"origin": base}, json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"},
                      timeout=20).json()
    joined = httpx.post(f"{base}/api/rooms/{made['room']}/join", headers={"origin": base}, json={"name": "Ben"}, timeout=20).json()
    return made, joined


#: Lets a test hold the page's patience (web/sessions/socket.js SILENT_MS: a socket silent that
#: long after the page sent something is taken for dead) while it looks at the page, so that a
#: busy machine cannot run the patience out under the test: while ``__holdSilence`` is true, a
#: timer of SILENT_MS waits until ``__releaseSilence()``, or goes if the socket clears it (an
#: answer came). Other timers run as they are.
HOLD_SILENCE = """(() => {
  const SILENT_MS = 6000, schedule = window.setTimeout.bind(window), cancel = window.clearTimeout.bind(window);
  const held = new Map();
  let next = -1;
  window.__holdSilence = false;
  window.setTimeout = (fn, ms, ...args) => {
    if (ms !== SILENT_MS || !window.__holdSilence) return schedule(fn, ms, ...args);
    const id = next--;
    held.set(id, () => fn(...args));
    return id;
  };
  window.clearTimeout = (id) => (held.delete(id) ? undefined : cancel(id));
  window.__releaseSilence = () => {
    window.__holdSilence = false;
    for (const [id, fire] of held) { held.delete(id); schedule(fire, 0); }
  };
})()"""


def _seat(context: Any, base: str, room: str, seat: int, credential: str) -> Page:
    page = context.new_page()
    page.add_init_script(HOLD_SILENCE)
    page.goto(base + "/regeln")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"ziehdomino.seat.{room}", json.dumps({"seat": seat, "credential": credential})])
    page.goto(f"{base}/r/{room}")
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    return page


def _on_turn(pages: list[Page]) -> Page:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for p in pages:
            if turn_state(p) == "mine":
                return p
        time.sleep(0.05)
    raise AssertionError("nobody's turn")


def _in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert size is not None
    return bool(box) and box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1  # type: ignore[index]


def test_a_long_outage_is_on_screen_at_every_scroll_position_and_a_click_says_nothing_was_sent(
        new_context: Any, screens: Path) -> None:
    srv = ServerProcess(Path(tempfile.mkdtemp()) / "data").start()
    try:
        made, joined = _room(srv.base)
        room = made["room"]
        anna = _seat(new_context(viewport={"width": 1280, "height": 800}), srv.base, room, made["seat"], made["credential"])
        ben = _seat(new_context(viewport={"width": 1280, "height": 800}), srv.base, room, joined["seat"], joined["credential"])
        problems = watch(anna) + watch(ben)
        player = _on_turn([anna, ben])
        table = player.locator("section.table").bounding_box()
        srv.stop()
        expect(player.locator("#conn")).to_contain_text(DOWN, timeout=15_000)
        # the line pinned to the screen leaves the page's flow as it was: the table stays put
        assert player.locator("section.table").bounding_box() == table
        # Reconnect attempts come and fail meanwhile: the line never flips back to a calm "Verbinde …".
        seen = set()
        for _ in range(30):
            seen.add(player.locator("#conn").inner_text())
            player.wait_for_timeout(100)
        assert all(DOWN in text for text in seen), seen
        for w, h in SIZES:
            player.set_viewport_size({"width": w, "height": h})
            settle(player)
            for y in player.evaluate(SCROLLS_JS):
                player.evaluate("(y) => window.scrollTo(0, y)", y)
                settle(player)
                box = player.evaluate(CONN_BOX_JS)
                where = f"{w}x{h} scrolled to {box['scroll']}"
                # on a phone in fewer words, beside "Verlauf & Einstellungen"
                assert (DOWN if w > 600 else "Verbindung unterbrochen") in box["text"], (where, box)
                assert box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= box["vh"], (where, box)
                assert box["left"] >= 0 and box["right"] <= box["vw"], (where, box)
                assert box["shown"], f"{where}: the connection line is covered: {box}"
                # and it covers nothing the player may need meanwhile: the history and settings
                assert player.evaluate(TOGGLE_SHOWN_JS) is not False, f"{where}: it covers the side's toggle"
                assert player.evaluate(SIDE_HEADING_SHOWN_JS) is not False, f"{where}: it covers the side's heading"
                if y == player.evaluate(SCROLLS_JS)[1]:  # the table at the screen's top, as in play
                    assert player.evaluate(STATUS_SHOWN_JS), f"{where}: it covers the status line"
            player.screenshot(path=str(screens / f"outage-{w}x{h}.png"))  # the visible viewport
        # A click while the connection is down: nothing goes out, and the page says so where the player looks.
        player.set_viewport_size({"width": 360, "height": 640})
        player.evaluate("() => document.querySelector('section.table').scrollIntoView()")
        settle(player)
        board = player.locator(".table .board").bounding_box()
        act_by_names(player)
        notice = player.locator(".table .notice")
        expect(notice).to_contain_text(NOT_SENT)
        expect(notice).to_contain_text("Verbindung zum Server ist unterbrochen")
        assert _in_view(player, ".table .notice")
        assert player.locator(".table .board").bounding_box() == board  # the notice lies over it, nothing moves
        # what it covers stays usable (a tap goes through it), and it goes by itself
        under = player.evaluate("""() => { const r = document.querySelector('.table .notice').getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return Boolean(hit) && !hit.closest('.notice'); }""")
        assert under, "the notice takes the taps meant for what lies under it"
        expect(notice).to_be_hidden(timeout=12_000)
        did = player.locator(".table .placements button, .table .actions button:not([disabled])").first
        did.click()  # a second try (the tile is still selected) says it again
        expect(notice).to_contain_text(NOT_SENT)
        text = player.locator("main").inner_text()
        assert "Prüfe" not in text and "prüfe" not in text, text  # the player's network is not blamed
        player.screenshot(path=str(screens / "outage-click-360x640.png"))
        # the controls keep their names, and look unavailable while the connection is down
        expect(player.locator("section.table")).to_have_class(re.compile(r"\bconn-down\b"))
        assert player.get_by_role("button", name=re.compile(r"^Stein \d\|\d$")).count() > 0
        expect(player.get_by_role("button", name="Ziehen", exact=True)).to_have_count(1)
        expect(player.get_by_role("button", name="Passen", exact=True)).to_have_count(1)
        # back: the page says so and the notice about the outage goes
        srv.start()
        expect(player.locator("#conn")).to_have_text("Verbunden.", timeout=20_000)
        expect(notice).to_be_hidden()
        expect(player.locator("section.table")).not_to_have_class(re.compile(r"\bconn-down\b"))
        assert not [p for p in problems if "WebSocket" not in p and "ERR_CONNECTION_REFUSED" not in p], problems
    finally:
        srv.stop()


def test_a_click_while_an_action_waits_for_its_answer_says_so_and_sends_nothing_more(
        server: ServerProcess, new_context: Any) -> None:
    made, joined = _room(server.base)
    room = made["room"]
    sent: list[dict[str, Any]] = []

    def context() -> Any:
        # the server never hears this page's actions: each one stays unanswered (pending)
        ctx = new_context(viewport={"width": 390, "height": 844})

        def route(ws: Any) -> None:
            upstream = ws.connect_to_server()

            def outgoing(message: str | bytes) -> None:
                data = json.loads(message)
                if data.get("type") == "action":
                    sent.append(data)
                    return
                upstream.send(message)
            ws.on_message(outgoing)
        ctx.route_web_socket(re.compile(r"/ws/"), route)
        return ctx

    anna = _seat(context(), server.base, room, made["seat"], made["credential"])
    ben = _seat(context(), server.base, room, joined["seat"], joined["credential"])
    player = _on_turn([anna, ben])
    player.evaluate("window.__holdSilence = true")  # the page's patience waits for this test
    did = act_by_names(player)
    deadline = time.monotonic() + 30
    while not sent and time.monotonic() < deadline:
        player.wait_for_timeout(20)
    assert len(sent) == 1, sent
    # the same control again, before any answer (within the page's patience, held above)
    if did in ("draw", "pass"):
        player.get_by_role("button", name="Ziehen" if did == "draw" else "Passen", exact=True).click()
    else:
        tile, end = did.split()[1], did.split()[2] if len(did.split()) > 2 else ""
        player.get_by_role("button", name=f"{tile} {end} anlegen" if end else f"{tile} anlegen", exact=True).click()
    notice = player.locator(".table .notice")
    expect(notice).to_contain_text(UNDER_WAY)
    assert _in_view(player, ".table .notice")
    player.wait_for_timeout(300)
    assert len(sent) == 1, sent  # never a second action for the same version
    # the controls keep their names meanwhile
    expect(player.get_by_role("button", name="Ziehen", exact=True)).to_have_count(1)
    expect(player.get_by_role("button", name="Passen", exact=True)).to_have_count(1)


SENDING = "Wird gesendet …"
RESTORING = "Verbindung wird wiederhergestellt …"

#: The "Wird gesendet …" line: where it is drawn, whether it is the topmost element at its centre,
#: and where the hand and its actions are (showing the line must not push them off screen).
SENDING_BOX_JS = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const el = document.querySelector('.table .sending');
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {...box('.table .sending'), text: el.innerText, live: el.getAttribute('aria-live'),
          shown: Boolean(hit && el.contains(hit)), vw: innerWidth, vh: innerHeight,
          status: box('.table .status'), hand: box('.table .hand'), actions: box('.table .actions')};
}"""


def _stopped(srv: ServerProcess) -> None:
    os.kill(srv.proc.pid, signal.SIGSTOP)  # type: ignore[union-attr]


def _resumed(srv: ServerProcess) -> None:
    os.kill(srv.proc.pid, signal.SIGCONT)  # type: ignore[union-attr]


def test_a_move_the_hung_server_has_not_answered_says_it_is_on_its_way_where_the_player_looks(
        new_context: Any, screens: Path) -> None:
    """A real fault: the server process is stopped (SIGSTOP) while the player moves, at a table
    of four. Within a moment the page says "Wird gesendet …" over the status line, in view at
    every size and without moving the hand; it goes with the answer once the process runs again,
    and the move is made. Stopped past the page's patience, it says the connection is being
    restored, and the game goes on once the process is back."""
    srv = ServerProcess(Path(tempfile.mkdtemp()) / "data").start()
    try:
        seats = [{"kind": "person"}] * 2 + [{"kind": "computer", "level": "leicht"}] * 2
        made = httpx.post(srv.base + "/api/rooms", headers={"origin": srv.base}, json={"seats": seats, "name": "Anna"}, timeout=20).json()
        joined = httpx.post(f"{srv.base}/api/rooms/{made['room']}/join", headers={"origin": srv.base}, json={"name": "Ben"}, timeout=20).json()
        people = [_seat(new_context(viewport={"width": 390, "height": 844}), srv.base, made["room"], who["seat"], who["credential"])
                  for who in (made, joined)]
        problems = watch(people[0]) + watch(people[1])
        player = _on_turn(people)
        sending = player.locator(".table .sending")
        assert sending.inner_text() == "" and sending.get_attribute("aria-live") == "polite"
        before = player.locator("ol.log li:not(.muted)").all_inner_texts()
        player.evaluate("window.__holdSilence = true")  # the page's patience waits for the checks below
        _stopped(srv)
        try:
            did = act_by_names(player)
            expect(sending).to_have_text(SENDING, timeout=20_000)
            for w, h in [(390, 844), (360, 640), (1280, 800)]:
                player.set_viewport_size({"width": w, "height": h})
                player.evaluate("() => document.querySelector('section.table').scrollIntoView()")
                settle(player)
                box = player.evaluate(SENDING_BOX_JS)
                where = f"{w}x{h}"
                assert box["text"] == SENDING, (where, box)
                assert 0 <= box["top"] < box["bottom"] <= box["vh"] and 0 <= box["left"] < box["right"] <= box["vw"], (where, box)
                assert box["shown"], f"{where}: the line is covered: {box}"
                # near the status line: over it
                assert box["top"] >= box["status"]["top"] - 1 and box["bottom"] <= box["status"]["bottom"] + 1, (where, box)
                # the hand and its actions stay on screen
                for part in ("hand", "actions"):
                    assert box[part]["bottom"] <= box["vh"] + 1, (where, part, box)
                # it moves nothing: the same moment without the line has the hand where it is
                without = player.evaluate("""(js) => { const el = document.querySelector('.table .sending'); const text = el.textContent;
                    el.textContent = ''; const box = (0, eval)(js)(); el.textContent = text; return box; }""", SENDING_BOX_JS)
                assert (without["text"], without["status"], without["hand"]) == ("", box["status"], box["hand"]), (where, box, without)
                player.screenshot(path=str(screens / f"sending-{w}x{h}.png"))  # the visible viewport
            # the controls look unavailable and keep their names; a click says why nothing happens
            expect(player.locator("section.table")).to_have_class(re.compile(r"\bis-sending\b"))
            if did in ("draw", "pass"):
                player.get_by_role("button", name="Ziehen" if did == "draw" else "Passen", exact=True).click()
            else:
                tile, end = did.split()[1], did.split()[2] if len(did.split()) > 2 else ""
                player.get_by_role("button", name=f"{tile} {end} anlegen" if end else f"{tile} anlegen", exact=True).click()
            expect(player.locator(".table .notice")).to_contain_text(UNDER_WAY)
            assert _in_view(player, ".table .notice")
            expect(sending).to_have_text(SENDING)
            player.screenshot(path=str(screens / "sending-second-click-1280x800.png"))
            expect(player.get_by_role("button", name="Ziehen", exact=True)).to_have_count(1)
            expect(player.get_by_role("button", name="Passen", exact=True)).to_have_count(1)
            expect(player.locator("#conn")).to_have_text("Verbunden.")  # the patience held: still connected
        finally:
            _resumed(srv)
        expect(sending).to_have_text("", timeout=30_000)
        player.evaluate("window.__releaseSilence()")
        expect(player.locator("section.table")).not_to_have_class(re.compile(r"\bis-sending\b"))
        player.wait_for_function("(n) => document.querySelectorAll('ol.log li:not(.muted)').length > n", arg=len(before))
        made_now = player.locator("ol.log li:not(.muted)").all_inner_texts()[len(before):]
        assert made_now and made_now[0].startswith("Du "), made_now  # the move landed, once
        assert not [e for e in made_now[1:] if e.startswith("Du ")], made_now
        expect(player.locator("#conn")).to_have_text("Verbunden.")

        # Past the page's patience: the socket is taken for dead, the line says so until the process is back.
        player.set_viewport_size({"width": 390, "height": 844})
        player = _on_turn(people)
        sending = player.locator(".table .sending")
        _stopped(srv)
        try:
            act_by_names(player)
            expect(sending).to_have_text(SENDING, timeout=20_000)
            expect(sending).to_have_text(RESTORING, timeout=10_000)
            expect(player.locator("#conn")).to_contain_text(DOWN)
            player.evaluate("() => document.querySelector('section.table').scrollIntoView()")
            settle(player)
            box = player.evaluate(SENDING_BOX_JS)
            assert 0 <= box["top"] < box["bottom"] <= box["vh"] and box["shown"], box
            player.screenshot(path=str(screens / "sending-restoring-390x844.png"))
        finally:
            _resumed(srv)
        expect(sending).to_have_text("", timeout=20_000)
        expect(player.locator("#conn")).to_have_text("Verbunden.", timeout=20_000)
        assert not [p for p in problems if "WebSocket" not in p], problems
    finally:
        _resumed(srv)
        srv.stop()
