"""A room's writes to PostgreSQL through a few connections held for them ("lanes"), each behind
a lock: asyncpg's pool costs about as much client CPU per statement as the statement itself.
A lane whose statement failed but by the database's refusal takes a fresh connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

T = TypeVar("T")


class Lanes:
    """``count`` connections of ``pool`` for one statement at a time each; more writes wait."""

    def __init__(self, pool: asyncpg.Pool, count: int = 2) -> None:
        self._pool = pool
        self._conns: list[Any] = [None] * count
        self._locks = [asyncio.Lock() for _ in range(count)]
        self._next = 0

    async def execute(self, sql: str, *args: Any) -> str:
        """``Connection.execute`` on a lane: the status text (``"INSERT 0 1"``).

        Raises:
            asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError: as asyncpg.
        """
        result: str = await self._run("execute", sql, args)
        return result

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """``Connection.fetchval`` on a lane: the first column of the first row, or None."""
        return await self._run("fetchval", sql, args)

    async def run(self, work: Callable[[Any], Awaitable[T]]) -> T:
        """``work(connection)`` on a lane (several statements, a transaction of its own)."""
        result: T = await self._run("", work, ())
        return result

    async def _run(self, method: str, sql: Any, args: tuple[Any, ...]) -> Any:
        i = next((k for k, lock in enumerate(self._locks) if not lock.locked()), None)
        if i is None:  # every lane busy: queue on them in turn
            i = self._next = (self._next + 1) % len(self._locks)
        async with self._locks[i]:
            conn = self._conns[i]
            if conn is None or not _usable(conn):
                self._conns[i] = None
                if conn is not None:
                    await _give_back(self._pool, conn)
                conn = self._conns[i] = await self._pool.acquire()
            try:
                return await (getattr(conn, method)(sql, *args) if method else sql(conn))
            except asyncpg.PostgresError:  # the database refused the statement; the session is fine
                raise
            except BaseException:  # the connection is in doubt (broken, timed out, cancelled): drop it
                self._conns[i] = None
                try:
                    conn.terminate()
                except asyncpg.InterfaceError:  # the pool already took it back
                    pass
                await _give_back(self._pool, conn)
                raise

    async def close(self) -> None:
        """Give every lane's connection back to the pool (before the pool closes)."""
        for i, lock in enumerate(self._locks):
            async with lock:
                conn, self._conns[i] = self._conns[i], None
                if conn is not None:
                    await _give_back(self._pool, conn)


def _usable(conn: Any) -> bool:
    """The connection is open and still this lane's (the pool takes back a connection that broke)."""
    try:
        return not conn.is_closed()
    except asyncpg.InterfaceError:  # the pool already took it back
        return False


async def _give_back(pool: asyncpg.Pool, conn: Any) -> None:
    try:
        await pool.release(conn)
    except asyncpg.InterfaceError:  # the pool already took it back
        pass
