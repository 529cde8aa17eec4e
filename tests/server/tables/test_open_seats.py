"""Nobody closes strangers' open tables with requests alone (docs/rules.md, "Open tables";
docs/protocol.md, "Open tables" and "Limits per address, and proxies"), in-process on the
in-memory storage: one browser (its holder key) holds one seat or claim per open table, quick
play sends it back to its seat; one address holds at most its cap of seats at waiting tables,
while people behind one address still meet a stranger at one table; a waiting table deals only
once every person seated there is present; a seat or claim whose person has been away (a page
never opened, or opened for a moment) lapses within
:data:`~ziehdomino.server.tables.opentables.OPEN_WITHIN` seconds (the timer driven here with a clock of
the test's own, never by sleeping), one whose page reloads is kept; the countdown and "Jetzt mit
Computern starten" give the seats of people not there to computers, and the next deal drops a
claim whose heir is not there; a seat whose person has been away past the grace at a table in
play can be taken over, and the list offers it when the grace runs out;
and the attack itself, over HTTP: sixty joins from one address against twenty strangers' tables
close none of them."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from ziehdomino.server.core import changes
from ziehdomino.server.tables import opentables
from ziehdomino.server.http.app import create_app
from ziehdomino.server.protocol.codes import Close
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.core.credentials import hash_credential, hash_holder
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.tables.lobby import Lobby
from ziehdomino.server.tables.openseats import OpenSeats
from ziehdomino.server.tables.quickplay import QuickPlay, start_now
from ziehdomino.server.core.room import Room, Seated, SeatState
from ziehdomino.server.core.roomstate import RoomState, address_key
from ziehdomino.server.core.rooms import RoomError, Rooms, RoomWriter
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage
from tests.support.rooms import play_out

PERSON = {"kind": "person"}


def _rooms(clock: Callable[[], float] = time.time, storage: MemoryStorage | None = None,
           **settings: Any) -> tuple[Rooms, QuickPlay]:
    rooms = Rooms(storage or MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0, **settings))
    lobby = Lobby.listening_to(rooms)
    OpenSeats.listening_to(rooms)
    quick = QuickPlay(rooms, lobby, 30.0, clock=clock)
    rooms.listeners.append(quick)
    lobby.debounce = 0.0
    lobby.now = clock
    return rooms, quick


def _seats(rooms: Rooms) -> OpenSeats:
    """The count of open seats listening to ``rooms``."""
    return next(s for s in rooms.listeners if isinstance(s, OpenSeats))


def _holder() -> str:
    """A browser's holder key, as the page makes it: 128 random bits, 32 lowercase hex digits."""
    return secrets.token_hex(16)


def _opens(seated: Seated, *, claim: bool = False) -> Connection:
    """The connection of the page that opens the table with ``seated``'s credential, as its hello makes it."""
    key = hash_credential(seated.credential)
    return Connection(None, heir=seated.seat, key=key) if claim else Connection(seated.seat, key=key)


async def _in_play(rooms: Rooms, quick: QuickPlay, size: int) -> tuple[RoomWriter, Connection]:
    """An open table of ``size`` seats in play: Anna, her page open, with computers."""
    writer, anna = await quick.seat("Anna", size, "10.0.0.1", holder=_holder())
    assert anna is not None
    conn = _opens(anna)
    await rooms.connect(writer, conn)
    await start_now(writer, anna.seat)
    assert writer.room.started
    return writer, conn


