"""The committed deal in real browsers (docs/fair.md): an online round on a phone ends with
"Mischen geprüft", whose details show the commitment the page received before the deal and the
player's own contribution; a deal changed in storage after its commitment ends with the warning
"Mischen nicht bestätigt"; a local round's replay file is checked on /ansehen. The seal, not the
playing, is the point here: in the online rooms the turn time lasts a blink (BLINK), so the
server's stand-in plays every turn and the pages only draw the round; the local round is moved
on in Python to its last turns, which the page plays by names."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ziehdomino.engine.fair import commitment_of, new_seed
from ziehdomino.server.protocol.deltas import apply_delta

from tests.e2e.conftest import PHONE
from tests.e2e.test_local import start_local
from tests.support.e2e import act_by_names, axe_check, play_round, shoot, watch
from tests.support.server import ServerProcess
from tests.support.shortcuts import advance_local_round, open_room_by_api, seated_page

#: The server option that makes "1 Minute" per turn last 0.12 s: every turn of a person is played
#: by the stand-in (docs/protocol.md, "Turn time and stand-ins") as soon as it comes.
BLINK = ["--turn-time-scale", "0.002"]


@pytest.fixture(scope="module")
def blink_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Our server with turns that the stand-in plays at once (BLINK)."""
    srv = ServerProcess(tmp_path_factory.mktemp("fair-blink") / "data", extra=BLINK).start()
    try:
        yield srv
    finally:
        srv.stop()


def _round_over(*pages: Page) -> None:
    """Until every page shows the round's end (the stand-in plays it, BLINK)."""
    for page in pages:
        expect(page.get_by_role("heading", name="Rundenende")).to_be_visible(timeout=60_000)


def _listen(page: Page) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every state the page's WebSockets receive (a delta frame applied to the state before it),
    and every message they send, in order."""
    states: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        def on_frame(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data.get("type") == "state":
                states.append(data)
            elif data.get("type") == "delta" and states:  # the page asks for delta frames
                made = apply_delta(states[-1], data)
                if made is not None:
                    states.append(made)
        ws.on("framereceived", on_frame)
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return states, sent


def _announced_before_the_deal(states: list[dict[str, Any]]) -> str:
    """The pending commitment of the last state before the first one showing round 1."""
    before = None
    for s in states:
        if s["view"] is not None:
            break
        before = s["room"]["fair"]["commitment"]
    assert before is not None, "no commitment was announced before the deal"
    return before


def _seat_two_people(server_base: str, new_context: Any) -> tuple[Page, Page, list[dict[str, Any]], list[str],
                                                                   list[dict[str, Any]]]:
    """Anna's room is opened (through the API, her phone's page then holds her seat as the start
    page's form leaves it), Ben joins it on his phone through the link; returns both pages, Anna's
    states received, the problems seen and Anna's messages sent. No motion: the seal is the point."""
    problems: list[str] = []
    made = open_room_by_api(server_base)
    anna = seated_page(new_context, server_base, made, viewport=PHONE, reduced_motion="reduce")
    problems += watch(anna)
    states, sent = _listen(anna)
    link = f"{server_base}/r/{made['room']}"
    anna.goto(link)
    expect(anna.locator("#waiting")).to_be_visible()
    ben = new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    problems += watch(ben)
    ben.goto(link)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    for page in (anna, ben):
        expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
    return anna, ben, states, problems, sent


