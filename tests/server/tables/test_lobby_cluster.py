"""The list "Offene Tische" with several processes on one PostgreSQL (docs/deploy.md): a table
opened and sat at on one process is listed by another, read from the database; a private room
never is."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx

from tests.support.server import Client, ServerProcess, on_own_thread


def test_a_table_held_by_one_process_is_listed_by_another(tmp_path: Path, web_dir: Path, postgres) -> None:
    dsn = str(postgres.new_database())
    one = ServerProcess(tmp_path / "p1", web_dir=web_dir, database=dsn, name="p1").start()
    two = ServerProcess(tmp_path / "p2", web_dir=web_dir, database=dsn, name="p2").start()
    try:
        seat = httpx.post(one.base + "/api/quick", json={"name": "Anna", "size": 3}, headers=one.own_site, timeout=30).json()
        private = one.create(["person", "person"], "Pia")

        async def sit() -> None:
            clients = [await Client(one, seat["room"], seat["credential"]).open(),
                       await Client(one, private["room"], private["credential"]).open()]
            for c in clients:
                await c.wait_state(lambda s: s["room"]["seats"][0]["connected"])
            end = time.monotonic() + 5
            tables: list = []
            while time.monotonic() < end:
                tables = httpx.get(two.base + "/api/lobby", timeout=30).json()["tables"]
                if tables:
                    break
                await asyncio.sleep(0.2)
            assert [t["room"] for t in tables] == [seat["room"]], tables
            assert tables[0]["seats"][0] == {"kind": "person", "name": "Anna"} and tables[0]["free"] == 2
            for c in clients:
                await c.close()

        on_own_thread(sit())
    finally:
        one.stop()
        two.stop()


def test_quick_play_on_one_process_finds_the_waiting_table_another_process_took(tmp_path: Path, web_dir: Path,
                                                                                 postgres) -> None:
    """The proxy sends every quick-play request of a size to one process; the table it opened
    moves to the process its id hashes to once its page connects there, and the next request
    still lands at it (read from the database and taken back), never at a second table."""
    dsn = str(postgres.new_database())
    one = ServerProcess(tmp_path / "p1", web_dir=web_dir, database=dsn, name="p1").start()
    two = ServerProcess(tmp_path / "p2", web_dir=web_dir, database=dsn, name="p2").start()
    try:
        def quick(name: str) -> dict:
            r = httpx.post(one.base + "/api/quick?size=3", json={"name": name, "size": 3}, headers=one.own_site, timeout=30)
            assert r.status_code == 201, r.text
            return r.json()

        anna = quick("Anna")

        async def elsewhere() -> None:
            client = await Client(two, anna["room"], anna["credential"]).open()  # p2 takes the room
            await client.wait_state(lambda s: s["room"]["seats"][0]["connected"])
            ben = quick("Ben")
            assert ben["room"] == anna["room"] and ben["seat"] == 1
            await client.close()

        on_own_thread(elsewhere())
        mismatch = httpx.post(one.base + "/api/quick?size=2", json={"name": "Eve", "size": 3}, headers=one.own_site,
                              timeout=30)
        assert mismatch.status_code == 422
    finally:
        one.stop()
        two.stop()
