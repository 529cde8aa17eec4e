"""Both themes (the system's light or dark setting): axe finds no serious or critical violation
on any page and state, the dark theme is really applied, and screenshots of the visible screen
in the dark theme are kept in artifacts/screens/ for a person to look at. The pages are visited
once: at each state the theme is switched (the style sheet's media query, nothing else reads it)
and axe runs in each."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.support.e2e import DESKTOP, PHONE, act_by_names, axe_check, play_round, settle, turn_state, watch

DARK_PAPER = "rgb(17, 21, 27)"
LIGHT_PAPER = "rgb(244, 240, 230)"
SCHEMES = ("light", "dark")


def _screens(page: Page, screens: Path, name: str) -> None:
    """The visible screen (not the full page) at 1280×800 and 390×844, in the dark theme."""
    page.emulate_media(color_scheme="dark")
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        settle(page)
        page.screenshot(path=str(screens / f"dark-{name}-{size['width']}x{size['height']}.png"))
    page.set_viewport_size(DESKTOP)


def _axe_both(page: Page, label: str, found: list[str]) -> None:
    """axe in the light theme, then in the dark one (the page left dark)."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        axe_check(page, f"{scheme}: {label}", found)


def _my_turn(page: Page) -> None:
    page.wait_for_function("() => (document.querySelector('[role=status]')?.innerText ?? '').includes('Du bist am Zug')",
                           timeout=20_000)


def _pages_without_a_game(page: Page, base: str, screens: Path, found: list[str]) -> None:
    """The start page (its paper in either theme), the rules and an unknown room in both languages."""
    page.goto(base + "/")
    for scheme, paper in (("light", LIGHT_PAPER), ("dark", DARK_PAPER)):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == paper, scheme
    _axe_both(page, "start", found)
    _screens(page, screens, "start")
    page.goto(base + "/regeln")
    _axe_both(page, "rules", found)
    page.goto(base + "/r/AAAAAAAAAAAAAAAAAAAAAA")
    expect(page.get_by_role("heading", name="Raum nicht gefunden")).to_be_visible()
    _axe_both(page, "unknown room", found)
    _screens(page, screens, "unknown-room")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", name="Room not found")).to_be_visible()
    _axe_both(page, "unknown room (en)", found)
    page.get_by_role("button", name="Deutsch").click()


def _local_game(page: Page, base: str, screens: Path, found: list[str]) -> None:
    """A local game: during a turn, with a tile selected, at the round's end, and the question
    before a new game replaces it."""
    page.goto(base + "/lokal?delay=0")
    _axe_both(page, "local setup", found)
    page.get_by_role("region", name="Neues Spiel einrichten").get_by_role("button", name="Gegen Computer spielen").click()
    _my_turn(page)
    _axe_both(page, "local turn", found)
    _screens(page, screens, "local-turn")
    first = page.get_by_role("group", name="Deine Hand").get_by_role("button").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    _axe_both(page, "local tile selected", found)
    first.click()  # unselected again, so that the round is played from a clean hand
    expect(first).to_have_attribute("aria-pressed", "false")
    play_round([page], act_by_names)
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
    _axe_both(page, "local round end", found)
    page.get_by_role("heading", name="Rundenende").scroll_into_view_if_needed()
    _screens(page, screens, "local-round-end")
    page.goto(base + "/")
    page.get_by_role("region", name="Gegen Computer spielen").get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    _axe_both(page, "replace question", found)
    _screens(page, screens, "replace-question")
    page.get_by_role("button", name="Behalten").click()


def test_every_page_and_state_passes_axe_in_both_themes(server, new_context, screens):
    found: list[str] = []
    page = new_context().new_page()
    problems = watch(page)
    _pages_without_a_game(page, server.base, screens, found)
    assert all("404" in p for p in problems), problems  # the 404 answer itself, nothing else
    problems.clear()
    _local_game(page, server.base, screens, found)

    # A room: waiting (with the QR code shown), then playing for both people.
    room_form = page.get_by_role("region", name="Raum eröffnen")
    room_form.get_by_label("Dein Name").fill("Anna")
    room_form.get_by_role("button", name="Raum eröffnen").click()
    page.wait_for_url("**/r/*")
    expect(page.get_by_text("Die Runde startet von selbst")).to_be_visible()
    page.get_by_role("button", name="QR-Code zeigen").click()
    expect(page.get_by_role("img", name="QR-Code des Einladungslinks")).to_be_visible()
    _axe_both(page, "room waiting", found)
    _screens(page, screens, "room-waiting")
    ben = new_context().new_page()
    ben_problems = watch(ben)
    ben.goto(page.url)
    _axe_both(ben, "room join form", found)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    for p in (page, ben):
        expect(p.get_by_role("heading", name="Runde 1")).to_be_visible()
    _axe_both(page, "room playing", found)
    _axe_both(ben, "room playing (second seat)", found)
    mine = page if turn_state(page) == "mine" else ben
    _my_turn(mine)
    _screens(mine, screens, "room-playing")

    assert not found, found
    assert not problems and not ben_problems, problems + ben_problems
