"""The committed deal in a room (docs/fair.md), in-process: the seed is fixed and stored before
its commitment is announced, contributions come after it and go into the deal, a restart keeps
the seed, bad contributions change nothing, and no seed is in any state before its round ends."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pydantic
import pytest

from ziehdomino.engine import hand_size
from ziehdomino.engine.fair import commitment_of, deal_json
from ziehdomino.server.core import changes
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.core.credentials import hash_credential
from ziehdomino.server.protocol.models import CLIENT_MESSAGE, CreateRoom, JoinRoom
from ziehdomino.server.protocol.models import QuickPlay as QuickPlayBody
from ziehdomino.server.tables.lobby import Lobby
from ziehdomino.server.tables.openseats import OpenSeats
from ziehdomino.server.tables.quickplay import QuickPlay, start_now
from ziehdomino.server.core.room import Room
from ziehdomino.server.core.rooms import RoomError, Rooms
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage import RoomRecord
from ziehdomino.server.storage.memory import MemoryStorage
from tests.support.rooms import outbox, play_out, refused_and_unchanged, table

A, B, C = "a" * 32, "b" * 32, "c" * 32


async def _stored(storage: MemoryStorage, room_id: str) -> RoomRecord:
    return next(r for r in await storage.load_all() if r.id == room_id)


def _texts(conn: Connection) -> list[str]:
    return [json.dumps(m) for m in outbox(conn)]


async def test_the_first_deal_is_committed_when_the_room_opens_and_takes_the_contributions() -> None:
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}] * 2 + [{"kind": "computer"}], name="Anna"))
    seed = writer.room.state.next_seed
    assert seed is not None
    commitment = commitment_of(seed)
    assert writer.summary()["commitment"] == commitment
    # stored before anything is announced: a restart resumes with the same seed
    assert Room.from_record(await _stored(storage, writer.id), time.time()).state.next_seed == seed
    anna = Connection(0)
    await rooms.connect(writer, anna)
    state = outbox(anna)[0]
    assert state["room"]["fair"] == {"commitment": commitment, "contributed": [False, False, False]}
    assert seed not in json.dumps(state)
    await rooms.contribute(writer, 0, commitment, A)
    assert outbox(anna)[0]["room"]["fair"]["contributed"] == [True, False, False]
    await rooms.contribute(writer, 0, commitment, C)  # the first one stays
    assert writer.room.state.contributions[0] == A
    await rooms.join(writer, "Ben", (commitment, B))  # the last seat: the first round is dealt
    match = writer.room.match
    assert match is not None and match.fair is not None
    assert match.fair == {"commitment": commitment, "seed": seed, "contributions": [A, B, ""]}
    deal = deal_json(seed, [A, B, ""], hand_size(3))
    assert match.opening["hands"] == deal["hands"] and match.opening["boneyard"] == deal["boneyard"]
    assert match.starters == [deal["starter"]]  # the first starter is drawn by the same deal
    view = outbox(anna)[0]
    assert view["view"]["fair"] == {"commitment": commitment, "seed": None, "contributions": None}
    assert view["room"]["fair"]["commitment"] is None
    assert writer.room.state.next_seed is None


async def test_a_round_end_reveals_the_seed_and_commits_the_next_deal_before_the_ready_step() -> None:
    storage = MemoryStorage()
    rooms, writer, _, conns = await table(["person", "person"], storage=storage)
    first = writer.room.match.fair  # type: ignore[union-attr]
    assert first is not None
    for c in conns:
        assert all(first["seed"] not in t for t in _texts(c))
    await play_out(rooms, writer)
    end = outbox(conns[0])[-2]  # the last state, then the history
    assert end["view"]["fair"] == first
    assert writer.room.rounds[-1]["fair"] == first and writer.room.history[-1]["fair"] == first
    nxt = writer.room.state.next_seed
    assert nxt is not None and (await _stored(storage, writer.id)).room["next_seed"] == nxt  # written before announced
    pending = commitment_of(nxt)
    assert end["room"]["fair"]["commitment"] == pending and nxt not in json.dumps(end)
    await rooms.contribute(writer, 1, pending, B)
    version = writer.room.match.version  # type: ignore[union-attr]
    await rooms.next_round(writer, 0, version)
    await rooms.next_round(writer, 1, version)
    fair = writer.room.match.fair  # type: ignore[union-attr]
    assert fair == {"commitment": pending, "seed": nxt, "contributions": ["", B]}


async def test_a_contribution_to_another_commitment_or_from_a_spectator_changes_nothing() -> None:
    storage = MemoryStorage()
    rooms, writer, _, conns = await table(["person", "person"], storage=storage)
    current = writer.room.match.fair["commitment"]  # type: ignore[index]
    # no deal is pending during a round
    await refused_and_unchanged(storage, writer, conns, lambda: rooms.contribute(writer, 0, current, A),
                                 Exception, "stale_version")()
    await play_out(rooms, writer)
    pending = writer.room.state.pending_commitment()
    assert pending is not None
    for attempt, code in [(lambda: rooms.contribute(writer, 0, "0" * 64, A), "stale_version"),
                          (lambda: rooms.contribute(writer, 0, current, A), "stale_version"),
                          (lambda: rooms.contribute(writer, None, pending, A), "spectator")]:
        await refused_and_unchanged(storage, writer, conns, attempt, Exception, code)()


@pytest.mark.parametrize("bad", ["A" * 32, "a" * 31, "a" * 33, "<b>x</b>" + "a" * 24, "", 7, None])
def test_a_malformed_contribution_is_a_bad_message(bad: object) -> None:
    with pytest.raises(pydantic.ValidationError):
        CLIENT_MESSAGE.validate_python({"type": "contribute", "commitment": "0" * 64, "contribution": bad})
    with pytest.raises(pydantic.ValidationError):
        JoinRoom.model_validate({"name": "Ben", "commitment": "0" * 64, "contribution": bad})
    with pytest.raises(pydantic.ValidationError):
        CLIENT_MESSAGE.validate_python({"type": "contribute", "commitment": "0" * 63, "contribution": A})
    with pytest.raises(pydantic.ValidationError):
        JoinRoom.model_validate({"name": "Ben", "commitment": "0" * 64})  # a commitment without a contribution
    if bad is not None:  # no contribution at all is a join or a quick play without one
        with pytest.raises(pydantic.ValidationError):
            JoinRoom.model_validate({"name": "Ben", "contribution": bad})
        with pytest.raises(pydantic.ValidationError):
            QuickPlayBody.model_validate({"name": "Ben", "size": 2, "contribution": bad})


async def test_quick_play_and_a_join_without_the_commitment_put_the_contribution_into_the_pending_deal() -> None:
    """"Schnell spielen" and "Mitspielen" cannot know a table's commitment: the contribution of
    the seat that deals the round (at an open table: that takes its last free seat, the round
    dealt once every page there opened it) goes to the pending deal, and the answer names that
    deal (the deal would have none of theirs otherwise); any other seat contributes from its page."""
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    OpenSeats.listening_to(rooms)
    quick = QuickPlay(rooms, Lobby.listening_to(rooms), 30.0)
    rooms.listeners.append(quick)
    writer, first = await quick.seat("Anna", 3, "a", contribution=A)
    assert first == (0, first.credential, None)  # a new table: its page contributes over the socket
    pending = writer.room.state.pending_commitment()
    await rooms.contribute(writer, 0, pending, A)
    same, ben = await quick.seat("Ben", 3, "b", contribution=C)
    # not the last seat: his page contributes once it has seen the commitment, so that its
    # check can vouch for it; the one sent blind is dropped
    assert same is writer and ben is not None and ben.commitment is None and not writer.room.started
    assert writer.room.state.contributions[1] == ""
    await rooms.contribute(writer, 1, pending, B)
    cleo = await rooms.join(writer, "Cleo", (None, C))  # the last seat, as "Mitspielen" sends it
    assert cleo.seat == 2 and cleo.commitment == pending
    assert not writer.room.started  # an open table deals once every page there opened it
    for seat in range(3):
        await rooms.connect(writer, Connection(seat))
    match = writer.room.match
    assert match is not None and match.fair is not None
    assert match.fair["commitment"] == pending and match.fair["contributions"] == [A, B, C]
    deal = deal_json(match.fair["seed"], [A, B, C], hand_size(3))  # the deal they make (docs/fair.md)
    assert match.opening["hands"] == deal["hands"] and match.opening["boneyard"] == deal["boneyard"]
    await rooms.close()


async def test_a_join_with_another_commitment_is_refused_and_seats_nobody() -> None:
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused")))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}] * 2, name="Anna"))
    before, writes = writer.room, dict(storage.writes)
    with pytest.raises(RoomError) as exc:
        await rooms.join(writer, "Ben", ("0" * 64, B))
    assert exc.value.code == "stale_version"
    assert writer.room is before and storage.writes == writes and not writer.room.started


async def test_changes_contribute_is_pure() -> None:
    _, writer, _, _ = await table(["person", "person"])
    room = writer.room
    with pytest.raises(Exception):
        changes.contribute(room, 0, "0" * 64, A)
    assert writer.room is room


async def test_the_person_taking_a_computers_seat_contributes_to_the_deal_that_seats_them() -> None:
    """"Platz übernehmen": the heir watches until the next round, yet contributes to its deal
    from the socket its credential opened, so that their check can vouch for it; a computer's
    seat that nobody takes contributes nothing."""
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    OpenSeats.listening_to(rooms)
    quick = QuickPlay(rooms, Lobby.listening_to(rooms), 30.0)
    rooms.listeners.append(quick)
    writer, anna = await quick.seat("Anna", 3, "a")
    assert anna is not None
    await rooms.connect(writer, Connection(0))
    await start_now(writer, 0)
    ben = await rooms.join(writer, "Ben")  # no free seat: the computer's seat 1 from the next round
    assert writer.room.heir_of(ben.credential) == 1
    await rooms.connect(writer, Connection(None, heir=1, key=hash_credential(ben.credential)))  # his page watches
    await play_out(rooms, writer)
    pending = writer.room.state.pending_commitment()
    assert pending is not None
    with pytest.raises(RoomError) as refused:  # seat 2: a computer nobody takes
        await rooms.contribute(writer, 2, pending, C)
    assert refused.value.code == "spectator" and writer.room.state.contributions[2] == ""
    await rooms.contribute(writer, 1, pending, B)
    await rooms.contribute(writer, 0, pending, A)
    assert [bool(c) for c in writer.room.state.contributions] == [True, True, False]
    await rooms.next_round(writer, 0, writer.room.match.version)  # type: ignore[union-attr]
    match = writer.room.match
    assert match is not None and match.round_number == 2 and writer.room.seats[1].name == "Ben"
    assert match.fair is not None and match.fair["commitment"] == pending and match.fair["contributions"] == [A, B, ""]
    await rooms.close()
