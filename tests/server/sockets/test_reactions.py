"""Reactions, in-process (docs/protocol.md, "Reactions"): pushed to every connection of the room,
one per 3 s per seat, never from a spectator, never a phrase outside the set, and never part of
the room's state, its storage or the round's log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ziehdomino.server.core.connection import Connection
from ziehdomino.server.protocol.models import CLIENT_MESSAGE, CreateRoom
from ziehdomino.server.sockets.reactions import Reactions
from ziehdomino.server.core.rooms import RoomError, Rooms
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage


def _pending(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while conn._pending:
        out.append(json.loads(conn._pending.popleft()[1]))
    return out


async def test_a_reaction_reaches_everyone_once_per_3_s_and_changes_nothing_in_the_room() -> None:
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    conns = [Connection(0), Connection(1), Connection(None)]
    for c in conns:
        await rooms.connect(writer, c)
    for c in conns:
        _pending(c)
    reactions = Reactions()
    before, writes, seq = writer.room, dict(storage.writes), writer.seq
    reactions.send(writer, 1, "gut_gespielt", 100.0)
    for c in conns:
        assert _pending(c) == [{"type": "reaction", "seat": 1, "reaction": "gut_gespielt"}]
    assert writer.room is before and dict(storage.writes) == writes and writer.seq == seq
    assert "gut_gespielt" not in json.dumps(writer.room.match.round.log, default=str)  # type: ignore[union-attr]
    for seat, at, code in [(1, 102.9, "reaction_too_soon"), (None, 110.0, "spectator")]:
        with pytest.raises(RoomError) as refused:
            reactions.send(writer, seat, "hallo", at)
        assert refused.value.code == code
        assert all(_pending(c) == [] for c in conns)
    reactions.send(writer, 0, "hallo", 101.0)  # another seat has its own gap
    reactions.send(writer, 1, "danke", 103.0)
    assert [m["reaction"] for m in _pending(conns[2])] == ["hallo", "danke"]
    await rooms.close()


@pytest.mark.parametrize("reaction", ["Hallo", "free text", "", 1, None, "hallo " * 10])
def test_a_reaction_outside_the_set_is_a_bad_message(reaction: Any) -> None:
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_json(json.dumps({"type": "react", "reaction": reaction}))
    assert CLIENT_MESSAGE.validate_json('{"type": "react", "reaction": "tschuess"}').reaction == "tschuess"  # type: ignore[union-attr]



def test_a_seats_person_tag_follows_the_browser_not_the_seat_and_gives_no_hash_away() -> None:
    """SEATINFO's ``person``, which a viewer's mute is kept under: one browser (its holder key)
    has one tag at any seat of a room, a newcomer on that seat another, another room another."""
    import time

    from ziehdomino.server.core.credentials import hash_credential, hash_holder
    from ziehdomino.server.core.room import Room, SeatState
    from ziehdomino.server.core.roomstate import Clock, RoomState

    ben, eve = hash_holder("b" * 32), hash_holder("e" * 32)

    def tags(room_id: str, *seats: SeatState) -> list[str | None]:
        room = Room(room_id, seats, RoomState.new(len(seats), 60, None), time.time())
        infos = room.seat_infos(Clock(), time.time())
        assert ben not in json.dumps(infos) and eve not in json.dumps(infos)
        return [i["person"] for i in infos]

    person = lambda holder, credential: SeatState("person", name="X", credential_hash=hash_credential(credential), holder=holder)  # noqa: E731
    first = tags("R1", person(ben, "c1"), SeatState("computer", level="mittel"))
    moved = tags("R1", SeatState("person", name="X", left=True), person(ben, "c2"))  # Ben left seat 0, took seat 1
    newcomer = tags("R1", person(eve, "c3"), SeatState("computer", level="mittel"))
    elsewhere = tags("R2", person(ben, "c1"), SeatState("computer", level="mittel"))
    assert first[0] is not None and first[1] is None and moved[0] is None
    assert moved[1] == first[0]  # the mute follows Ben to his new seat
    assert newcomer[0] != first[0]  # and not to whoever sits at his old one
    assert elsewhere[0] != first[0]  # no tag links a person across rooms
    without = tags("R1", person(None, "c1"), person(None, "c9"))  # a private room keeps no holder: the credential
    assert None not in without and without[0] != without[1]
