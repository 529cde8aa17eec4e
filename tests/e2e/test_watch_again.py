"""Watching a finished round again ("Runde ansehen"): a local round and an online round played to
their end, then stepped through to the end and back, the line at every step checked against the
round's log as the table showed it; the replay link in a fresh browser; a local round saved to a
file and opened again on /ansehen; a bad file refused with a message. The rounds are reached
cheaply, since watching them is the point: the local one is moved on in Python to its last
turns, which the page plays by names; in the online one the stand-in plays every turn. No motion:
the steps are the point (test_motion_and_sound has the flights)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.e2e.test_local import start_local
from tests.support.e2e import act_by_names, axe_check, play_round, shoot, watch
from tests.support.server import ServerProcess
from tests.support.shortcuts import advance_local_round, open_room_by_api, seated_page

@pytest.fixture(scope="module")
def stand_in_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Our server with "1 Minute" per turn lasting 0.3 s: the stand-in plays each turn of a person
    then (docs/protocol.md, "Turn time and stand-ins"), and a round lasts some seconds."""
    srv = ServerProcess(tmp_path_factory.mktemp("replay") / "data", extra=["--turn-time-scale", "0.005"]).start()
    try:
        yield srv
    finally:
        srv.stop()


PHONES = ({"width": 390, "height": 844}, {"width": 360, "height": 640})
DESKTOP = {"width": 1280, "height": 800}

