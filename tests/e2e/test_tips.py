"""Tips ("Mit Tipps lernen", web/tips.js): off at first; a preview does not count; three confirmed own
actions, then the tips end with their message; switching on again starts a new count; a
reload switches them off. Played from a fixed local save so that the person surely gets three
actions (seat 0 opens with 7 tiles; the computer needs 7 plays to go out)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from tests.support.e2e import act_by_names, turn_state, watch

DEAL = {
    "players": 2,
    "hands": [["6|6", "5|6", "1|2", "0|3", "4|4", "2|5", "0|0"], ["3|6", "1|1", "2|4", "0|5", "3|3", "1|5", "2|2"]],
    "boneyard": ["0|1", "0|2", "0|4", "0|6", "1|3", "1|4", "1|6", "2|3", "2|6", "3|4", "3|5", "4|5", "4|6", "5|5"],
    "line": [],
    "turn": 0,
    "passes": 0,
}
SAVE = {
    "kind": "ziehdomino.local",
    "format": 1,
    "seats": [{"kind": "person", "name": "Anna"}, {"kind": "computer", "level": "leicht"}],
    "match": {"format": 1, "players": 2, "wins": [0, 0], "shared": [0, 0], "starters": [0], "version": 1,
              "deal": DEAL, "actions": []},
}


def count_text(page: Page) -> str:
    return page.locator(".tip-count").inner_text()


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function("() => document.querySelector('[role=status]').innerText.includes('Du bist am Zug')")


def check_tip_matches_the_table(page: Page) -> None:
    """The tip names a tile in hand; that tile (and, on a non-empty line, that end) is highlighted."""
    text = page.locator(".tip").inner_text()
    m = re.match(r"Lege (\d\|\d) (?:(links|rechts) )?an", text)
    if m is None:
        assert re.match(r"(Ziehe|Passe)", text), text
        return
    tile, end = m.groups()
    expect(page.get_by_role("button", name=f"Stein {tile}", exact=True)).to_have_class(re.compile("tip-tile"))
    assert page.locator(".tip-tile").count() == 1
    if end:
        chip = page.locator(".tip-end")
        expect(chip).to_have_count(1)
        expect(chip).to_contain_text("Links" if end == "links" else "Rechts")


def test_tips_three_actions_preview_restart_reload(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=0")
    page.evaluate("(save) => localStorage.setItem('ziehdomino.local', save)", json.dumps(SAVE))
    page.reload()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    wait_for_my_turn(page)
    switch = page.get_by_role("switch", name="Mit Tipps lernen")
    expect(switch).not_to_be_checked()
    expect(page.locator(".tip")).to_be_empty()

    switch.check()
    expect(page.locator(".tip-count")).to_contain_text("noch 3 von 3")
    expect(page.locator(".tip")).to_contain_text("Die Kette ist leer")
    check_tip_matches_the_table(page)

    # A preview is not a move: select and unselect a tile; the count stays at 3.
    tile = page.get_by_role("button", name="Stein 1|2", exact=True)
    tile.click()
    expect(tile).to_have_attribute("aria-pressed", "true")
    tile.click()
    expect(tile).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".tip-count")).to_contain_text("noch 3 von 3")

    for left in (2, 1):
        act_by_names(page)
        wait_for_my_turn(page)
        expect(page.locator(".tip-count")).to_contain_text(f"noch {left} von 3")
        check_tip_matches_the_table(page)
        expect(switch).to_be_checked()
    act_by_names(page)
    expect(switch).not_to_be_checked()
    expect(page.locator(".tip")).to_contain_text("jederzeit wieder einschalten")
    expect(page.locator(".tip-tile")).to_have_count(0)

    assert turn_state(page) != "over"  # 7 tiles each: nobody can be out after three plays
    switch.check()
    expect(page.locator(".tip-count")).to_contain_text("noch 3 von 3")  # a new count
    page.reload()
    expect(page.get_by_role("switch", name="Mit Tipps lernen")).not_to_be_checked()  # off after a reload
    expect(page.locator(".tip")).to_be_empty()
    assert not problems, problems


def test_tips_speak_english_too(server, new_context):
    page = new_context().new_page()
    page.goto(server.base + "/lokal?delay=0")
    page.evaluate("(save) => localStorage.setItem('ziehdomino.local', save)", json.dumps(SAVE))
    page.evaluate("localStorage.setItem('ziehdomino.lang', 'en')")
    page.reload()
    page.get_by_role("switch", name="Learn with tips").check()
    expect(page.locator(".tip")).to_contain_text("the line is empty")
    expect(page.locator(".tip-count")).to_contain_text("3 more of 3")
