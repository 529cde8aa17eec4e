"""Both themes (the system's light or dark setting): axe finds no serious or critical violation
on any page and state, the dark theme is really applied, and screenshots of the visible screen
in the dark theme are kept in artifacts/screens/ for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.e2e import DESKTOP, PHONE, act_by_names, axe_check, play_round, settle, turn_state, watch

DARK_PAPER = "rgb(17, 21, 27)"
LIGHT_PAPER = "rgb(244, 240, 230)"


def _screens(page: Page, screens: Path, scheme: str, name: str) -> None:
    """The visible screen (not the full page) at 1280×800 and 390×844, dark theme only."""
    if scheme != "dark":
        return
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        settle(page)
        page.screenshot(path=str(screens / f"dark-{name}-{size['width']}x{size['height']}.png"))
    page.set_viewport_size(DESKTOP)


def _my_turn(page: Page) -> None:
    page.wait_for_function("() => (document.querySelector('[role=status]')?.innerText ?? '').includes('Du bist am Zug')",
                           timeout=20_000)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_and_state_passes_axe_in_both_themes(server, new_context, screens, scheme):
    found: list[str] = []
    ctx = new_context(color_scheme=scheme)
    page = ctx.new_page()
    problems = watch(page)

    page.goto(server.base + "/")
    paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert paper == (DARK_PAPER if scheme == "dark" else LIGHT_PAPER), paper
    axe_check(page, f"{scheme}: start", found)
    _screens(page, screens, scheme, "start")
    page.goto(server.base + "/regeln")
    axe_check(page, f"{scheme}: rules", found)
    page.goto(server.base + "/r/AAAAAAAAAAAAAAAAAAAAAA")
    expect(page.get_by_role("heading", name="Raum nicht gefunden")).to_be_visible()
    axe_check(page, f"{scheme}: unknown room", found)
    _screens(page, screens, scheme, "unknown-room")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", name="Room not found")).to_be_visible()
    axe_check(page, f"{scheme}: unknown room (en)", found)
    page.get_by_role("button", name="Deutsch").click()
    assert all("404" in p for p in problems), problems  # the 404 answer itself, nothing else
    problems.clear()

    # A local game: during a turn, with a tile selected, at the round's end, and the question
    # before a new game replaces it.
    page.goto(server.base + "/lokal?delay=0")
    axe_check(page, f"{scheme}: local setup", found)
    page.get_by_role("region", name="Neues Spiel einrichten").get_by_role("button", name="Gegen Computer spielen").click()
    _my_turn(page)
    axe_check(page, f"{scheme}: local turn", found)
    _screens(page, screens, scheme, "local-turn")
    first = page.get_by_role("group", name="Deine Hand").get_by_role("button").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    axe_check(page, f"{scheme}: local tile selected", found)
    first.click()  # unselected again, so that the round is played from a clean hand
    expect(first).to_have_attribute("aria-pressed", "false")
    play_round([page], act_by_names)
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    axe_check(page, f"{scheme}: local round end", found)
    page.get_by_role("heading", name="Rundenende").scroll_into_view_if_needed()
    _screens(page, screens, scheme, "local-round-end")
    page.goto(server.base + "/")
    page.get_by_role("region", name="Gegen Computer spielen").get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    axe_check(page, f"{scheme}: replace question", found)
    _screens(page, screens, scheme, "replace-question")
    page.get_by_role("button", name="Behalten").click()

    # A room: waiting (with the QR code shown), then playing for both people.
    room_form = page.get_by_role("region", name="Raum eröffnen")
    room_form.get_by_label("Dein Name").fill("Anna")
    room_form.get_by_role("button", name="Raum eröffnen").click()
    page.wait_for_url("**/r/*")
    expect(page.get_by_text("Die Runde startet von selbst")).to_be_visible()
    page.get_by_role("button", name="QR-Code zeigen").click()
    expect(page.get_by_role("img", name="QR-Code des Einladungslinks")).to_be_visible()
    axe_check(page, f"{scheme}: room waiting", found)
    _screens(page, screens, scheme, "room-waiting")
    ben = new_context(color_scheme=scheme).new_page()
    ben_problems = watch(ben)
    ben.goto(page.url)
    axe_check(ben, f"{scheme}: room join form", found)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    for p in (page, ben):
        expect(p.get_by_role("heading", name="Runde 1")).to_be_visible()
    axe_check(page, f"{scheme}: room playing", found)
    axe_check(ben, f"{scheme}: room playing (second seat)", found)
    mine = page if turn_state(page) == "mine" else ben
    _my_turn(mine)
    _screens(mine, screens, scheme, "room-playing")

    assert not found, found
    assert not problems and not ben_problems, problems + ben_problems
