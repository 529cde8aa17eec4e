"""Rooms that survive real people, in real browsers: a person closes the tab on their turn and a
computer plays for them, the other sees it and plays on; the one who left reopens the link in the
same browser and plays again; "Rundenübersicht" lists both rounds. Two tabs of one browser never
take two seats. Screenshots at an own turn with the clock, at a round's end waiting for others,
and with the overview open. The rounds are played through the DOM (tests/support/shortcuts.py),
a move by roles and names where it is the point."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.support.e2e import act_by_names, shoot, turn_state, watch
from tests.support.server import ServerProcess
from tests.support.shortcuts import open_room_by_api, play_quickly, seated_page


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The packaged pages with turn times halved ("1 Minute" lasts 30 s) and a 2 s grace."""
    srv = ServerProcess(tmp_path_factory.mktemp("e2e-people") / "data",
                        extra=["--turn-time-scale", "0.5", "--grace", "2"]).start()
    try:
        yield srv
    finally:
        srv.stop()


def open_room(page: Page, base: str, name: str, turn: str = "1 Minute", seats: str = "2") -> str:
    page.goto(base + "/")
    form = page.get_by_role("region", name="Raum eröffnen")
    form.get_by_label("Dein Name").fill(name)
    form.get_by_label("Plätze am Tisch").select_option(seats)
    select = form.get_by_label("Zeit pro Zug")
    expect(select).to_have_value("60")  # the default
    assert select.locator("option").all_inner_texts() == ["30 Sekunden", "1 Minute", "2 Minuten", "Ohne Zeitlimit"]
    select.select_option(label=turn)
    form.get_by_role("button", name="Raum eröffnen").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    return page.get_by_label("Einladungslink").input_value()


