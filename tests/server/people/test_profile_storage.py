"""The profiles' storage contract (server/storage/profiles.py) on each storage: in memory,
SQLite and PostgreSQL. Each test writes through the contract and reads back what the next start
(or another process) reads: the room storage closed and opened again on the same file or database."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncio
import sqlite3

import pytest

from tests.support.server import on_own_thread
from tests.support.storages import storage as postgres_storage
from ziehdomino.server.storage import RoomStorage
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.storage.profiles import KEEP_SPENT, CodeRow, ProfileRow, Taken
from ziehdomino.server.storage.sqlite import SqliteStorage

Opener = Callable[[], RoomStorage]

ANNA = ProfileRow("AnnaAnnaAnna", "a" * 64, "Anna", 1000.5, 3600.0)
BEN = ProfileRow("BenBenBenBen", "b" * 64, "Ben", 2000.0, 3600.0)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """What opens the kind's storage anew on the same rows."""
    if request.param == "memory":
        shared = MemoryStorage()
        return lambda: shared
    if request.param == "sqlite":
        return lambda: SqliteStorage(tmp_path / "data")
    dsn = request.getfixturevalue("postgres").new_database()
    return lambda: postgres_storage(dsn, "p1")


async def _nothing(room_id: str, release: bool) -> None:
    return None


async def _started(opener: Opener) -> RoomStorage:
    store = opener()
    await store.start(_nothing)
    return store


async def _again(store: RoomStorage, opener: Opener) -> RoomStorage:
    """The storage closed and opened again, as the next start reads it."""
    await store.close()
    return await _started(opener)


async def test_a_profile_reads_back_by_key_and_id_after_a_restart(opener: Opener) -> None:
    store = await _started(opener)
    try:
        assert await store.profiles.insert(ANNA) == ANNA
        assert await store.profiles.insert(BEN) == BEN
        store = await _again(store, opener)
        assert await store.profiles.by_key(ANNA.key_hash) == ANNA
        assert await store.profiles.by_id(BEN.id) == BEN
        assert await store.profiles.by_key("c" * 64) is None and await store.profiles.by_id("nobodynobody") is None
    finally:
        await store.close()


async def test_a_second_insert_for_a_key_returns_the_first_and_a_taken_id_none(opener: Opener) -> None:
    store = await _started(opener)
    try:
        await store.profiles.insert(ANNA)
        assert await store.profiles.insert(ProfileRow("OtherOtherOt", ANNA.key_hash, "Eve", 5.0, 5.0)) == ANNA
        assert await store.profiles.insert(ProfileRow(ANNA.id, "c" * 64, "Eve", 5.0, 5.0)) is None
        assert await store.profiles.by_key("c" * 64) is None and await store.profiles.by_id("OtherOtherOt") is None
    finally:
        await store.close()


async def test_rename_seen_and_delete_are_stored(opener: Opener) -> None:
    store = await _started(opener)
    try:
        await store.profiles.insert(ANNA)
        await store.profiles.insert(BEN)
        assert await store.profiles.rename(ANNA.id, "<b>Anna</b>")
        await store.profiles.seen(ANNA.id, 7200.0)
        assert not await store.profiles.rename("nobodynobody", "X")
        await store.profiles.put_code(CodeRow("d" * 64, BEN.id, "e" * 32, 9000.0))
        assert await store.profiles.delete(BEN.id) and not await store.profiles.delete(BEN.id)
        store = await _again(store, opener)
        got = await store.profiles.by_id(ANNA.id)
        assert got is not None and (got.name, got.seen, got.created) == ("<b>Anna</b>", 7200.0, ANNA.created)
        assert await store.profiles.by_id(BEN.id) is None and await store.profiles.codes_of(BEN.id) == []
        assert await store.profiles.take_code("d" * 64, 100.0) == (Taken.UNKNOWN, None)
    finally:
        await store.close()


async def test_the_rating_columns_wait_empty_for_the_rating(opener: Opener) -> None:
    store = await _started(opener)
    try:
        await store.profiles.insert(ANNA)
        got = await store.profiles.by_id(ANNA.id)
        assert got is not None and (got.mu, got.sigma, got.rated) == (None, None, 0)
    finally:
        await store.close()


async def test_a_code_is_taken_once_and_one_per_profile(opener: Opener) -> None:
    store = await _started(opener)
    try:
        await store.profiles.insert(ANNA)
        first, second = CodeRow("1" * 64, ANNA.id, "f" * 32, 1000.0), CodeRow("2" * 64, ANNA.id, "e" * 32, 1000.0)
        await store.profiles.put_code(first)
        await store.profiles.put_code(second)  # the first one goes
        store = await _again(store, opener)
        assert await store.profiles.codes_of(ANNA.id) == [second]
        assert await store.profiles.take_code(first.code_hash, 10.0) == (Taken.UNKNOWN, None)
        assert await store.profiles.take_code(second.code_hash, 10.0) == (Taken.TAKEN, second)
        spent = CodeRow(second.code_hash, ANNA.id, None, 1000.0)
        assert await store.profiles.take_code(second.code_hash, 10.0) == (Taken.USED, spent)
        store = await _again(store, opener)
        assert await store.profiles.codes_of(ANNA.id) == [spent]
        assert await store.profiles.take_code(second.code_hash, 1000.0) == (Taken.EXPIRED, spent)
    finally:
        await store.close()


async def test_two_takes_of_one_code_at_once_take_it_once(opener: Opener) -> None:
    store = await _started(opener)
    try:
        await store.profiles.insert(ANNA)
        await store.profiles.put_code(CodeRow("1" * 64, ANNA.id, "f" * 32, 1000.0))
        got = await asyncio.gather(*(store.profiles.take_code("1" * 64, 10.0) for _ in range(4)))
        assert sorted(taken.value for taken, _ in got) == ["taken", "used", "used", "used"]
    finally:
        await store.close()


async def test_the_sweep_clears_expired_seals_then_drops_the_rows(opener: Opener) -> None:
    store = await _started(opener)
    try:
        await store.profiles.insert(ANNA)
        await store.profiles.insert(BEN)
        await store.profiles.put_code(CodeRow("1" * 64, ANNA.id, "f" * 32, 1000.0))
        await store.profiles.put_code(CodeRow("2" * 64, BEN.id, "e" * 32, 5000.0))
        await store.profiles.sweep(1000.0)
        assert await store.profiles.codes_of(ANNA.id) == [CodeRow("1" * 64, ANNA.id, None, 1000.0)]
        assert await store.profiles.codes_of(BEN.id) == [CodeRow("2" * 64, BEN.id, "e" * 32, 5000.0)]
        await store.profiles.sweep(1000.0 + KEEP_SPENT)
        store = await _again(store, opener)
        assert await store.profiles.codes_of(ANNA.id) == []
        assert len(await store.profiles.codes_of(BEN.id)) == 1
    finally:
        await store.close()


def test_the_schema_step_has_the_profiles_columns(tmp_path: Path) -> None:
    """The SQLite file's tables hold what docs/profile.md says is stored, and nothing else."""
    on_own_thread(SqliteStorage(tmp_path / "d").close())  # made and migrated, then closed
    db = sqlite3.connect(tmp_path / "d" / "rooms.sqlite3")
    try:
        columns: dict[str, Any] = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")]
                                   for t in ("profiles", "device_codes")}
    finally:
        db.close()
    assert columns == {"profiles": ["id", "key_hash", "name", "created", "seen", "mu", "sigma", "rated"],
                       "device_codes": ["code_hash", "profile", "sealed", "expires"]}