async def test_one_browser_holds_one_seat_or_claim_at_an_open_table_and_quick_play_sends_it_back() -> None:
    rooms, quick = _rooms()
    jan, ada = _holder(), _holder()
    writer, seated = await quick.seat("Jan", 4, "10.0.0.1", holder=jan)
    assert seated is not None and seated.seat == 0
    with pytest.raises(RoomError) as twice:  # "Mitspielen" at his own table, from another network
        await rooms.join(writer, "Jan", holder=jan, address="10.0.0.2")
    assert twice.value.code == "already_seated"
    # quick play from the same browser, even without its list of rooms: back to its seat
    assert await quick.seat("Jan", 4, "10.0.0.1", holder=jan) == (writer, None)
    # another browser behind the same address sits down beside him
    same, other = await quick.seat("Ada", 4, "10.0.0.1", holder=ada)
    assert same is writer and other is not None and other.seat == 1
    assert [s.name for s in writer.room.seats] == ["Jan", "Ada", None, None]
    # the key, and its hash, never reach a client: not in the state, the summary or the list
    await rooms.connect(writer, _opens(seated))
    parts = writer.whole()
    told = parts.text(0) + parts.text(None) + json.dumps(writer.summary()) + json.dumps(quick.lobby.tables())
    assert writer.id in told
    for key in (jan, ada):
        assert key not in told and hash_holder(key) not in told
    stored = rooms.storage.read(writer.id)  # type: ignore[attr-defined]
    assert stored is not None and jan not in json.dumps(stored.seats)  # only its hash is kept
    assert stored.seats[0]["holder"] == hash_holder(jan)

    # an invitation room keeps its rules: the holder is neither kept nor asked about
    private, _ = await rooms.create(CreateRoom(seats=[PERSON] * 3, name="Pia", holder=jan), "10.0.0.1")
    await rooms.join(private, "Jan", holder=jan)
    await rooms.join(private, "Jan", holder=jan)
    assert private.room.started and all(s.holder is None for s in private.room.seats)

    # claims at a table in play ("Platz übernehmen"): one per browser, and none beside a seat
    table, _ = await _in_play(rooms, quick, 3)
    ben = _holder()
    claim = await rooms.join(table, "Ben", holder=ben, address="10.0.0.3")
    assert claim.seat == 1 and table.room.seats[1].heir == "Ben"
    with pytest.raises(RoomError) as again:
        await rooms.join(table, "Ben", holder=ben, address="10.0.0.3")
    assert again.value.code == "already_seated" and table.room.seats[2].heir is None
    anna = table.room.seats[0].holder
    assert anna is not None and table.room.holds(anna)  # Anna, seated, claims no seat either
    await rooms.close()


async def test_one_address_holds_a_few_seats_at_waiting_tables_and_strangers_behind_it_still_meet() -> None:
    assert Settings(data_dir=Path("unused")).max_open_seats_per_address == 4  # a table of four
    rooms, quick = _rooms(max_open_seats_per_address=3)
    school = "10.1.1.1"
    seated = [await quick.seat(n, 4, a, holder=_holder()) for n, a in
              [("Ida", school), ("Ole", school), ("Sven", "10.9.9.9"), ("Uwe", school)]]
    table = seated[0][0]
    assert all(w is table for w, _ in seated) and table.room.full  # three of the school and a stranger
    assert _seats(rooms).count(address_key(school)) == 3
    with pytest.raises(RoomError) as quick_refused:
        await quick.seat("Vera", 4, school, holder=_holder())
    other, _ = await quick.seat("Wim", 2, "10.2.2.2", holder=_holder())  # a new table, another address
    with pytest.raises(RoomError) as join_refused:
        await rooms.join(other, "Vera", holder=_holder(), address=school)
    with pytest.raises(RoomError) as open_refused:
        await rooms.create(CreateRoom(seats=[PERSON] * 2, name="Vera", public=True), school)
    assert {quick_refused.value.code, join_refused.value.code, open_refused.value.code} == {"too_many_seats"}
    assert [s.name for s in other.room.seats] == ["Wim", None] and len(rooms.rooms) == 2  # nothing changed
    private, _ = await rooms.create(CreateRoom(seats=[PERSON] * 2, name="Vera"), school)  # not counted
    await rooms.join(private, "Xaver", address=school)
    # the table deals once every page seated there opened it; its seats stop counting then
    for _, sat in seated:
        assert sat is not None and not table.room.started
        await rooms.connect(table, _opens(sat))
    assert table.room.started and _seats(rooms).count(address_key(school)) == 0
    joined = await rooms.join(other, "Vera", holder=_holder(), address=school)
    assert joined.seat == 1
    await rooms.close()