def join(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.get_by_label("Dein Name").fill(name)
    page.get_by_role("button", name="Beitreten").click()


def test_a_computer_plays_for_the_one_who_closed_the_tab_who_comes_back(quick_server, new_context, screens: Path):
    problems: list[str] = []
    anna = new_context(reduced_motion="reduce").new_page()  # no motion: who plays is the point
    problems += watch(anna)
    link = open_room(anna, quick_server.base, "Anna")
    ctx_ben = new_context(reduced_motion="reduce")
    ben = ctx_ben.new_page()
    problems += watch(ben)
    join(ben, link, "Ben")
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    # Anna moves first if it is her turn; then it is Ben's, and he closes the tab.
    expect(anna.locator(".clock-text")).to_be_visible()
    if turn_state(anna) == "mine":
        expect(anna.locator(".clock-text")).to_contain_text("Dein Zug: noch")
        shoot(anna, screens, "room-own-turn-clock")
        act_by_names(anna)
    expect(ben.get_by_role("status")).to_contain_text("Du bist am Zug")
    expect(ben.locator(".clock-text")).to_contain_text(re.compile(r"Dein Zug: noch \d+ s"))
    if not (screens / "room-own-turn-clock-1280x800.png").exists():
        shoot(ben, screens, "room-own-turn-clock")
    ben.close()
    cards = anna.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)")
    # While his grace runs, the clock says when a computer will play; not before that is it said
    # to play (the card's badge says "abwesend", once).
    clock = anna.locator(".clock-text")
    expect(clock).to_contain_text(re.compile(r"In [12] s spielt ein Computer für Ben"))
    ben_card = cards.locator("li").filter(has_text="Ben")
    expect(ben_card.locator(".badge.away")).to_have_text("abwesend")
    expect(ben_card.get_by_text("abwesend")).to_have_count(1)
    expect(cards).not_to_contain_text("Computer spielt")
    expect(anna.get_by_role("list", name="Verlauf")).to_contain_text("Computer spielt für Ben:")
    expect(ben_card.locator(".meta")).to_contain_text("Computer spielt")
    # Anna plays the round to its end (quickly, through the DOM); every one of Ben's moves is the computer's
    play_quickly([anna])
    log = anna.get_by_role("list", name="Verlauf")
    expect(log).to_contain_text("Computer spielt für Ben:")
    # The round's end says who is not at the table (on a phone the cards give way to it).
    expect(anna.locator(".round-end tbody tr").filter(has_text="Ben")).to_contain_text("abwesend")
    # the ready step: Ben is away, so Anna's "Nächste Runde" deals
    anna.get_by_role("button", name="Nächste Runde").click()
    expect(anna.get_by_role("heading", name="Runde 2")).to_be_visible()

    # Ben reopens the link in the same browser: his seat, his turn, his moves
    ben = ctx_ben.new_page()
    problems += watch(ben)
    ben.goto(link)
    expect(ben.get_by_role("heading", name="Runde 2")).to_be_visible()
    expect(ben.locator(".me-info")).to_contain_text("Du (Ben)")
    expect(ben.get_by_role("button", name="Beitreten")).to_have_count(0)
    expect(cards).to_contain_text("Ben")
    expect(cards).to_contain_text("verbunden ·")  # no longer away with "Computer spielt"
    expect(cards).not_to_contain_text("Computer spielt")
    play_quickly([anna, ben])
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    # round end, Ben is ready, Anna still reads: both see who the round waits for
    ben.get_by_role("button", name="Nächste Runde").click()
    expect(ben.get_by_text("Du bist bereit. Warte auf Anna.")).to_be_visible()
    expect(anna.get_by_text("Warte auf dich.")).to_be_visible()
    expect(anna.get_by_role("heading", name="Rundenende")).to_be_visible()
    shoot(ben, screens, "room-round-end-waiting")

    # the overview of both rounds, for a player and for a spectator
    spectator = new_context().new_page()
    problems += watch(spectator)
    spectator.goto(link)
    for page in (ben, spectator):
        page.locator("summary", has_text="Rundenübersicht").click()
        rows = page.locator(".rounds-table tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0).locator("th")).to_have_text("1")
        expect(rows.nth(1).locator("th")).to_have_text("2")
        expect(page.locator(".rounds-table thead")).to_contain_text("Eröffnet von")
        expect(rows.nth(0)).to_contain_text(re.compile(r"Anna \d+ · Ben \d+"))  # every seat's pips
        for n in (1, 2):  # every row opens its round's replay
            replay = rows.nth(n - 1).get_by_role("link", name=f"Runde ansehen: Runde {n}")
            expect(replay).to_have_attribute("href", re.compile(rf"/r/[^/]+/runde/{n}$"))
    # the open overview as a player sees it: beside the table on a desktop, in the panel
    # "Verlauf & Einstellungen" on a phone
    ben.set_viewport_size({"width": 1280, "height": 800})
    ben.locator(".rounds").scroll_into_view_if_needed()
    expect(ben.locator(".rounds-table")).to_be_in_viewport()
    ben.screenshot(path=str(screens / "room-rounds-open-1280x800.png"))
    ben.set_viewport_size({"width": 390, "height": 844})
    ben.get_by_role("button", name="Verlauf & Einstellungen").click()
    ben.locator(".rounds").scroll_into_view_if_needed()
    expect(ben.locator(".rounds-table")).to_be_in_viewport()
    ben.screenshot(path=str(screens / "room-rounds-open-390x844.png"))
    ben.get_by_role("button", name="Verlauf & Einstellungen").click()
    ben.set_viewport_size({"width": 1280, "height": 800})
    anna.get_by_role("button", name="Nächste Runde").click()
    expect(ben.get_by_role("heading", name="Runde 3")).to_be_visible()
    assert not problems, problems


@pytest.fixture(scope="module")
def long_grace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The packaged pages with a 40 s grace: time to look at an away person's countdown."""
    srv = ServerProcess(tmp_path_factory.mktemp("e2e-grace") / "data", extra=["--grace", "40"]).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_an_away_countdown_keeps_name_and_seconds_on_a_small_phone(long_grace, new_context, screens: Path):
    made = open_room_by_api(long_grace.base)  # her page then holds her seat, as the start page leaves it
    anna = seated_page(new_context, long_grace.base, made, viewport={"width": 360, "height": 640}, is_mobile=True,
                       has_touch=True)
    problems = watch(anna)
    link = f"{long_grace.base}/r/{made['room']}"
    anna.goto(link)
    ben = new_context().new_page()
    join(ben, link, "Benedikt")
    expect(anna.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(anna.locator(".clock-text")).to_be_visible()
    if turn_state(anna) == "mine":
        act_by_names(anna)
    expect(ben.get_by_role("status")).to_contain_text("Du bist am Zug")
    ben.close()
    clock = anna.locator(".clock-text")
    expect(clock).to_have_text(re.compile(r"^Benedikt: Computer in \d+ s$"))
    widths = clock.evaluate("(e) => [e.scrollWidth, e.clientWidth, e.querySelector('.clock-name').scrollWidth, e.querySelector('.clock-name').clientWidth]")
    assert widths[0] <= widths[1] and widths[2] <= widths[3], f"the chip is cut: {widths}"
    anna.screenshot(path=str(screens / "room-away-clock-360x640.png"))
    # A wide screen says it whole, from the next second on.
    anna.set_viewport_size({"width": 1280, "height": 800})
    expect(clock).to_have_text(re.compile(r"^In \d+ s spielt ein Computer für Benedikt$"))
    assert not problems, problems


def test_leaving_asks_first_then_forgets_the_seat(quick_server, new_context):
    made = open_room_by_api(quick_server.base, seats=3, turn_time=None)
    anna = seated_page(new_context, quick_server.base, made)
    link = f"{quick_server.base}/r/{made['room']}"
    anna.goto(link)
    ctx = new_context(viewport={"width": 390, "height": 844})
    ben = ctx.new_page()
    join(ben, link, "Ben")
    cleo = new_context().new_page()
    join(cleo, link, "Cleo")
    expect(ben.get_by_role("heading", name="Runde 1")).to_be_visible()
    # On a phone "Raum verlassen" is one tap away, beside the history, on the first screen.
    ben.get_by_role("button", name="Verlauf & Einstellungen").click()
    expect(ben.get_by_role("button", name="Raum verlassen")).to_be_in_viewport(ratio=1)
    ben.get_by_role("button", name="Raum verlassen").click()
    group = ben.get_by_role("group", name=re.compile("Wirklich verlassen"))
    expect(group).to_be_visible()
    group.get_by_role("button", name="Abbrechen").click()
    expect(group).to_be_hidden()
    ben.get_by_role("button", name="Raum verlassen").click()
    ben.get_by_role("button", name="Ja, Raum verlassen").click()
    expect(ben.get_by_role("alert")).to_contain_text("Du hast den Raum verlassen")
    assert ben.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('ziehdomino.seat.'))") == []
    expect(anna.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)")).to_contain_text("hat den Raum verlassen · Computer spielt")
    # the same browser opens the link again: it watches, the seat is the computer's
    again = ctx.new_page()
    again.goto(link)
    expect(again.get_by_role("status")).to_contain_text("Du schaust zu")


def test_two_tabs_of_one_browser_take_one_seat(quick_server, new_context):
    made = open_room_by_api(quick_server.base, seats=3)
    link = f"{quick_server.base}/r/{made['room']}"
    seated_page(new_context, quick_server.base, made).goto(link)  # Anna's
    ctx = new_context()
    tabs = [ctx.new_page(), ctx.new_page()]
    for tab in tabs:
        tab.goto(link)
        tab.get_by_label("Dein Name").fill("Ben")
    # both tabs submit at once
    tabs[0].evaluate("document.getElementById('join-form').requestSubmit()")
    tabs[1].evaluate("document.getElementById('join-form').requestSubmit()")
    room = link.rsplit("/", 1)[1]
    for tab in tabs:
        expect(tab.get_by_role("button", name="Beitreten")).to_be_hidden()
    tabs[0].wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('ziehdomino.seat.'))")
    summary = httpx.get(f"{quick_server.base}/api/rooms/{room}", timeout=30).json()
    assert [s["taken"] for s in summary["seats"]] == [True, True, False], summary
    assert [s["name"] for s in summary["seats"]][:2] == ["Anna", "Ben"]
    # both tabs hold the one seat (seat 2 of 3): the list says "(du)" next to Ben in each
    for tab in tabs:
        expect(tab.locator("#seat-list li").nth(1)).to_contain_text("(du)")


