"""Helpers for the browser tests: play a turn the way an agent does (roles, accessible names,
visible text) or by keyboard only, run axe, take screenshots, watch for script errors."""

from __future__ import annotations

import gzip
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: A name with markup (within the 24 characters a name may have). `a()` is a trap set by
#: `arm_xss_trap`: if the markup ever became an element, its onerror would call it.
XSS_NAME = "<img src=x onerror=a()>"

_axe = Axe()


def arm_xss_trap(context: Any) -> None:
    context.add_init_script("window.a = () => { window.__xss = (window.__xss || 0) + 1; };")


def watch(page: Page) -> list[str]:
    """Collects page errors and console errors."""
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))

    def console(msg: Any) -> None:
        if msg.type != "error":
            return
        problems.append(f"console: {msg.text} {(msg.location or {}).get('url', '')}")

    page.on("console", console)
    return problems


def open_local_save(page: Page, base: str, save: dict[str, Any] | str, **storage: str) -> None:
    """Open the local table at the game ``save`` (a local save, or its JSON text), with the
    computers acting at once: the save and any other ``storage`` entries (key ``lang`` is
    ``ziehdomino.lang``) are written to localStorage, then the page loads them as a returning
    player's would."""
    page.goto(base + "/lokal?delay=0")
    text = save if isinstance(save, str) else json.dumps(save)
    entries = {"ziehdomino.local": text, **{f"ziehdomino.{k}": v for k, v in storage.items()}}
    page.evaluate("(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }", entries)
    page.reload()


def axe_check(page: Page, label: str, found: list[str]) -> None:
    """Runs axe-core; records every serious or critical violation under `label`."""
    results = _axe.run(page)
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            targets = [n.get("target") for n in v.get("nodes", [])][:3]
            found.append(f"{label}: {v['id']} ({v['impact']}) {targets}")


def settle(page: Page) -> None:
    """Until the page has drawn three times more: what a resize or scroll set off (layout, the
    ResizeObserver callbacks, the sizing of the line and the hand they ask for in the frame
    after theirs) has run and been painted."""
    page.evaluate("""() => new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done))))""")


def shoot(page: Page, screens: Path, name: str, anchor: str | None = None) -> None:
    """Screenshots at 1280×800 and 390×844 (the visible screen, scrolled so that `anchor`, a CSS
    selector, is at the top; else the page's top), back to desktop after."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("(sel) => { const el = sel && document.querySelector(sel); if (el) el.scrollIntoView(); else window.scrollTo(0, 0); }", anchor)
        settle(page)
        page.screenshot(path=str(screens / f"{name}-{size['width']}x{size['height']}.png"))
    # It fits a 360 px phone: nothing sticks out sideways.
    page.set_viewport_size({"width": 360, "height": 740})
    settle(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name}: the page is {width} px wide on a 360 px screen"
    page.set_viewport_size(DESKTOP)
    settle(page)


def status_text(page: Page) -> str:
    """What the status region announces: all of its text (a narrow screen shows part of it to
    screen readers only), its spaces collapsed."""
    return " ".join((page.get_by_role("status").text_content() or "").split())


def turn_state(page: Page) -> str:
    """'mine', 'over', 'other' (or 'none' before the table) from the status region's words."""
    status = page.get_by_role("status")
    if status.count() == 0 or not status.is_visible():
        return "none"
    text = status.inner_text()
    if "Die Runde ist vorbei" in text or "The round is over" in text:
        return "over"
    if "Du bist am Zug" in text or "It is your turn" in text:
        return "mine"
    return "other"


def history(page: Page) -> str:
    """The round's history list as text: grows with every accepted action."""
    return page.get_by_role("list", name="Verlauf").inner_text()


def draw_description(page: Page) -> str:
    """The accessible description of "Ziehen" (why it is disabled), as an agent reads it."""
    button = page.get_by_role("button", name="Ziehen", exact=True)
    ids = (button.get_attribute("aria-describedby") or "").split()
    return " ".join(page.locator(f"[id='{i}']").text_content() or "" for i in ids)


