"""Inviting from a phone: one tap shares the link (Web Share API) or copies it, with a visible
confirmation; a QR code of the link for a friend at the same table. German and English."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.support.e2e import PHONE, watch


def _room(page: Page, base: str) -> str:
    made = page.request.post(base + "/api/rooms", headers={"origin": base}, data={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A"})
    return made.json()["room"]


def test_share_uses_the_web_share_api_where_the_browser_has_it(server, new_context):
    ctx = new_context(viewport=PHONE)
    ctx.add_init_script("""navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };""")
    page = ctx.new_page()
    problems = watch(page)
    room = _room(page, server.base)
    page.goto(f"{server.base}/r/{room}")
    share = page.get_by_role("button", name="Einladung teilen")
    expect(share).to_be_visible()
    share.click()
    expect(page.get_by_text("Einladung geteilt.")).to_be_visible()
    shared = page.evaluate("window.__shared")
    assert shared["url"] == f"{server.base}/r/{room}" and shared["title"]
    assert not problems, problems


def test_share_copies_the_link_without_web_share_and_says_so(server, new_context):
    ctx = new_context(viewport=PHONE, permissions=["clipboard-read", "clipboard-write"])
    ctx.add_init_script("delete Navigator.prototype.share;")
    page = ctx.new_page()
    problems = watch(page)
    room = _room(page, server.base)
    page.goto(f"{server.base}/r/{room}")
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.get_by_role("button", name="Einladung teilen").click()
    expect(page.get_by_text("Link kopiert.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == f"{server.base}/r/{room}"
    page.get_by_role("button", name="English").click()
    page.get_by_role("button", name="Share the invitation").click()
    expect(page.get_by_text("Link copied.")).to_be_visible()
    assert not problems, problems


def test_the_qr_code_of_the_link_is_one_tap_away_and_named(server, new_context):
    page = new_context(viewport=PHONE).new_page()
    problems = watch(page)
    room = _room(page, server.base)
    page.goto(f"{server.base}/r/{room}")
    toggle = page.get_by_role("button", name="QR-Code zeigen")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("img", name="QR-Code des Einladungslinks")).to_be_hidden()
    toggle.click()
    image = page.get_by_role("img", name="QR-Code des Einladungslinks")
    expect(image).to_be_visible()
    page.wait_for_function("() => document.getElementById('qr-img').complete && document.getElementById('qr-img').naturalWidth > 0")
    expect(page.get_by_role("button", name="QR-Code verbergen")).to_have_attribute("aria-expanded", "true")
    box = image.bounding_box()
    assert box and box["width"] >= 180 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("img", name="QR code of the invitation link")).to_be_visible()
    page.get_by_role("button", name="Hide QR code").click()
    expect(image).to_be_hidden()
    assert not problems, problems


def test_chromium_reads_the_manifest_without_errors(server, new_context):
    page = new_context().new_page()
    page.goto(server.base + "/")
    cdp = page.context.new_cdp_session(page)
    answer = cdp.send("Page.getAppManifest")
    assert answer["url"].endswith("/static/manifest.webmanifest"), answer
    assert answer["errors"] == [], answer["errors"]
    assert '"name": "Ziehdomino"' in answer["data"] and answer["parsed"]["scope"] == server.base + "/"
    for icon in ("icon-192.png", "icon-512.png", "icon-maskable-512.png"):
        r = page.request.get(f"{server.base}/static/{icon}")
        assert r.status == 200 and r.headers["content-type"] == "image/png", icon


def test_a_join_tapped_while_the_page_still_loads_is_sent_once_the_page_listens(server, new_context):
    """A friend who taps "Beitreten" before the page's modules have run (a slow phone) takes the
    seat once they have: the tap is held, never sent as a plain form that reloads the page with
    the name in its address and loses the tap."""
    page = new_context(viewport=PHONE).new_page()
    problems = watch(page)
    room = _room(page, server.base)
    held: list = []
    page.route("**/static/pages/page-room.js*", lambda route: held.append(route))  # the module waits here
    page.goto(f"{server.base}/r/{room}", wait_until="commit")
    page.get_by_label("Dein Name").fill("Ben")
    page.get_by_role("button", name="Beitreten").click()
    for _ in range(400):  # until the module's request has reached the route (a generous ceiling)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the room page's module was never asked for"
    assert page.evaluate("document.documentElement.classList.contains('has-seat')") is False
    held[0].continue_()
    expect(page.locator("h2.table-h")).to_have_text("Runde 1")
    assert page.url == f"{server.base}/r/{room}", page.url
    assert page.evaluate(f"localStorage.getItem('ziehdomino.seat.{room}')")
    assert not problems, problems