def test_the_turn_clock_counts_on_while_the_server_is_away(new_context, tmp_path):
    """The page draws its table again while the connection comes and goes; the turn clock keeps
    counting from the state it had (it showed the whole time again at every redraw)."""
    first = ServerProcess(tmp_path / "data").start()
    second = None
    try:
        made = open_room_by_api(first.base)
        anna = seated_page(new_context, first.base, made, viewport={"width": 390, "height": 844})
        join_link = f"{first.base}/r/{made['room']}"
        anna.goto(join_link)
        ben = new_context(viewport={"width": 390, "height": 844}).new_page()
        join(ben, join_link, "Ben")
        for page in (anna, ben):
            expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        seconds = re.compile(r"noch (\d+) s")
        clock = anna.locator(".clock-text")
        expect(clock).to_contain_text(seconds)
        first.stop()
        expect(anna.locator("#conn")).to_contain_text("Verbindung zum Server unterbrochen")
        before = int(seconds.search(clock.inner_text()).group(1))  # type: ignore[union-attr]
        anna.wait_for_timeout(6000)  # the page tries to reconnect meanwhile and draws each try
        after = int(seconds.search(clock.inner_text()).group(1))  # type: ignore[union-attr]
        assert after <= before - 5, (before, after)
        second = first.successor().start()
        expect(anna.locator("#conn")).to_have_text("Verbunden.", timeout=20_000)
        expect(clock).to_contain_text(seconds)
        now = int(seconds.search(clock.inner_text()).group(1))  # type: ignore[union-attr]
        assert now <= before - 5, (before, now)  # the server's own count: the time went on
    finally:
        (second or first).stop()
