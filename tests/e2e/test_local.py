"""Local games against computers, entirely in the browser: two rounds with a reload that
resumes exactly, a silent network, a corrupt save, keyboard-only play, the language switch. In
the two rounds the page's own play is what is checked: after its first turns each round is moved
on in Python (the save, then a reload) to its last turns, which the page plays again."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.support.e2e import (XSS_NAME, act_by_keyboard, act_by_names, arm_xss_trap, axe_check, play_round,
                            press_by_keyboard, shoot, table_snapshot, turn_state, watch)
from tests.support.shortcuts import advance_local_round


class NetworkLog:
    """Every request and WebSocket of a page; `quiet()` marks the start of a game stretch."""

    def __init__(self, page: Page) -> None:
        self.all: list[str] = []
        self.since: list[str] = []
        self.sockets: list[str] = []
        page.on("request", self._request)
        page.on("websocket", lambda ws: self.sockets.append(ws.url))

    def _request(self, request: Any) -> None:
        entry = f"{request.method} {request.url}"
        self.all.append(entry)
        self.since.append(entry)

    def quiet(self) -> None:
        self.since = []

    def talked(self) -> list[str]:
        """The requests since `quiet()` other than the app's own static files: a part of the table
        loaded when first needed (render.js lazyPart) may come late on a busy machine, and the
        service worker keeps those for offline play; anything else is the game talking to a server."""
        return [r for r in self.since if not re.fullmatch(r"GET http://127\.0\.0\.1:\d+/static/[\w./-]+(\?try=\d+)?", r)]


def start_local(page: Page, base: str, name: str, computers: int, query: str = "?delay=0") -> None:
    page.goto(base + "/lokal" + query)
    setup = page.get_by_role("region", name="Neues Spiel einrichten")
    setup.get_by_label("Dein Name").fill(name)
    setup.get_by_label("Anzahl Computer").select_option(str(computers))
    if computers == 3:
        setup.get_by_role("group", name="Computer 1").get_by_label("Stufe").select_option("leicht")
        setup.get_by_role("group", name="Computer 3").get_by_label("Stufe").select_option("stark")
    setup.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()


def starter_name(page: Page) -> str:
    first = page.get_by_role("list", name="Verlauf").locator("li").first.inner_text()
    m = re.match(r"(.*?) eröffnet|^(Du) eröffnest", first)
    assert m, first
    return m.group(1) or m.group(2)


def play_two_rounds_with_reload(page: Page, net: NetworkLog, players: int, screens: Any = None,
                                axe_found: list[str] | None = None) -> None:
    reloaded = {"done": False}

    def mid_round(step: int, p: Page) -> None:
        if step == 1 and screens is not None:
            # A selected tile shows where it fits (a preview, not a move).
            tile = p.get_by_role("group", name="Deine Hand").get_by_role("button").first
            tile.click()
            expect(p.locator(".preview")).to_contain_text(re.compile(r"passt|eröffnet die Kette"))
            shoot(p, screens, "local-table", ".table")
            if axe_found is not None:
                axe_check(p, "local-table-selected", axe_found)
            tile.click()
        if step >= 2 and not reloaded["done"]:
            assert not net.talked(), net.since  # nothing went to a server while playing
            before = table_snapshot(p)
            p.reload()
            expect(p.get_by_role("heading", name=re.compile(r"^Runde \d$"))).to_be_visible()
            p.wait_for_load_state("networkidle")
            after = table_snapshot(p)
            assert after == before, (before, after)
            reloaded["done"] = True
            advance_local_round(p)  # Python plays on to the round's last turns: they are the page's again
            net.quiet()

    # The parts of the table loaded when first needed (motion, the deal's seal) come with the
    # first view; a busy machine may still be fetching them.
    page.wait_for_load_state("networkidle")
    net.quiet()
    play_round([page], act_by_names, mid_round)
    assert reloaded["done"]
    assert not net.talked(), net.since
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    expect(page.get_by_role("table").locator("tbody tr")).to_have_count(players)
    for tile in page.get_by_role("group", name="Deine Hand").get_by_role("button").all():
        expect(tile).to_be_disabled()  # the tiles left are shown; nothing is to be picked
    if axe_found is not None:
        axe_check(page, "local-round-end", axe_found)
    first_starter = starter_name(page)
    wins = re.findall(r"Siege (\d+) · geteilt (\d+)", page.locator(".board").inner_text())
    assert sum(int(w) + int(s) for w, s in wins) >= 1

    if screens is not None:
        shoot(page, screens, "local-round-end", ".table")
    page.get_by_role("button", name="Nächste Runde").click()
    expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    advance_local_round(page, seed=1)
    net.quiet()
    play_round([page], act_by_names)
    assert not net.talked(), net.since
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    assert net.sockets == []
    # The starter moved one seat clockwise: names in seat order are you, Computer 1, 2, 3
    # (numbered as the setup form numbers them).
    order = ["Du"] + [f"Computer {n}" for n in range(1, players)]
    assert order[(order.index(first_starter) + 1) % players] == starter_name(page)


def test_three_computers_two_rounds_reload_resumes_exactly(server, new_context, screens):
    ctx = new_context(reduced_motion="reduce")  # no motion: the play and the reload are the point
    arm_xss_trap(ctx)
    page = ctx.new_page()
    problems = watch(page)
    axe_found: list[str] = []
    net = NetworkLog(page)
    page.goto(server.base + "/lokal?delay=0")
    axe_check(page, "local-setup", axe_found)
    start_local(page, server.base, XSS_NAME, 3)
    expect(page.get_by_text("Lokale Ergebnisse sind nicht serverseitig verifiziert.")).to_be_visible()
    expect(page.locator(".me-info")).to_contain_text(f"Du ({XSS_NAME})")
    expect(page.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)").locator("li")).to_have_count(3)
    expect(page.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)")).to_contain_text("Computer, Leicht")
    expect(page.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)")).to_contain_text("Computer, Stark")
    page.wait_for_load_state("networkidle")
    play_two_rounds_with_reload(page, net, 4, screens, axe_found)
    saved = json.loads(page.evaluate("localStorage.getItem('ziehdomino.local')"))
    assert saved["format"] == 1 and saved["kind"] == "ziehdomino.local"
    assert all(not re.search(r"/api/|/ws/", r) for r in net.all), net.all
    assert page.evaluate("window.__xss") is None
    assert not problems, problems
    assert not axe_found, axe_found


def test_one_computer_from_the_start_page(server, new_context, screens):
    page = new_context(reduced_motion="reduce").new_page()
    problems = watch(page)
    net = NetworkLog(page)
    page.goto(server.base + "/")
    # the player chose "Schnell" at an earlier table (the computers' pause, 300 ms not 800)
    page.evaluate("localStorage.setItem('ziehdomino.tempo', 'schnell')")
    local = page.get_by_role("region", name="Gegen Computer spielen")
    local.get_by_label("Dein Name").fill("Anna")
    expect(local.get_by_label("Anzahl Computer")).to_have_value("1")
    expect(local.get_by_label("Stufe").first).to_have_value("mittel")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    page.wait_for_url(re.compile(r"/lokal$"))
    # The start page asked for the open tables (/api/lobby); from here on, nothing goes to the API.
    start = len(net.all)
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()  # the round starts at once
    page.wait_for_load_state("networkidle")
    play_two_rounds_with_reload(page, net, 2)
    assert all(not re.search(r"/api/|/ws/", r) for r in net.all[start:]), net.all[start:]
    # "Neues Spiel" at any time; the start page offers to resume the saved game.
    page.get_by_role("button", name="Neues Spiel").click()
    expect(page.get_by_role("heading", name="Neues Spiel einrichten")).to_be_focused()
    page.get_by_role("button", name="Zurück zum Spiel").click()
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    page.goto(server.base + "/")
    expect(page.get_by_role("link", name="Gespeichertes Spiel fortsetzen")).to_be_visible()
    assert not problems, problems


def test_corrupt_or_foreign_save_is_discarded_with_a_message(server, new_context):
    page = new_context().new_page()  # one browser: each bad save replaces the game the one before left
    problems = watch(page)
    for bad in ["{not json", json.dumps({"kind": "ziehdomino.local", "format": 1, "seats": [], "match": {"kind": "x"}}),
                json.dumps({"kind": "someone.else", "data": [1, 2, 3]}), json.dumps({"kind": "ziehdomino.local", "format": 2})]:
        page.goto(server.base + "/regeln")  # the site's storage, no game of its own to keep in it
        page.evaluate("(text) => localStorage.setItem('ziehdomino.local', text)", bad)
        page.goto(server.base + "/lokal?delay=0")
        expect(page.get_by_role("alert").filter(has_text="verworfen")).to_be_visible()
        expect(page.get_by_role("button", name="Gegen Computer spielen")).to_be_visible()
        assert page.evaluate("localStorage.getItem('ziehdomino.local')") is None
        start_local(page, server.base, "Anna", 1)
        assert not problems, problems


def test_keyboard_only_local_game(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=0")
    name = page.get_by_label("Dein Name")
    press_by_keyboard(page, name, key="End")
    page.keyboard.type("Kim")
    press_by_keyboard(page, page.get_by_role("button", name="Gegen Computer spielen"))
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    play_round([page], act_by_keyboard)
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    press_by_keyboard(page, page.get_by_role("button", name="Nächste Runde"))
    expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    assert turn_state(page) in ("mine", "other")
    assert not problems, problems


FOCUSED_JS = """() => {
    const el = document.activeElement;
    const mine = document.querySelector('section.table .me');
    const target = mine.querySelector('.hand button.playable')
        || [...mine.querySelectorAll('.actions button')].find((b) => !b.disabled) || null;
    return {
        inTable: Boolean(el && el !== document.body && el.closest('section.table')),
        what: el ? (el.tagName + ' ' + (el.textContent || '').trim()).slice(0, 60) : null,
        usable: Boolean(el && !el.disabled && el.isConnected),
        isTarget: el === target,
    };
}"""


def test_keyboard_focus_stays_at_the_table(server, new_context):
    """After a keyboard play, draw or pass the focus stays on the table's controls (never on
    <body>), and when the turn comes back it is on the first playable tile, or Ziehen / Passen."""
    page = new_context().new_page()
    problems = watch(page)
    start_local(page, server.base, "Kim", 1, query="?delay=30")
    seen: dict[str, int] = {}

    def act(p: Page) -> str:
        done = act_by_keyboard(p)
        focus = p.evaluate(FOCUSED_JS)
        assert focus["inTable"] and focus["usable"], (done, focus)
        seen[done.split()[0]] = seen.get(done.split()[0], 0) + 1
        return done

    def on_step(step: int, p: Page) -> None:
        if step > 0:  # the turn came back (the table's first turn starts on its heading)
            p.wait_for_function("() => document.activeElement.closest('section.table .me')", timeout=20_000)
            focus = p.evaluate(FOCUSED_JS)
            assert focus["isTarget"], focus

    for _ in range(6):  # until a round had a draw too (nearly every round with 14 in the boneyard)
        play_round([page], act, on_step)
        press_by_keyboard(page, page.get_by_role("button", name="Nächste Runde"))
        focus = page.evaluate(FOCUSED_JS)
        assert focus["inTable"], focus
        if seen.get("draw"):
            break
    assert seen.get("play") and seen.get("draw"), seen
    assert not problems, problems


def test_the_table_leaves_a_focus_elsewhere_alone(server, new_context):
    page = new_context().new_page()
    start_local(page, server.base, "Kim", 3, query="?delay=250")
    page.wait_for_function("() => document.querySelector('[role=status]').innerText.includes('Du bist am Zug')")
    before = page.get_by_role("list", name="Verlauf").inner_text()
    act_by_keyboard(page)
    page.wait_for_function("(b) => document.querySelector('ol.log').innerText !== b", arg=before)
    if turn_state(page) != "other":
        return  # the round ended with this action: nothing to wait for
    switch = page.get_by_role("button", name="English")
    switch.focus()
    page.wait_for_function("() => /Du bist am Zug|Die Runde ist vorbei/.test(document.querySelector('[role=status]').innerText)",
                           timeout=10_000)
    assert page.evaluate("document.activeElement.hasAttribute('data-lang-switch')")


def test_a_long_or_invisible_name_is_refused_visibly_never_cut(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/")
    form = page.get_by_role("region", name="Raum eröffnen")
    name = form.get_by_label("Dein Name")
    long_name = "<img src=x onerror=alert(1)>"  # 28 characters
    name.fill(long_name)
    expect(name).to_have_value(long_name)  # taken whole, not cut to 24
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description(re.compile(r"^Höchstens 24 Zeichen \(jetzt 28\)\."))
    expect(name).to_have_accessible_error_message("Höchstens 24 Zeichen (jetzt 28).")
    expect(form.get_by_text("Höchstens 24 Zeichen (jetzt 28).")).to_be_visible()
    form.get_by_role("button", name="Raum eröffnen").click()
    expect(page).to_have_url(server.base + "/")  # refused in the browser, nothing sent
    expect(name).to_be_focused()
    page.get_by_role("button", name="English").click()
    english = page.get_by_role("region", name="Open a room").get_by_label("Your name")
    expect(english).to_have_accessible_description(re.compile(r"^At most 24 characters \(now 28\)\."))
    page.get_by_role("button", name="Deutsch").click()
    name.fill("x" * 24)
    expect(name).not_to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description("1 bis 24 Zeichen.")
    # Only invisible characters: refused on submit, with its own words.
    local = page.get_by_role("region", name="Gegen Computer spielen")
    local_name = local.get_by_label("Dein Name")
    local_name.fill("\u200b\u00ad")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page).to_have_url(server.base + "/")
    expect(local_name).to_have_attribute("aria-invalid", "true")
    expect(local_name).to_have_accessible_description(re.compile(r"sichtbares Zeichen"))
    local_name.fill("Ben\u202e")
    expect(local_name).to_have_accessible_description(re.compile(r"Richtungszeichen"))
    local_name.fill("Kim")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    assert not problems, problems


def test_after_the_language_switch_the_table_is_in_view_again(server, new_context):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server.base + "/lokal?delay=0")
    start_local(page, server.base, "Anna", 1)
    page.get_by_role("button", name="English").click()  # scrolled up to the header to press it
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    page.wait_for_timeout(200)
    for part in (page.locator(".table .hand"), page.locator(".table .actions"), page.get_by_role("status")):
        b = part.bounding_box()
        assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= 844, (part, b)
    page.get_by_role("button", name="Deutsch").click()


def test_nur_zuschauen_is_reachable_beside_a_saved_game(server, new_context):
    page = new_context().new_page()
    page.goto(server.base + "/lokal?delay=0")
    start_local(page, server.base, "Anna", 1)
    page.reload()  # the saved game resumes: the setup (and its link) is hidden
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(page.get_by_role("link", name="Nur zuschauen")).to_have_count(1)
    page.get_by_role("link", name="Nur zuschauen").click()
    page.wait_for_url(re.compile(r"/zuschauen$"))


def test_language_switch_is_remembered(server, new_context):
    page = new_context().new_page()
    page.goto(server.base + "/lokal?delay=0")
    start_local(page, server.base, "Anna", 1)
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.get_by_role("button", name="Draw", exact=True)).to_be_visible()
    expect(page.get_by_text("Local results are not verified by the server.")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    page.goto(page.url.split("/lokal")[0] + "/regeln")
    expect(page.get_by_role("heading", level=1)).to_have_text("Dominoes: rules, special cases and strategy")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Domino: Regeln, Sonderfälle und Strategie")
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_nothing_rerenders_while_the_person_thinks(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    start_local(page, server.base, "Anna", 1)
    page.wait_for_function("() => document.querySelector('[role=status]').innerText.includes('Du bist am Zug')")
    mutations = page.evaluate("""() => new Promise((done) => {
        const seen = [];
        const name = (node) => node.nodeType === 1
            ? `${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}.${[...node.classList].join('.')}`
            : `text in ${name(node.parentNode)}`;
        const obs = new MutationObserver((list) => {
            for (const m of list) seen.push(`${m.type} ${m.attributeName || ''} on ${name(m.target)}`);
        });
        obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        setTimeout(() => { obs.disconnect(); done(seen); }, 1500);
    })""")
    assert mutations == []
    assert not problems, problems


def test_rules_and_english_pages_pass_axe(server, new_context):
    page = new_context().new_page()
    found: list[str] = []
    page.goto(server.base + "/regeln")
    for heading in ("Spielablauf Schritt für Schritt", "Häufige Sonderfälle", "Typische Fehler", "Strategiehinweise",
                    "Welche Variante wird hier gespielt?", "Häufige Fragen zu Domino"):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.get_by_text("Lokale Ergebnisse sind nicht serverseitig verifiziert.")).to_be_visible()
    axe_check(page, "rules-de", found)
    page.get_by_role("button", name="English").click()
    axe_check(page, "rules-en", found)
    page.goto(server.base + "/")
    axe_check(page, "start-en", found)
    page.goto(server.base + "/lokal?delay=0")
    axe_check(page, "local-setup-en", found)
    page.get_by_role("button", name="Deutsch").click()
    assert not found, found


def test_every_page_names_its_icon_so_nothing_asks_for_favicon_ico(server, new_context):
    """A page without <link rel="icon"> makes Chromium fetch /favicon.ico (a 404 and a console
    error). Each page in a fresh browser: the named icon loads, and no console error at all."""
    room = httpx.post(server.base + "/api/rooms", headers={"origin": server.base}, json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"})
    assert room.status_code == 201, room.text
    for path in ("/", "/lokal", "/regeln", room.json()["link"]):
        page = new_context().new_page()
        errors: list[str] = []
        page.on("console", lambda msg, errors=errors: errors.append(msg.text) if msg.type == "error" else None)
        with page.expect_response(lambda r: r.url.endswith("/static/icon.svg")) as icon:
            page.goto(server.base + path)
        assert icon.value.status == 200 and icon.value.headers["content-type"].startswith("image/svg+xml"), path
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        assert errors == [], (path, errors)
        page.context.close()
