"""The ``history`` message is encoded once per change of the room's history, not per hello or
``sync`` (docs/protocol.md: sent after every first state, after a ``sync``, and at a round's end
to a connection that takes no deltas); in-process, with the room's writer and its connections."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ziehdomino.engine import action_to_json
from ziehdomino.server.protocol import messages
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.rooms import Rooms, RoomWriter
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.protocol.wire import RoundSummary


def _listening(seat: int | None, *, deltas: bool) -> tuple[Connection, list[str]]:
    """A connection that writes every message it is pushed to the list returned with it."""
    sent: list[str] = []

    async def write(text: str) -> None:
        sent.append(text)

    conn = Connection(seat, deltas=deltas)
    conn.attach(write)
    return conn, sent


def _histories(sent: list[str]) -> list[str]:
    return [t for t in sent if t.startswith('{"type":"history"')]


async def _play_round(rooms: Rooms, writer: RoomWriter) -> None:
    """Deal the next round if the last one is over, then play it to its end (first legal action)."""
    match = writer.room.match
    assert match is not None
    if match.round.result is not None:
        await rooms.next_round(writer, 0, match.version)  # seat 1 is away: it counts as ready
    while (seat := writer.room.turn) is not None:
        match = writer.room.match
        assert match is not None
        await rooms.act(writer, seat, match.version, action_to_json(match.round.legal_actions(seat)[0]))


async def test_a_sync_sends_the_history_the_room_encoded_once_per_finished_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hellos and syncs send one text object per history; a finished round makes it once more
    (for the spectator that takes no deltas, then for every sync), equal to a fresh encoding;
    the moves of a round encode none."""
    encoded: list[int] = []
    fresh = messages.history_text

    def counted(rounds: list[RoundSummary]) -> str:
        encoded.append(len(rounds))
        return fresh(rounds)

    monkeypatch.setattr(messages, "history_text", counted)
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    seated, to_seat = _listening(0, deltas=True)
    watcher, to_watcher = _listening(None, deltas=False)
    await rooms.connect(writer, seated)
    await rooms.connect(writer, watcher)
    assert encoded == [0] and _histories(to_seat)[0] is _histories(to_watcher)[0]
    for finished in (1, 2):
        before = list(encoded)
        await _play_round(rooms, writer)
        assert encoded == [*before, finished]  # at the round's end, for the watcher; no move encoded one
        for _ in range(4):
            await writer.resend_state(seated, full=True)
        assert encoded == [*before, finished]
        texts = _histories(to_seat)[-4:] + _histories(to_watcher)[-1:]
        assert all(t is texts[0] for t in texts)
        assert texts[0] == fresh(list(writer.room.history))
        assert len(json.loads(texts[0])["rounds"]) == finished
    await rooms.close()
