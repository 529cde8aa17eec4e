"""The start page as a player meets it: quick play first on a phone, the local game's form after
it, a local game without typing a name, "Gespeichertes Spiel fortsetzen" only for a save that /lokal resumes,
and a question before a new game replaces a saved one."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.e2e import watch

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]


def box(page: Page, locator: object) -> dict[str, float]:
    b = locator.bounding_box()  # type: ignore[attr-defined]
    assert b is not None, locator
    return b


def test_on_a_phone_quick_play_is_on_the_first_screen_and_the_local_form_follows(server, new_context):
    page = new_context(viewport=PHONES[0]).new_page()
    page.goto(server.base + "/")
    quick = page.get_by_role("region", name="Mit anderen spielen")
    for size in PHONES:  # one page, looked at on each phone by resizing
        page.set_viewport_size(size)
        for part in (quick.get_by_label("Dein Name"), quick.get_by_label("Plätze"),
                     quick.get_by_role("button", name="Schnell spielen")):
            b = box(page, part)
            assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], (size, part, b)
        assert page.evaluate("window.scrollY") == 0
        # The game against computers follows right after (its heading within the first screen
        # and a half), then the room form.
        local = box(page, page.get_by_role("heading", name="Gegen Computer spielen", exact=True))
        assert local["y"] < size["height"] * 1.5, (size, local)
        assert box(page, page.get_by_role("heading", name="Raum eröffnen"))["y"] > local["y"]


def test_a_local_game_needs_no_typed_name_and_the_default_follows_the_language(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/")
    local = page.get_by_role("region", name="Gegen Computer spielen")
    expect(local.get_by_label("Dein Name")).to_have_value("Gast")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("region", name="Play against computers").get_by_label("Your name")).to_have_value("Guest")
    page.get_by_role("button", name="Deutsch").click()
    local.get_by_role("button", name="Gegen Computer spielen").click()
    page.wait_for_url(re.compile(r"/lokal$"))
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(page.locator(".me-info")).to_contain_text("Gast")
    # The default is not remembered as the person's name for a room: the field shows it again
    # (a room then names the person by the profile it makes, "Gast NNNN").
    page.goto(server.base + "/")
    expect(page.get_by_role("region", name="Raum eröffnen").get_by_label("Dein Name")).to_have_value("Gast")
    assert page.evaluate("localStorage.getItem('ziehdomino.name')") is None
    assert not problems, problems


def _saved(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('ziehdomino.local')"))


def _start_default_game(page: Page, base: str, delay: int = 0) -> None:
    page.goto(base + f"/lokal?delay={delay}")
    page.get_by_role("region", name="Neues Spiel einrichten").get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()


def test_resume_is_offered_exactly_for_a_save_that_the_local_page_resumes(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    _start_default_game(page, server.base)
    good = _saved(page)
    page.goto(server.base + "/")
    expect(page.get_by_role("link", name="Gespeichertes Spiel fortsetzen")).to_be_visible()
    page.get_by_role("link", name="Gespeichertes Spiel fortsetzen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(page.get_by_role("alert").filter(has_text="verworfen")).to_have_count(0)

    def broken(path: tuple[str | int, ...], value: object) -> str:
        """The good save with one field set to `value` (None removes it)."""
        data = json.loads(json.dumps(good))
        *parents, last = path
        node = data
        for key in parents:
            node = node[key]
        if value is None:
            del node[last]
        else:
            node[last] = value
        return json.dumps(data)

    bad_saves = [
        "{not json", json.dumps({"kind": "someone.else", "data": [1, 2, 3]}),
        json.dumps({"kind": "ziehdomino.local", "format": 2}),
        json.dumps({"kind": "ziehdomino.local", "format": 1, "seats": [], "match": {"kind": "x"}}),
        broken(("match", "format"), 2), broken(("match", "wins"), [0]), broken(("seats", 1, "level"), "göttlich"),
        broken(("seats", 0, "name"), ""), broken(("match", "actions"), None), broken(("match", "players"), 3),
    ]
    for bad in bad_saves:
        page.evaluate("(text) => localStorage.setItem('ziehdomino.local', text)", bad)
        page.goto(server.base + "/")
        expect(page.get_by_role("heading", name="Gegen Computer spielen")).to_be_visible()
        expect(page.get_by_role("link", name="Gespeichertes Spiel fortsetzen")).to_be_hidden()
        # ... and the local page indeed refuses it.
        page.goto(server.base + "/lokal?delay=0")
        expect(page.get_by_role("alert").filter(has_text="verworfen")).to_be_visible()
    assert not problems, problems


def test_a_new_game_asks_before_it_replaces_the_saved_one(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    # The computers never move here (a pause far longer than the test): the saved game stays
    # exactly as started unless something replaces it. With no pause, a computer that opened
    # the round moved whenever a page showed the game, and the save changed under the test.
    _start_default_game(page, server.base, delay=10**6)
    before = page.evaluate("localStorage.getItem('ziehdomino.local')")

    # From the start page: "Behalten" keeps the game and stays.
    page.goto(server.base + "/")
    local = page.get_by_role("region", name="Gegen Computer spielen")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    dialog = page.get_by_role("dialog", name="Gespeichertes Spiel ersetzen?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Runde 1")
    expect(dialog.get_by_role("button", name="Behalten")).to_be_focused()
    dialog.get_by_role("button", name="Behalten").click()
    expect(dialog).to_have_count(0)
    expect(page).to_have_url(server.base + "/")
    assert page.evaluate("localStorage.getItem('ziehdomino.local')") == before
    # In English too.
    page.get_by_role("button", name="English").click()
    page.get_by_role("region", name="Play against computers").get_by_role("button", name="Play against computers").click()
    english = page.get_by_role("dialog", name="Replace the saved game?")
    expect(english.get_by_role("button", name="Replace")).to_be_visible()
    english.get_by_role("button", name="Keep").click()
    page.get_by_role("button", name="Deutsch").click()
    # Escape keeps it too.
    local.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('ziehdomino.local')") == before

    # On the local page, "Neues Spiel" asks the same.
    page.goto(server.base + f"/lokal?delay={10**6}")
    page.get_by_role("button", name="Neues Spiel").click()
    page.get_by_role("region", name="Neues Spiel einrichten").get_by_role("button", name="Gegen Computer spielen").click()
    dialog = page.get_by_role("dialog", name="Gespeichertes Spiel ersetzen?")
    dialog.get_by_role("button", name="Behalten").click()
    assert page.evaluate("localStorage.getItem('ziehdomino.local')") == before
    page.get_by_role("button", name="Zurück zum Spiel").click()

    # "Ersetzen" starts a new game with fresh counters.
    page.goto(server.base + "/")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    page.get_by_role("dialog").get_by_role("button", name="Ersetzen").click()
    page.wait_for_url(re.compile(r"/lokal$"))
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    after = _saved(page)
    assert after["match"]["deal"] != json.loads(before)["match"]["deal"]
    assert after["match"]["wins"] == [0, 0] and after["match"]["starters"] == [after["match"]["starters"][0]]
    assert not problems, problems


def _control_names(page: Page) -> list[str]:
    """The accessible names of the visible form controls, from their labels (hidden parts too)."""
    return page.evaluate("""[...document.querySelectorAll('input, select')]
        .filter((el) => el.offsetParent !== null && el.type !== 'hidden')
        .map((el) => [...el.labels].map((l) => l.textContent.replace(/\\s+/g, ' ').trim()).join(' '))""")


@pytest.mark.parametrize("path", ["/", "/lokal"])
def test_every_field_has_a_name_of_its_own(server, new_context, path):
    page = new_context().new_page()
    page.goto(server.base + path)
    page.get_by_role("button", name="Raum eröffnen").or_(page.get_by_role("heading", name="Neues Spiel einrichten")).first.wait_for()
    for count in ("3",):
        page.locator("select[name=count]").first.select_option(count)
    names = _control_names(page)
    assert names and all(names), names
    repeated = sorted({n for n in names if names.count(n) > 1})
    assert not repeated, f"fields share a name on {path}: {repeated}"
    assert "Stufe Computer 2" in names, names
    if path == "/":
        assert {"Dein Name (gegen Computer)", "Dein Name (Schnell spielen)", "Dein Name (Raum eröffnen)"} <= set(names)


FORM_ROLES = {"textbox", "combobox", "checkbox", "switch", "spinbutton", "radio", "searchbox", "slider"}


def _accessible_names(page: Page) -> list[str]:
    """The accessible names of every form control Chromium exposes (hidden ones are not)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return [(n.get("name") or {}).get("value", "") for n in nodes
            if not n.get("ignored") and (n.get("role") or {}).get("value") in FORM_ROLES]


