"""The table's motion and sound: a drawn or placed tile flies to its place (a copy over the
board, at most 300 ms, none with reduced motion), a click during a flight still does what it
says, and with "Ton" on each placement, draw, turn and round's end makes its own sound (Web Audio
stubbed to record the tones), none with "Ton" off. Starts from the fixed save in which Anna must
draw, draw again and then play (test_one_move_per_click.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_one_move_per_click import MUST_DRAW_THEN_PLAY
from tests.e2e.test_table_view import wait_settled
from tests.support.e2e import act_by_names, settle, turn_state, watch

#: Watches for the first flight that starts from now on (window.__flight, a promise): how many
#: motion animations it made, and the longest one's length in ms (null when none came within
#: `wait` ms). The page's animations are caught as they are made (Element.animate), not looked
#: for at a later frame, where a busy machine may have let a 300 ms flight land already. With
#: `hold`, each is paused as it is made, so the flight stays in the air until the test ends it.
NEXT_FLIGHT_JS = """([wait, hold]) => { window.__flight = new Promise((done) => {
  const made = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const run = animate.call(this, frames, options);
    if (options?.id === 'motion') {
      if (hold) run.pause();
      made.push(run);
    }
    return run;
  };
  const until = performance.now() + wait;
  const look = () => {
    if (!made.length && performance.now() <= until) return requestAnimationFrame(look);
    Element.prototype.animate = animate;
    done(made.length ? { runs: made.length, ms: Math.max(...made.map((a) => a.effect.getTiming().duration)) } : null);
  };
  requestAnimationFrame(look);
}); }"""

#: Counts every flight seen from now on (window.__flights), looked for at every frame.
COUNT_FLIGHTS_JS = """() => {
  window.__flights = 0;
  const seen = new Set();
  const look = () => {
    for (const a of document.getAnimations()) if (a.id === 'motion' && !seen.has(a)) { seen.add(a); window.__flights += 1; }
    requestAnimationFrame(look);
  };
  look();
}"""

#: No flight runs, and the copy that flew is see-through again.
NO_FLIGHT_LEFT = """() => !document.getAnimations().some((a) => a.id === 'motion')
  && [...document.querySelectorAll('.flyer')].every((f) => getComputedStyle(f).opacity === '0')"""

#: Web Audio that records the frequency of every tone started (window.__tones).
AUDIO_STUB = """
  window.__tones = [];
  window.AudioContext = class {
    constructor() { this.currentTime = 0; this.destination = {}; this.state = 'running'; }
    resume() { return Promise.resolve(); }
    createOscillator() {
      const osc = { frequency: {}, connect: (g) => g, start() { window.__tones.push(osc.frequency.value); }, stop() {} };
      return osc;
    }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
  };
