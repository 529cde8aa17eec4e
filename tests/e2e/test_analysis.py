"""'Runde analysieren' (docs/analysis.md) as a player uses it, on a phone and a desktop: finish a
local round, open the analysis from the round's end, see the chart with its text alternative and
the marks, jump the replay to a decision and read the better move there, on the first screen. The
local rounds are moved on in Python to their last turns, which the page plays by names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.support.e2e import act_by_names, axe_check, settle, watch
from tests.support.shortcuts import advance_local_round


def on_screen(page: Page, selector: str, size: dict[str, int]) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], f"{selector}: {box}"


def finish_round(page: Page) -> None:
    link = page.get_by_role("link", name="Runde analysieren")
    for _ in range(300):
        if link.is_visible():
            return
        if "Du bist am Zug" in page.get_by_role("status").first.inner_text():
            act_by_names(page)
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_analyse_a_local_round_and_jump_to_a_decision(server, new_context, screens, size):
    page = new_context(viewport=size, reduced_motion="reduce").new_page()  # no motion: the analysis is the point
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=0")
    page.get_by_label("Dein Name").fill("Anna")
    page.get_by_role("button", name="Gegen Computer spielen").click()
    # A deal can leave the player no choice at all (every action forced): then the analysis has
    # nothing to show, and the next round of the same game is played and analysed instead.
    for n in range(6):
        expect(page.get_by_role("heading", name=f"Runde {n + 1}")).to_be_visible()
        advance_local_round(page, seed=n)  # Python plays on to the round's last turns, the page the rest
        finish_round(page)
        page.get_by_role("link", name="Runde analysieren").click()
        expect(page.locator(".an-summary")).to_be_visible(timeout=60_000)
        analysed = int(page.locator("#analysis").get_attribute("data-analysed") or "0")
        if analysed:
            break
        page.go_back()
        page.get_by_role("button", name="Nächste Runde").click()
    else:
        raise AssertionError("six rounds without a single choice for the player")
    chart = page.get_by_role("img", name="Deine Gewinnchance", exact=False)
    settle(page)
    on_screen(page, ".an-summary", size)
    expect(chart).to_be_visible()
    on_screen(page, ".an-chart", size)
    expect(page.locator(".an-chart circle")).to_have_count(analysed)
    marked = page.locator(".an-marked .an-decision")
    expect(page.locator(".an-chart circle.fehler, .an-chart circle.ungenau")).to_have_count(marked.count())
    if marked.count():
        target = marked.first
        expect(target).to_contain_text("Fehler" if "Fehler" in target.inner_text() else "Ungenauigkeit")
    else:
        page.locator(".an-all summary").click()
        target = page.locator(".an-all .an-decision").first
    # The chart's scale, in words a beginner reads.
    chart_box = page.locator("svg.an-chart")
    for word in ("100 gewonnen", "50 offen", "0 verloren"):
        expect(chart_box).to_contain_text(word)
    step = int(target.inner_text().split(":")[0].split()[-1])
    page.screenshot(path=str(screens / f"analysis-panel-{size['width']}x{size['height']}.png"))
    target.click()
    settle(page)
    note = page.locator(".an-note")
    expect(note).to_contain_text(f"Schritt {step}: du hast")
    # The note's step is the one the replay shows beside its slider.
    expect(page.get_by_role("slider", name="Schritt")).to_have_value(str(step))
    expect(page.locator(".replay-step")).to_contain_text(f"Schritt {step} von ")
    box = note.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], box
    page.screenshot(path=str(screens / f"analysis-jump-{size['width']}x{size['height']}.png"))
    found: list[str] = []
    axe_check(page, "analysis", found)
    assert not found, found
    assert not problems, problems


VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "analysis.json"


def test_a_replay_file_is_analysed_with_pythons_numbers(server, new_context):
    """A round opened from a file (/ansehen) is analysed in Chromium with the numbers Python
    stored for it (tests/vectors/analysis.json): the same marks, the same exact labels."""
    case = next(c for c in json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]
                if any(d["mark"] for d in c["analysis"]) and any(d["method"] == "exact" for d in c["analysis"]))
    players = case["record"]["players"]
    seats = [{"kind": "person", "name": "Anna"}] + [{"kind": "computer", "name": None, "level": "stark"}] * (players - 1)
    text = json.dumps({**case["record"], "seats": seats})
    page = new_context().new_page()
    problems = watch(page)
    page.goto(server.base + "/ansehen")
    page.get_by_label("Datei öffnen").set_input_files(
        files=[{"name": f"{case['id']}.json", "mimeType": "application/json", "buffer": text.encode()}])
    page.get_by_role("button", name="Runde analysieren").click()
    expect(page.locator(".an-summary")).to_be_visible(timeout=60_000)
    analysis = case["analysis"]
    expect(page.locator(".an-all .an-decision")).to_have_count(len(analysis))
    marked = [d for d in analysis if d["mark"]]
    expect(page.locator(".an-marked .an-decision")).to_have_count(len(marked))
    lines = page.locator(".an-all .an-decision").all_text_contents()
    for d, line in zip(analysis, lines):
        assert line.startswith(f"Schritt {d['step']}: "), line
        if d["method"] == "exact":
            word = ["sicher verloren", "geteilt", "sicher gewonnen"][d["moves"][d["played"]]["score"]]
            assert word in line, line
        else:
            assert f"etwa {int(d['chance_played'] + 0.5)} von 100" in line, line  # JavaScript's Math.round
    assert not problems, problems


def test_a_local_round_is_analysed_offline(server, new_context):
    """Once the service worker holds the app, a finished local round is analysed without the
    network (the replay page and the analysis are kept offline, sw.js)."""
    ctx = new_context(viewport=PHONE, service_workers="allow")
    page = ctx.new_page()
    page.goto(server.base + "/lokal?delay=0")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.get_by_label("Dein Name").fill("Anna")
    page.get_by_role("button", name="Gegen Computer spielen").click()
    finish_round(page)
    href = page.get_by_role("link", name="Runde analysieren").get_attribute("href")
    page.reload()
    page.wait_for_load_state("networkidle")
    ctx.set_offline(True)
    page.goto(server.base + href)
    expect(page.locator(".an-summary")).to_be_visible(timeout=60_000)
    expect(page.get_by_role("heading", name="Runde analysieren")).to_be_visible()
    ctx.set_offline(False)
