"""Playing with strangers in the browser, at 390x844 and 1280x800: two people press "Schnell
spielen", sit at one table, exchange a reaction and play a round; a third sees a waiting table under "Offene
Tische" and takes its free seat with "Mitspielen"; the countdown gives the last free seat to a
computer; a person alone, with "Partie bis" 10 Siege, starts at once with "Jetzt mit Computern
starten". The round is played through the DOM (tests/support/shortcuts.py): the playing is not
the point here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.e2e import watch
from tests.support.server import ServerProcess
from tests.support.shortcuts import play_quickly

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose quick-play tables wait 8 s for people."""
    srv = ServerProcess(tmp_path_factory.mktemp("quick") / "data",
                        extra=["--quick-wait", "8", "--computer-delay", "0.2"]).start()
    try:
        yield srv
    finally:
        srv.stop()


def _fill_quick(page: Page, base: str, name: str, size: int) -> None:
    """The start page with the quick-play form filled in, not yet sent."""
    page.goto(base + "/")
    form = page.get_by_role("region", name="Mit anderen spielen")
    form.get_by_label("Dein Name").fill(name)
    form.get_by_label("Plätze").select_option(str(size))


def _send_quick(page: Page) -> None:
    page.get_by_role("region", name="Mit anderen spielen").get_by_role("button", name="Schnell spielen").click()
    page.wait_for_url(re.compile(r"/r/"))


def _press_quick(page: Page, base: str, name: str, size: int) -> None:
    _fill_quick(page, base, name, size)
    _send_quick(page)


def _on_screen(page: Page, locator: object) -> None:
    box = locator.bounding_box()  # type: ignore[attr-defined]
    size = page.viewport_size
    assert box is not None and size is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"], box


