"""Open tables and "Schnell spielen", in-process on the in-memory storage (docs/rules.md, "Open
tables"): requests for one size land at one table whatever target they ask for (the target
only orders the waiting tables), a waiting table's countdown fills its free seats with
computers (or ends it when nobody is there), a seated person may start it at once, and the
lobby lists public tables only, while someone sits there."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.engine import action_to_json
from ziehdomino.server.core import changes
from ziehdomino.server.tables import opentables
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.core.credentials import hash_credential
from ziehdomino.server.tables.lobby import LIST_LIMIT, Lobby, apply_list_change
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.tables.opentables import ListedTable
from ziehdomino.server.tables.openseats import OpenSeats
from ziehdomino.server.tables.quickplay import QuickPlay, start_now
from ziehdomino.server.core.room import Room, Seat
from ziehdomino.server.core.writer import RoomWriter
from ziehdomino.server.core.rooms import RoomError, Rooms
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage



async def _seat(quick: QuickPlay, *args: Any, **kwargs: Any) -> tuple[RoomWriter, Seat | None, str | None]:
    """``quick.seat`` as (writer, seat, credential); (writer, None, None) when the browser sits there already."""
    writer, seated = await quick.seat(*args, **kwargs)
    return (writer, None, None) if seated is None else (writer, seated.seat, seated.credential)


def _rooms(storage: MemoryStorage | None = None, wait: float = 30.0, grace: float = 20.0) -> tuple[Rooms, QuickPlay]:
    rooms = Rooms(storage or MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0, grace=grace))
    lobby = Lobby.listening_to(rooms)
    OpenSeats.listening_to(rooms)
    quick = QuickPlay(rooms, lobby, wait)
    rooms.listeners.append(quick)
    lobby.debounce = 0.0
    return rooms, quick


async def test_requests_for_the_same_size_at_the_same_time_land_at_one_table_until_it_is_full() -> None:
    rooms, quick = _rooms()
    seated = await asyncio.gather(*(quick.seat(f"P{i}", 3, f"10.0.0.{i}") for i in range(4)))
    tables = {w.id for w, _ in seated}
    assert len(tables) == 2  # three at the first table, the fourth opens the next
    first = seated[0][0]
    assert sorted(s.seat for w, s in seated if w is first and s is not None) == [0, 1, 2]
    assert first.room.full and not first.room.started  # full: dealt once every page opened it
    for seat in range(2):
        await rooms.connect(first, Connection(seat))
    assert not first.room.started
    await rooms.connect(first, Connection(2))
    assert first.room.started and first.room.state.wait_until is None
    assert first.room.state.public and first.room.state.target == 5
    other = seated[3][0]
    assert not other.room.started and other.room.state.wait_until is not None
    two = await asyncio.gather(quick.seat("A", 2, "a"), quick.seat("B", 2, "b"))
    assert two[0][0] is two[1][0]  # another size, another table
    for _, sat in two:
        assert sat is not None
        await rooms.connect(two[0][0], Connection(sat.seat))
    assert two[0][0].room.started
    await rooms.close()


async def test_the_target_asked_for_is_a_preference_among_waiting_tables_never_a_second_table() -> None:
    rooms, quick = _rooms()
    opened, seat = await quick.seat("Anna", 3, "a", target=3)
    assert seat is not None and seat.seat == 0 and opened.room.state.target == 3  # a new table gets the target asked for
    other, _ = await quick.seat("Ben", 3, "b", target=10)  # another target: still the same table
    assert other is opened and opened.room.state.target == 3 and len(rooms.rooms) == 1
    endless, _ = await quick.seat("Cleo", 2, "c", target=None)  # None: no target
    assert endless.room.state.target is None
    # Two tables of one size wait (open tables from "Raum eröffnen"): the asked target
    # first, even the newer one; else the oldest of any target.
    person = {"kind": "person"}
    older, _ = await rooms.create(CreateRoom(seats=[person] * 4, name="Olga", public=True, target=10))
    newer, _ = await rooms.create(CreateRoom(seats=[person] * 4, name="Nina", public=True, target=5))
    assert (await quick.seat("Dora", 4, "d"))[0] is newer  # left out: 5
    assert (await quick.seat("Emil", 4, "e", target=3))[0] is older
    assert (await quick.seat("Finn", 4, "f", target=10))[0] is older
    assert [s.name for s in older.room.seats] == ["Olga", "Emil", "Finn", None]
    with pytest.raises(ValueError):
        await quick.seat("Gil", 4, "g", target=7)  # type: ignore[arg-type]
    assert len(rooms.rooms) == 4 and [s.name for s in newer.room.seats] == ["Nina", "Dora", None, None]
    await rooms.close()


async def test_a_flood_from_one_address_keeps_one_waiting_table_per_size() -> None:
    rooms, quick = _rooms()
    refused = []
    for _ in range(9):
        try:
            await quick.seat("Anna", 4, "10.0.0.1")
        except RoomError as exc:
            refused.append(exc.code)
    # the address's cap of seats at waiting tables: one table, filled by four of them, and
    # never dealt, since no page opened it
    assert refused == ["too_many_seats"] * 5 and len(rooms.rooms) == 1
    (table,) = rooms.rooms.values()
    assert table.room.full and not table.room.started
    await rooms.close()


async def test_the_countdown_gives_every_free_seat_to_a_computer_and_deals() -> None:
    rooms, quick = _rooms(wait=0.3)
    writer, seat, _ = await _seat(quick, "Anna", 4, "a")
    _, ben, _ = await _seat(quick, "Ben", 4, "b")
    _, _, cleo = await _seat(quick, "Cleo", 4, "c")  # a request, never a page
    await rooms.connect(writer, Connection(seat))
    await rooms.connect(writer, Connection(ben))
    assert not writer.room.started
    await asyncio.sleep(0.8)
    room = writer.room
    assert room.started and room.state.wait_until is None
    assert [s.kind for s in room.seats] == ["person", "person", "computer", "computer"]
    assert {s.level for s in room.seats[2:]} == {"mittel"}
    assert cleo is not None and room.seat_of(cleo) is None  # not there: her seat went to a computer
    await rooms.close()


async def test_the_countdown_ends_a_table_that_nobody_sits_at_any_more() -> None:
    storage = MemoryStorage()
    rooms, quick = _rooms(storage, wait=0.2, grace=0.6)
    writer, _, _ = await _seat(quick, "Anna", 2, "a")  # never connects
    await asyncio.sleep(0.3)
    assert not writer.deleted  # she may still be loading the page: the grace runs
    await asyncio.sleep(0.6)
    assert writer.deleted and storage.read(writer.id) is None and writer.id not in rooms.rooms
    assert not quick.waiting[2]
    await rooms.close()


async def test_a_browser_that_sits_at_a_waiting_table_is_sent_back_to_it_never_seated_twice() -> None:
    rooms, quick = _rooms()
    writer, _, _ = await _seat(quick, "Jan", 4, "a")
    again = await quick.seat("Jan", 4, "a", held=frozenset({writer.id}))
    assert again == (writer, None)
    # also once his page has been closed a while (he went back to the start page)
    await writer.run(lambda r: changes.away(r, 0, time.time() - opentables.ABSENT_AFTER - 5))
    assert await _seat(quick, "Jan", 4, "a", held=frozenset({writer.id})) == (writer, None, None)
    assert [s.name for s in writer.room.seats] == ["Jan", None, None, None]
    # another size is another table: the held one does not count there
    _, seat, credential = await _seat(quick, "Jan", 2, "a", held=frozenset({writer.id}))
    assert seat == 0 and credential
    await rooms.close()


async def test_a_waiting_table_whose_people_closed_their_pages_seats_nobody_more() -> None:
    rooms, quick = _rooms()
    ghost, seat, _ = await _seat(quick, "Xaver", 2, "x")
    await rooms.connect(ghost, Connection(seat))
    await ghost.run(lambda r: changes.away(r, seat, time.time() - opentables.ABSENT_AFTER - 1))
    yvonne, _, _ = await _seat(quick, "Yvonne", 2, "y")
    assert yvonne is not ghost and not ghost.room.started and not yvonne.room.started
    await rooms.connect(yvonne, Connection(0))
    # a page that closed a moment ago (a reload) keeps its table open to newcomers
    await yvonne.run(lambda r: changes.away(r, 0, time.time() - 1))
    zoe, seat, _ = await _seat(quick, "Zoe", 2, "z")
    assert zoe is yvonne and yvonne.room.full
    await rooms.connect(zoe, Connection(seat))
    assert not yvonne.room.started  # Yvonne is not there (yet): no deal
    await rooms.connect(yvonne, Connection(0))  # her page is back: everyone is there, it deals
    assert yvonne.room.started
    await rooms.close()


async def test_a_seated_person_starts_at_once_and_a_spectator_cannot() -> None:
    storage = MemoryStorage()
    rooms, quick = _rooms(storage)
    writer, seated = await quick.seat("Anna", 3, "a")
    assert seated is not None
    seat = seated.seat
    await rooms.connect(writer, Connection(seat))
    before, writes = writer.room, dict(storage.writes)
    with pytest.raises(RoomError) as refused:
        await start_now(writer, None)
    assert refused.value.code == "spectator" and writer.room is before and dict(storage.writes) == writes
    await start_now(writer, seat)
    assert writer.room.started and [s.kind for s in writer.room.seats] == ["person", "computer", "computer"]
    await start_now(writer, seat)  # again: nothing to do, nothing refused
    await rooms.close()


async def test_the_lobby_lists_public_tables_while_someone_sits_there_and_never_a_private_room() -> None:
    rooms, quick = _rooms()
    private, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Pia"))
    await rooms.connect(private, Connection(0))
    public, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Olga",
                                              public=True, turn_time=30))
    writer, seat, _ = await _seat(quick, "Anna", 3, "a")
    assert json.loads(quick.lobby.body())["tables"] == []  # nobody connected at the public ones yet
    conn = Connection(seat)
    await rooms.connect(writer, conn)
    await rooms.connect(public, Connection(0))
    await asyncio.sleep(0.05)
    tables = json.loads(quick.lobby.body())["tables"]
    assert [t["room"] for t in tables] == [public.id, writer.id]  # the oldest waiting first
    assert tables[0]["seats"] == [{"kind": "person", "name": "Olga"}, {"kind": "free", "name": None}]
    assert tables[0]["free"] == 1 and tables[0]["turn_time"] == 30 and tables[0]["state"] == "waiting"
    assert private.id not in quick.lobby.body().decode()
    await rooms.leave(writer, seat)  # the last person leaves: the table ends and drops out
    await asyncio.sleep(0.05)
    assert [t["room"] for t in json.loads(quick.lobby.body())["tables"]] == [public.id]
    joined, seat, _ = await _seat(quick, "Ben", 2, "b")  # an open table from "Raum eröffnen" takes quick play too
    assert joined is public
    await rooms.connect(public, Connection(seat))
    assert public.room.started
    await asyncio.sleep(0.05)
    assert json.loads(quick.lobby.body())["tables"][0]["state"] == "playing"
    await rooms.close()


async def test_the_lobby_pushes_one_encoded_list_per_change_to_every_subscriber() -> None:
    rooms, quick = _rooms()
    queues = [quick.lobby.subscribe() for _ in range(100)]
    for q in queues:
        q.get_nowait()  # the list at subscription
    writer, seat, _ = await _seat(quick, "Anna", 2, "a")
    pushes = quick.lobby.pushes
    await rooms.connect(writer, Connection(seat))
    await asyncio.sleep(0.05)
    assert quick.lobby.pushes == pushes + 1
    events = [q.get_nowait() for q in queues]
    assert len(set(events)) == 1 and writer.id.encode() in events[0]
    await rooms.close()


async def test_a_waiting_table_survives_a_restart_and_its_countdown_goes_on_once_its_person_is_back() -> None:
    storage = MemoryStorage()
    rooms, quick = _rooms(storage, wait=0.3)
    writer, seat, _ = await _seat(quick, "Anna", 3, "a")
    await rooms.connect(writer, Connection(seat))
    await rooms.close()  # the process stops (nothing more is written) ...
    record = storage.read(writer.id)
    assert record is not None and record.room is not None and record.room["wait_until"] is not None
    again = Room.from_record(record, time.time())
    assert again.state.public and not again.started and again.state.wait_until == record.room["wait_until"]
    # ... and a new one resumes it: Anna is away since the restart, so the table waits for her
    rooms, quick = _rooms(storage, wait=0.3, grace=0.5)
    await rooms.load()
    rooms.resume()
    resumed = rooms.rooms[writer.id]
    await asyncio.sleep(0.2)
    assert not resumed.room.started and not resumed.deleted
    await rooms.connect(resumed, Connection(seat))
    await asyncio.sleep(0.8)
    assert resumed.room.started and [s.kind for s in resumed.room.seats] == ["person", "computer", "computer"]
    await rooms.close()


async def test_a_person_takes_a_computers_seat_at_the_next_round_and_starts_at_0() -> None:
    storage = MemoryStorage()
    rooms, quick = _rooms(storage)
    writer, seat, _ = await _seat(quick, "Anna", 3, "a")
    await rooms.connect(writer, Connection(seat))
    await start_now(writer, seat)
    await asyncio.sleep(0.05)
    assert json.loads(quick.lobby.body())["tables"][0]["takeover"] == 2
    seat_ben, credential, _ = await rooms.join(writer, "Ben")  # no free seat: a computer's, next round
    room = writer.room
    assert seat_ben == 1 and room.seats[1].kind == "computer" and room.seats[1].heir == "Ben"
    assert room.seat_of(credential) is None and room.heir_of(credential) == 1
    assert "heir_hash" not in json.dumps(room.seat_infos(rooms.clock, time.time()))
    await rooms.connect(writer, Connection(None, heir=1, key=hash_credential(credential)))  # Ben's page watches
    while (turn := writer.room.turn) is not None:  # the round is played to its end
        legal = action_to_json(writer.room.match.round.legal_actions(turn)[0])  # type: ignore[union-attr]
        await writer.run(lambda r: changes.act(r, turn, r.match.version, legal, time.time()))  # type: ignore[union-attr]
    wins = list(writer.room.match.wins)  # type: ignore[union-attr]
    winners = list(writer.room.match.round.result.winners)  # type: ignore[union-attr]
    await rooms.next_round(writer, seat, writer.room.match.version)  # type: ignore[union-attr]
    room = writer.room
    # Ben starts at 0; the computer's win stays in the record of the round it played
    assert room.match is not None and room.match.round_number == 2
    assert room.match.wins == [w if s != 1 else 0 for s, w in enumerate(wins)] and room.match.shared[1] == 0
    stored = storage.read(room.id)
    assert stored is not None and [r["result"]["winners"] for r in stored.rounds] == [winners]
    assert room.seats[1] == room.seats[1]._replace(kind="person", name="Ben", level=None, heir=None, since=2)
    assert room.seat_of(credential) == 1 and room.heir_of(credential) is None
    assert room.seat_infos(rooms.clock, time.time())[1]["since"] == 2
    private, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Pia"))
    await rooms.join(private, "Olga")
    with pytest.raises(RoomError) as full:
        await rooms.join(private, "Eve")
    assert full.value.code == "room_full"
    await rooms.close()


def test_lobby_events_after_the_first_say_only_what_changed_and_a_slow_reader_gets_the_whole_list() -> None:
    """Random changes to a long list (tables opened, filled, started, ended; more than the list
    shows): every subscriber that applies each event holds the list as listed, and the events
    after the first are changes, smaller than the list; a subscriber that stops reading gets the
    whole list instead of the changes it missed."""
    rng = random.Random(5)
    lobby = Lobby()  # outside an event loop: every change is pushed at once
    readers = [lobby.subscribe() for _ in range(3)]
    slow = lobby.subscribe()
    held: list[list[Any]] = [[] for _ in readers]
    sizes: list[tuple[int, int]] = []
    for step in range(400):
        room = f"room{rng.randrange(80)}"
        if rng.random() < 0.25:
            if room in lobby.own:
                lobby.forget(room)
        else:
            size = rng.choice((2, 3, 4))
            free = rng.randrange(size)
            line: ListedTable = {"room": room, "size": size, "seats": [], "free": free, "takeover": 0,
                                 "turn_time": 60, "target": None, "state": "waiting" if free else "playing",
                                 "created": float(rng.randrange(1000))}
            lobby._put(room, line)
        for i, q in enumerate(readers):
            while not q.empty():
                event = json.loads(q.get_nowait()[len(b"data: "):])
                if "tables" in event:
                    held[i] = event["tables"]
                else:
                    sizes.append((len(json.dumps(event)), len(lobby.body())))
                    changed = apply_list_change(held[i], event)
                    assert changed is not None
                    held[i] = changed
            assert held[i] == lobby.tables(), step
    assert len(lobby.tables()) == LIST_LIMIT and sizes
    assert sum(s for s, _ in sizes) * 10 < sum(whole for _, whole in sizes)  # changes: a tenth of the list or less
    events = [json.loads(slow.get_nowait()[len(b"data: "):]) for _ in range(slow.qsize())]
    assert "tables" in events[0]  # what it missed went as the whole list
    tables = events[0]["tables"]
    for event in events[1:]:
        tables = event["tables"] if "tables" in event else apply_list_change(tables, event)
    assert tables == lobby.tables()
