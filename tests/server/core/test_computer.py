"""A computer's move that cannot be stored (server/core/computer.py): tried again, no traceback of its own."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from ziehdomino.engine import action_to_json
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.rooms import Rooms
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.process.settings import Settings


async def test_a_computer_whose_move_cannot_be_stored_tries_again_without_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    """A full or read-only disk: the computer's move fails each second; the failed write is
    logged where it failed, and the computer's loop adds no traceback of its own."""
    caplog.set_level(logging.INFO)
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=0.3))
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "leicht"}]
    writer, _ = await rooms.create(CreateRoom(seats=seats, name="Anna"))
    await rooms.join(writer, "Ben")
    while (seat := writer.room.turn) != 2:  # the persons play until the computer is to move
        match = writer.room.match
        assert match is not None and seat is not None
        await rooms.act(writer, seat, match.version, action_to_json(match.round.legal_actions(seat)[0]))
    storage.fail = OSError("disk full")
    version = writer.room.match.version  # type: ignore[union-attr]
    await asyncio.sleep(2.5)
    assert writer.room.match.version == version  # type: ignore[union-attr]  # nothing stored, nothing played
    storage.fail = None
    for _ in range(400):  # until it is played (a generous ceiling)
        await asyncio.sleep(0.1)
        if writer.room.match.version > version:  # type: ignore[union-attr]
            break
    assert writer.room.match.version > version  # type: ignore[union-attr]  # played once the disk is back
    await rooms.close()
    failed = [r for r in caplog.records if r.name == "ziehdomino.rooms" and "storing room" in r.getMessage()]
    assert len(failed) >= 2, caplog.records  # tried again after a second
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]