def test_an_online_round_on_a_phone_ends_with_the_shuffle_verified(blink_server, new_context, screens):
    anna, ben, states, problems, sent = _seat_two_people(blink_server.base, new_context)
    first = [m for m in sent if m["type"] == "contribute"]
    assert [m["commitment"] for m in first] == [_announced_before_the_deal(states)]  # after the commitment
    promised = _announced_before_the_deal(states)
    dealt = next(s for s in states if s["view"] is not None)
    assert dealt["view"]["fair"] == {"commitment": promised, "seed": None, "contributions": None}
    _round_over(anna, ben)

    for page in (anna, ben):
        seal = page.locator(".fair-seal")
        expect(seal.locator("summary")).to_have_text("Mischen geprüft", timeout=10_000)
        expect(seal.locator("summary")).to_be_in_viewport(ratio=1)
        expect(page.get_by_role("button", name="Nächste Runde")).to_be_in_viewport(ratio=1)
    shoot(anna, screens, "fair-round-end")  # 1280x800 and 390x844; back at 1280x800 after
    expect(anna.locator(".fair-seal summary")).to_be_in_viewport(ratio=1)
    anna.set_viewport_size(PHONE)
    anna.locator(".fair-seal summary").click()
    details = anna.locator(".fair-seal .fair-body")
    expect(details).to_be_visible()
    expect(details.locator(".fair-commitment")).to_have_text(promised)
    expect(details).to_contain_text("vor dem Geben erhalten")
    end = states[-1]["view"]
    assert end["result"] is not None and end["fair"]["commitment"] == promised
    expect(details.locator(".fair-seed")).to_have_text(end["fair"]["seed"])
    own = details.locator("li.own")
    expect(own).to_contain_text("dein Beitrag")
    assert end["fair"]["contributions"][0] == first[0]["contribution"]  # what Anna's page sent
    expect(own.locator("code")).to_have_text(first[0]["contribution"])
    expect(ben.locator(".fair-seal summary")).to_have_text("Mischen geprüft")
    ben.locator(".fair-seal summary").click()
    expect(ben.locator(".fair-seal li.own")).to_contain_text("dein Beitrag")  # sent with the join
    axe_found: list[str] = []
    axe_check(anna, "fair-details", axe_found)
    assert not axe_found, axe_found
    shoot(anna, screens, "fair-details", ".fair-seal")
    ms = [float(p.locator(".fair-seal").get_attribute("data-ms") or "nan") for p in (anna, ben)]
    assert all(0 <= m for m in ms), ms  # the check's cost in the browser, per round (data-ms)


    # the next deal's commitment comes before the ready step, the contributions after it
    pending = states[-1]["room"]["fair"]
    assert pending["commitment"] not in (None, promised)
    # shown to its sender before that deal: the next commitment and the own contribution to it
    expect(details.locator(".fair-next-commitment")).to_have_text(pending["commitment"])
    expect(details.locator(".fair-next-mine").locator("..")).to_contain_text("vom Server angenommen")
    given = [m for m in sent if m["type"] == "contribute"]
    assert given[-1]["commitment"] == pending["commitment"]
    expect(details.locator(".fair-next-mine")).to_have_text(given[-1]["contribution"])
    for page in (anna, ben):
        page.get_by_role("button", name="Nächste Runde").click()
    expect(anna.get_by_role("heading", name="Runde 2")).to_be_visible()
    second = next(s for s in states if s["view"] is not None and s["view"]["round_number"] == 2)
    assert second["view"]["fair"]["commitment"] == pending["commitment"]
    for page in (anna, ben):  # the stand-in plays round 2 on: no page needs to draw it
        page.close()

    # the round's replay page, for anyone with its link, checks the record's proof
    carl = new_context(viewport=PHONE).new_page()
    problems += watch(carl)
    carl.goto(anna.url.rstrip("/") + "/runde/1")
    carl.get_by_role("button", name="Ende", exact=True).click()
    # a record is checked against its proof; that the commitment came first only the table saw
    expect(carl.locator(".fair-seal summary")).to_have_text("Nachweis stimmt", timeout=10_000)
    carl.locator(".fair-seal summary").click()
    expect(carl.locator(".fair-seal .fair-commitment")).to_have_text(promised)
    assert not problems, problems


