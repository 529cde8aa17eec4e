"""Changes of one room that queue while its writer stores (server/core/batch.py), in-process: they run
as one batch, each on the value the one before made; a room-state write that a later one holds
too is left out; a refusal refuses its own change alone; a failed write loses the changes that
needed it and keeps the ones stored before it; the batch is pushed once."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from ziehdomino.engine import Match, Refusal
from ziehdomino.server.core import changes
from ziehdomino.server.core.batch import durable, to_store
from ziehdomino.server.core.changes import Step, Write
from ziehdomino.server.core.room import Room
from ziehdomino.server.core.rooms import RoomError, Rooms, RoomWriter
from ziehdomino.server.storage.memory import MemoryStorage
from tests.support.rooms import play_out, table


class GatedStorage(MemoryStorage):
    """Memory storage whose writes wait at a gate while it is closed, as a real store takes a
    while: the room's next changes queue meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.gate.set()
        self.order: list[str] = []
        self.fail_at: int | None = None  # the write (by its place in ``order``) that fails

    async def _pass(self, kind: str) -> None:
        await self.gate.wait()
        self.order.append(kind)
        if len(self.order) - 1 == self.fail_at:
            raise OSError("disk full")

    async def save(self, record: Any, finished: dict[str, Any] | None = None, rated: Any = None) -> Any:
        await self._pass("save")
        return await super().save(record, finished, rated)

    async def save_state(self, room_id: str, updated: float, room: dict[str, Any]) -> None:
        await self._pass("save_state")
        await super().save_state(room_id, updated, room)


def _step(kind: str | None, best_effort: bool = False) -> Step:
    return Step(None, None if kind is None else Write(kind, best_effort=best_effort))  # type: ignore[arg-type]


def test_a_state_write_is_left_out_only_when_a_later_write_holds_that_state() -> None:
    steps = [_step("state"), _step(None), _step("state"), _step("append"), _step("state"), _step("whole")]
    assert to_store(steps) == [False, False, True, True, False, True]
    assert to_store([_step("state"), _step("append")]) == [True, True]  # an action does not write the state
    assert to_store([_step("state"), _step("state", best_effort=True)]) == [True, True]  # nor may one that can fail quietly
    assert to_store([_step("state", best_effort=True), _step("state")]) == [False, True]
    assert to_store([_step("whole"), _step("state")]) == [True, True]


def test_a_failed_write_loses_the_steps_it_held_and_keeps_those_stored_before() -> None:
    steps = [_step("append"), _step(None), _step("state"), _step("state")]
    stored = to_store(steps)
    assert durable(steps, stored, 3) == 2  # the action and the step needing no write; the left-out state is lost
    assert durable(steps, stored, 0) == 0
    assert durable([_step(None), _step("state")], [False, True], 1) == 1


async def _held_round_end(people: int) -> tuple[GatedStorage, Rooms, RoomWriter, Match, asyncio.Future[None]]:
    """A table of ``people`` persons at a round's end, seat 0's "Nächste Runde" on its way and
    its write held at the gate (closed): what asks next queues. Returns the storage, the
    registry, the writer, the finished round's match and seat 0's ask."""
    storage = GatedStorage()
    rooms, writer, _, _ = await table(["person"] * people, storage=storage)
    await play_out(rooms, writer)
    match = writer.room.match
    assert match is not None and match.round.result is not None
    storage.order.clear()
    storage.gate.clear()
    first = asyncio.ensure_future(rooms.next_round(writer, 0, match.version))
    await asyncio.sleep(0.01)
    return storage, rooms, writer, match, first


async def test_the_four_readies_of_a_round_end_are_stored_in_two_writes_and_pushed_twice() -> None:
    storage = GatedStorage()
    rooms, writer, _, conns = await table(["person"] * 4, storage=storage)
    await play_out(rooms, writer)
    match = writer.room.match
    assert match is not None and match.round.result is not None
    seq = writer.seq
    storage.order.clear()
    storage.gate.clear()  # the first ready's write waits: the other three queue meanwhile
    tasks = [asyncio.ensure_future(rooms.next_round(writer, seat, match.version)) for seat in range(4)]
    await asyncio.sleep(0.01)
    assert storage.order == [] and writer.room.state.ready == (False,) * 4
    storage.gate.set()
    await asyncio.gather(*tasks)
    # the first ready's state; then the other three at once: the dealt room whole
    assert storage.order == ["save_state", "save"]
    assert writer.room.match is not None and writer.room.match.round_number == match.round_number + 1
    assert writer.room.state.ready == (False,) * 4
    assert writer.seq == seq + 2  # two states made and pushed
    stored = storage.read(writer.id)
    assert stored is not None
    again = Room.from_record(stored, time.time()).match
    assert again is not None and again.round_number == match.round_number + 1
    await rooms.close()


async def test_a_refused_change_in_a_batch_refuses_itself_alone() -> None:
    storage, rooms, writer, match, first = await _held_round_end(3)
    stale = asyncio.ensure_future(rooms.next_round(writer, 1, match.version - 1))
    spectator = asyncio.ensure_future(rooms.next_round(writer, None, match.version))
    second = asyncio.ensure_future(rooms.next_round(writer, 2, match.version))
    await asyncio.sleep(0.01)
    storage.gate.set()
    await first
    await second
    with pytest.raises(Refusal) as refused:
        await stale
    assert refused.value.code == "stale_version"
    with pytest.raises(RoomError):
        await spectator
    assert writer.room.state.ready == (True, False, True)
    await rooms.close()


async def test_a_failed_write_in_a_batch_keeps_the_room_as_the_last_stored_write_left_it() -> None:
    storage, rooms, writer, match, first = await _held_round_end(4)
    storage.fail_at = 1  # the second write: the batch of the two that queued
    later = [asyncio.ensure_future(rooms.next_round(writer, seat, match.version)) for seat in (1, 2)]
    await asyncio.sleep(0.01)
    storage.gate.set()
    await first  # stored before the failure
    for task in later:
        with pytest.raises(RoomError) as failed:
            await task
        assert failed.value.code == "server_error"
    assert storage.order == ["save_state", "save_state"]  # the two queued ones in one write
    assert writer.room.state.ready == (True, False, False, False)
    stored = storage.read(writer.id)
    assert stored is not None and stored.room is not None and stored.room["ready"] == [True, False, False, False]
    # the room goes on: the same two ask again and are stored
    for seat in (1, 2):
        await rooms.next_round(writer, seat, match.version)
    assert writer.room.state.ready == (True, True, True, False)
    await rooms.close()


async def test_a_caller_cancelled_while_it_waits_leaves_its_change_unmade() -> None:
    storage, rooms, writer, match, first = await _held_round_end(3)
    gone = asyncio.ensure_future(rooms.next_round(writer, 1, match.version))
    await asyncio.sleep(0.01)
    gone.cancel()
    await asyncio.sleep(0)
    storage.gate.set()
    await first
    await asyncio.sleep(0.01)
    assert gone.cancelled() and writer.room.state.ready == (True, False, False)
    await writer.run(lambda r: changes.ready(r, 1, match.version, time.time()))
    assert writer.room.state.ready == (True, True, False)
    await rooms.close()