def test_two_people_sit_together_and_exchange_a_reaction(quick_server: ServerProcess, new_context) -> None:
    # no motion: the seats, the reactions and the seal are the point
    anna = new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    ben = new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    problems = [watch(anna), watch(ben)]
    # Both forms are ready before either is sent, so that Ben presses well within the table's
    # 8 s wait even on a busy machine (after it, computers would have taken the seat).
    _fill_quick(anna, quick_server.base, "Anna", 2)
    _fill_quick(ben, quick_server.base, "Ben", 2)
    _send_quick(anna)
    # Anna's page is at the waiting table (it holds the pending deal's commitment) before Ben
    # sits down: on a busy machine her page could otherwise first connect after the deal
    expect(anna.get_by_role("button", name="Jetzt mit Computern starten")).to_be_visible()
    _send_quick(ben)
    assert anna.url == ben.url
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        # quick play is a match to 5, and every seat's card says so
        expect(page.locator(".table .counters").first).to_have_text("Siege 0 von 5 · geteilt 0")
    _on_screen(anna, anna.get_by_role("button", name="Reaktion"))
    ben.get_by_role("button", name="Reaktion").click()
    ben.get_by_role("button", name="Gut gespielt").click()
    expect(anna.locator(".reaction-bubble")).to_have_text("Gut gespielt")
    expect(anna.locator(".table [aria-live=polite]").filter(has_text="Ben: Gut gespielt")).to_have_count(1)
    expect(anna.locator(".log")).not_to_contain_text("Gut gespielt")
    # A second one at once is refused, said while it holds and no longer after the 3 s.
    ben.get_by_role("button", name="Reaktion").click()
    ben.get_by_role("button", name="Hallo").click()
    expect(ben.locator(".table .notice")).to_have_text("Eine Reaktion alle drei Sekunden.")
    expect(ben.locator(".table .notice")).to_have_text("", timeout=6_000)
    expect(anna.locator(".reaction-bubble").filter(has_text="Hallo")).to_have_count(0)
    # Muted: Anna turns Ben's reactions off; the next one does not show.
    anna.get_by_role("button", name="Reaktion").click()
    anna.locator(".reaction-panel").get_by_role("button", name="Ben stummschalten").click()
    # Ben's seat card has its own switch of the same name, which shows the same choice
    card_mute = anna.locator(".table .players").get_by_role("button", name="Ben stummschalten")
    expect(card_mute).to_have_attribute("aria-pressed", "true")
    anna.keyboard.press("Escape")  # the set closes as a menu does, the focus back on its button
    expect(anna.get_by_role("button", name="Reaktion")).to_have_attribute("aria-expanded", "false")
    expect(anna.get_by_role("button", name="Hallo")).to_be_hidden()
    expect(anna.get_by_role("button", name="Reaktion")).to_be_focused()
    anna.get_by_role("button", name="Reaktion").click()
    anna.locator(".table .status").click()  # a click elsewhere closes it too
    expect(anna.get_by_role("button", name="Hallo")).to_be_hidden()
    ben.wait_for_timeout(3100)  # one reaction per 3 s
    ben.get_by_role("button", name="Reaktion").click()
    ben.get_by_role("button", name="Danke").click()
    expect(ben.locator(".reaction-bubble")).to_have_text("Danke")
    expect(anna.locator(".reaction-bubble")).to_have_count(0)
    card_mute.click()  # the card's switch turns Ben's reactions on again
    expect(card_mute).to_have_attribute("aria-pressed", "false")
    anna.get_by_role("button", name="Reaktion", exact=True).click()
    expect(anna.locator(".reaction-panel").get_by_role("button", name="Ben stummschalten")).to_have_attribute("aria-pressed", "false")
    anna.keyboard.press("Escape")
    # They play the round to its end; the match to 5 goes on into the next once both are ready.
    play_quickly([anna, ben])
    # Anna's page held the commitment before the deal; Ben's quick play dealt the round, and its
    # answer named the commitment of that deal. Both contributions are in the deal: Ben's went
    # with his quick play, whose seat dealt it.
    for page, held in ((anna, "vor dem Geben erhalten"), (ben, "mit deinem Platz erhalten")):
        seal = page.locator(".fair-seal")
        expect(seal.locator("summary")).to_have_text("Mischen geprüft", timeout=10_000)
        seal.locator("summary").click()
        expect(seal.locator(".fair-note")).to_contain_text("Der Server hatte sich vor dem Geben")
        expect(seal).to_contain_text(held)
        expect(seal).to_contain_text("dein Beitrag")
        seal.locator("summary").click()
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
        expect(page.locator(".table .counters").filter(has_text=re.compile(r"Siege 1 von 5|geteilt 1"))).not_to_have_count(0)
        page.get_by_role("button", name="Nächste Runde").click()
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    assert problems == [[], []], problems


def test_a_stranger_joins_from_the_list_and_a_computer_takes_the_last_seat(quick_server: ServerProcess, new_context) -> None:
    cleo, dora = new_context(viewport=PHONE).new_page(), new_context(viewport=DESKTOP).new_page()
    problems = [watch(cleo), watch(dora)]
    _press_quick(cleo, quick_server.base, "Cleo", 3)
    wait_button = cleo.get_by_role("button", name="Jetzt mit Computern starten")
    expect(wait_button).to_be_visible()
    _on_screen(cleo, wait_button)
    expect(cleo.get_by_role("timer")).to_contain_text("Computer übernehmen die freien Plätze in")
    dora.goto(quick_server.base + "/")
    tables = dora.get_by_role("list", name="Offene Tische")
    line = tables.get_by_role("listitem").filter(has_text="Cleo")
    expect(line).to_contain_text("3 Plätze")
    expect(line).to_contain_text("bis 5 Siege")  # the match it plays
    dora.get_by_role("region", name="Mit anderen spielen").get_by_label("Dein Name").fill("Dora")
    line.get_by_role("button", name="Mitspielen").click()
    dora.wait_for_url(cleo.url)
    for page in (cleo, dora):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible(timeout=20_000)
    expect(dora.locator(".players")).to_contain_text("Computer")
    assert problems == [[], []], problems


