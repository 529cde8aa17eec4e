"""A stored ready mark is read back after a restart (server/storage/sqlite.py)."""

from __future__ import annotations

from pathlib import Path

from ziehdomino.engine import action_to_json, match_to_state
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.room import Room
from ziehdomino.server.core.rooms import Rooms
from ziehdomino.server.process.settings import Settings


async def test_a_stored_ready_mark_is_there_after_a_restart(tmp_path: Path) -> None:
    """SQLite: the ready mark written alone is read back with the match as it was."""
    from ziehdomino.server.storage.sqlite import SqliteStorage
    storage = SqliteStorage(tmp_path)
    await storage.start()
    rooms = Rooms(storage, Settings(data_dir=tmp_path, computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    while (seat := writer.room.turn) is not None:
        match = writer.room.match
        assert match is not None
        await rooms.act(writer, seat, match.version, action_to_json(match.round.legal_actions(seat)[0]))
    assert writer.room.match is not None
    stored = match_to_state(writer.room.match)
    await rooms.next_round(writer, 1, writer.room.match.version)
    await rooms.close()
    await storage.close()
    (record,) = await SqliteStorage(tmp_path).load_all()
    again = Room.from_record(record, 0.0)
    assert again.state.ready == (False, True) and again.match is not None
    assert match_to_state(again.match) == stored and again.match.round.result is not None