def _tamper(data_dir: Path, room: str, what: str) -> None:
    """Change the stored match after the deal's commitment went out (before anyone acted):
    ``deal``: swap a tile of seat 0's dealt hand with the boneyard's last tile; ``seed``: another
    seed, with its own commitment (so that the server still loads it)."""
    db = sqlite3.connect(data_dir / "rooms.sqlite3")
    try:
        (text,) = db.execute("SELECT match FROM rooms WHERE id = ?", (room,)).fetchone()
        match = json.loads(text)
        assert match["actions"] == [] and db.execute("SELECT COUNT(*) FROM actions WHERE room = ?", (room,)).fetchone()[0] == 0
        if what == "deal":
            deal = match["deal"]
            deal["hands"][0][0], deal["boneyard"][-1] = deal["boneyard"][-1], deal["hands"][0][0]
        else:
            seed = new_seed()
            match["fair"] = dict(match["fair"], seed=seed, commitment=commitment_of(seed))
        db.execute("UPDATE rooms SET match = ? WHERE id = ?", (json.dumps(match), room))
        db.commit()
    finally:
        db.close()


def test_a_join_clicked_before_the_room_arrives_still_contributes(blink_server, new_context):
    """The join form is on the page before the socket's first state; a click then waits for the
    pending commitment, so the join that deals the round carries the joiner's contribution."""
    made = open_room_by_api(blink_server.base)
    anna = seated_page(new_context, blink_server.base, made, viewport=PHONE, reduced_motion="reduce")
    problems = watch(anna)
    link = f"{blink_server.base}/r/{made['room']}"
    anna.goto(link)
    expect(anna.locator("#waiting")).to_be_visible()
    held: list[Any] = []  # the server's frames to Ben's page while the test holds them
    to_page: list[Any] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        to_page.append(ws)

        def from_server(message: str | bytes) -> None:
            if to_page[0] is not None:
                held.append(message)
            else:
                ws.send(message)
        upstream.on_message(from_server)

    context = new_context(viewport=PHONE, reduced_motion="reduce")
    context.route_web_socket(re.compile(r"/ws/"), route)
    ben = context.new_page()
    problems += watch(ben)
    joins: list[dict[str, Any]] = []
    ben.on("request", lambda r: r.url.endswith("/join") and joins.append(r.post_data_json))
    ben.goto(link)
    ben.get_by_label("Dein Name").fill("Ben")
    ben.get_by_role("button", name="Beitreten").click()
    ben.wait_for_timeout(1000)
    assert joins == [], joins  # no join before the room's state came
    socket = to_page[0]
    to_page[0] = None
    for message in held:
        socket.send(message)
    expect(ben.get_by_role("heading", name="Runde 1")).to_be_visible(timeout=15_000)
    assert len(joins) == 1 and re.fullmatch(r"[0-9a-f]{32}", joins[0].get("contribution", "")), joins
    _round_over(anna, ben)
    ben.locator(".fair-seal summary").click()
    expect(ben.locator(".fair-seal li.own code")).to_have_text(joins[0]["contribution"], timeout=10_000)
    assert not problems, problems


@pytest.mark.parametrize(("what", "why"), [("deal", "ergibt nicht diese Runde"),
                                           ("seed", "eine andere als die vor dem Geben erhaltene")])
def test_a_deal_or_seed_changed_in_storage_after_its_commitment_is_not_confirmed(new_context, tmp_path, screens,
                                                                                 what, why):
    first = ServerProcess(tmp_path / "data").start()
    second = None
    try:
        anna, ben, states, problems, _ = _seat_two_people(first.base, new_context)
        room = anna.url.rstrip("/").rsplit("/", 1)[-1]
        first.stop()
        for page in (anna, ben):
            expect(page.locator("#conn")).to_contain_text("Verbindung zum Server unterbrochen")
        _tamper(first.data_dir, room, what)
        second = first.successor(extra=BLINK).start()  # no move before the tampering, then the stand-in's
        for page in (anna, ben):
            expect(page.locator("#conn")).to_have_text("Verbunden.", timeout=20_000)
            expect(page.get_by_role("heading", name="Runde 1")).to_be_visible()
        _round_over(anna, ben)
        for page in (anna, ben):
            seal = page.locator(".fair-seal")
            expect(seal.locator("summary")).to_have_text("Mischen nicht bestätigt", timeout=30_000)
            expect(seal.locator(".fair-body")).to_be_visible()  # the warning opens its details
            expect(seal).to_contain_text(why)
            if what == "seed":  # the commitment received before the deal is shown beside the new one
                expect(seal.locator(".fair-before")).to_have_text(_announced_before_the_deal(states))
            expect(seal.locator("summary")).to_be_in_viewport(ratio=1)
        shoot(anna, screens, f"fair-not-confirmed-{what}")
        assert not problems, problems
    finally:
        (second or first).stop()


