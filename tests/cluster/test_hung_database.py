"""A network to PostgreSQL that hangs (rather than refusing): a room's write waits no longer
than the room's lease allows. Once the lease may have run out the write is pointless (another
process may hold the room by then), so the room is given up at about the lease, with the
documented close code (4503), and the players play on once the database answers again:
every acknowledged action stored, nothing unacknowledged. Before, the write waited for the
driver's 10 s command timeout."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.support.cluster import check_acknowledged, play, seated_players, wait_until
from tests.support.server import ServerProcess, seated_room
from tests.support.tcpproxy import PausableProxy

LEASE = 3.0


async def test_a_write_into_a_hung_database_gives_the_room_up_within_about_the_lease(postgres: Any, figures: Any) -> None:
    dsn = postgres.new_database()
    proxy = PausableProxy(postgres.port).start()
    through = dsn.replace(f":{postgres.port}/", f":{proxy.port}/")
    srv = ServerProcess(Path(tempfile.mkdtemp()) / "data", database=through, name="p1",
                        extra=["--lease", str(LEASE)]).start()
    try:
        seats = ["person", "person"]
        room, creds = seated_room(srv, seats)

        async with seated_players(srv, room, creds) as players:
            view = await play(players, seats, moves=2, rng=random.Random(80))
            turn = players[view["turn"]]
            await wait_until(lambda: turn.view is not None and turn.view["version"] == view["version"])
            assert turn.view is not None
            await asyncio.sleep(1.2)  # a renewal went through just now: the lease has about LEASE left
            hung = time.monotonic()
            proxy.pause()
            try:
                await turn.send({"type": "action", "version": view["version"], "action": turn.view["legal"][0]})
                await wait_until(lambda: any(code == 4503 for _, code in turn.closes), 20)
                given_up = time.monotonic() - hung
                answers = [e["code"] for e in turn.errors]
            finally:
                proxy.resume()
            figures.append(f"hung PostgreSQL (lease {LEASE} s): the room with a write waiting was given up "
                           f"(4503) after {given_up:.2f} s")
            assert set(answers) <= {"room_moved", "server_error"}, answers
            health = (await asyncio.to_thread(httpx.get, srv.base + "/api/health", timeout=10)).json()
            assert health["given_up"] == 1, health
            # play on once the database answers again: nothing acknowledged lost, nothing else stored
            end = await play(players, seats, rng=random.Random(81), patience=30)
            assert end["result"] is not None
            await asyncio.sleep(0.3)
            assert check_acknowledged(dsn, room, players) > 0
    finally:
        srv.stop()
        proxy.stop()
