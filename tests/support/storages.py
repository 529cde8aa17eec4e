"""Helpers for the storage tests on PostgreSQL: storages under test started and closed together,
a query on a connection of its own, and waiting until a room's lease lets another take it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

from ziehdomino.server.storage.postgres import PostgresStorage
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage import RoomBusy

#: What a storage calls when it loses a room: (room id, whether it was asked to let go).
OnLost = Callable[[str, bool], Awaitable[None]]


def storage(dsn: str, name: str, lease: float = 2.0) -> PostgresStorage:
    """A PostgreSQL storage on ``dsn`` for the process ``name`` with a lease of ``lease`` seconds
    (not started)."""
    return PostgresStorage(Settings(data_dir=Path("unused"), database=dsn, process_name=name, lease_seconds=lease))


async def _nothing(room_id: str, release: bool) -> None:
    return None


@asynccontextmanager
async def started(dsn: str, *names: str, on_lost: Callable[[str], OnLost] | None = None,
                  together: bool = False) -> AsyncIterator[list[PostgresStorage]]:
    """The storages ``names`` on ``dsn``, started (one after the other, or all at once with
    ``together``), closed when the block ends. ``on_lost(name)`` gives each its callback for a
    lost room (default: none)."""
    made = [storage(dsn, name) for name in names]
    callbacks = [on_lost(name) if on_lost else _nothing for name in names]
    running: list[PostgresStorage] = []
    try:
        if together:
            running = made
            await asyncio.gather(*(s.start(cb) for s, cb in zip(made, callbacks)))
        else:
            for s, cb in zip(made, callbacks):
                await s.start(cb)
                running.append(s)
        yield made
    finally:
        for s in running:
            await s.close()


async def fetch(dsn: str, query: str, *args: Any) -> list[Any]:
    """The rows of ``query`` on a connection of its own (not the storages')."""
    conn = await asyncpg.connect(dsn)
    try:
        return list(await conn.fetch(query, *args))
    finally:
        await conn.close()


async def claim_when_free(taker: PostgresStorage, room: str, within: float) -> tuple[Any, float]:
    """Claims ``room`` for ``taker`` as soon as no other process holds it (its lease ran out or
    its session ended), trying every 0.1 s. Returns (the claimed record, the seconds it took).

    Raises:
        AssertionError: when it is still busy after ``within`` seconds.
    """
    started_at = time.monotonic()
    while True:
        try:
            return await taker.claim(room), time.monotonic() - started_at
        except RoomBusy:
            assert time.monotonic() - started_at < within, f"{room} still busy after {within} s"
            await asyncio.sleep(0.1)
