"""A phone's hand: nine tiles at 390x844 stay at least 40 px wide (two rows rather than narrower
tiles), every one on screen with the actions; "Sortieren" orders them by number and is kept."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.e2e.test_local import start_local
from tests.e2e.test_online import open_room
from tests.support.e2e import PHONE, open_local_save, watch

# Anna opened with 6|6, the computer answered 5|6: the ends are 6 and 5. Anna holds only 0, 1
# and 2, and the boneyard's first tiles fit neither end, so each "Ziehen" adds a tile.
NINE_AFTER_THREE_DRAWS = {
    "kind": "ziehdomino.local",
    "format": 1,
    "seats": [{"kind": "person", "name": "Anna"}, {"kind": "computer", "level": "leicht"}],
    "match": {"format": 1, "players": 2, "wins": [0, 0], "shared": [0, 0], "starters": [0], "version": 3,
              "deal": {"players": 2,
                       "hands": [["6|6", "2|2", "0|1", "1|2", "0|0", "1|1", "0|2"],
                                 ["5|6", "3|3", "3|4", "4|4", "3|5", "4|5", "5|5"]],
                       "boneyard": ["2|3", "0|3", "1|3", "0|4", "1|4", "2|4", "0|5", "0|6", "1|5", "1|6", "2|5",
                                    "2|6", "3|6", "4|6"],
                       "line": [], "turn": 0, "passes": 0},
              "actions": [{"type": "play", "tile": "6|6", "end": None},
                          {"type": "play", "tile": "5|6", "end": "right"}]},
}


def hand_tiles(page: Page) -> list[str]:
    return page.locator(".table .hand button[data-tile]").evaluate_all("(bs) => bs.map((b) => b.dataset.tile)")


def test_nine_tiles_on_a_phone_stay_wide_and_sort_by_number(server, new_context, screens):
    page = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    problems = watch(page)
    open_local_save(page, server.base, NINE_AFTER_THREE_DRAWS)
    draw = page.get_by_role("button", name="Ziehen", exact=True)
    for n in (7, 8, 9):
        expect(page.locator(".table .hand button[data-tile]")).to_have_count(n - 1)
        draw.click()
    expect(page.locator(".table .hand button[data-tile]")).to_have_count(9)
    assert hand_tiles(page) == ["2|2", "0|1", "1|2", "0|0", "1|1", "0|2", "2|3", "0|3", "1|3"]
    page.wait_for_timeout(100)
    boxes = page.locator(".table .hand button[data-tile] svg").evaluate_all(
        "(ss) => ss.map((s) => { const r = s.getBoundingClientRect(); return [r.left, r.top, r.width, r.bottom]; })")
    assert min(w for _, _, w, _ in boxes) >= 40, boxes
    assert len({round(top) for _, top, _, _ in boxes}) == 2, "nine tiles take two rows"
    assert max(bottom for *_, bottom in boxes) <= 844
    draw_box = draw.bounding_box()
    assert draw_box is not None and draw_box["y"] + draw_box["height"] <= 844

    sort = page.get_by_role("button", name="Sortieren")
    expect(sort).to_have_attribute("aria-pressed", "false")
    sort.click()
    expect(sort).to_have_attribute("aria-pressed", "true")
    assert hand_tiles(page) == ["0|0", "0|1", "0|2", "0|3", "1|1", "1|2", "1|3", "2|2", "2|3"]
    page.screenshot(path=str(screens / "hand-nine-sorted-390x844.png"))
    page.keyboard.press("1")  # the digits follow the order shown
    expect(page.get_by_role("button", name="Stein 0|0", exact=True)).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_role("button", name="Sortieren")).to_have_attribute("aria-pressed", "true")
    assert hand_tiles(page) == ["0|0", "0|1", "0|2", "0|3", "1|1", "1|2", "1|3", "2|2", "2|3"]
    page.get_by_role("button", name="Sortieren").click()
    assert hand_tiles(page) == ["2|2", "0|1", "1|2", "0|0", "1|1", "0|2", "2|3", "0|3", "1|3"]
    assert not problems, problems


def by_number(tiles: list[str]) -> list[str]:
    """"Sortieren"'s order (hand.js `sortedHand`): by the lower number, then by pips."""
    def key(tile: str) -> int:
        a, b = (int(x) for x in tile.split("|"))
        return min(a, b) * 100 + a + b
    return sorted(tiles, key=key)