async def test_a_seat_never_opened_is_freed_in_time_and_one_whose_page_reloads_is_kept() -> None:
    now = [time.time()]
    storage = MemoryStorage()
    rooms, quick = _rooms(lambda: now[0], storage)
    writer, anna = await quick.seat("Anna", 4, "10.0.0.1", holder=_holder())
    assert anna is not None
    await rooms.connect(writer, _opens(anna))
    ben = await rooms.join(writer, "Ben", holder=_holder(), address="10.0.0.2")  # a request, no page
    cleo = await rooms.join(writer, "Cleo", holder=_holder(), address="10.0.0.3")
    since = writer.room.state.away_since[ben.seat]
    assert since is not None and writer.room.state.unopened_since(ben.seat) is not None
    reloading = _opens(cleo)
    await rooms.connect(writer, reloading)
    await rooms.disconnect(writer, reloading)  # her page opened the table, then reloads
    assert writer.room.state.unopened_since(cleo.seat) is None
    assert quick._timers[writer.id][0] == since + opentables.OPEN_WITHIN  # the table's next deadline
    now[0] = since + opentables.OPEN_WITHIN - 0.5
    await quick._ring(writer)  # woken early: nothing lapses
    assert writer.room.seats[ben.seat].name == "Ben" and quick._timers[writer.id][0] == since + opentables.OPEN_WITHIN
    await rooms.connect(writer, _opens(cleo))  # the reload is done well within the time
    now[0] = since + opentables.OPEN_WITHIN
    await quick._ring(writer)
    room = writer.room
    assert [s.name for s in room.seats] == ["Anna", None, "Cleo", None] and not room.started
    assert room.seats[ben.seat] == SeatState("person") and room.seat_of(ben.credential) is None
    assert room.seat_of(cleo.credential) == cleo.seat  # kept: her page is back
    stored = storage.read(writer.id)
    assert stored is not None and stored.seats[ben.seat]["credential_hash"] is None  # written through
    assert _seats(rooms).count(address_key("10.0.0.2")) == 0
    late = _opens(ben)  # Ben's page says hello at last: his credential opens nothing now
    await rooms.connect(writer, late)
    assert late.close_code == Close.BAD_CREDENTIAL and late not in writer.connections
    await rooms.close()


async def test_a_claim_nobody_opened_lapses_while_one_whose_page_opened_the_table_is_kept() -> None:
    now = [time.time()]
    rooms, quick = _rooms(lambda: now[0])
    writer, _ = await _in_play(rooms, quick, 3)
    emil = await rooms.join(writer, "Emil", holder=_holder(), address="10.0.0.2")
    finn = await rooms.join(writer, "Finn", holder=_holder(), address="10.0.0.3")
    watching = _opens(finn, claim=True)
    await rooms.connect(writer, watching)  # Finn's page watches until the next round
    since = writer.room.state.unopened_since(emil.seat)
    assert since is not None and writer.room.state.unopened_since(finn.seat) is None
    assert quick._timers[writer.id][0] == since + opentables.OPEN_WITHIN
    now[0] = since + opentables.OPEN_WITHIN
    await quick._ring(writer)
    room = writer.room
    assert room.seats[emil.seat].heir is None and room.heir_of(emil.credential) is None
    assert room.seats[finn.seat].heir == "Finn" and watching.close_code is None
    assert room.takeover(rooms.clock, now[0]) == [emil.seat]  # free to claim again
    await rooms.close()


async def _ben_away(rooms: Rooms, quick: QuickPlay) -> tuple[RoomWriter, Seated, Seated]:
    """Anna and Ben at a two-seat quick-play table in play, both pages opened; then Ben's closes."""
    writer, anna = await quick.seat("Anna", 2, "10.0.0.1", holder=_holder())
    _, ben = await quick.seat("Ben", 2, "10.0.0.2", holder=_holder())
    assert anna is not None and ben is not None
    pages = [_opens(anna), _opens(ben)]
    for page in pages:
        await rooms.connect(writer, page)
    assert writer.room.started
    await rooms.disconnect(writer, pages[1])
    return writer, anna, ben


async def test_a_seat_away_past_the_grace_at_a_table_in_play_can_be_taken_over_from_the_next_round() -> None:
    rooms, quick = _rooms()
    writer, anna, ben = await _ben_away(rooms, quick)  # within the grace nobody takes his seat
    assert quick.lobby.tables()[0]["takeover"] == 0
    with pytest.raises(RoomError) as full:
        await rooms.join(writer, "Cleo", holder=_holder(), address="10.0.0.3")
    assert full.value.code == "room_full"
    grace = rooms.clock.grace_seconds(writer.room.state.turn_time)
    await writer.run(lambda r: changes.away(r, ben.seat, time.time() - grace - 1))  # a computer stands in
    assert quick.lobby.tables()[0]["takeover"] == 1
    cleo = await rooms.join(writer, "Cleo", holder=_holder(), address="10.0.0.3")
    assert cleo.seat == ben.seat and writer.room.seats[ben.seat].heir == "Cleo"
    assert writer.room.seats[ben.seat].name == "Ben"  # his, for the rest of this round
    await rooms.connect(writer, _opens(cleo, claim=True))
    await play_out(rooms, writer)
    await rooms.next_round(writer, anna.seat, writer.room.match.version)  # type: ignore[union-attr]
    room = writer.room
    assert room.match is not None and room.match.round_number == 2
    assert (room.seats[ben.seat].name, room.seats[ben.seat].since) == ("Cleo", 2)
    assert room.seat_of(cleo.credential) == ben.seat and room.seat_of(ben.credential) is None
    await rooms.close()


