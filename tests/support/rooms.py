"""A room in this process for the room rules' tests: the registry and its writers on the
in-memory storage, persons seated and connected, no server process and no socket."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.engine import action_to_json
from ziehdomino.server.core import changes
from ziehdomino.server.core.room import Room
from ziehdomino.server.core.rooms import Rooms, RoomWriter
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.storage.memory import MemoryStorage


async def table(kinds: list[str], *, storage: MemoryStorage | None = None, connect: bool = True,
                 **settings: Any) -> tuple[Rooms, RoomWriter, list[str], list[Connection]]:
    """A room of ``kinds`` (``person`` or a computer level) with every person seated (the first
    round dealt), each person connected once (``connect``). The computers never move on their
    own (their delay is an hour unless ``settings`` say otherwise). Returns the registry, the writer, the credentials, the
    connections (one per person seat, in seat order)."""
    storage = storage or MemoryStorage()
    settings.setdefault("computer_delay", 3600.0)
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), **settings))
    seats = [{"kind": "person"} if k == "person" else {"kind": "computer", "level": k} for k in kinds]
    writer, credential = await rooms.create(CreateRoom(seats=seats, name="Anna"))
    credentials = [credential]
    for i, k in enumerate(kinds[1:], start=1):
        if k == "person":
            credentials.append((await rooms.join(writer, f"P{i}"))[1])
    conns = []
    if connect:
        for i, k in enumerate(kinds):
            if k == "person":
                conn = Connection(i)
                await rooms.connect(writer, conn)
                conns.append(conn)
    return rooms, writer, credentials, conns


def outbox(conn: Connection) -> list[dict[str, Any]]:
    """The messages waiting in ``conn``'s outbox, taken out."""
    out = []
    while conn._pending:
        out.append(json.loads(conn._pending.popleft()[1]))
    return out


def legal(room: Room, seat: int) -> dict[str, Any]:
    assert room.match is not None
    return action_to_json(room.match.round.legal_actions(seat)[0])


async def play_out(rooms: Rooms, writer: RoomWriter) -> None:
    """Play the round to its end with each turn's first legal action (computers too)."""
    while (seat := writer.room.turn) is not None:
        await writer.run(lambda r: changes.act(r, seat, r.match.version, legal(r, seat), time.time()))  # type: ignore[union-attr]


def refused_and_unchanged(storage: MemoryStorage, writer: RoomWriter, conns: list[Connection],
                           attempt: Callable[[], Awaitable[Any]], error: type[Exception], code: str) -> Callable[[], Awaitable[None]]:
    async def check() -> None:
        for c in conns:
            outbox(c)
        before, writes = writer.room, dict(storage.writes)
        with pytest.raises(error) as exc:
            await attempt()
        assert getattr(exc.value, "code") == code
        assert writer.room is before and storage.writes == writes
        assert all(outbox(c) == [] for c in conns)  # nothing was pushed
    return check