def sort_and_reload(page: Page) -> None:
    """Presses "Sortieren", reloads: the hand comes back sorted and the button still pressed."""
    sort = page.get_by_role("button", name="Sortieren")
    expect(sort).to_have_attribute("aria-pressed", "false")
    sort.click()
    expect(sort).to_have_attribute("aria-pressed", "true")
    tiles = hand_tiles(page)
    assert tiles == by_number(tiles)
    page.reload()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(page.get_by_role("button", name="Sortieren")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".table .hand button[data-tile]")).to_have_count(len(tiles))
    assert hand_tiles(page) == tiles


def test_sortieren_outlives_a_reload_in_a_room(server, new_context):
    anna = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    problems = watch(anna)
    link = open_room(anna, server.base, "Anna")
    ben = new_context().new_page()
    ben.goto(link)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    expect(anna.get_by_role("heading", name="Runde 1")).to_be_visible()
    sort_and_reload(anna)
    assert not problems, problems


def test_sortieren_outlives_a_reload_on_lokal(server, new_context):
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    problems = watch(page)
    start_local(page, server.base, "Anna", 3)
    sort_and_reload(page)
    assert not problems, problems


def _fitting_save(first: int) -> dict:
    """A local game at Anna's turn holding 4|6: opened by ``first`` (0: Anna opened 6|6 and the
    computer answered 5|6 on the right, so 4|6 fits the left end only; 1: the computer opened
    6|6, so it fits both ends)."""
    hands = [["6|6", "2|2", "0|1", "1|2", "0|0", "4|6", "2|5"], ["5|6", "3|3", "3|4", "4|4", "3|5", "4|5", "5|5"]]
    if first == 1:
        hands = [hands[0][1:] + ["5|6"], [hands[0][0], *hands[1][1:]]]
        actions = [{"type": "play", "tile": "6|6", "end": None}]
    else:
        actions = [{"type": "play", "tile": "6|6", "end": None}, {"type": "play", "tile": "5|6", "end": "right"}]
    return {"kind": "ziehdomino.local", "format": 1,
            "seats": [{"kind": "person", "name": "Anna"}, {"kind": "computer", "level": "leicht"}],
            "match": {"format": 1, "players": 2, "wins": [0, 0], "shared": [0, 0], "starters": [first],
                      "version": len(actions) + 1,
                      "deal": {"players": 2, "hands": hands,
                               "boneyard": ["0|2", "0|3", "0|4", "0|5", "0|6", "1|1", "1|3", "1|4", "1|5", "1|6",
                                            "2|3", "2|4", "2|6", "3|6"],
                               "line": [], "turn": first, "passes": 0},
                      "actions": actions}}


def test_selecting_a_tile_that_fits_keeps_the_hand_where_it_is_on_a_phone(server, new_context, screens):
    """The placements of the selected tile take the place of "Ziehen" and "Passen" (disabled
    then by the rules, still there for screen readers): the hand does not move up under the
    finger. Before, the placements took a row of their own and the hand rose by 48-55 px. Each
    size and save in one page, the save loaded anew at that size."""
    tops_js = "(ss) => ss.map((s) => Math.round(s.getBoundingClientRect().top * 10) / 10)"
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=0")
    for w, h in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": w, "height": h})
        for first, names in ((0, ["4|6 links anlegen"]), (1, ["4|6 links anlegen", "4|6 rechts anlegen"])):
            page.evaluate("(text) => localStorage.setItem('ziehdomino.local', text)", json.dumps(_fitting_save(first)))
            page.reload()
            tile = page.get_by_role("button", name="Stein 4|6", exact=True)
            expect(tile).to_be_enabled()
            page.wait_for_timeout(150)
            tiles = page.locator(".table .hand button[data-tile]:not([data-tile='4|6'])")  # the others
            before = tiles.evaluate_all(tops_js)
            tile.click()
            for name in names:
                expect(page.get_by_role("button", name=name, exact=True)).to_be_in_viewport(ratio=1)
            assert tiles.evaluate_all(tops_js) == before, f"{w}x{h}, {len(names)} ends: the hand moved"
            for name in ("Ziehen", "Passen"):
                expect(page.get_by_role("button", name=name, exact=True)).to_be_disabled()
            page.screenshot(path=str(screens / f"hand-fits-{len(names)}-{w}x{h}.png"))
            page.get_by_role("button", name=names[-1], exact=True).click()
            expect(page.get_by_role("button", name="Stein 4|6", exact=True)).to_have_count(0)
    assert not problems, problems