async def test_a_person_back_before_the_next_round_keeps_the_seat_and_the_claim_on_it_lapses() -> None:
    rooms, quick = _rooms()
    writer, _, ben = await _ben_away(rooms, quick)
    grace = rooms.clock.grace_seconds(writer.room.state.turn_time)
    await writer.run(lambda r: changes.away(r, ben.seat, time.time() - grace - 1))
    cleo = await rooms.join(writer, "Cleo", holder=_holder(), address="10.0.0.3")
    heir = _opens(cleo, claim=True)
    await rooms.connect(writer, heir)
    back = _opens(ben)
    await rooms.connect(writer, back)
    room = writer.room
    assert room.is_present(ben.seat) and room.seats[ben.seat].heir is None and room.heir_of(cleo.credential) is None
    assert heir.close_code == Close.BAD_CREDENTIAL and back.close_code is None
    await rooms.close()


def test_a_room_stored_before_holders_and_unopened_seats_reads_as_none() -> None:
    seat = SeatState.from_json({"kind": "person", "name": "Ben", "credential_hash": "ab", "left": False})
    assert (seat.holder, seat.address, seat.heir_holder, seat.heir_address) == (None, None, None, None)
    state = RoomState.from_json({"turn_time": 60, "away_since": [None, 1.0], "ready": [False, False]}, 2)
    assert [state.unopened_since(i) for i in range(2)] == [None, None]
    assert RoomState.from_json(state.opening(1, 5.0).to_json(), 2).unopened_since(1) == 5.0
    room = Room("r" * 22, (SeatState("person", name="A", credential_hash="x"), seat), state.opening(1, 5.0), 1.0)
    assert Room.from_record(room.record(6.0), 100.0).state.unopened_since(1) == 100.0  # its page had from the restart


BASE = "http://127.0.0.1:8000"


async def test_sixty_joins_from_one_address_close_none_of_twenty_strangers_tables(tmp_path: Path, web_dir: Path) -> None:
    """The attack, over HTTP (in-process): twenty strangers each wait at a four-seat open table,
    their pages open; one address sends three joins to each (201 only up to its cap, then 429
    ``too_many_seats``, its quick play too); no table is dealt, and once the squatted seats
    lapse every table has its free seats again and the next stranger gets in."""
    settings = Settings(data_dir=tmp_path / "d", web_dir=web_dir, computer_delay=3600.0, http_rate=1000)
    app = create_app(settings, storage=MemoryStorage())

    def client(address: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=(address, 40000))  # type: ignore[arg-type]
        return httpx.AsyncClient(transport=transport, base_url=BASE, headers={"origin": BASE}, timeout=30)
    async with app.router.lifespan_context(app):
        rooms: Rooms = app.state.rooms
        tables = []
        for i in range(20):
            async with client(f"10.0.1.{i}") as stranger:
                made = await stranger.post("/api/rooms", json={"seats": [PERSON] * 4, "name": f"S{i}",
                                                               "public": True, "holder": _holder()})
            assert made.status_code == 201, made.text
            writer = rooms.get(made.json()["room"])
            assert writer is not None
            await rooms.connect(writer, Connection(0, key=hash_credential(made.json()["credential"])))
            tables.append(writer)
        async with client("10.6.6.6") as eve:
            answers = []
            for writer in tables:
                for _ in range(3):
                    r = await eve.post(f"/api/rooms/{writer.id}/join", json={"name": "Eve", "holder": _holder()})
                    answers.append((r.status_code, r.json().get("code")))
            quick = await eve.post("/api/quick", json={"name": "Eve", "size": 4, "holder": _holder()})
        assert answers.count((201, None)) == settings.max_open_seats_per_address
        assert answers.count((429, "too_many_seats")) == 60 - settings.max_open_seats_per_address
        assert (quick.status_code, quick.json()["code"]) == (429, "too_many_seats")
        assert not any(w.room.started for w in tables)  # no squatted table was dealt
        assert sum(not w.room.full for w in tables) == 19  # and but one has a free seat even now
        squatted = [w for w in tables if w.room.state.unopened_since(1) is not None]
        later = time.time() + opentables.OPEN_WITHIN
        for writer in squatted:
            assert app.state.quick._timers[writer.id][0] <= later  # each has its deadline set
            await writer.run(lambda r: opentables.lapse(r, later))  # what that timer runs then
        assert all([s.name for s in w.room.seats] == [f"S{i}", None, None, None] for i, w in enumerate(tables))
        async with client("10.0.2.1") as newcomer:
            joined = await newcomer.post(f"/api/rooms/{tables[0].id}/join", json={"name": "Nora", "holder": _holder()})
        assert joined.status_code == 201 and joined.json()["seat"] == 1


