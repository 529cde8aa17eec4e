"""A local game keeps working offline once loaded (service worker at /sw.js), and the
service worker leaves the online pages alone."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from tests.support.e2e import act_by_names, watch


def test_local_game_works_offline_once_loaded(server, new_context):
    assert httpx.get(server.base + "/sw.js").status_code == 200
    ctx = new_context()
    page = ctx.new_page()
    problems = watch(page)
    page.goto(server.base + "/lokal?delay=0")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.get_by_label("Dein Name").fill("Anna")
    page.get_by_role("button", name="Gegen Computer spielen").click()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    page.reload()  # now controlled by the worker, which has cached the files
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    before = page.get_by_role("status").inner_text()

    ctx.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text(before)
    page.wait_for_function("() => document.querySelector('[role=status]').innerText.includes('Du bist am Zug')")
    act_by_names(page)
    ctx.set_offline(False)

    # The online pages still work with the worker installed.
    made = page.request.post(server.base + "/api/rooms", headers={"origin": server.base}, data={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A"})
    page.goto(server.base + made.json()["link"])
    expect(page.get_by_role("button", name="Beitreten")).to_be_visible()
    expect(page.locator("#conn")).to_have_text(re.compile("Verbunden"))
    assert not problems, problems
