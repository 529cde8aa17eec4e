"""Reactions, in-process (docs/protocol.md, "Reactions"): pushed to every connection of the room,
one per 3 s per seat, never from a spectator, never a phrase outside the set, and never part of
the room's state, its storage or the round's log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ziehdomino.server.connection import Connection
from ziehdomino.server.models import CLIENT_MESSAGE, CreateRoom
from ziehdomino.server.reactions import Reactions
from ziehdomino.server.rooms import RoomError, Rooms
from ziehdomino.server.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage
from tests.support.server import on_own_thread


def _pending(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while conn._pending:
        out.append(json.loads(conn._pending.popleft()[1]))
    return out


def test_a_reaction_reaches_everyone_once_per_3_s_and_changes_nothing_in_the_room() -> None:
    async def main() -> None:
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

    on_own_thread(main())


@pytest.mark.parametrize("reaction", ["Hallo", "free text", "", 1, None, "hallo " * 10])
def test_a_reaction_outside_the_set_is_a_bad_message(reaction: Any) -> None:
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_json(json.dumps({"type": "react", "reaction": reaction}))
    assert CLIENT_MESSAGE.validate_json('{"type": "react", "reaction": "tschuess"}').reaction == "tschuess"  # type: ignore[union-attr]
