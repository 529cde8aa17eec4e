"""Watching computers play each other ("Nur zuschauen") and the panel "Statistik". The local
rounds counted are moved on in Python to their last turns, which the page plays by names."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tests.e2e.test_local import start_local
from tests.support.e2e import act_by_names, axe_check, play_round, shoot, watch
from tests.support.shortcuts import advance_local_round


def test_watch_two_rounds_at_schnell_and_the_tally(server, new_context, screens):
    # the dark theme here, the light one below; no motion: the tally is the point
    page = new_context(color_scheme="dark", reduced_motion="reduce").new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal")
    page.get_by_role("link", name="Nur zuschauen").click()
    page.wait_for_url(re.compile(r"/zuschauen$"))
    page.goto(server.base + "/zuschauen?tempo=schnell")
    page.get_by_label("Anzahl Computer").select_option("3")
    page.get_by_role("group", name="Computer 1").get_by_label("Stufe").select_option("leicht")
    page.get_by_role("group", name="Computer 3").get_by_label("Stufe").select_option("stark")
    page.get_by_role("button", name="Zuschauen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(page.get_by_label("Tempo")).to_have_value("schnell")
    # closed hands at first; "Alle Hände zeigen" opens every one
    expect(page.locator("ul.players .open-hand:visible")).to_have_count(0)
    page.locator("section.table").get_by_label("Alle Hände zeigen").check()
    expect(page.locator("ul.players .open-hand:visible")).to_have_count(3)
    shoot(page, screens, "dark-watch", "section.table")

    tally = page.locator(".watch-tally")
    expect(tally).to_contain_text("2 Runden zu Ende geschaut", timeout=120_000)
    page.get_by_role("button", name="Anhalten").click()
    text = tally.inner_text()
    wins = [int(n) for n in re.findall(r"Computer \d: (\d+)", text)]
    assert len(wins) == 3, text
    rounds = int(re.search(r"(\d+) Runden zu Ende", text).group(1))
    assert rounds >= 2 and sum(wins) <= rounds
    # the cards count the same wins
    cards = page.locator("ul.players li").all_inner_texts()
    assert [int(re.search(r"Siege (\d+)", c).group(1)) for c in cards] == wins
    shared = [int(re.search(r"geteilt (\d+)", c).group(1)) for c in cards]
    assert sum(wins) + (1 if sum(shared) else 0) <= rounds and (sum(wins) == rounds or sum(shared) >= 2)

    # paused: nothing moves; "Ein Zug" plays exactly one action
    log = page.get_by_role("list", name="Verlauf").locator("li:not(.muted)")
    before = log.count()
    page.wait_for_timeout(1200)
    assert log.count() == before
    if page.get_by_role("heading", name="Rundenende").is_visible():
        page.get_by_role("button", name="Ein Zug").click()  # the next deal
        expect(page.get_by_role("heading", name=re.compile(r"^Runde \d+$"))).to_be_visible()
        before = 0
        expect(log).to_have_count(0)
    page.get_by_role("button", name="Ein Zug").click()
    expect(log).to_have_count(before + 1)
    page.wait_for_timeout(800)
    expect(log).to_have_count(before + 1)
    found: list[str] = []
    axe_check(page, "watch", found)
    assert not found, found
    assert not problems, problems


def test_local_statistics_count_rounds_and_reset(server, new_context, screens):
    page = new_context(reduced_motion="reduce").new_page()
    problems = watch(page)
    start_local(page, server.base, "Anna", 1)
    advance_local_round(page)  # the page dealt it; Python plays on to its last turns
    play_round([page], act_by_names)
    result = page.locator(".result-table tr.winner th").all_inner_texts()
    page.get_by_role("button", name="Statistik").click()
    panel = page.get_by_role("region", name="Statistik")
    expect(panel).to_be_visible()
    table = panel.get_by_role("table")
    expect(table.get_by_role("row", name=re.compile("Mittel, 2 Spieler"))).to_be_visible()
    cells = table.get_by_role("row", name=re.compile("Mittel, 2 Spieler")).get_by_role("cell").all_inner_texts()
    won, shared, lost, played = (int(c) for c in cells)
    assert played == 1 and won + shared + lost == 1
    assert (won == 1) == (result == ["Du (Anna)"] or result == ["Anna"]) or shared == 1
    assert panel.locator("svg.chart").get_attribute("aria-hidden") == "true"
    assert panel.locator("svg.chart rect.bar").count() >= 2  # one bar and the legend
    panel.scroll_into_view_if_needed()
    shoot(page, screens, "stats-local", "#stats-root")
    found: list[str] = []
    axe_check(page, "stats-local", found)
    assert not found, found

    # the next round counts too, and a reload keeps the count
    page.get_by_role("button", name="Nächste Runde").click()
    advance_local_round(page, seed=1)
    play_round([page], act_by_names)
    page.reload()
    page.get_by_role("button", name="Statistik").click()
    row = page.get_by_role("region", name="Statistik").get_by_role("row", name=re.compile("Mittel, 2 Spieler"))
    expect(row).to_be_visible()  # the panel loads when first opened
    cells = row.get_by_role("cell").all_inner_texts()
    assert int(cells[-1]) == 2
    page.get_by_role("button", name="Zurücksetzen").click()
    expect(page.get_by_role("region", name="Statistik")).to_contain_text("Noch keine Runde gezählt.")
    expect(page.locator(".stats-tools")).to_contain_text("Die Statistik ist zurückgesetzt.")
    assert not problems, problems
