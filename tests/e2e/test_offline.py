"""A local game keeps working offline once loaded (service worker at /sw.js), every page
registers the worker, an app installed from the start page starts offline, and the service
worker leaves the online pages alone."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from tests.support.e2e import act_by_names, watch


def test_local_game_works_offline_once_loaded(server, new_context):
    assert httpx.get(server.base + "/sw.js").status_code == 200
    ctx = new_context(service_workers="allow")
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


def test_the_app_installed_from_the_start_page_starts_offline(server, new_context):
    # The manifest's start_url is "/": a person who opened only that page, installed the app and
    # starts it without a network gets the start page and a game against computers.
    manifest = httpx.get(server.base + "/static/manifest.webmanifest").json()
    assert manifest["start_url"] == "/"
    ctx = new_context(service_workers="allow")
    page = ctx.new_page()
    problems = watch(page)
    page.goto(server.base + "/")
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)").endswith("/sw.js")
    page.reload()  # controlled by the worker from now on
    page.wait_for_load_state("networkidle")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert not problems, problems

    ctx.set_offline(True)
    page.reload()
    local = page.get_by_role("region", name="Gegen Computer spielen")
    expect(local).to_be_visible()
    local.get_by_label("Dein Name").fill("Anna")
    local.get_by_role("button", name="Gegen Computer spielen").click()
    page.wait_for_url(re.compile(r"/lokal$"))
    expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    ctx.set_offline(False)


def test_every_page_registers_the_service_worker(server, new_context):
    ctx = new_context(service_workers="allow")
    # Each page's call to register(), as it makes it (the worker itself is the one above).
    ctx.add_init_script("""const real = ServiceWorkerContainer.prototype.register;
        ServiceWorkerContainer.prototype.register = function (url, ...rest) { window.__registered = String(url); return real.call(this, url, ...rest); };""")
    page = ctx.new_page()
    room = page.request.post(server.base + "/api/rooms", headers={"origin": server.base},
                             data={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A"}).json()["room"]
    for path in ("/", "/lokal", "/regeln", "/zuschauen", "/ansehen", "/aufgaben", f"/r/{room}", "/gibt-es-nicht"):
        page.goto(server.base + path)
        assert page.wait_for_function("() => window.__registered").json_value() == "/sw.js", path
