"""Shortcuts for the browser tests whose point is not the way there: the local game that the page
dealt and saved is moved on by random legal moves (the Python engine), so that the page plays
only the round's last turns itself; a room is opened through the API and its opener's page
starts with the seat in its storage, as the start page's form leaves it; a round is played by
pages through the DOM, one call a move, rather than by roles and names."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from playwright.sync_api import Page

from ziehdomino.engine import parse_action, round_from_position
from ziehdomino.engine.actions import action_to_json

from tests.support.server import room_body


def open_room_by_api(base: str, name: str = "Anna", seats: int = 2, turn_time: int | None = 60) -> dict[str, Any]:
    """A room of ``seats`` people opened by ``name`` (``POST /api/rooms``); its answer."""
    made = httpx.post(base + "/api/rooms", headers={"origin": base}, json=room_body(["person"] * seats, name, turn_time),
                      timeout=60)
    assert made.status_code == 201, made.text
    return made.json()


def seated_page(new_context: Any, base: str, made: dict[str, Any], **options: Any) -> Page:
    """A page in a browser of its own that holds the seat of ``made`` (an answer that seated
    someone) in its storage; not yet at the room (``made["room"]``), so that it can be watched first."""
    seat = {"name": f"ziehdomino.seat.{made['room']}",
            "value": json.dumps({"seat": made["seat"], "credential": made["credential"]})}
    page = new_context(storage_state={"cookies": [], "origins": [{"origin": base, "localStorage": [seat]}]},
                       **options).new_page()
    return page


def advance_local_round(page: Page, person_turns: int = 2, seed: int = 0) -> int:
    """Once it is the person's turn (seat 0) at the page's local table: add to its saved round the
    moves of one random continuation up to ``person_turns`` turns of the person before that
    continuation's end, and reload the page, which resumes there. Returns the moves added."""
    page.wait_for_function("() => document.querySelector('[role=status]')?.innerText.includes('Du bist am Zug')")
    save = json.loads(page.evaluate("localStorage.getItem('ziehdomino.local')"))
    state = save["match"]
    rnd = round_from_position(state["deal"])
    for raw in state["actions"]:
        rnd.apply(rnd.turn, parse_action(raw))
    assert rnd.turn == 0 and not rnd.is_over, "the person's turn"
    rng = random.Random(seed)
    rest, turns = [], []  # the continuation; where each of the person's turns starts in it
    while not rnd.is_over:
        if rnd.turn == 0 and (not rest or rest[-1][0] != 0):
            turns.append(len(rest))
        action = rng.choice(rnd.legal_actions(rnd.turn))
        rest.append((rnd.turn, action))
        rnd.apply(rnd.turn, action)
    cut = turns[-person_turns] if len(turns) >= person_turns else 0
    state["actions"] += [action_to_json(a) for _, a in rest[:cut]]
    state["version"] += cut
    page.evaluate("(text) => localStorage.setItem('ziehdomino.local', text)", json.dumps(save))
    page.reload()
    return cut


#: One step of a page at its table, in one call: 'over', 'other' (not its turn), or its move made
#: through the DOM (the first of Ziehen, Passen, a playable tile at its first place), with the
#: history's text before it. No role or name is looked up: the playing is not the point.
STEP_JS = """async () => {
    const status = document.querySelector('section.table [role=status]')?.innerText || '';
    if (status.includes('Die Runde ist vorbei')) return { state: 'over' };
    if (!status.includes('Du bist am Zug')) return { state: 'other' };
    const me = document.querySelector('section.table .me');
    const before = [...document.querySelectorAll('ol.log')].pop()?.innerText ?? '';
    const [draw, pass] = me.querySelectorAll('.actions button');
    if (!draw.disabled || !pass.disabled) {
        (draw.disabled ? pass : draw).click();
        return { state: 'moved', before };
    }
    const tile = me.querySelector('.hand button[data-tile].playable');
    tile.click();
    for (let i = 0; i < 100; i++) {
        const place = me.querySelector(`.placements button[data-tile="${tile.dataset.tile}"]`);
        if (place) { place.click(); return { state: 'moved', before }; }
        await new Promise((done) => requestAnimationFrame(done));
    }
    throw new Error(`no place for ${tile.dataset.tile}`);
}"""


def play_quickly(pages: list[Page], timeout: float = 240.0) -> int:
    """Plays the round to its end as play_round does, each move in one call (STEP_JS) rather than
    by roles and names: for tests whose point is not the playing. Returns the moves made."""
    deadline = time.monotonic() + timeout
    moves = 0
    while time.monotonic() < deadline:
        steps = [page.evaluate(STEP_JS) for page in pages]
        if all(s["state"] == "over" for s in steps):
            return moves
        moved = [(page, s) for page, s in zip(pages, steps) if s["state"] == "moved"]
        for page, step in moved:
            moves += 1
            page.wait_for_function(
                "(before) => { const l = [...document.querySelectorAll('ol.log')].pop(); return !l || l.innerText !== before; }",
                arg=step["before"], timeout=20_000)
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"round did not end in {timeout}s")
