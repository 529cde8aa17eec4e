"""The profile in the browser (docs/profile.md): a stranger's first screen offers quick play with
a name filled in; the page "Profil" renames, downloads, shows a device code with its QR code; a
second browser takes the profile by the code (its key becomes that browser's holder key), signs
out; the first deletes it; a name with markup stays text on every page; the public page shows
name and level. Firefox and WebKit open "Profil" too. CPU-cheap: each page is visited once, and
checked at each size by resizing."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.support import firefox, webkit
from tests.support.e2e import XSS_NAME, arm_xss_trap, watch
from tests.support.remote_window import Window

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}, {"width": 1280, "height": 800}]
CODE = re.compile(r"^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$")


def in_view(page: Page, locator: object, size: dict[str, int]) -> None:
    b = locator.bounding_box()  # type: ignore[attr-defined]
    assert b is not None, locator
    assert 0 <= b["y"] and b["y"] + b["height"] <= size["height"], (size, locator, b)
    assert 0 <= b["x"] and b["x"] + b["width"] <= size["width"], (size, locator, b)


def test_a_strangers_first_screen_has_quick_play_with_a_name(server, new_context):
    page = new_context(viewport=SIZES[0]).new_page()
    problems = watch(page)
    page.goto(server.base + "/")
    quick = page.get_by_role("region", name="Mit anderen spielen")
    name = quick.get_by_label("Dein Name")
    expect(name).to_have_value("Gast")  # a stranger plays as a guest without typing
    for size in SIZES:  # one page, looked at on each screen by resizing
        page.set_viewport_size(size)
        for part in (name, quick.get_by_label("Plätze"), quick.get_by_role("button", name="Schnell spielen"),
                     page.get_by_role("link", name="Profil", exact=True)):
            in_view(page, part, size)
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], size
    # Nothing was made for looking: the profile is made when the browser first needs one.
    assert page.evaluate("localStorage.getItem('ziehdomino.profile')") is None
    assert not problems, problems


def _profile(page: Page) -> dict[str, str]:
    return json.loads(page.evaluate("localStorage.getItem('ziehdomino.profile')") or "null")


def test_profile_renames_downloads_and_goes_to_another_browser(server, new_context, tmp_path):
    first_ctx = new_context()
    arm_xss_trap(first_ctx)
    first = first_ctx.new_page()
    problems = watch(first)
    first.goto(server.base + "/profil")
    name = first.get_by_label("Dein Name")
    expect(name).to_have_value(re.compile(r"^Gast \d{4}$"))  # opening "Profil" makes one
    expect(first.get_by_text("Gespeichert werden nur dein Name")).to_be_visible()
    expect(first.locator("#profile-level")).to_have_text(re.compile(r"^(\?|\d+)$"))
    # A name with markup is a name: saved as text, shown as text.
    name.fill(XSS_NAME)
    first.get_by_role("button", name="Namen speichern").click()
    expect(first.get_by_text("Gespeichert.", exact=True)).to_be_visible()
    assert _profile(first)["name"] == XSS_NAME
    with first.expect_download() as download:
        first.get_by_role("button", name="Profil herunterladen").click()
    assert download.value.suggested_filename == "ziehdomino-profil.json"
    path = tmp_path / "profil.json"
    download.value.save_as(path)
    assert json.loads(path.read_text(encoding="utf-8"))["profile"]["name"] == XSS_NAME

    first.get_by_role("button", name="Auf anderem Gerät weiterspielen").click()
    code = first.locator("#device-code")
    expect(code).to_have_text(CODE)
    expect(first.get_by_role("img", name="QR-Code zum Weiterspielen auf einem anderen Gerät")).to_be_visible()

    # The other device opens the QR code's address: it is offered the profile, and takes it.
    second_ctx = new_context()
    arm_xss_trap(second_ctx)
    second = second_ctx.new_page()
    problems += watch(second)
    second.goto(f"{server.base}/profil#code={code.inner_text()}")
    expect(second.get_by_text("Soll dieses Gerät das Profil übernehmen?")).to_be_visible()
    second.get_by_role("button", name="Profil übernehmen").click()
    expect(second.get_by_role("status").filter(has_text="Profil übernommen")).to_be_visible()
    expect(second.get_by_label("Dein Name")).to_have_value(XSS_NAME)
    holder = "localStorage.getItem('ziehdomino.holder')"
    assert second.evaluate(holder) == first.evaluate(holder)
    assert "#code" not in second.url
    # The start page fills the name into every form; the public page shows it, as text.
    second.goto(server.base + "/")
    expect(second.get_by_role("region", name="Mit anderen spielen").get_by_label("Dein Name")).to_have_value(XSS_NAME)
    expect(second.get_by_role("region", name="Raum eröffnen").get_by_label("Dein Name")).to_have_value(XSS_NAME)
    public_id = _profile(second)["id"]
    second.goto(f"{server.base}/p/{public_id}")
    expect(second.get_by_role("heading", level=1)).to_have_text(XSS_NAME)
    expect(second.locator("#player-level")).to_have_text(re.compile(r"^(\?|\d+)$"))

    # Signing out forgets the profile on this browser only.
    second.goto(server.base + "/profil")
    second.get_by_role("button", name="Von diesem Gerät abmelden").click()
    second.get_by_role("button", name="Ja, abmelden").click()
    expect(second.get_by_text("Abgemeldet")).to_be_visible()
    assert second.evaluate(holder) is None and _profile(second) is None
    assert second.evaluate("localStorage.getItem('ziehdomino.name')") is None

    # The first browser still has it, and deletes it (asked once).
    first.get_by_role("button", name="Profil löschen").click()
    first.get_by_role("button", name="Ja, Profil löschen").click()
    expect(first.get_by_text("Dein Profil ist gelöscht.")).to_be_visible()
    assert _profile(first) is None
    assert first.request.get(f"{server.base}/api/p/{public_id}").status == 404
    assert first.evaluate("window.__xss") is None and second.evaluate("window.__xss") is None
    assert not problems, problems


def test_a_default_name_joins_as_the_profiles_guest_name(server, new_context):
    """Joining a room with the name field's untouched "Gast" makes the profile first: the seat
    is "Gast NNNN", and the profile keeps that name for the next form."""
    page = new_context().new_page()
    made = page.request.post(server.base + "/api/rooms", headers={"origin": server.base},
                             data={"seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}], "name": "Anna"})
    page.goto(f"{server.base}/r/{made.json()['room']}")
    expect(page.get_by_label("Dein Name")).to_have_value("Gast")
    page.get_by_role("button", name="Beitreten").click()
    expect(page.locator("#seat-list")).to_contain_text(re.compile(r"Gast \d{4}"))
    kept = _profile(page)
    assert re.fullmatch(r"Gast \d{4}", kept["name"]), kept
    assert kept["name"] in page.locator("#seat-list").inner_text()


@pytest.fixture(params=["firefox", "webkit"])
def other_window(request: pytest.FixtureRequest) -> Iterator[Window]:
    """A window of Firefox ESR or WebKitGTK (tests/support/firefox.py, webkit.py); skipped where
    the browser is missing, failed where ZIEHDOMINO_REQUIRE_BROWSERS=1."""
    engine = firefox if request.param == "firefox" else webkit
    if not engine.available():
        if os.environ.get("ZIEHDOMINO_REQUIRE_BROWSERS") == "1":
            pytest.fail(f"required browser missing: {request.param}")
        pytest.skip(f"{request.param} is not installed")
    browser: firefox.Firefox | webkit.WebKit = firefox.Firefox() if request.param == "firefox" else webkit.WebKit()
    try:
        yield browser.window()
    finally:
        browser.close()


def test_firefox_and_webkit_open_the_profile(server, other_window):
    page = other_window
    page.goto(server.base + "/profil")
    page.wait("() => /^Gast \\d{4}$/.test(document.querySelector('#profile-name').value)", what="the guest name")
    page.fill("Dein Name", "Dachs")
    page.click_button("Namen speichern")
    page.wait("() => document.querySelector('#name-saved').textContent === 'Gespeichert.'", what="the name saved")
    page.click_button("Auf anderem Gerät weiterspielen")
    code = page.wait("() => document.querySelector('#device-code').textContent", what="a device code")
    assert CODE.fullmatch(code), code
    assert page.wait("() => { const qr = document.querySelector('#device-qr'); return qr.complete && qr.naturalWidth > 0"
                     " && qr.alt === 'QR-Code zum Weiterspielen auf einem anderen Gerät'; }", what="the QR code drawn")
    assert not page.errors(), page.errors()
