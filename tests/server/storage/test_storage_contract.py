"""The storage contract, run against each storage: in memory, SQLite and PostgreSQL.

Each test writes through the contract and reads back what a restart (or another process) would
read, so the in-memory storage that the room rules are tested on keeps exactly the contract of
the two real ones.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.server.storage import RoomRecord, RoomStorage
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.storage.sqlite import SqliteStorage
from tests.support.storages import storage as postgres_storage
from tests.support.server import on_own_thread

Opener = Callable[[], Any]


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def kind(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Any]:
    """(the storage's kind, what opens it anew on the same rooms)."""
    if request.param == "memory":
        shared = MemoryStorage()
        return "memory", lambda: shared
    if request.param == "sqlite":
        return "sqlite", lambda: SqliteStorage(tmp_path / "data")
    dsn = request.getfixturevalue("postgres").new_database()
    return "postgresql", lambda: postgres_storage(dsn, "p1")


#: The room every test writes.
ROOM = "room-contract-0001"


class Opened:
    """A storage opened on the kind's rooms; :meth:`read_again` reads a room as the next start would."""

    def __init__(self, kind: str, open_: Opener) -> None:
        self.kind, self.open_ = kind, open_
        self.store: RoomStorage = open_()

    async def __aenter__(self) -> RoomStorage:
        """The storage, started; on PostgreSQL it has taken the test's room first, as a process
        does before it writes one (:attr:`claimed`: what that take read, None for a new room)."""
        await self.store.start(_nothing)
        self.claimed = await self.store.claim(ROOM) if self.kind == "postgresql" else None
        return self.store

    async def __aexit__(self, *exc: object) -> None:
        await self.store.close()

    async def read_again(self, room_id: str) -> RoomRecord | None:
        """The room as the next start reads it (SQLite: a new process on the folder; PostgreSQL: a
        new process's claim; in memory: the same rooms)."""
        if self.kind == "memory":
            return await self.store.claim(room_id)
        await self.store.close()
        self.store = self.open_()
        await self.store.start(_nothing)
        if self.kind == "sqlite":
            found = [r for r in await self.store.load_all() if r.id == room_id]
            return found[0] if found else None
        return await self.store.claim(room_id)


async def _nothing(room_id: str, release: bool) -> None:
    return None


def _record(room_id: str = ROOM, **over: Any) -> RoomRecord:
    match = {"players": 2, "version": 3, "actions": [{"a": 1}], "deal": [1, 2]}
    fields: dict[str, Any] = {"id": room_id, "created": 1.0, "updated": 2.0,
                              "seats": [{"kind": "person", "name": "Anna"}, {"kind": "computer", "level": "stark"}],
                              "match": match, "in_progress": True, "room": {"turn_time": 60, "ready": [False, False]}}
    fields.update(over)
    return RoomRecord(**fields)


def test_a_saved_room_reads_back_as_saved(kind: tuple[str, Any]) -> None:
    name, open_ = kind

    async def run() -> RoomRecord | None:
        opened = Opened(name, open_)
        async with opened as store:
            assert opened.claimed is None
            await store.save(_record())
            return await opened.read_again(ROOM)

    got = on_own_thread(run())
    assert got is not None
    want = _record()
    assert (got.id, got.seats, got.match, got.in_progress, got.room, got.rounds) == \
        (want.id, want.seats, want.match, want.in_progress, want.room, [])


def test_appended_actions_and_states_fold_into_the_match_and_the_room(kind: tuple[str, Any]) -> None:
    name, open_ = kind

    async def run() -> RoomRecord | None:
        opened = Opened(name, open_)
        async with opened as store:
            await store.save(_record())
            await store.append(ROOM, 4, {"a": 2}, {"turn_started": 5.0})
            await store.append(ROOM, 5, {"a": 3}, None)
            return await opened.read_again(ROOM)

    got = on_own_thread(run())
    assert got is not None and got.match is not None and got.room is not None
    assert got.match["actions"] == [{"a": 1}, {"a": 2}, {"a": 3}] and got.match["version"] == 5
    assert got.room["turn_started"] == 5.0 and got.room["turn_time"] == 60


def test_a_whole_write_folds_appended_actions_and_keeps_finished_rounds(kind: tuple[str, Any]) -> None:
    name, open_ = kind

    async def run() -> RoomRecord | None:
        opened = Opened(name, open_)
        async with opened as store:
            await store.save(_record())
            await store.append(ROOM, 4, {"a": 2}, None)
            ended = {**_record().match, "actions": [{"a": 1}, {"a": 2}], "version": 4}  # type: ignore[dict-item]
            await store.save(_record(match=ended, in_progress=False), {"round": 1, "winner": 0})
            await store.save_state(ROOM, 9.0, {"turn_time": 60, "ready": [True, False]})
            return await opened.read_again(ROOM)

    got = on_own_thread(run())
    assert got is not None and got.match is not None
    assert got.match["actions"] == [{"a": 1}, {"a": 2}] and not got.in_progress
    assert got.rounds == [{"round": 1, "winner": 0}]
    assert got.room == {"turn_time": 60, "ready": [True, False]} and got.updated == 9.0


def test_a_deleted_room_is_gone_with_its_rounds(kind: tuple[str, Any]) -> None:
    name, open_ = kind

    async def run() -> RoomRecord | None:
        opened = Opened(name, open_)
        async with opened as store:
            await store.save(_record(), {"round": 1})
            await store.delete([ROOM])
            return await opened.read_again(ROOM)

    assert on_own_thread(run()) is None


def test_the_room_state_written_alone_during_a_round_keeps_the_appended_actions(kind: tuple[str, Any]) -> None:
    """A presence change during a round writes the room's own state alone, between appended
    actions: the actions stay, and the fields they set are laid over the state in their order."""
    name, open_ = kind

    async def run() -> RoomRecord | None:
        opened = Opened(name, open_)
        async with opened as store:
            await store.save(_record())
            await store.append(ROOM, 4, {"a": 2}, {"turn_started": 5.0})
            await store.save_state(ROOM, 6.0, {"turn_time": 60, "ready": [False, False],
                                                               "turn_started": 5.0, "away_since": [6.0, None]})
            await store.append(ROOM, 5, {"a": 3}, {"turn_started": 7.0})
            return await opened.read_again(ROOM)

    got = on_own_thread(run())
    assert got is not None and got.match is not None and got.room is not None
    assert got.match["actions"] == [{"a": 1}, {"a": 2}, {"a": 3}] and got.match["version"] == 5
    assert got.room == {"turn_time": 60, "ready": [False, False], "turn_started": 7.0, "away_since": [6.0, None]}
