"""Tips ("Mit Tipps lernen", web/learn/tips.js): off at first; a preview does not count; three confirmed own
actions, then the tips end with their message; switching on again starts a new count; a
reload switches them off. Played from a fixed local save so that the person surely gets three
actions (seat 0 opens with 7 tiles; the computer needs 7 plays to go out)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.support.e2e import act_by_names, open_local_save, turn_state, watch
from ziehdomino.bots import decide
from ziehdomino.engine import Match, format_tile, parse_action, round_from_position, seat_view

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
    open_local_save(page, server.base, SAVE)
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
    open_local_save(page, server.base, SAVE, lang="en")
    page.get_by_role("switch", name="Learn with tips").check()
    expect(page.locator(".tip")).to_contain_text("the line is empty")
    expect(page.locator(".tip-count")).to_contain_text("3 more of 3")


# ---- the tip is Stark's choice, in Chromium too ---------------------------------------------

VECTORS = Path(__file__).resolve().parents[1] / "vectors"

_TIPS_IN_PAGE = """
async (views) => {
  const { loadTips, tipFor, tipSeed } = await import('/static/learn/tips.js');
  await loadTips();
  const { decide } = await import('/static/bots/index.js');
  return views.map((view) => {
    const tip = tipFor(view, 'de');
    const seed = tipSeed(view);
    return { action: tip.action, seed, stark: decide(view, 'stark', seed), text: tip.text, search: tip.search };
  });
}
"""


def recorded_views(limit: int) -> list[tuple[dict, list[list[str]]]]:
    """Views of the seat to act, with a choice, after every step of the recorded rounds; with
    every seat's real hand (to check that what a tip says of another hand is true)."""
    out = []
    for name in ("handed.json", "random-sample.json"):
        for case in json.loads((VECTORS / name).read_text())["cases"]:
            if not case.get("position"):
                continue
            rnd = round_from_position(case["position"])
            match = Match(rnd.players, first_round=rnd)
            for step in [*case["steps"], None]:
                if rnd.result is None:
                    view = seat_view(match, rnd.turn)
                    if len(view["legal"]) > 1 and len(out) < limit:
                        out.append((view, [[format_tile(t) for t in h] for h in rnd.hands]))
                if step is None or step.get("reject"):
                    continue
                match.apply(step["seat"], parse_action(step["action"]))
    return out


def _ends_after(view: dict, action: dict) -> tuple[int, int]:
    a, b = (int(x) for x in action["tile"].split("|"))
    if not view["ends"]:
        return a, b
    left, right = view["ends"]
    if action["end"] == "left":
        return (b if a == left else a), right
    return left, (b if a == right else a)


def _pips(tile: str) -> int:
    return sum(int(x) for x in tile.split("|"))


def _holding(tiles: list[str], ends: tuple[int, int]) -> int:
    return sum(1 for t in tiles if any(int(x) in ends for x in t.split("|")))


def _check_shut(view: dict, action: dict, s: str, m: re.Match[str], hands: list[list[str]] | None) -> None:
    """'Platz 2 hat keine 3 (hat bei 3 gezogen) …': the draw or pass is in the log, the numbers are
    open after the move, and (with the hands at hand) it is true."""
    seat = int(m[1]) - 1
    kind = "draw" if m[6] == "gezogen" else "pass"
    ends = [int(m[4]), int(m[5] or m[4])]
    assert any(e["seat"] == seat and e["type"] == kind and e.get("ends") == ends for e in view["log"]), s
    for n in (int(x) for x in (m[2], m[3]) if x is not None):
        assert n in _ends_after(view, action)
        if hands is not None:
            assert not any(str(n) in t.split("|") for t in hands[seat]), f"{s} is true"


def _check_chance(view: dict, found: dict, m: re.Match[str]) -> None:
    """'Stark hat mit diesem Zug in etwa k von 10 … gewonnen, mit a|b in etwa j von 10.'"""
    assert found["method"] == "sample"

    def tenth(c: dict) -> int:
        return int(10 * (2 * c["won"] + c["shared"]) / (2 * found["samples"]) + 0.5)

    chosen = next(c for c in found["candidates"] if c["index"] == found["choice"])
    assert int(m[1]) == tenth(chosen) > int(m[3])
    assert any(c is not chosen and view["legal"][c["index"]]["tile"] == m[2] and tenth(c) == int(m[3])
               for c in found["candidates"])


