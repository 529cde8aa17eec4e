"""Figures, printed in the test summary: the table's first-load weight (must stay within
100 KB compressed) and the time one action takes to apply and render in a local game.

The weight is what the server sends (every response's body as the browser received it, scripts
and style sheets as served without their comments), gzipped here file by file."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.support.e2e import gzip_size
from ziehdomino.bench.render import format_figures, measure

LIMIT = 100 * 1024
#: Of the rules (web/engine/), a room's page loads only what a delta frame's act does to the view.
ENGINE = "engine/"
ROOM_RULES = "engine/follow.js"


def first_load(page: Any, url: str) -> tuple[int, int, int, list[str]]:
    """(raw bytes, gzip bytes, bytes on the wire, urls) of every response of a first load."""
    bodies: list[Any] = []
    page.on("response", lambda r: bodies.append(r))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    raw = packed = wire = 0
    urls = []
    for r in bodies:
        # An event stream (the start page's live list, opened 1.5 s after load) never ends: its
        # body would be waited for without end, and it is no part of the page's weight.
        if r.status != 200 or r.headers.get("content-type", "").startswith("text/event-stream"):
            continue
        body = r.body()
        raw += len(body)
        packed += gzip_size(body)
        wire += r.request.sizes()["responseBodySize"]
        # A static file by its path under /static/ ("table/render.js"), anything else by its last part.
        urls.append(r.url.split("/static/", 1)[1] if "/static/" in r.url else r.url.rsplit("/", 1)[-1] or "/")
    return raw, packed, wire, urls


def test_table_first_load_weight(server, new_context, figures):
    ctx = new_context()
    page = ctx.new_page()
    raw, local_packed, wire, local_urls = first_load(page, server.base + "/lokal?delay=0")
    figures.append(f"weight: /lokal first load {len(local_urls)} files, {raw / 1024:.1f} KB raw, "
                   f"{local_packed / 1024:.1f} KB ({local_packed} B) gzip, {wire / 1024:.1f} KB body bytes "
                   f"transferred (limit {LIMIT} B)")

    # The room's table: a fresh browser opening an invitation link (measured before either
    # page's limit is held, so that both figures are printed).
    made = page.request.post(server.base + "/api/rooms", headers={"origin": server.base}, data={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A"})
    room = made.json()["room"]
    other = new_context().new_page()
    raw, packed, wire, urls = first_load(other, f"{server.base}/r/{room}")
    expect(other.get_by_role("button", name="Beitreten")).to_be_visible()
    figures.append(f"weight: /r/ID first load {len(urls)} files, {raw / 1024:.1f} KB raw, "
                   f"{packed / 1024:.1f} KB ({packed} B) gzip, {wire / 1024:.1f} KB body bytes "
                   f"transferred (limit {LIMIT} B)")

    assert local_packed <= LIMIT, (local_packed, local_urls)
    # A room's turn clock and ready step are the room page's: the local page does not load them.
    assert not {"room/room-clock.js", "room/room-ready.js"} & set(local_urls), local_urls
    # The computers (bots/index.js) load once a game is there, not with the setup form.
    assert "bots/index.js" not in local_urls, local_urls
    assert packed <= LIMIT, (packed, urls)
    assert not any(re.search(r"\.(png|jpe?g|woff2?)$", u) for u in urls)
    # The room page checks names with names.js and runs no rules engine or local session: of the
    # engine only engine/follow.js, what a delta frame's act does to the view.
    assert "common/names.js" in urls and not {"sessions/session-local.js", "bots/index.js"} & set(urls), urls
    assert not [u for u in urls if u.startswith(ENGINE) and u != ROOM_RULES], urls
    assert {"room/room-clock.js", "room/room-ready.js"} <= set(urls), urls


def test_the_start_page_loads_no_rules_engine(server, new_context, figures):
    page = new_context().new_page()
    raw, packed, wire, urls = first_load(page, server.base + "/")
    figures.append(f"weight: / first load {len(urls)} files, {raw / 1024:.1f} KB raw, {packed / 1024:.1f} KB ({packed} B) gzip")
    assert {"pages/page-start.js", "common/names.js", "sessions/local-save.js"} <= set(urls), urls
    assert not {"sessions/session-local.js", "bots/index.js", "table/render.js"} & set(urls), urls
    assert not [u for u in urls if u.startswith(ENGINE) and u != ROOM_RULES], urls


def test_render_time_figure(server, new_context, figures):
    page = new_context().new_page()
    f = measure(page, server.base, rounds=20)
    figures.append(format_figures(f))
    assert f["actions"] > 100
    assert f["median_ms"] < 200  # a sanity bound only; the goal (16 ms) is reported, not enforced