def test_a_person_alone_starts_at_once_with_computers(quick_server: ServerProcess, new_context, screens: Path) -> None:
    elli = new_context(viewport=PHONE).new_page()
    problems = watch(elli)
    _fill_quick(elli, quick_server.base, "Elli", 4)
    # "Partie bis" of this form (5 Siege unless chosen) goes with the request as its target
    target = elli.get_by_label("Partie bis (Schnell spielen)")
    expect(target).to_have_value("5")
    target.select_option(label="10 Siege")
    with elli.expect_request(lambda r: "/api/quick" in r.url and r.method == "POST") as sent:
        _send_quick(elli)
    assert sent.value.post_data_json["target"] == 10, sent.value.post_data_json
    table = elli.url
    # Back on the start page, "Schnell spielen" again takes her back to her seat, never a second one.
    _press_quick(elli, quick_server.base, "Elli", 4)
    assert elli.url == table
    expect(elli.locator("#seat-list")).to_contain_text("Elli")
    expect(elli.locator("#seat-list li").filter(has_text="Elli")).to_have_count(1)
    elli.screenshot(path=str(screens / "quick-wait-390x844.png"))
    elli.get_by_role("button", name="Jetzt mit Computern starten").click()
    expect(elli.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(elli.locator(".players li")).to_have_count(3)
    expect(elli.locator(".table .counters").first).to_have_text("Siege 0 von 10 · geteilt 0")
    assert not problems, problems
    # On a phone, "Offene Tische" offers her computers' seats: "Platz übernehmen" lies within
    # its line (the line wraps rather than scroll sideways) and within the screen.
    room = table.rstrip("/").rsplit("/", 1)[-1]
    for size in ({"width": 360, "height": 640}, PHONE):
        other = new_context(viewport=size).new_page()
        other.goto(quick_server.base + "/")
        item = other.locator(f'.open-table[data-room="{room}"]')
        take = item.get_by_role("button", name="Platz übernehmen")
        expect(take).to_be_visible()
        take.scroll_into_view_if_needed()
        other.screenshot(path=str(screens / f"open-tables-takeover-{size['width']}x{size['height']}.png"))
        box, line = take.bounding_box(), item.bounding_box()
        assert box is not None and line is not None
        assert line["x"] <= box["x"] and box["x"] + box["width"] <= line["x"] + line["width"], (box, line)
        assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"], box
        _on_screen(other, take)
        scroll = other.locator("#open-tables").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert scroll[0] <= scroll[1], scroll  # nothing to scroll sideways
        expect(take).to_have_text("Platz übernehmen")


def test_leaving_a_room_under_meine_raeume_asks_first(quick_server: ServerProcess, new_context, screens: Path) -> None:
    page = new_context(viewport=PHONE).new_page()
    problems = watch(page)
    _press_quick(page, quick_server.base, "Anna", 3)
    page.goto(quick_server.base + "/")
    mine = page.get_by_role("region", name="Meine Räume")
    expect(mine.get_by_role("listitem")).to_have_count(1)
    # each line's buttons say whose room they are for, so that every name on the page is its own
    expect(mine.get_by_role("link", name="Öffnen (Anna, frei, frei)", exact=True)).to_be_visible()
    expect(mine.get_by_role("button", name="Raum verlassen (Anna, frei, frei)", exact=True)).to_be_visible()
    mine.get_by_role("button", name="Raum verlassen").click()
    question = mine.get_by_role("group", name="Wirklich verlassen?", exact=False)
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Abbrechen")).to_be_focused()
    question.scroll_into_view_if_needed()
    page.screenshot(path=str(screens / "my-rooms-leave-390x844.png"))
    question.get_by_role("button", name="Abbrechen").click()  # nothing happens
    expect(mine.get_by_role("button", name="Raum verlassen")).to_be_focused()
    expect(mine.get_by_role("listitem")).to_have_count(1)
    mine.get_by_role("button", name="Raum verlassen").click()
    question.get_by_role("button", name="Ja, Raum verlassen").click()
    expect(mine.get_by_role("listitem")).to_have_count(0)
    assert not problems, problems