def choose(page: Page) -> tuple[str, str | None]:
    """What to do now, from what the page says: ('draw'|'pass', None) or ('play', "a|b links")."""
    if page.get_by_role("button", name="Ziehen", exact=True).is_enabled():
        return "draw", None
    if page.get_by_role("button", name="Passen", exact=True).is_enabled():
        return "pass", None
    why = draw_description(page)
    m = re.search(r"(\d\|\d) passt (links|rechts)", why)
    if m:
        return "play", f"{m.group(1)} {m.group(2)}"
    assert "Kette ist leer" in why, why
    first = page.get_by_role("group", name="Deine Hand").get_by_role("button").first.inner_text()
    tile = re.search(r"\d\|\d", first)
    assert tile, first
    return "play", tile.group(0)


def act_by_names(page: Page) -> str:
    """One action through roles and accessible names only (mouse clicks)."""
    kind, what = choose(page)
    if kind == "draw":
        page.get_by_role("button", name="Ziehen", exact=True).click()
        return "draw"
    if kind == "pass":
        page.get_by_role("button", name="Passen", exact=True).click()
        return "pass"
    tile, _, end = what.partition(" ")
    page.get_by_role("button", name=f"Stein {tile}", exact=True).click()
    expect(page.get_by_role("button", name=f"Stein {tile}", exact=True)).to_have_attribute("aria-pressed", "true")
    place = f"{tile} {end} anlegen" if end else f"{tile} anlegen"
    page.get_by_role("button", name=place, exact=True).click()
    return f"play {tile} {end}"


def press_by_keyboard(page: Page, locator: Any, key: str = "Enter", limit: int = 400) -> None:
    """Moves the focus with Tab until `locator` has it, then presses `key`. No mouse."""
    handle = locator.element_handle()
    for _ in range(limit):
        if page.evaluate("(el) => el === document.activeElement", handle):
            page.keyboard.press(key)
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


def act_by_keyboard(page: Page) -> str:
    """One action with the keyboard only (Tab and Enter)."""
    kind, what = choose(page)
    if kind in ("draw", "pass"):
        press_by_keyboard(page, page.get_by_role("button", name="Ziehen" if kind == "draw" else "Passen", exact=True))
        return kind
    tile, _, end = what.partition(" ")
    press_by_keyboard(page, page.get_by_role("button", name=f"Stein {tile}", exact=True))
    place = f"{tile} {end} anlegen" if end else f"{tile} anlegen"
    press_by_keyboard(page, page.get_by_role("button", name=place, exact=True))
    return f"play {tile} {end}"


def play_round(pages: list[Page], act: Callable[[Page], str], on_step: Callable[[int, Page], None] | None = None,
               timeout: float = 240.0) -> int:
    """Plays the round to its end: whoever's page says "Du bist am Zug" acts. Returns the steps."""
    deadline = time.monotonic() + timeout
    steps = 0
    while time.monotonic() < deadline:
        states = [turn_state(p) for p in pages]
        if all(s == "over" for s in states):
            return steps
        mine = [p for p, s in zip(pages, states) if s == "mine"]
        if not mine:
            time.sleep(0.05)
            continue
        page = mine[0]
        if on_step:
            on_step(steps, page)
            if turn_state(page) != "mine":
                continue
        before = history(page)
        act(page)
        steps += 1
        page.wait_for_function(
            "(before) => { const l = [...document.querySelectorAll('ol.log')].pop(); return !l || l.innerText !== before; }",
            arg=before, timeout=20_000)
    raise AssertionError(f"round did not end in {timeout}s; states {[turn_state(p) for p in pages]}")


def table_snapshot(page: Page) -> dict[str, Any]:
    """Everything the table shows, as text: to compare before and after a reload."""
    hand = page.get_by_role("group", name="Deine Hand")
    return {
        "status": status_text(page),
        "line": page.get_by_role("list", name="Kette").locator("li").all_inner_texts()
        if page.get_by_role("list", name="Kette").is_visible() else [],
        "hand": [b.inner_text() for b in hand.get_by_role("button").all()] if hand.count() else None,
        "players": page.locator("ul.players li").all_inner_texts(),
        "me": page.locator(".me-info").inner_text() if page.locator(".me-info").is_visible() else None,
        "boneyard": page.get_by_text(re.compile(r"^Vorrat: ")).inner_text(),
        "history": history(page),
        "round": page.get_by_role("heading", name=re.compile(r"^Runde \d+$")).inner_text(),
    }


def gzip_size(body: bytes) -> int:
    return len(gzip.compress(body, compresslevel=6))
