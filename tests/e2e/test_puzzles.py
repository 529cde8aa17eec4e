"""The puzzles page (/aufgaben, docs/puzzles.md) as a player uses it: the daily puzzle solved with
the keyboard alone (progress and streak kept over a reload), a wrong move answered and taken
back, the solution shown, the board on a phone's first screen, the page offline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.support.e2e import axe_check, press_by_keyboard, shoot, watch

FILE = Path(__file__).resolve().parents[2] / "src" / "ziehdomino" / "web" / "learn" / "puzzles.json"
PUZZLES: list[dict[str, Any]] = json.loads(FILE.read_text(encoding="utf-8"))["puzzles"]
BY_ID = {p["id"]: p for p in PUZZLES}


def name_of(step: dict[str, Any]) -> str:
    """The button name of a move of the winning line ("4|5 rechts anlegen", "Passen")."""
    if step.get("pass"):
        return "Passen"
    a, b = step["tile"]
    return f"{a}|{b} {'rechts' if step['end'] == 'right' else 'links'} anlegen"


def on_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], f"{selector} is off the first screen: {box}"


def test_the_daily_puzzle_is_solved_with_the_keyboard_and_counts(server, new_context, screens):
    page = new_context(viewport=PHONE).new_page()
    problems = watch(page)
    page.goto(server.base + "/aufgaben")
    expect(page.get_by_role("heading", name="Aufgabe des Tages", exact=False)).to_be_visible()
    for part in ("#pz-other", "#pz-line", ".pz-move", "#pz-status", "#pz-show"):
        on_screen(page, part)
    daily = BY_ID[page.locator("#pz-daily").get_attribute("href").lstrip("#")]
    shoot(page, screens, "puzzle-daily")
    found: list[str] = []
    axe_check(page, "puzzles", found)
    assert not found, found
    for step in daily["answer"]:
        if "Gelöst" in page.get_by_role("status").inner_text():
            break
        if step["seat"] == daily["to_move"]:
            press_by_keyboard(page, page.get_by_role("button", name=name_of(step), exact=True))
    expect(page.get_by_role("status")).to_contain_text("Gelöst!")
    expect(page.locator("#pz-streak")).to_have_text("Aufgabe des Tages gelöst: 1 Tag in Folge")
    page.reload()
    expect(page.locator("#pz-streak")).to_have_text("Aufgabe des Tages gelöst: 1 Tag in Folge")
    total = sum(p["series"] == daily["series"] for p in PUZZLES)
    expect(page.locator("#pz-series")).to_contain_text(f"1 von {total} gelöst")
    # "Nächste Aufgabe" goes on with the first unsolved puzzle of the easiest series.
    einstieg = [p for p in PUZZLES if p["series"] == "einstieg"]
    first = next(p for p in einstieg if p["id"] != daily["id"])
    page.get_by_role("button", name="Nächste Aufgabe").click()
    expect(page).to_have_url(f"{server.base}/aufgaben#{first['id']}")
    n = einstieg.index(first) + 1
    expect(page.get_by_role("heading", name=f"Einstieg: Aufgabe {n} von {len(einstieg)}", exact=False)).to_be_visible()
    assert not problems, problems


def test_a_wrong_move_is_answered_and_taken_back_and_the_solution_shown(server, new_context, screens):
    page = new_context().new_page()
    problems = watch(page)
    p = next(q for q in PUZZLES if q["series"] == "meister" and q["decoys"] > 0)
    page.goto(f"{server.base}/aufgaben#{p['id']}")
    expect(page.get_by_role("heading", name="Meister", exact=False)).to_be_visible()
    right = name_of({"tile": p["solution"]["tile"], "end": p["solution"]["end"]})
    moves = [b.get_attribute("aria-label") for b in page.locator(".pz-move").all()]
    wrong = next(m for m in moves if m != right)
    page.get_by_role("button", name=wrong, exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Stark ")
    expect(page.get_by_role("status")).to_contain_text("nicht mehr sicher")
    page.get_by_role("button", name="Zug zurücknehmen").click()
    expect(page.get_by_role("status")).to_have_text("Du bist am Zug. Welcher Zug gewinnt sicher?")
    expect(page.get_by_role("button", name="Zug zurücknehmen")).to_be_hidden()
    page.get_by_role("button", name="Lösung zeigen").click()
    expect(page.locator("#pz-solution-first")).to_have_text(f"Der Zug: {right}.")
    expect(page.locator("#pz-solution-steps li")).to_have_count(len(p["answer"]))
    expect(page.locator("#pz-solution-not li").first).to_contain_text("Nicht ")
    # Each own move of the winning line has its own reason, never one sentence for all.
    own = [x for x in page.locator("#pz-solution-steps li").all_text_contents() if x.startswith("Du legst")]
    assert not any("So bleibt der Sieg sicher" in x for x in own), own
    assert len({x.split(". ", 1)[1] for x in own}) == len(own), own
    shoot(page, screens, "puzzle-solution", "#pz-board")
    assert not problems, problems


def test_the_puzzles_work_offline_once_loaded(server, new_context):
    ctx = new_context(service_workers="allow")
    page = ctx.new_page()
    page.goto(server.base + "/aufgaben")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_load_state("networkidle")
    ctx.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="Aufgabe des Tages", exact=False)).to_be_visible()
    expect(page.locator(".pz-move").first).to_be_visible()
    ctx.set_offline(False)


def test_the_largest_puzzle_fits_a_small_phone(server, new_context):
    """The puzzle with the most tiles in the player's hand: every move, the status and the
    solution button on the first screen of a 360×640 phone."""
    p = max(PUZZLES, key=lambda q: (len(q["hands"][q["to_move"]]), len(q["hands"][1 - q["to_move"]])))
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    page.goto(f"{server.base}/aufgaben#{p['id']}")
    expect(page.locator(".pz-move").first).to_be_visible()
    for i in range(page.locator(".pz-move").count()):
        on_screen(page, f".pz-move >> nth={i}")
    for part in ("#pz-other", "#pz-line", "#pz-status", "#pz-show"):
        on_screen(page, part)


def test_an_empty_hand_is_said_in_words(server, new_context):
    """The last tile played: "Du hast keinen Stein mehr", never "0 Steine (0 Augen)"."""
    page = new_context().new_page()
    # a puzzle whose winning line plays every tile of the player's hand
    p = next(q for q in PUZZLES if len(q["hands"][q["to_move"]])
             == sum(1 for s in q["answer"] if s["seat"] == q["to_move"] and not s.get("pass")))
    page.goto(f"{server.base}/aufgaben#{p['id']}")
    for step in p["answer"]:
        if step["seat"] == p["to_move"] and not step.get("pass"):
            page.get_by_role("button", name=name_of(step), exact=True).click()
    expect(page.locator("#pz-mine-h")).to_have_text("Du hast keinen Stein mehr")
    expect(page.locator("#pz-other-h")).not_to_contain_text("0 Augen")
