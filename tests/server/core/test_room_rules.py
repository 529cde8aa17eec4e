"""The room's rules, in-process: the registry and its writers on the in-memory storage, without a
server process, a socket or a sleep. Every rejection path changes nothing (no write, no push);
the ready step, stand-ins, leaving and cleanup; a failed write leaves the room as it was."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.engine import Refusal, match_to_state
from ziehdomino.server.core import changes
from ziehdomino.server.protocol.codes import Close
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.rooms import RoomError, Rooms
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage
from tests.support.rooms import legal, outbox, play_out, refused_and_unchanged, table


async def test_every_refusal_of_an_action_changes_nothing_and_pushes_nothing() -> None:
    storage = MemoryStorage()
    rooms, writer, _, conns = await table(["person", "person"], storage=storage)
    room = writer.room
    assert room.match is not None
    seat = room.turn
    assert seat is not None
    other = 1 - seat
    version = room.match.version
    good = legal(room, seat)
    cases: list[tuple[Callable[[], Awaitable[Any]], type[Exception], str]] = [
        (lambda: rooms.act(writer, None, version, good), RoomError, "spectator"),
        (lambda: rooms.act(writer, seat, version - 1, good), Refusal, "stale_version"),
        (lambda: rooms.act(writer, other, version, legal(room, seat)), Refusal, "not_your_turn"),
        (lambda: rooms.act(writer, seat, version, {"type": "play", "tile": [9, 9], "end": "left"}), Refusal,
         "invalid_action"),
        (lambda: rooms.act(writer, seat, version, {"type": "pass"}), Refusal, "must_play"),
        (lambda: rooms.next_round(writer, seat, version), Refusal, "round_not_over"),
        (lambda: rooms.next_round(writer, None, version), RoomError, "spectator"),
        (lambda: rooms.leave(writer, None), RoomError, "spectator"),
    ]
    for attempt, error, code in cases:
        await refused_and_unchanged(storage, writer, conns, attempt, error, code)()
    await rooms.act(writer, seat, version, good)  # the right one goes through, once
    await refused_and_unchanged(storage, writer, conns, lambda: rooms.act(writer, seat, version, good),
                                 Refusal, "stale_version")()


async def test_a_room_before_its_first_round_refuses_actions_and_a_full_room_refuses_joins() -> None:
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await refused_and_unchanged(storage, writer, [], lambda: rooms.act(writer, 0, 1, {"type": "draw"}),
                                 RoomError, "not_started")()
    await rooms.join(writer, "Ben")
    assert writer.room.match is not None and writer.room.match.round_number == 1  # full: dealt
    await refused_and_unchanged(storage, writer, [], lambda: rooms.join(writer, "Cleo"), RoomError, "room_full")()


async def test_a_change_whose_write_fails_is_not_made_and_the_same_change_goes_through_later() -> None:
    storage = MemoryStorage()
    rooms, writer, _, conns = await table(["person", "person"], storage=storage)
    room = writer.room
    assert room.match is not None and room.turn is not None
    seat, version = room.turn, room.match.version
    action = legal(room, seat)
    storage.fail = OSError("disk full")
    await refused_and_unchanged(storage, writer, conns, lambda: rooms.act(writer, seat, version, action),
                                 RoomError, "server_error")()
    assert match_to_state(room.match) == match_to_state(writer.room.match)  # type: ignore[arg-type]
    storage.fail = None
    await rooms.act(writer, seat, version, action)
    stored = storage.read(writer.id)
    assert stored is not None and stored.match == match_to_state(writer.room.match)  # type: ignore[arg-type]
    assert all(m["type"] == "state" and m["view"]["version"] == version + 1 for c in conns for m in outbox(c))


async def test_the_ready_step_writes_the_room_state_alone_and_deals_once_everyone_present_asked() -> None:
    storage = MemoryStorage()
    rooms, writer, _, conns = await table(["person", "person", "person"], storage=storage)
    await play_out(rooms, writer)
    match = writer.room.match
    assert match is not None and match.round.result is not None
    whole = storage.writes["save"]
    await rooms.next_round(writer, 0, match.version)
    assert writer.room.state.ready == (True, False, False) and storage.writes["save"] == whole
    assert storage.writes["save_state"] >= 1
    stored = storage.read(writer.id)
    assert stored is not None and stored.room is not None and stored.room["ready"] == [True, False, False]
    await rooms.disconnect(writer, conns[2])  # an away person counts as ready
    await rooms.next_round(writer, 1, match.version)
    assert writer.room.match is not None and writer.room.match.round_number == 2
    assert writer.room.state.ready == (False, False, False) and storage.writes["save"] == whole + 1


async def test_a_computer_stands_in_for_a_person_away_past_the_grace_and_the_log_says_so() -> None:
    rooms, writer, _, conns = await table(["person", "person"], grace=5.0, computer_delay=0.0)
    room = writer.room
    seat = room.turn
    assert seat is not None
    due = rooms.computers.due(writer)
    assert due is not None and due[1] == pytest.approx(time.time() + 60.0, abs=1.0)  # present: the turn time
    await rooms.disconnect(writer, conns[seat])
    due = rooms.computers.due(writer)
    assert due is not None and due[0] == seat and due[2]  # a stand-in, after the grace
    assert due[1] == pytest.approx(time.time() + 5.0, abs=1.0)
    step = await writer.run(lambda r: changes.act(r, seat, r.match.version, legal(r, seat), time.time(),  # type: ignore[union-attr]
                                                 stand_in=True))
    assert step is not None and writer.room.state.stand_ins == (0,)
    texts = writer.state_texts([1 - seat])
    assert json.loads(texts[1 - seat])["view"]["log"][0]["stand_in"] is True
    await rooms.close()


async def test_leaving_hands_the_seat_to_a_computer_and_the_last_person_leaving_ends_the_room() -> None:
    storage = MemoryStorage()
    rooms, writer, credentials, conns = await table(["person", "person", "stark"], storage=storage)
    await rooms.leave(writer, 1)
    room = writer.room
    assert room.seats[1].left and room.seats[1].played_by_computer and room.seat_of(credentials[1]) is None
    assert conns[1].close_code == Close.LEFT and writer.connections.viewers() == [0]
    stored = storage.read(writer.id)
    assert stored is not None and stored.seats[1]["left"] is True
    await rooms.leave(writer, 0)
    assert writer.deleted and storage.read(writer.id) is None and rooms.get(writer.id) is None
    assert conns[0].close_code == Close.LEFT
    await refused_and_unchanged(storage, writer, [], lambda: rooms.leave(writer, 0), RoomError, "room_not_found")()
    await rooms.close()


async def test_cleanup_ends_a_room_whose_persons_are_all_away_too_long_and_keeps_a_present_one() -> None:
    storage = MemoryStorage()
    rooms, kept, _, _ = await table(["person", "person"], storage=storage)
    away = (await table(["person", "person", "leicht"], connect=False, storage=storage))[1]
    rooms._hold(away)
    gone = await rooms.cleanup(now=time.time() + 25 * 3600)
    assert gone == [away.id] and away.deleted and storage.read(away.id) is None
    assert not kept.deleted and storage.read(kept.id) is not None
    await rooms.close()


async def test_a_restart_reads_back_the_room_as_stored_with_every_person_away() -> None:
    storage = MemoryStorage()
    rooms, writer, _, _ = await table(["person", "person"], storage=storage)
    await play_out(rooms, writer)
    match = writer.room.match
    assert match is not None
    await rooms.next_round(writer, 1, match.version)
    again = Rooms(storage, Settings(data_dir=Path("unused")))
    assert await again.load() == 1
    room = again.rooms[writer.id].room
    assert room.state.ready == (False, True) and not room.is_present(0) and not room.is_present(1)
    assert match_to_state(room.match) == match_to_state(match)  # type: ignore[arg-type]
    # the one history: the finished rounds' records; read off the match at the round's end,
    # replayed from the record after the restart: the same line
    assert room.history == writer.room.history and [h["round"] for h in room.history] == [1]


async def test_opening_a_room_is_refused_past_the_servers_and_the_addresss_limits_and_stores_nothing() -> None:
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0, max_rooms_per_address=2))
    spec = CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna")
    for _ in range(2):
        await rooms.create(spec, "203.0.113.7")
    saves = storage.writes["save"]
    with pytest.raises(RoomError) as exc:
        await rooms.create(spec, "203.0.113.7")
    assert exc.value.code == "too_many_rooms" and storage.writes["save"] == saves and len(rooms.rooms) == 2
    await rooms.create(spec, "198.51.100.9")  # another address has its own count
    full = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), max_rooms=1))
    await full.create(spec)
    with pytest.raises(RoomError) as exc:
        await full.create(spec)
    assert exc.value.code == "server_full" and len(full.rooms) == 1
    storage.fail = OSError("disk full")
    with pytest.raises(RoomError) as exc:
        await rooms.create(spec, "192.0.2.1")
    assert exc.value.code == "server_error" and len(rooms.rooms) == 3  # not held: it was never stored