"""


def open_save(page: Page, base: str, delay: int) -> None:
    """The table at MUST_DRAW_THEN_PLAY (Anna to draw), the computer acting after `delay` ms."""
    page.goto(f"{base}/lokal?delay={delay}")
    page.evaluate("(text) => localStorage.setItem('ziehdomino.local', text)", json.dumps(MUST_DRAW_THEN_PLAY))
    page.reload()
    expect(page.get_by_role("button", name="Ziehen", exact=True)).to_be_enabled()
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/table/motion.js'))")
    settle(page)  # motion.js is loaded and made


def hand_tiles(page: Page) -> list[str]:
    return page.get_by_role("group", name="Deine Hand").get_by_role("button").all_inner_texts()


def test_a_draw_and_a_placement_fly_and_land(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    open_save(page, server.base, delay=400)
    # Anna's own draw: 0|3 flies from the boneyard into her hand.
    page.evaluate(NEXT_FLIGHT_JS, [3000, False])
    page.get_by_role("button", name="Ziehen", exact=True).click()
    seen = page.evaluate("window.__flight")
    assert seen and seen["runs"] >= 1 and 0 < seen["ms"] <= 300, seen
    page.wait_for_function(NO_FLIGHT_LEFT)
    assert "Stein 0|3" in hand_tiles(page)
    # The second draw, then 2|6 placed on the left: it flies from the hand to the line.
    page.get_by_role("button", name="Ziehen", exact=True).click()
    expect(page.get_by_role("button", name="Stein 2|6", exact=True)).to_be_visible()
    page.get_by_role("button", name="Stein 2|6", exact=True).click()
    page.evaluate(NEXT_FLIGHT_JS, [3000, False])
    page.get_by_role("button", name="2|6 links anlegen", exact=True).click()
    seen = page.evaluate("window.__flight")
    assert seen and 0 < seen["ms"] <= 300, seen
    # The computer's answer flies too (from its card, or a face-down tile to its card).
    page.evaluate(NEXT_FLIGHT_JS, [5000, False])
    seen = page.evaluate("window.__flight")
    assert seen and 0 < seen["ms"] <= 300, seen
    # Landed, once the computer is done (it may draw before it plays, each a flight of its own):
    # no copy left, every tile of the line shown whole and in place.
    expect(page.get_by_role("status")).to_contain_text("Du bist am Zug")
    page.wait_for_function(NO_FLIGHT_LEFT)
    assert page.evaluate("[...document.querySelectorAll('ol.line li')].every((li) => getComputedStyle(li).opacity === '1')")
    assert not problems, problems


def test_no_flight_with_reduced_motion(server, new_context):
    page = new_context(reduced_motion="reduce").new_page()
    problems = watch(page)
    open_save(page, server.base, delay=0)
    page.evaluate(COUNT_FLIGHTS_JS)
    page.get_by_role("button", name="Ziehen", exact=True).click()
    page.get_by_role("button", name="Ziehen", exact=True).click()
    page.get_by_role("button", name="Stein 2|6", exact=True).click()
    page.get_by_role("button", name="2|6 links anlegen", exact=True).click()
    wait_settled(page)
    assert page.evaluate("window.__flights") == 0
    assert page.evaluate("document.getAnimations().filter((a) => a.id === 'motion').length") == 0
    assert not problems, problems


def test_a_click_during_a_flight_is_not_lost(server, new_context):
    page = new_context().new_page()
    problems = watch(page)
    open_save(page, server.base, delay=0)
    page.evaluate(NEXT_FLIGHT_JS, [3000, True])
    page.get_by_role("button", name="Ziehen", exact=True).click()
    # Held in the air: the drawn tile still waits see-through at its place, its copy over the board.
    assert page.evaluate("window.__flight")
    drawn = page.get_by_role("button", name="Stein 0|3", exact=True)
    assert page.evaluate("getComputedStyle(document.querySelector('button[data-tile=\"0|3\"]')).opacity") == "0"
    drawn.click()  # the same button, taking the click
    expect(drawn).to_have_attribute("aria-pressed", "true")
    other = page.get_by_role("button", name="Stein 0|1", exact=True)
    other.click()
    expect(other).to_have_attribute("aria-pressed", "true")
    # And by keyboard: "Z" draws once more while the first flight is still held.
    other.click()  # unselected again
    page.keyboard.press("z")
    expect(page.get_by_role("button", name="Stein 2|6", exact=True)).to_be_visible()
    assert not problems, problems


def test_screenshot_of_a_move_in_flight(server, new_context, screens: Path):
    """A computer's move and the person's own, each held halfway, at each size (one page, the
    save loaded anew at each)."""
    page = new_context().new_page()
    for width, height in [(390, 844), (1280, 800), (360, 640), (1440, 900)]:
        page.set_viewport_size({"width": width, "height": height})
        open_save(page, server.base, delay=1500)  # the own move is held before the answer comes
        shoot_flights(page, screens, f"{width}x{height}")


def hold_halfway(page: Page) -> None:
    """Every flight in the air to 45 % of its way, drawn."""
    page.evaluate("""() => document.getAnimations().filter((a) => a.id === 'motion')
        .forEach((a) => { a.currentTime = a.effect.getTiming().duration * 0.45; })""")
    settle(page)


def shoot_flights(page: Page, screens: Path, size: str) -> None:
    """From the save: Anna draws twice and plays; the computer's answer and then her next
    placement are screenshotted halfway."""
    page.get_by_role("button", name="Ziehen", exact=True).click()
    page.get_by_role("button", name="Ziehen", exact=True).click()
    page.get_by_role("button", name="Stein 2|6", exact=True).click()
    page.get_by_role("button", name="2|6 links anlegen", exact=True).click()
    page.wait_for_function(NO_FLIGHT_LEFT)
    # The computer's move, held halfway.
    page.evaluate(NEXT_FLIGHT_JS, [5000, True])
    assert page.evaluate("window.__flight")
    hold_halfway(page)
    page.screenshot(path=str(screens / f"motion-computer-{size}.png"))
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    wait_settled(page)
    # The person's own placement, held halfway.
    tiles = page.get_by_role("group", name="Deine Hand").locator("button.playable")
    if tiles.count():
        tile = tiles.first.get_attribute("data-tile")
        tiles.first.click()
        place = page.get_by_role("group", name="Anlegen").get_by_role("button").first
        page.evaluate(NEXT_FLIGHT_JS, [3000, True])
        place.click()
        assert page.evaluate("window.__flight"), tile
        hold_halfway(page)
        page.screenshot(path=str(screens / f"motion-own-{size}.png"))


def sound_counts(page: Page) -> dict[str, int]:
    """Tones started per sound (by each sound's first tone, sound.js SOUNDS)."""
    return page.evaluate("""async () => {
      const { SOUNDS } = await import('/static/table/sound.js');
      const out = {};
      for (const [name, tones] of Object.entries(SOUNDS)) out[name] = window.__tones.filter((f) => f === tones[0][0]).length;
      return out;
    }""")


def counts_on_table(page: Page) -> tuple[int, int]:
    """(tiles in the line, tiles in the boneyard) as the table shows them."""
    line = page.locator("ol.line li").count()
    boneyard = page.locator(".boneyard").inner_text()
    digits = "".join(c for c in boneyard if c.isdigit())
    return line, int(digits or 0)


def test_sound_for_every_event_with_ton_on_and_none_with_it_off(server, new_context):
    ctx = new_context()
    ctx.add_init_script(AUDIO_STUB)
    page = ctx.new_page()
    problems = watch(page)
    open_save(page, server.base, delay=30)
    # "Ton" off (the default): moves make no sound.
    page.get_by_role("button", name="Ziehen", exact=True).click()
    expect(page.get_by_role("button", name="Stein 0|3", exact=True)).to_be_visible()
    assert page.evaluate("window.__tones.length") == 0
    page.get_by_role("switch", name="Ton").check()
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/table/sound.js'))")
    settle(page)  # sound.js is loaded and made
    line0, bone0 = counts_on_table(page)
    turns = 0
    while turn_state(page) != "over":
        if turn_state(page) == "mine":
            act_by_names(page)
            turns += 1
        wait_settled(page)
    settle(page)
    line1, bone1 = counts_on_table(page)
    heard: dict[str, Any] = sound_counts(page)
    assert heard["place"] == line1 - line0, (heard, line0, line1)
    assert heard["draw"] == bone0 - bone1, (heard, bone0, bone1)
    assert heard["round"] == 1 and heard["match"] == 0, heard
    # The turn came back after every action of Anna's that passed it on (at least the last one but the end).
    assert 1 <= heard["turn"] <= turns, (heard, turns)
    assert not problems, problems