def test_a_local_round_is_dealt_the_same_way_and_its_file_is_checked_on_ansehen(server, new_context, tmp_path):
    page = new_context(accept_downloads=True, viewport=PHONE, reduced_motion="reduce").new_page()
    problems = watch(page)
    start_local(page, server.base, "Anna", 1)
    advance_local_round(page)  # the page dealt it; Python plays on to its last turns
    play_round([page], act_by_names)
    expect(page.locator(".fair-seal summary")).to_have_text("Mischen geprüft", timeout=10_000)
    expect(page.locator(".fair-seal summary")).to_be_in_viewport(ratio=1)

    page.get_by_role("link", name="Runde ansehen").click()
    page.wait_for_url(re.compile(r"/ansehen\?lokal=1$"))
    page.get_by_role("button", name="Ende", exact=True).click()
    expect(page.locator(".fair-seal summary")).to_have_text("Nachweis stimmt", timeout=10_000)
    with page.expect_download() as download:
        page.get_by_role("button", name="Als Datei speichern").click()
    saved = tmp_path / "runde.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["fair"]["contributions"] == ["", ""] and len(data["fair"]["seed"]) == 64

    other = new_context(viewport=PHONE).new_page()
    problems += watch(other)
    other.goto(server.base + "/ansehen")
    other.get_by_label("Datei öffnen").set_input_files(str(saved))
    other.get_by_role("button", name="Ende", exact=True).click()
    expect(other.locator(".fair-seal summary")).to_have_text("Nachweis stimmt", timeout=10_000)
    # the same round with a proof of other contributions: the deal does not follow from it
    forged = dict(data, fair=dict(data["fair"], contributions=["0" * 32, ""]))
    other.get_by_label("Datei öffnen").set_input_files(
        {"name": saved.name, "mimeType": "application/json", "buffer": json.dumps(forged).encode()})
    other.get_by_role("button", name="Ende", exact=True).click()
    expect(other.locator(".fair-seal summary")).to_have_text("Mischen nicht bestätigt", timeout=30_000)
    expect(other.locator(".fair-seal")).to_contain_text("ergibt nicht diese Runde")
    assert not problems, problems


def test_the_seal_comes_even_when_its_modules_failed_to_load_once(blink_server, new_context):
    """Anna's first load of each module the seal needs fails (the server away for a moment, as
    while it restarts; no service worker to answer from its cache): the table tries again, and
    the round still ends with "Mischen geprüft", never with a false warning."""
    failed: list[str] = []

    def fail_once(route: Any) -> None:
        name = route.request.url.rsplit("/", 1)[-1].split("?")[0]
        if name in failed:
            route.continue_()
        else:
            failed.append(name)
            route.abort()

    contexts: list[Any] = []

    def make(**options: Any) -> Any:
        if not contexts:  # Anna's
            options["service_workers"] = "block"
        context = new_context(**options)
        if not contexts:
            context.route(re.compile(r"/static/(table/fair-(strings|seal)|replay/fair-proof)\.js"), fail_once)
        contexts.append(context)
        return context

    anna, ben, _, problems, _ = _seat_two_people(blink_server.base, make)
    _round_over(anna, ben)
    for page in (anna, ben):
        expect(page.locator(".fair-seal summary")).to_have_text("Mischen geprüft", timeout=15_000)
    assert sorted(failed) == ["fair-proof.js", "fair-seal.js", "fair-strings.js"], failed
    problems = [p for p in problems if "ERR_FAILED" not in p]  # the three failed loads themselves
    assert not problems, problems