def _no_two_alike(names: list[str]) -> None:
    assert names and all(names), names
    repeated = sorted({n for n in names if names.count(n) > 1})
    assert not repeated, f"form controls share an accessible name: {repeated}"


def test_four_seats_each_have_names_of_their_own_in_both_languages(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/")
    form = page.get_by_role("region", name="Raum eröffnen")
    form.get_by_label("Plätze am Tisch").select_option("4")
    form.get_by_role("group", name="Platz 3").get_by_label("Wer spielt?").select_option("computer")
    page.get_by_role("region", name="Gegen Computer spielen").get_by_label("Anzahl Computer").select_option("3")
    names = _accessible_names(page)
    _no_two_alike(names)
    assert {f"Wer spielt? (Platz {n})" for n in (2, 3, 4)} <= set(names), names
    assert {"Stufe Platz 3", "Stufe Computer 3"} <= set(names), names
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    names = _accessible_names(page)
    _no_two_alike(names)
    assert {f"Who plays? (Seat {n})" for n in (2, 3, 4)} <= set(names), names
    # Fewer seats and back: the names stay their own.
    page.get_by_label("Seats at the table").select_option("3")
    page.get_by_label("Seats at the table").select_option("4")
    _no_two_alike(_accessible_names(page))
    assert not problems, problems


def test_the_start_pages_local_game_keeps_its_match_target(server, new_context):
    page = new_context().new_page()
    page.goto(server.base + "/")
    local = page.get_by_role("region", name="Gegen Computer spielen")
    local.get_by_label("Partie bis").select_option("3")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    page.wait_for_url(re.compile(r"/lokal$"))
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    assert _saved(page)["target"] == 3