def check_tip_text(view: dict, got: dict, hands: list[list[str]] | None) -> None:
    """Every sentence of the tip is of a known kind and states what the view (and the search)
    shows; a claim about another hand is also true of that hand; no engine words."""
    action, found = got["action"], got["search"]
    sentences = re.findall(r"[^.]+\.", got["text"])
    assert " ".join(s.strip() for s in sentences) == got["text"]
    assert "Proben" not in got["text"] and "Verteilungen" not in got["text"]
    rest = [t for t in view["hand"] if t != action["tile"]]
    for s in (x.strip() for x in sentences):
        if m := re.fullmatch(r"Lege (\d\|\d) (links|rechts) an die (\d)\.", s):
            assert m[1] == action["tile"] and m[2] == {"left": "links", "right": "rechts"}[action["end"]]
            assert int(m[3]) == view["ends"][0 if action["end"] == "left" else 1]
        elif m := re.fullmatch(r"Lege (\d\|\d) an: Die Kette ist leer, jeder Stein passt\.", s):
            assert m[1] == action["tile"] and view["ends"] is None
        elif m := re.fullmatch(r"Danach liegen (?:(\d) und (\d)|zwei (\d)) offen, und dazu hast du noch (\d+) Steine: "
                               r"du kannst weiter anlegen\.", s):
            ends = _ends_after(view, action)
            assert (int(m[3]), int(m[3])) == ends if m[3] else (int(m[1]), int(m[2])) == ends
            assert int(m[4]) == _holding(rest, ends) >= 2
        elif m := re.fullmatch(r"Danach (?:hast du noch einen Stein für die offenen Enden (\d) und (\d)|"
                               r"liegen zwei (\d) offen, und dazu hast du noch einen Stein)\.", s):
            ends = _ends_after(view, action)
            assert (int(m[3]), int(m[3])) == ends if m[3] else (int(m[1]), int(m[2])) == ends
            assert _holding(rest, ends) == 1
        elif m := re.fullmatch(r"So geht der schwere (\d\|\d) \((\d+) Augen\) weg: bei einer Blockade zählen die "
                               r"Augen in deiner Hand\.", s):
            assert m[1] == action["tile"] and int(m[2]) == _pips(action["tile"]) >= 8
        elif m := re.fullmatch(r"Ein Doppelstein wie (\d\|\d) passt nur an eine Zahl; jetzt passt er\.", s):
            assert m[1] == action["tile"] and m[1][0] == m[1][2]
            assert view["ends"], "on the empty line every tile fits: no reason"
        elif m := re.fullmatch(r"Ein einfacher Grund sticht hier nicht heraus: Stark hat die möglichen Züge oft zu "
                               r"Ende gespielt, und mit diesem gewann er am häufigsten, in etwa (\d+) von 10 Fällen\.", s):
            assert found["method"] == "sample"
        elif m := re.fullmatch(r"Platz (\d) hat keine (\d)(?: und keine (\d))? \(hat bei (\d)(?: und (\d))? "
                               r"(gezogen|gepasst)\)(?: und muss nach diesem Zug ziehen oder passen|: an die \d kann "
                               r"Platz \d nicht anlegen)\.", s):
            _check_shut(view, action, s, m, hands)
        elif m := re.fullmatch(r"Den schwereren (\d\|\d) \((\d+) Augen\) behältst du hier, obwohl schwere Steine "
                               r"sonst früh weg sollen \(siehe Regeln\): der Grund davor wiegt hier mehr\.", s):
            assert any(a.get("tile") == m[1] for a in view["legal"])
            assert int(m[2]) == _pips(m[1]) >= max(8, _pips(action["tile"]) + 3)
        elif m := re.fullmatch(r"Stark hat mit diesem Zug in etwa (\d+) von 10 ausgespielten Fällen gewonnen, mit "
                               r"(\d\|\d)(?: (?:links|rechts))? in etwa (\d+) von 10\.", s):
            _check_chance(view, found, m)
        elif s.startswith("Der Vorrat ist leer, also kennst du alle Steine:"):
            assert found["method"] == "solve" and view["boneyard_count"] == 0 and view["players"] == 2
        elif m := re.fullmatch(r"Nur (\d\|\d) passt, und an beiden Enden ergibt er dieselben offenen Enden: es ist "
                               r"dein einziger Zug\.", s):
            assert found["method"] == "same" and m[1] == action["tile"]
        else:
            raise AssertionError(f"a sentence of no known kind: {s}")


def test_the_tip_is_starks_decision_in_chromium(server, new_context):
    cases = [(c["view"], None) for c in json.loads((VECTORS / "decisions.json").read_text())["cases"]]
    cases += recorded_views(400)
    page = new_context().new_page()
    page.goto(server.base + "/lokal?delay=0")
    got = page.evaluate(_TIPS_IN_PAGE, [v for v, _ in cases])
    assert len(got) >= 330  # 52 vector views and every recorded view with a choice
    for (view, hands), g in zip(cases, got):
        assert g["action"] in view["legal"]
        assert g["action"] == g["stark"], "the tip is what stark decides in the browser"
        check_tip_text(view, g, hands)
    # Python's stark makes the same decision from the same view and seed (a sample: it is slower).
    for (view, _), g in list(zip(cases, got))[::6]:
        assert decide(view, "stark", g["seed"]) == g["action"]