async def test_a_claim_on_a_seat_whose_person_is_there_at_the_deal_lapses_and_the_seat_stays_theirs() -> None:
    """When the person's coming back could not drop the claim (their presence alone was kept,
    :func:`~ziehdomino.server.core.changes.present`), the deal keeps the seat theirs, counters and all."""
    rooms, quick = _rooms()
    writer, anna = await quick.seat("Anna", 2, "10.0.0.1", holder=_holder())
    _, ben = await quick.seat("Ben", 2, "10.0.0.2", holder=_holder())
    assert anna is not None and ben is not None
    for sat in (anna, ben):
        await rooms.connect(writer, _opens(sat))
    grace = rooms.clock.grace_seconds(writer.room.state.turn_time)
    await writer.run(lambda r: changes.away(r, ben.seat, time.time() - grace - 1))
    cleo = await rooms.join(writer, "Cleo", holder=_holder(), address="10.0.0.3")
    await writer.run(lambda r: changes.present(r, ben.seat))
    await play_out(rooms, writer)
    wins = list(writer.room.match.wins)  # type: ignore[union-attr]
    for sat in (anna, ben):  # Ben is there: the ready step waits for him too
        await rooms.next_round(writer, sat.seat, writer.room.match.version)  # type: ignore[union-attr]
    room = writer.room
    assert room.match is not None and room.match.round_number == 2 and room.match.wins == wins
    assert room.seats[ben.seat].name == "Ben" and room.seats[ben.seat].heir is None
    assert room.seat_of(ben.credential) == ben.seat and room.heir_of(cleo.credential) is None
    await rooms.close()


async def test_seats_whose_page_opened_for_a_moment_deal_nothing_and_are_freed_once_away_long_enough() -> None:
    """A page that says hello and closes at once does not make the table deal; the seat is freed
    :data:`~ziehdomino.server.tables.opentables.OPEN_WITHIN` seconds after it went away, and stops
    counting toward its address's cap."""
    now = [time.time()]
    rooms, quick = _rooms(lambda: now[0])
    writer, anna = await quick.seat("Anna", 3, "10.0.0.1", holder=_holder())
    assert anna is not None
    await rooms.connect(writer, _opens(anna))
    eve = [await rooms.join(writer, "Eve", holder=_holder(), address="10.6.6.6") for _ in range(2)]
    for sat in eve:  # each page opens the table for a moment
        page = _opens(sat)
        await rooms.connect(writer, page)
        await rooms.disconnect(writer, page)
    room = writer.room
    assert room.full and not room.started  # not everyone seated is there: no deal
    gone = max(room.state.away_since[s.seat] or 0.0 for s in eve)
    assert quick._timers[writer.id][0] <= gone + opentables.OPEN_WITHIN
    now[0] = gone + opentables.OPEN_WITHIN
    await quick._ring(writer)
    room = writer.room
    assert [s.name for s in room.seats] == ["Anna", None, None] and not room.started
    assert _seats(rooms).count(address_key("10.6.6.6")) == 0
    ben = await rooms.join(writer, "Ben", holder=_holder(), address="10.0.0.2")
    cleo = await rooms.join(writer, "Cleo", holder=_holder(), address="10.0.0.3")
    for sat in (ben, cleo):
        await rooms.connect(writer, _opens(sat))
    assert writer.room.started  # people who are there: dealt at once
    await rooms.close()


