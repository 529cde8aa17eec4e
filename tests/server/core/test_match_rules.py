"""A match and its rematch, in-process on the in-memory storage (docs/rules.md, "A match"): a room
opened with a target ends its match when a seat reaches it, shared rounds count for nobody, the
table says who won, and "Revanche" (the ready step after the winning round) starts a new match
with every counter at 0, opened by the seat after the last round's starter."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ziehdomino.engine import Match, action_to_json
from ziehdomino.server.core import changes
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.room import Room
from ziehdomino.server.core.rooms import Rooms, RoomWriter
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage


async def _room(target: int | None, storage: MemoryStorage) -> tuple[Rooms, RoomWriter, list[Connection]]:
    """Two people seated and connected in a room playing to ``target`` wins."""
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0))
    spec = CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna", target=target)
    writer, _ = await rooms.create(spec)
    await rooms.join(writer, "Ben")
    conns = [Connection(0), Connection(1)]
    for conn in conns:
        await rooms.connect(writer, conn)
    return rooms, writer, conns


async def _play_out(writer: RoomWriter) -> None:
    """The round to its end, each turn's first legal action."""
    def first(room: Room, seat: int) -> dict[str, Any]:
        assert room.match is not None
        return action_to_json(room.match.round.legal_actions(seat)[0])
    while (seat := writer.room.turn) is not None:
        await writer.run(lambda r: changes.act(r, seat, r.match.version, first(r, seat), time.time()))  # type: ignore[union-attr]


async def _until_won(rooms: Rooms, writer: RoomWriter) -> int:
    """Rounds played and dealt (both ask) until a seat has won the match; returns that seat."""
    for _ in range(200):
        await _play_out(writer)
        winner = writer.room.match_winner
        if winner is not None:
            return winner
        version = writer.room.match.version  # type: ignore[union-attr]
        await rooms.next_round(writer, 0, version)
        await rooms.next_round(writer, 1, version)
    raise AssertionError("no seat reached the target in 200 rounds")


async def test_a_match_to_3_ends_at_the_first_seat_with_3_wins_and_says_so_to_every_viewer() -> None:
    storage = MemoryStorage()
    rooms, writer, _ = await _room(3, storage)
    winner = await _until_won(rooms, writer)
    match = writer.room.match
    assert match is not None and match.wins[winner] == 3 and match.wins[1 - winner] < 3
    state = json.loads(writer.state_texts([None])[None])
    assert state["room"]["target"] == 3 and state["room"]["match_winner"] == winner
    assert state["view"]["match"]["wins"] == match.wins
    # stored before announced: a restart reads the same finished match
    record = storage.read(writer.id)
    assert record is not None
    again = Room.from_record(record, time.time())
    assert again.match_winner == winner and again.match is not None and again.match.wins == match.wins
    await rooms.close()


async def test_revanche_waits_for_every_present_person_then_starts_a_new_match_at_0() -> None:
    storage = MemoryStorage()
    rooms, writer, _ = await _room(3, storage)
    await _until_won(rooms, writer)
    before = writer.room.match
    assert before is not None
    last_starter, number, version = before.starters[-1], before.round_number, before.version
    await rooms.next_round(writer, 0, version)
    assert writer.room.match is before and writer.room.match_winner is not None  # waits for Ben
    await rooms.next_round(writer, 1, version)
    after = writer.room.match
    assert after is not None and after.round.result is None
    assert after.wins == [0, 0] and after.shared == [0, 0]
    assert after.round_number == number + 1 and after.round.starter == (last_starter + 1) % 2
    assert writer.room.match_winner is None and writer.room.state.target == 3
    record = storage.read(writer.id)
    assert record is not None and record.match is not None and record.match["wins"] == [0, 0]
    await rooms.close()


async def test_a_room_without_target_never_ends_its_match() -> None:
    rooms, writer, _ = await _room(None, MemoryStorage())
    for _ in range(4):
        await _play_out(writer)
        assert writer.room.match_winner is None
        version = writer.room.match.version  # type: ignore[union-attr]
        await rooms.next_round(writer, 0, version)
        await rooms.next_round(writer, 1, version)
    assert writer.room.match is not None and writer.room.match.round_number == 5
    assert json.loads(writer.state_texts([None])[None])["room"]["target"] is None
    await rooms.close()


def test_shared_rounds_count_for_nobody_and_only_a_finished_round_wins() -> None:
    match = Match(3)
    match.shared = [3, 3, 0]
    match.wins = [2, 0, 0]
    assert match.winner(3) is None and match.winner(None) is None
    match.wins = [3, 0, 0]
    assert match.winner(3) is None  # the round is still being played
    match.round.result = object()  # type: ignore[assignment]
    assert match.winner(3) == 0 and match.winner(5) is None and match.winner(None) is None


@pytest.mark.parametrize("target", [0, 4, 11, "5", True, -3])
def test_a_target_outside_3_5_10_is_refused(target: Any) -> None:
    with pytest.raises(ValidationError):
        CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna", target=target)
