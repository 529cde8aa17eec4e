"""The game in Firefox ESR (over WebDriver BiDi) and WebKitGTK (over WebKitWebDriver), beside
the Chromium tests: a local round with a reload in the middle, and an online room in two
windows, each played to the round's end by clicking buttons by their names. Skipped where the
browser is not installed, except where ZIEHDOMINO_REQUIRE_BROWSERS=1 (.ci/run sets it, after
installing both): there a missing browser fails, so that CI never passes without these tests."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support import firefox, webkit
from tests.support.remote_play import play_round, snapshot, split_tile_names, turn
from tests.support.remote_window import Window

ENGINES = ["firefox", "webkit"]


def _missing(why: str) -> None:
    """Skips the test for a browser that is not installed, or fails it where one is required."""
    if os.environ.get("ZIEHDOMINO_REQUIRE_BROWSERS") == "1":
        pytest.fail(f"required browser missing: {why}")
    pytest.skip(why)


@pytest.fixture(params=ENGINES)
def windows(request: pytest.FixtureRequest) -> Iterator[Callable[..., Window]]:
    """Makes windows (each with storage of its own) of the engine the test runs in."""
    if request.param == "firefox":
        if not firefox.available():
            _missing(f"no {firefox.BINARY}: apt-get install firefox-esr")
        browser: firefox.Firefox | webkit.WebKit = firefox.Firefox()
    else:
        if not webkit.available():
            _missing(f"no {webkit.DRIVER}, MiniBrowser or Xvfb: apt-get install webkit2gtk-driver xvfb")
        browser = webkit.WebKit()
    try:
        yield browser.window
    finally:
        browser.close()


#: How the settings' switches are drawn: whether by the engine ('auto') or by the page ('none'),
#: and their fill, beside the fill of the page's fields (the "Tempo" list).
SWITCHES_JS = """() => {
  const look = (el) => getComputedStyle(el);
  const field = look(document.querySelector('.settings select')).backgroundColor;
  return [...document.querySelectorAll('.switch input')].filter((el) => el.getClientRects().length).map((el) => ({
    name: el.labels[0].textContent.trim(), on: el.checked, field,
    appearance: look(el).appearance || look(el).webkitAppearance, fill: look(el).backgroundColor}));
}"""


def check_switches(window: Window) -> None:
    """The switches are drawn by the page (WebKit draws an engine's box that is off, with an
    accent colour, as a solid dark square): off, filled as a field is; on, filled otherwise."""
    switches = window.run(SWITCHES_JS)
    assert switches, "no switch on screen"
    for switch in switches:
        assert switch["appearance"] == "none", switch
        assert (switch["fill"] == switch["field"]) != switch["on"], switch


def shot(window: Window, screens: Path, name: str) -> None:
    window.screenshot(screens / f"{window.engine}-{name}.png")


def test_local_round_with_a_reload(server, windows, screens):
    page = windows()
    page.goto(server.base + "/lokal?delay=0")
    setup = page.get("region", "Neues Spiel einrichten")
    page.fill("Dein Name", "Fuchs", setup)
    page.select("Anzahl Computer", "3", setup)
    page.get("group", "Computer 3", setup)  # the form has grown by its seats: nothing moves under the click
    page.click_button("Gegen Computer spielen", setup)
    page.wait("() => /^Runde 1$/.test(document.querySelector('h2.table-h')?.innerText)", what="Runde 1")
    # The computers have moved (the table no longer changes under a click).
    page.wait("() => /Du bist am Zug/.test(document.querySelector('[role=status]').innerText)", what="the first turn")
    check_switches(page)
    page.click(page.get("switch", "Ton"))
    page.wait("(el) => el.checked", page.get("switch", "Ton"), what="the sound to be on")
    check_switches(page)
    # The keys are the table's after a click on a switch: "1" picks the first tile (a second
    # click on it puts it back).
    page.press("1")
    first = page.wait("() => document.querySelector('.hand button[aria-pressed=true]')", what="a tile picked by key")
    assert page.run("(el) => el === document.querySelector('.hand button')", first)
    page.click(first)
    page.wait("(el) => el.getAttribute('aria-pressed') === 'false'", first, what="the tile put back")
    # Resized with the table on screen: no "ResizeObserver loop" error (the errors are checked
    # at the end).
    for width, height in ((480, 844), (1280, 800), (460, 640), (1024, 700), (800, 1000), (480, 844), (1280, 800)):
        page.resize(width, height)
        page.run("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    reloaded = []
    split: list[str] = []

    def mid_round(step: int, window: Window) -> None:
        if step < 3:
            split.extend(split_tile_names(window))
        if step == 1 and not reloaded:
            before = snapshot(window)
            window.reload()
            window.wait("() => /^Runde \\d$/.test(document.querySelector('h2.table-h')?.innerText)", what="the table again")
            window.wait("() => document.querySelectorAll('ol.log li').length > 0", what="the history again")
            assert snapshot(window) == before
            shot(window, screens, "local-table")
            reloaded.append(step)

    play_round([page], mid_round)
    assert reloaded, "the round ended before a second turn"
    assert not split, split
    page.get("button", "Nächste Runde")
    assert "Rundenende" in page.text(".round-end")
    shot(page, screens, "local-round-end")
    assert not page.errors(), page.errors()


def test_online_room_in_two_windows(server, windows, screens):
    anna, ben = windows(), windows()
    anna.goto(server.base + "/")
    form = anna.get("region", "Raum eröffnen")
    anna.get("group", "Platz 2", form)  # made by the page's script: the form is wired
    anna.fill("Dein Name (Raum eröffnen)", "Anna", form)
    anna.click_button("Raum eröffnen", form)
    anna.wait("() => /^\\/r\\/[A-Za-z0-9_-]+$/.test(location.pathname)", what="the room's page")
    link = anna.wait("(el) => el.value", anna.get("textbox", "Einladungslink"), what="the invitation link")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/r/[A-Za-z0-9_-]+", link), link
    # "Raum verlassen" (at the seat list's foot while the room waits) asks first, in a box as
    # wide as the seat list; "Abbrechen" keeps the seat.
    anna.click_button("Raum verlassen")
    anna.get("button", "Ja, Raum verlassen")
    widths = anna.run("() => ['.leave-confirm', '#seat-list'].map((s) => document.querySelector(s).getBoundingClientRect().width)")
    assert widths[0] == widths[1], widths
    anna.click_button("Abbrechen")

    ben.goto(link)
    ben.fill("Dein Name", "Ben")
    ben.click_button("Beitreten")
    for window in (anna, ben):
        # The join, the first state and the deal over two driven browsers: slower than one page
        # (twice over 40 s for WebKit in full runs beside two other workers, never alone)
        try:
            window.wait("() => /^Runde 1$/.test(document.querySelector('h2.table-h')?.innerText)", what="Runde 1",
                        timeout=60.0)
        except AssertionError as failed:  # both pages and the server's log, to tell a stuck page from a slow one
            raise AssertionError(f"{failed}\nanna: {anna.where()}\nben: {ben.where()}\n"
                                 f"server log: {server.log()[-3000:]}") from None
    assert "Ben" in anna.text("ul.players") and "Anna" in ben.text("ul.players")
    shot(ben, screens, "room-table")

    play_round([anna, ben])
    for window in (anna, ben):
        assert turn(window)["state"] == "over"
        window.get("button", "Nächste Runde")
        assert re.search(r"gewinnt|gewinnst|geteilt", window.text(".result-text")), window.text(".result-text")
        # both held the commitment before the deal and contributed: the check vouches for it
        window.wait("() => document.querySelector('.fair-seal summary')?.innerText.trim() === 'Mischen geprüft'",
                    what="the verified shuffle", timeout=30.0)
    shot(anna, screens, "room-round-end")
    assert not anna.errors() and not ben.errors(), (anna.errors(), ben.errors())