async def test_the_countdown_and_start_now_give_the_seats_of_people_not_there_to_computers() -> None:
    now = [time.time()]
    rooms, quick = _rooms(lambda: now[0])
    writer, anna = await quick.seat("Anna", 4, "10.0.0.1", holder=_holder())
    assert anna is not None
    await rooms.connect(writer, _opens(anna))
    wait_until = writer.room.state.wait_until
    assert wait_until is not None
    now[0] = wait_until - 4  # three requests, no page, at 26 s of the 30 s countdown
    squat = []
    for _ in range(3):
        _, sat = await quick.seat("Eve", 4, "10.6.6.6", holder=_holder())
        assert sat is not None
        squat.append(sat)
    step = opentables.fill(writer.room, wait_until)  # what the table's timer runs then
    assert step is not None
    room = step.room
    assert room.started and [s.kind for s in room.seats] == ["person", "computer", "computer", "computer"]
    assert all(room.seat_of(s.credential) is None for s in squat) and room.seats[1].name is None
    await writer.run(lambda _: step)
    assert _seats(rooms).count(address_key("10.6.6.6")) == 0

    other, ida = await quick.seat("Ida", 3, "10.0.0.4", holder=_holder())  # "Jetzt mit Computern starten"
    assert ida is not None
    await rooms.connect(other, _opens(ida))
    for _ in range(2):
        await rooms.join(other, "Eve", holder=_holder(), address="10.6.6.7")
    assert other.room.full and not other.room.started
    await start_now(other, ida.seat)
    room = other.room
    assert room.started and [s.kind for s in room.seats] == ["person", "computer", "computer"]
    assert room.is_present(1) and room.is_present(2)  # computers: nobody's turn waits a grace
    await rooms.close()


async def test_a_claim_whose_page_closed_lapses_and_one_whose_heir_is_away_at_the_deal_is_dropped() -> None:
    now = [time.time()]
    rooms, quick = _rooms(lambda: now[0])
    writer, _ = await _in_play(rooms, quick, 3)
    emil = await rooms.join(writer, "Emil", holder=_holder(), address="10.0.0.2")
    page = _opens(emil, claim=True)
    await rooms.connect(writer, page)  # opened for a moment
    await rooms.disconnect(writer, page)
    since = writer.room.state.unopened_since(emil.seat)
    assert since is not None and quick._timers[writer.id][0] == since + opentables.OPEN_WITHIN
    now[0] = since + opentables.OPEN_WITHIN
    await quick._ring(writer)
    assert writer.room.seats[emil.seat].heir is None and writer.room.heir_of(emil.credential) is None

    # a claim whose heir's page is closed when the next round is dealt: the computer keeps the seat
    finn = await rooms.join(writer, "Finn", holder=_holder(), address="10.0.0.3")
    page = _opens(finn, claim=True)
    await rooms.connect(writer, page)
    await rooms.disconnect(writer, page)
    assert writer.room.seats[finn.seat].heir == "Finn"
    await play_out(rooms, writer)
    room = writer.room
    dealt = changes.ready(room, 0, room.match.version, now[0] + 1).room  # type: ignore[union-attr]
    assert dealt.match is not None and dealt.match.round_number == 2
    assert dealt.seats[finn.seat].kind == "computer" and dealt.seats[finn.seat].heir is None
    assert dealt.heir_of(finn.credential) is None and dealt.seat_of(finn.credential) is None
    await rooms.close()


async def test_the_list_offers_a_seat_to_take_over_when_its_persons_grace_runs_out() -> None:
    now = [time.time()]
    rooms, quick = _rooms(lambda: now[0])
    writer, _, ben = await _ben_away(rooms, quick)
    away = writer.room.state.away_since[ben.seat]
    assert away is not None and quick.lobby.tables()[0]["takeover"] == 0
    grace = rooms.clock.grace_seconds(writer.room.state.turn_time)
    assert quick._timers[writer.id][0] == away + grace  # the table's timer wakes when the grace ends
    now[0] = away + grace
    await quick._ring(writer)  # nothing else changed the room meanwhile
    assert quick.lobby.tables()[0]["takeover"] == 1
    assert writer.id not in quick._timers or quick._timers[writer.id][0] > now[0]  # no timer for the past
    await rooms.close()
