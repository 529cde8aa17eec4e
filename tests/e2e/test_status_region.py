"""The status region (role="status", the live region a screen reader announces) changes with
every draw: a player who draws several times in a row hears each draw, with the tile drawn;
the other seat hears each draw counted, never the tile."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.test_table_view import seat_page
from tests.support.e2e import act_by_names, choose, history, status_text, turn_state, watch


def hand(page: Page) -> list[str]:
    return [b.inner_text().removeprefix("Stein ") for b in page.get_by_role("group", name="Deine Hand").get_by_role("button").all()]


def test_every_draw_is_announced_with_its_tile_and_the_other_hears_a_count(server, new_context):
    made = httpx.post(server.base + "/api/rooms", headers={"origin": server.base}, json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"},
                      timeout=20).json()
    room = made["room"]
    joined = httpx.post(f"{server.base}/api/rooms/{room}/join", headers={"origin": server.base}, json={"name": "Ben"}, timeout=20).json()
    anna = seat_page(new_context, server.base, room, made["seat"], made["credential"], (1280, 800))
    ben = seat_page(new_context, server.base, room, joined["seat"], joined["credential"], (390, 844))
    problems = watch(anna) + watch(ben)
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    runs: list[list[tuple[str, str, str]]] = []  # per turn with draws: (drawer's status, tile, other's status)
    for _ in range(4):
        while turn_state(anna) != "over":
            mine = [p for p in (anna, ben) if turn_state(p) == "mine"]
            if not mine:
                anna.wait_for_timeout(50)
                continue
            page = mine[0]
            other = ben if page is anna else anna
            run: list[tuple[str, str, str]] = []
            while turn_state(page) == "mine" and choose(page)[0] == "draw":
                before, held, heard = status_text(page), hand(page), status_text(other)
                page.get_by_role("button", name="Ziehen", exact=True).click()
                expect(page.get_by_role("status")).not_to_have_text(before)
                expect(other.get_by_role("status")).not_to_have_text(heard)
                drawn = [t for t in hand(page) if t not in held]
                assert len(drawn) == 1, (held, hand(page))
                run.append((status_text(page), drawn[0], status_text(other)))
            if len(run) >= 2:
                runs.append(run)
            if turn_state(page) == "mine":
                before = history(page)
                act_by_names(page)
                page.wait_for_function("(b) => [...document.querySelectorAll('ol.log')].pop().innerText !== b", arg=before)
        if runs:
            break
        for page in (anna, ben):
            page.get_by_role("button", name="Nächste Runde").click()
        expect(anna.get_by_role("heading", name=re.compile(r"^Runde [2-9]$"))).to_be_visible()
    assert runs, "no turn with two draws in a row in four rounds"
    for run in runs:
        for n, (said, tile, heard) in enumerate(run, start=1):
            mine = "Du ziehst einen Stein." if n == 1 else f"Du ziehst {n} Steine."
            assert said.endswith(f"Zuletzt: {mine} Gezogen: {tile}."), (n, said)
            assert re.search(rf"(Anna|Ben) zieht ({n} Steine|einen Stein)\.$", heard) and ("einen" in heard) == (n == 1), (n, heard)
            assert "Gezogen" not in heard and tile not in heard.split("Zuletzt:")[1], heard  # never the drawer's tile
    assert not problems, problems
