"""The seal of the committed deal against a cheating server (docs/fair.md, "What the browser can
vouch for"): our own server, patched in its process to cheat in one way each
(tests/support/cheating_server.py), or a different commitment sent to one page. Two people sit at
the table through the pages; no page ever says "Mischen geprüft" for a round it could not vouch
for, and the honest server is "geprüft" on every page, every round, for a room opened, joined and
taken over. The seal, not the playing, is the point here (test_fair_deal plays by names): in the
rooms opened and joined the turn time lasts a blink (BLINK), so the server's stand-in plays every
turn and the pages only draw the round; at the table taken over the pages play quickly through
the DOM."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.test_fair_deal import BLINK, _seat_two_people, blink_server  # noqa: F401 (a fixture)
from tests.support.e2e import shoot, watch
from tests.support.server import ServerProcess
from tests.support.shortcuts import play_quickly

OK, PARTIAL, FAILED = "Mischen geprüft", "Teils geprüft", "Mischen nicht bestätigt"

#: Per cheat, what Anna's page (she opened the room) and Ben's (he joined by the link) say at the
#: end of round 1 and of round 2 (None: the test stops after round 1).
CASES: dict[str, tuple[tuple[str, str], tuple[str, str] | None, str]] = {
    "honest": ((OK, OK), (OK, OK), "Der Server hatte sich vor dem Geben"),
    # both pages waited for the deal and were told no commitment
    "never_announce": ((FAILED, FAILED), (FAILED, FAILED), "keine Zusage gezeigt"),
    # Anna's contribution was never confirmed: she cannot tell it from one that came late; Ben's
    # went with the join that seated him; in round 2 both sent theirs before "Nächste Runde"
    "drop_contributions": ((PARTIAL, FAILED), (FAILED, FAILED), "Beitrag"),
    "no_seed": ((FAILED, FAILED), None, "Startwert am Ende der Runde nicht gezeigt"),
    "same_opener": ((OK, OK), (FAILED, FAILED), "nicht der Platz eröffnet"),
    "swap_seed": ((FAILED, FAILED), None, "eine andere als die vor dem Geben erhaltene"),
}


def _seal(page: Page, expected: str, why: str, round_number: int) -> None:
    seal = page.locator(".fair-seal")
    expect(page.get_by_role("heading", name="Rundenende")).to_be_visible(timeout=60_000)
    expect(seal.locator("summary")).to_have_text(expected, timeout=30_000)
    if expected != OK:
        if not seal.locator(".fair-body").is_visible():
            seal.locator("summary").click()
        expect(seal.locator(".fair-note")).to_contain_text(why if expected == FAILED else "nicht ausschließen")
    expect(seal.locator("summary")).to_be_in_viewport(ratio=1)
    assert round_number >= 1


def _two_people(base: str, new_context: Any, route_anna: Any = None) -> tuple[Page, Page, list[str]]:
    """Anna opens a room on a phone (her socket through ``route_anna`` when given), Ben joins it."""
    def make(**options: Any) -> Any:
        context = new_context(**options)
        if route_anna is not None and not made:
            context.route_web_socket(re.compile(r"/ws/"), route_anna)
        made.append(context)
        return context

    made: list[Any] = []
    anna, ben, _, problems, _ = _seat_two_people(base, make)
    return anna, ben, problems


def _rounds(anna: Page, ben: Page, first: tuple[str, str], second: tuple[str, str] | None, why: str,
            screens: Path, name: str) -> None:
    for page, expected in zip((anna, ben), first):
        _seal(page, expected, why, 1)
    shoot(anna, screens, f"fair-{name}-round-1")
    if second is None:
        return
    anna.set_viewport_size(PHONE)
    for page in (anna, ben):
        page.get_by_role("button", name="Nächste Runde").click()
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    for page, expected in zip((anna, ben), second):
        _seal(page, expected, why, 2)
    shoot(ben, screens, f"fair-{name}-round-2")


@pytest.mark.parametrize("cheat", list(CASES))
def test_no_page_says_verified_for_a_deal_the_server_could_choose(cheat, new_context, tmp_path, screens, request):
    first, second, why = CASES[cheat]
    if cheat == "honest":
        anna, ben, problems = _two_people(request.getfixturevalue("blink_server").base, new_context)
        _rounds(anna, ben, first, second, why, screens, cheat)
        assert not problems, problems
        return
    server = ServerProcess(tmp_path / "data", module="tests.support.cheating_server", env={"ZIEHDOMINO_CHEAT": cheat},
                           extra=BLINK).start()
    try:
        anna, ben, _ = _two_people(server.base, new_context)
        _rounds(anna, ben, first, second, why, screens, cheat)
    finally:
        server.stop()


def test_a_different_commitment_sent_to_one_page_is_not_confirmed_there(blink_server, new_context, screens):
    """The server tells Anna's page another pending commitment than everyone else (here by
    rewriting what her socket receives): her round is "nicht bestätigt", Ben's is verified."""
    fake = "f" * 64

    def to_anna(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def rewrite(message: str | bytes) -> None:
            data = json.loads(message)
            fair = (data.get("room") or {}).get("fair") if isinstance(data, dict) else None
            if isinstance(fair, dict) and fair.get("commitment"):
                fair["commitment"] = fake
            ws.send(json.dumps(data))
        upstream.on_message(rewrite)

    anna, ben, _ = _two_people(blink_server.base, new_context, route_anna=to_anna)
    _rounds(anna, ben, (FAILED, OK), None, "eine andere als die vor dem Geben erhaltene", screens, "one-page")


def test_a_person_taking_a_computers_seat_holds_a_verified_first_round(new_context, tmp_path):
    """"Platz übernehmen": Dora watches the rest of Cleo's round, contributes to the deal that
    seats her (her page says the server holds it), and her first round is "Mischen geprüft"."""
    server = ServerProcess(tmp_path / "data", extra=["--quick-wait", "8"]).start()
    try:
        cleo = new_context(viewport=PHONE, reduced_motion="reduce").new_page()  # no motion: the seal is the point
        dora = new_context(viewport=PHONE, reduced_motion="reduce").new_page()
        problems = watch(cleo) + watch(dora)
        cleo.goto(server.base + "/")
        quick = cleo.get_by_role("region", name="Mit anderen spielen")
        quick.get_by_label("Dein Name").fill("Cleo")
        quick.get_by_label("Plätze").select_option("2")
        quick.get_by_role("button", name="Schnell spielen").click()
        cleo.get_by_role("button", name="Jetzt mit Computern starten").click()
        expect(cleo.get_by_role("heading", name="Runde 1")).to_be_visible()
        dora.goto(server.base + "/")
        dora.get_by_role("region", name="Mit anderen spielen").get_by_label("Dein Name").fill("Dora")
        line = dora.get_by_role("list", name="Offene Tische").get_by_role("listitem").filter(has_text="Cleo")
        line.get_by_role("button", name="Platz übernehmen").click()
        dora.wait_for_url(cleo.url)
        expect(dora.get_by_role("heading", name="Runde 1")).to_be_visible()
        play_quickly([cleo])
        seal = dora.locator(".fair-seal")
        expect(seal.locator("summary")).to_have_text(PARTIAL, timeout=30_000)  # watched: no contribution of hers
        seal.locator("summary").click()
        expect(seal.locator(".fair-note")).to_contain_text("Du schaust zu")
        expect(seal.locator(".fair-next-mine").locator("..")).to_contain_text("vom Server angenommen")
        cleo.get_by_role("button", name="Nächste Runde").click()
        for page in (cleo, dora):
            expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
        play_quickly([cleo, dora])
        for page in (cleo, dora):
            expect(page.locator(".fair-seal summary")).to_have_text(OK, timeout=30_000)
        dora.locator(".fair-seal summary").click()
        expect(dora.locator(".fair-seal li.own")).to_contain_text("dein Beitrag")
        assert not problems, problems
    finally:
        server.stop()