#: A CSS selector's boxes (drawn ones only) as [left, top, right, bottom] in the viewport.
BOXES_JS = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length > 0)
    .map((el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def boxes(page: Page, selector: str) -> list[list[float]]:
    return page.evaluate(BOXES_JS, selector)


def inside(box: list[float], size: dict[str, int]) -> bool:
    return box[0] >= -1 and box[1] >= -1 and box[2] <= size["width"] + 1 and box[3] <= size["height"] + 1


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def check_stats_fit_phones(page: Page, screens: Path) -> None:
    """On a phone the room's statistics table is as wide as the screen: nothing scrolls sideways,
    every figure is inside the viewport's width, and it is a table with rows for screen readers."""
    for size in PHONES:
        page.set_viewport_size(size)
        page.locator("#room-stats .stats-table").scroll_into_view_if_needed()
        page.wait_for_timeout(100)
        page.screenshot(path=str(screens / f"stats-room-table-{size['width']}x{size['height']}.png"))
        widths = page.evaluate("""() => { const s = document.querySelector('#room-stats .stats-scroll');
            return [s.scrollWidth, s.clientWidth, document.documentElement.scrollWidth]; }""")
        assert widths[0] <= widths[1] and widths[2] <= size["width"], (size, widths)
        cells = boxes(page, "#room-stats .stats-table td, #room-stats .stats-table tbody th")
        assert cells and all(c[0] >= 0 and c[2] <= size["width"] for c in cells), (size, cells)
        table = page.get_by_role("table", name="Runden in diesem Raum")
        expect(table.get_by_role("row", name=re.compile("Anna"))).to_have_count(1)
        expect(table.get_by_role("columnheader", name="Geteilte Runden")).to_have_count(1)
    page.set_viewport_size(DESKTOP)


def check_replay_words(page: Page) -> None:
    """A replay speaks to a viewer, not to a seated player: at its end no one "eröffnet die
    nächste Runde" (there is no next round here) but it says how to watch again; the keys it
    lists are the replay's (arrows, Pos1, Ende), never the keys for playing; no round overview
    of a whole game."""
    end = page.get_by_role("button", name="Ende", exact=True)
    if end.is_enabled():
        end.click()
    panel = page.get_by_role("region", name="Rundenende")
    expect(panel).to_contain_text("„Abspielen“ zeigt die Runde noch einmal von vorn")
    expect(panel).not_to_contain_text("nächste Runde")
    hint = page.locator(".table .keys-hint")
    expect(hint).to_have_text(re.compile(r"^Tasten: Pfeil links .* Pos1 .* Ende zum letzten Schritt\.$"))
    text = page.locator("section.table").inner_text()
    for word in ("nächste Runde", "Z zieht", "P passt", "Rundenübersicht"):
        assert word not in text, (word, text)


def check_replay_end_phones(page: Page, screens: Path, name: str) -> None:
    """At the replay's last step on a phone, the result stands beside the line of play, never
    over it: every tile of the line and the result's heading are inside the viewport, and no
    tile lies under the result panel."""
    for size in PHONES:
        page.set_viewport_size(size)
        # The table at the viewport's top, where it brings itself when a round ends.
        page.evaluate("document.querySelector('section.table').scrollIntoView()")
        expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
        page.wait_for_timeout(150)
        page.screenshot(path=str(screens / f"{name}-end-{size['width']}x{size['height']}.png"))
        tiles = boxes(page, ".table .line li")
        panel = boxes(page, ".table .round-end")
        heading = boxes(page, ".table .round-end h3")
        assert tiles and len(panel) == 1 and heading, (tiles, panel, heading)
        assert all(inside(t, size) for t in tiles), (size, tiles)
        assert inside(heading[0], size), (size, heading)
        covered = [t for t in tiles if overlap(t, panel[0])]
        assert not covered, (size, panel, covered)
    page.set_viewport_size(DESKTOP)


LOG_PLAY = re.compile(r"(?:eröffnet|eröffnest) mit (\d\|\d)|(\d\|\d) (links|rechts) an")


def parse_log(lines: list[str]) -> list[tuple[str, str | None, str | None]]:
    """The table's history as (kind, tile low first, end) per action."""
    out: list[tuple[str, str | None, str | None]] = []
    for line in lines:
        m = LOG_PLAY.search(line)
        if m:
            tile = m.group(1) or m.group(2)
            a, b = sorted(tile.split("|"))
            out.append(("play", f"{a}|{b}", None if m.group(1) else ("left" if m.group(3) == "links" else "right")))
        elif "zieh" in line:
            out.append(("draw", None, None))
        else:
            assert "pass" in line, line
            out.append(("pass", None, None))
    return out


def norm(tile: str) -> str:
    a, b = sorted(tile.split("|"))
    return f"{a}|{b}"


def replay_line(page: Page) -> list[str]:
    chain = page.get_by_role("list", name="Kette")
    return chain.locator("li").all_inner_texts() if chain.count() and chain.is_visible() else []


#: Once the replay's controls say "Schritt k von n": their words and the tiles of the line (the
#: list "Kette", `.line`; none while it is not drawn), in one call rather than one per part.
STEP_JS = """([k, n]) => {
    const step = document.querySelector('.replay-step');
    if (!step || !step.textContent.includes(`Schritt ${k} von ${n}`)) return null;
    const line = document.querySelector('section.table .line');
    const drawn = line && line.getClientRects().length > 0;
    return { step: step.textContent, line: drawn ? [...line.querySelectorAll('li')].map((li) => li.innerText) : [] };
}"""


def check_step(page: Page, log: list[tuple[str, str | None, str | None]], k: int) -> None:
    """The replay shows step k: its line holds exactly the tiles played in the log's first k
    actions, the k-th play at the end it names, and the controls say "Schritt k von n"."""
    shown = page.wait_for_function(STEP_JS, arg=[k, len(log)]).json_value()
    line = shown["line"]
    played = sorted(t for kind, t, _ in log[:k] if kind == "play")
    assert sorted(norm(t) for t in line) == played, (k, line, played)
    for left, right in zip(line, line[1:]):  # touching halves agree
        assert left.split("|")[1] == right.split("|")[0], line
    if k:
        kind, tile, end = log[k - 1]
        if kind == "play" and end == "left":
            assert norm(line[0]) == tile
        elif kind == "play" and end == "right":
            assert norm(line[-1]) == tile
        elif kind == "draw":
            assert re.search(r"zieht \d\|\d\.", shown["step"]), shown["step"]


def step_through(page: Page, log: list[tuple[str, str | None, str | None]], back: int | None = None) -> None:
    """Weiter to the end and Zurück to the start (``back`` steps of it, then Anfang: a replay that
    another test stepped all the way back), checking every step; then Ende, Anfang, the arrow keys
    and the slider."""
    check_step(page, log, 0)
    forward = page.get_by_role("button", name="Weiter", exact=True)
    backward = page.get_by_role("button", name="Zurück", exact=True)
    for k in range(1, len(log) + 1):
        forward.click()
        check_step(page, log, k)
        if k == 1:  # check_step reads the list "Kette" by its class
            expect(page.get_by_role("list", name="Kette")).to_have_class(re.compile(r"(^|\s)line(\s|$)"))
    expect(forward).to_be_disabled()
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    for k in range(len(log) - 1, -1 if back is None else len(log) - 1 - back, -1):
        backward.click()
        check_step(page, log, k)
    if back is not None:
        page.get_by_role("button", name="Anfang", exact=True).click()
        check_step(page, log, 0)
    expect(backward).to_be_disabled()
    page.get_by_role("button", name="Ende", exact=True).click()
    check_step(page, log, len(log))
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowLeft")
    check_step(page, log, len(log) - 1)
    page.keyboard.press("Home")
    check_step(page, log, 0)
    page.keyboard.press("ArrowRight")
    check_step(page, log, 1)
    page.get_by_role("button", name="Anfang", exact=True).click()
    check_step(page, log, 0)
    page.get_by_role("slider", name="Schritt").fill(str(len(log) // 2))
    check_step(page, log, len(log) // 2)
    page.keyboard.press("End")  # the slider has the focus: it goes to its end itself
    check_step(page, log, len(log))


def test_a_local_round_watched_again_exported_and_opened(server, new_context, screens, tmp_path: Path):
    ctx = new_context(accept_downloads=True, reduced_motion="reduce")
    page = ctx.new_page()
    problems = watch(page)
    axe_found: list[str] = []
    start_local(page, server.base, "Anna", 2)
    advance_local_round(page)  # the page dealt it; Python plays on to its last turns
    play_round([page], act_by_names)
    log_lines = page.get_by_role("list", name="Verlauf").locator("li").all_inner_texts()
    final_line = replay_line(page)
    log = parse_log(log_lines)
    assert log and len(log) == len(log_lines)

    page.get_by_role("link", name="Runde ansehen").click()
    page.wait_for_url(re.compile(r"/ansehen\?lokal=1$"))
    expect(page.get_by_role("heading", name="Runde ansehen", level=1)).to_be_visible()
    # A replay knows one round, not the game's counters: the cards show none; the player's own
    # seat is "du", never a spectator's "Du schaust zu".
    expect(page.locator("ul.players .counters:visible")).to_have_count(0)
    expect(page.locator(".table [role=status]").first).to_contain_text("am Zug")
    expect(page.locator(".table [role=status]").first).not_to_contain_text("schaust zu")
    # every hand open from the deal on: 5 tiles face up on each of the three cards
    expect(page.locator("ul.players .open-hand").first).to_be_visible()
    assert [len(c.locator(".mini-tile").all()) for c in page.locator("ul.players .open-hand").all()] == [5, 5, 5]
    page.get_by_role("button", name="Weiter", exact=True).click()
    axe_check(page, "replay-local", axe_found)
    page.get_by_role("button", name="Zurück", exact=True).click()
    step_through(page, log)
    assert replay_line(page) == final_line
    check_replay_words(page)

    # Abspielen plays by itself at the table's Tempo, step after step, and stops at the end
    # (from three steps before it: the same as from the start, in a third of a second per step)
    page.get_by_role("slider", name="Schritt").fill(str(len(log) - 3))
    check_step(page, log, len(log) - 3)
    page.get_by_label("Tempo").select_option("schnell")
    page.evaluate("""() => { window.__steps = []; const step = document.querySelector('.replay-step');
        new MutationObserver(() => window.__steps.push(step.textContent.match(/Schritt \\d+/)?.[0]))
            .observe(step, { subtree: true, childList: true, characterData: true }); }""")
    page.get_by_role("button", name="Abspielen").click()
    expect(page.get_by_role("button", name="Anhalten")).to_be_visible()
    expect(page.get_by_role("button", name="Abspielen")).to_be_visible(timeout=60_000)
    check_step(page, log, len(log))
    seen = [s for s in page.evaluate("window.__steps") if s]
    shown = [s for i, s in enumerate(seen) if i == 0 or s != seen[i - 1]]  # each step once, in order
    shown = shown[1:] if shown[:1] == [f"Schritt {len(log) - 3}"] else shown  # its own words again at the start
    assert shown == [f"Schritt {k}" for k in range(len(log) - 2, len(log) + 1)], seen

    page.get_by_role("button", name="Anfang", exact=True).click()
    for _ in range(min(6, len(log))):
        page.get_by_role("button", name="Weiter", exact=True).click()
    shoot(page, screens, "replay-local", "section.table")
    page.get_by_role("button", name="Ende", exact=True).click()
    shoot(page, screens, "replay-local-end", "section.table")

    with page.expect_download() as download:
        page.get_by_role("button", name="Als Datei speichern").click()
    saved = tmp_path / "runde.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == 1 and data["round"] == 1 and len(data["actions"]) == len(log)
    assert [s["kind"] for s in data["seats"]] == ["person", "computer", "computer"] and data["seats"][0]["name"] == "Anna"
    # The page says where the file went and links the way to open it again.
    expect(page.locator("#replay-exported")).to_have_text(f"Gespeichert als „{download.value.suggested_filename}“ in deinem Download-Ordner.")
    page.get_by_role("link", name="Runde aus Datei öffnen").click()
    page.wait_for_url(re.compile(r"/ansehen$"))
    expect(page.get_by_label("Datei öffnen")).to_be_visible()

    # opened again in a browser that never played it
    other = new_context(reduced_motion="reduce").new_page()
    problems += watch(other)
    other.goto(server.base + "/ansehen")
    other.get_by_label("Datei öffnen").set_input_files(str(saved))
    expect(other.get_by_role("button", name="Ende", exact=True)).to_be_visible()
    other.get_by_role("button", name="Ende", exact=True).click()
    assert replay_line(other) == final_line
    expect(other.locator("ul.players")).to_contain_text("Anna")
    axe_check(other, "replay-file", axe_found)

    # a bad file: a clear message, no table
    bad = dict(data, actions=data["actions"][:-1])
    for content, words in ((b"not json", "kein JSON"), (json.dumps({"x": 1}).encode(), "keine gespeicherte Runde von Ziehdomino"),
                           (json.dumps(bad).encode(), "nach den Regeln nicht nachspielen")):
        other.get_by_label("Datei öffnen").set_input_files({"name": saved.name, "mimeType": "application/json", "buffer": content})
        expect(other.get_by_role("alert")).to_contain_text(words)
        expect(other.get_by_role("button", name="Ende", exact=True)).to_have_count(0)
    other.goto(server.base + "/ansehen?lokal=7")
    expect(other.get_by_role("alert")).to_contain_text("Runde 7 ist in diesem Browser nicht gespeichert")
    assert not axe_found, axe_found
    assert not problems, problems


def test_an_online_round_watched_again_through_its_link(stand_in_server, new_context, screens):
    server = stand_in_server
    problems: list[str] = []
    made = open_room_by_api(server.base)  # Anna's page then holds her seat, as the start page leaves it
    anna = seated_page(new_context, server.base, made, reduced_motion="reduce")
    problems += watch(anna)
    link = f"{server.base}/r/{made['room']}"
    anna.goto(link)
    ben = new_context(reduced_motion="reduce").new_page()
    problems += watch(ben)
    ben.goto(link)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    for p in (anna, ben):
        expect(p.get_by_role("heading", name="Runde 1")).to_be_visible()
    room = link.rsplit("/", 1)[1]
    during = anna.request.get(f"{server.base}/api/rooms/{room}/runde/1")  # a dozen turns of 0.3 s to go
    assert during.status == 409 and during.json()["code"] == "round_in_progress"
    for p in (anna, ben):
        expect(p.get_by_role("heading", name="Rundenende")).to_be_visible(timeout=60_000)
    log_lines = anna.get_by_role("list", name="Verlauf").locator("li").all_inner_texts()
    final_line = replay_line(anna)
    log = parse_log(log_lines)

    # the room's Statistik: each seat's rounds, wins, shared rounds, average pips left
    anna.get_by_role("button", name="Statistik").click()
    panel = anna.get_by_role("region", name="Statistik")
    pips = anna.locator(".result-table td.num").all_inner_texts()
    winners = anna.locator(".result-table tr.winner th").all_inner_texts()
    for i, who in enumerate(("Anna", "Ben")):
        row = panel.get_by_role("row", name=re.compile(who))
        expect(row).to_be_visible()
        wins, shared, other, rounds, avg = row.get_by_role("cell").all_inner_texts()
        assert rounds == "1" and int(wins) + int(shared) + int(other) == 1
        assert avg == f"{int(pips[i])},0"
        assert (int(wins) + int(shared) == 1) == any(who in w for w in winners)
    assert panel.locator("svg.chart").get_attribute("aria-hidden") == "true"
    shoot(anna, screens, "stats-room", "#room-stats")
    check_stats_fit_phones(anna, screens)
    axe_found_room: list[str] = []
    axe_check(anna, "stats-room", axe_found_room)
    assert not axe_found_room, axe_found_room
    # a switch of language names the button and the panel anew at once, not at the next state
    anna.get_by_role("button", name="English").click()
    expect(anna.get_by_role("button", name="Statistics", exact=True)).to_be_visible()
    expect(anna.get_by_role("region", name="Statistics")).to_be_visible()
    anna.get_by_role("button", name="Deutsch").click()
    expect(anna.get_by_role("button", name="Statistik", exact=True)).to_be_visible()

    replay_link = anna.get_by_role("link", name="Runde ansehen")
    assert replay_link.get_attribute("href") == f"/r/{room}/runde/1"
    # a fresh browser (no seat, no save, the dark theme) opens the shared link
    fresh = new_context(color_scheme="dark", reduced_motion="reduce").new_page()
    problems += watch(fresh)
    fresh.goto(f"{server.base}/r/{room}/runde/1")
    expect(fresh.get_by_role("heading", name="Runde ansehen", level=1)).to_be_visible()
    expect(fresh.locator("ul.players")).to_contain_text("Anna")
    expect(fresh.locator("ul.players")).to_contain_text("Ben")
    step_through(fresh, log, back=3)  # every step back: the local round's test
    assert replay_line(fresh) == final_line
    check_replay_words(fresh)
    check_replay_end_phones(fresh, screens, "replay-online")
    fresh.get_by_role("button", name="Anfang", exact=True).click()
    for _ in range(min(5, len(log))):
        fresh.get_by_role("button", name="Weiter", exact=True).click()
    shoot(fresh, screens, "dark-replay-online", "section.table")
    axe_found: list[str] = []
    axe_check(fresh, "replay-online", axe_found)
    assert not axe_found, axe_found

    # from the seat's own page too, and back to the room
    replay_link.click()
    anna.wait_for_url(re.compile(rf"/r/{room}/runde/1$"))
    anna.get_by_role("button", name="Ende", exact=True).click()
    assert replay_line(anna) == final_line
    anna.get_by_role("link", name="Zurück zum Spiel").click()
    anna.wait_for_url(re.compile(rf"/r/{room}$"))
    fresh.goto(f"{server.base}/r/{room}/runde/2")
    assert "Diese Runde gibt es in diesem Raum nicht" in fresh.content()
    assert not problems, problems
