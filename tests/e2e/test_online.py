"""An online room in real browsers: two people through the invitation link, two rounds, a
reload that keeps the seat, a spectator who sees no hand and cannot act; axe and screenshots
on the way. Everything is done through roles, accessible names and visible text."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.e2e import (XSS_NAME, act_by_names, arm_xss_trap, axe_check, play_round, shoot, table_snapshot,
                            turn_state, watch)
from tests.support.shortcuts import play_quickly


def open_room(page: Page, base: str, name: str) -> str:
    page.goto(base + "/")
    form = page.get_by_role("region", name="Raum eröffnen")
    form.get_by_label("Dein Name").fill(name)
    form.get_by_role("button", name="Raum eröffnen").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    link = page.get_by_label("Einladungslink").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/r/[A-Za-z0-9_-]+", link), link
    return link


def test_two_people_play_two_rounds_through_the_link(server, new_context, screens):
    axe_found: list[str] = []
    problems: list[str] = []

    ctx_a = new_context()
    arm_xss_trap(ctx_a)
    anna = ctx_a.new_page()
    problems += watch(anna)
    anna.goto(server.base + "/")
    expect(anna.get_by_role("heading", name="Ziehdomino", level=1)).to_be_visible()
    axe_check(anna, "start", axe_found)
    shoot(anna, screens, "start")

    link = open_room(anna, server.base, "Anna")
    expect(anna.locator("#waiting")).to_be_visible()
    expect(anna.get_by_role("button", name="Link kopieren")).to_be_visible()
    expect(anna.locator("#seat-list")).to_contain_text("Anna")
    expect(anna.locator("#seat-list")).to_contain_text("frei")
    expect(anna.get_by_role("heading", name="Für KI-Mitspieler")).to_be_visible()
    axe_check(anna, "room-waiting", axe_found)
    shoot(anna, screens, "room")

    # Ben opens the invitation link in another browser and joins with a name full of markup.
    ctx_b = new_context()
    arm_xss_trap(ctx_b)
    ben = ctx_b.new_page()
    problems += watch(ben)
    ben.goto(link)
    expect(ben.get_by_role("button", name="Beitreten")).to_be_visible()
    axe_check(ben, "room-join", axe_found)
    ben.get_by_label("Dein Name").fill(XSS_NAME)
    ben.get_by_role("button", name="Beitreten").click()

    # The round starts by itself once everyone is there.
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        expect(page.get_by_role("status")).to_contain_text(re.compile("Kette ist leer|Offene Enden"))
    expect(anna.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)").get_by_text(XSS_NAME, exact=True)).to_be_visible()
    expect(ben.get_by_role("button", name="Beitreten")).to_have_count(0)

    # A third browser watches: no hand, no join form, no action.
    ctx_c = new_context()
    carl = ctx_c.new_page()
    problems += watch(carl)
    carl.goto(link)
    expect(carl.get_by_role("status")).to_contain_text("Du schaust zu")
    expect(carl.get_by_role("group", name="Deine Hand")).to_have_count(0)
    expect(carl.get_by_role("button", name="Beitreten")).to_have_count(0)
    for name in ("Ziehen", "Passen", "Nächste Runde"):
        expect(carl.get_by_role("button", name=name, exact=True)).to_have_count(0)
    expect(carl.get_by_role("button", name=re.compile(r"^Stein |anlegen$"))).to_have_count(0)
    expect(carl.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)").get_by_text(XSS_NAME, exact=True)).to_be_visible()
    axe_check(carl, "spectator", axe_found)

    reloaded = {"done": False}

    def mid_round(step: int, page: Page) -> None:
        if step == 2:
            axe_check(page, "table-mid", axe_found)
            shoot(page, screens, "table", ".table")
        if step >= 3 and not reloaded["done"] and page is anna:
            before = table_snapshot(anna)
            anna.reload()
            expect(anna.get_by_role("heading", name=re.compile(r"^Runde \d$"))).to_be_visible()
            expect(anna.get_by_role("status")).to_have_text(before["status"])
            after = table_snapshot(anna)
            assert after == before, (before, after)
            assert "Du (Anna)" in (after["me"] or "")
            reloaded["done"] = True

    play_round([anna, ben], act_by_names, mid_round)
    assert reloaded["done"], "Anna never got a turn after step 3"

    for page in (anna, ben, carl):
        expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
        expect(page.get_by_role("table")).to_contain_text("Augen")
        expect(page.get_by_role("table").locator("tbody tr")).to_have_count(2)
    expect(carl.get_by_role("button", name="Nächste Runde")).to_have_count(0)
    result = anna.locator(".result-text").inner_text()
    assert re.search(r"gewinnt|gewinnst|geteilt", result), result
    axe_check(anna, "round-end", axe_found)
    axe_check(carl, "spectator-round-end", axe_found)
    shoot(anna, screens, "round-end", ".table")

    # the ready step: Ben's ask alone does not deal; Anna still sees the result
    ben.get_by_role("button", name="Nächste Runde").click()
    expect(anna.get_by_text("Warte auf dich.")).to_be_visible()
    expect(ben.get_by_text("Du bist bereit. Warte auf Anna.")).to_be_visible()
    expect(anna.get_by_role("heading", name="Rundenende")).to_be_visible()
    anna.get_by_role("button", name="Nächste Runde").click()
    for page in (anna, ben, carl):
        expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    play_round([anna, ben], act_by_names)
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Rundenende")).to_be_visible()
        text = page.locator(".board").inner_text()
        counts = [int(w) + int(s) for w, s in re.findall(r"Siege (\d+) · geteilt (\d+)", text)]
        assert len(counts) == 2 and sum(counts) >= 2, text

    for page in (anna, ben, carl):
        assert page.evaluate("window.__xss") is None
        assert page.locator("main img").count() == 0
    assert turn_state(carl) == "over"
    assert not problems, problems
    assert not axe_found, axe_found


def test_unknown_room_says_so(server, new_context):
    page = new_context().new_page()
    response = page.goto(server.base + "/r/AAAAAAAAAAAAAAAAAAAAAA")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_a_room_needs_two_people(server, new_context):
    page = new_context().new_page()
    page.goto(server.base + "/")
    form = page.get_by_role("region", name="Raum eröffnen")
    form.get_by_label("Dein Name").fill("Anna")
    seat2 = form.get_by_role("group", name="Platz 2")
    seat2.get_by_label("Wer spielt?").select_option("computer")
    expect(seat2.get_by_label("Stufe")).to_have_value("mittel")
    expect(seat2.get_by_label("Stufe")).to_be_enabled()
    form.get_by_role("button", name="Raum eröffnen").click()
    expect(form.get_by_role("alert")).to_contain_text("mindestens zwei Menschen")
    assert page.url.endswith("/")


def test_room_with_a_computer_seat(server, new_context):
    anna = new_context(reduced_motion="reduce").new_page()  # no motion: the computer's seat is the point
    problems = watch(anna)
    anna.goto(server.base + "/")
    form = anna.get_by_role("region", name="Raum eröffnen")
    form.get_by_label("Dein Name").fill("Anna")
    form.get_by_label("Plätze am Tisch").select_option("3")
    seat3 = form.get_by_role("group", name="Platz 3")
    seat3.get_by_label("Wer spielt?").select_option("computer")
    seat3.get_by_label("Stufe").select_option("stark")
    form.get_by_role("button", name="Raum eröffnen").click()
    anna.wait_for_url(re.compile(r"/r/"))
    expect(anna.locator("#seat-list")).to_contain_text("Computer, Stark")
    link = anna.get_by_label("Einladungslink").input_value()
    ben = new_context(reduced_motion="reduce").new_page()
    problems += watch(ben)
    ben.goto(link)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        expect(page.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)").locator("li")).to_have_count(2)
        expect(page.get_by_role("list", name="Am Tisch (im Uhrzeigersinn)")).to_contain_text("Computer, Stark")
    play_quickly([anna, ben])  # through the DOM: the round by names is the test above
    expect(anna.get_by_role("table").locator("tbody tr")).to_have_count(3)
    assert not problems, problems
