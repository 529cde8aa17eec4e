"""Playing at the table in a :class:`~tests.support.remote_window.Window` (Firefox, WebKit) as a
person does: read the status and the reasons the page gives, click buttons by their names.
The same choices as the Chromium helpers in ``tests.support.e2e``."""

from __future__ import annotations

import re
import time
from typing import Any, Callable

from tests.support.remote_window import Window

#: Whose turn it is ('mine', 'over', 'other'; 'none' before the table) and the history so far.
TURN_JS = """() => {
  const status = [...document.querySelectorAll('[role=status]')].find((s) => s.getClientRects().length);
  const text = status ? status.innerText : '';
  const log = [...document.querySelectorAll('ol.log')].pop();
  const state = /Die Runde ist vorbei/.test(text) ? 'over' : /Du bist am Zug/.test(text) ? 'mine' : text ? 'other' : 'none';
  return {state, history: log ? log.innerText : ''};
}"""

#: The accessible description of a button (why it is disabled).
DESCRIPTION_JS = """(el) => (el.getAttribute('aria-describedby') || '').split(/\\s+/)
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ')"""

#: Everything the table shows, as text: to compare before and after a reload.
SNAPSHOT_JS = """() => {
  const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText.replace(/\\s+/g, ' ').trim());
  return {status: texts('[role=status]').join(' '), line: texts('.line li'), hand: texts('.hand button'),
          history: texts('ol.log li'), heading: texts('h2')};
}"""


#: The sentences at the table (status, the newest history entries, the others' cards, the
#: preview) in which a tile's name ("3|5") is split over two lines at some width: each
#: sentence's box is set to every width from 120 px to 900 px in steps of 3 px (the engine
#: breaks its lines anew), then given back its own.
SPLIT_TILES_JS = r"""() => {
  const split = (el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/\d\|\d/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + 3);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
        if (new Set(tops).size > 1) return true;
      }
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll('.status, ol.log li:nth-last-child(-n+3), .deed, .preview')) {
    if (!el.getClientRects().length || !/\d\|\d/.test(el.textContent)) continue;
    const style = el.getAttribute('style');
    el.style.display = 'inline-block';
    for (let w = 120; w <= 900; w += 3) {
      el.style.width = `${w}px`;
      if (split(el)) {
        out.push(`${w}px: ${el.textContent}`);
        break;
      }
    }
    if (style === null) el.removeAttribute('style');
    else el.setAttribute('style', style);
  }
  return out;
}"""


def split_tile_names(window: Window) -> list[str]:
    """The sentences at the table in which a tile's name is split over two lines at some width."""
    return list(window.run(SPLIT_TILES_JS))


def turn(window: Window) -> dict[str, str]:
    """``{"state": ..., "history": ...}`` as the page says it now."""
    return dict(window.run(TURN_JS))


def snapshot(window: Window) -> dict[str, Any]:
    return dict(window.run(SNAPSHOT_JS))


def act(window: Window) -> str:
    """One action, chosen from what the page says and done by clicking buttons by their names."""
    draw = window.get("button", "Ziehen")
    if window.run("(el) => !el.disabled", draw):
        window.click(draw)
        return "draw"
    passing = window.get("button", "Passen")
    if window.run("(el) => !el.disabled", passing):
        window.click(passing)
        return "pass"
    why = str(window.run(DESCRIPTION_JS, draw))
    fits = re.search(r"(\d\|\d) passt (links|rechts)", why)
    if fits:
        tile, place = fits.group(1), f"{fits.group(1)} {fits.group(2)} anlegen"
    else:
        assert "Kette ist leer" in why, why
        first = window.run("() => document.querySelector('.hand button').innerText")
        found = re.search(r"\d\|\d", first)
        assert found, first
        tile, place = found.group(0), f"{found.group(0)} anlegen"
    button = window.get("button", f"Stein {tile}")
    window.click(button)
    window.wait("(el) => el.getAttribute('aria-pressed') === 'true'", button, what=f"Stein {tile} to be picked")
    window.click_button(place)
    return f"play {place}"


def play_round(windows: list[Window], on_step: Callable[[int, Window], None] | None = None,
               timeout: float = 120.0) -> int:
    """Plays the round to its end: whoever's page says "Du bist am Zug" acts, the others wait.
    ``on_step(step, window)`` is called before each action. Returns the number of actions."""
    deadline = time.monotonic() + timeout
    steps = 0
    while time.monotonic() < deadline:
        turns = [turn(w) for w in windows]
        if all(t["state"] == "over" for t in turns):
            return steps
        mine = [w for w, t in zip(windows, turns) if t["state"] == "mine"]
        if not mine:
            time.sleep(0.05)
            continue
        window = mine[0]
        if on_step:
            on_step(steps, window)
            if turn(window)["state"] != "mine":
                continue
        before = turn(window)["history"]
        act(window)
        steps += 1
        window.wait("(before) => { const l = [...document.querySelectorAll('ol.log')].pop(); return !l || l.innerText !== before; }",
                    before, what="the history to grow")
    raise AssertionError(f"round did not end in {timeout:.0f}s: {[turn(w)['state'] for w in windows]}")
