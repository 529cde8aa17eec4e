"""Open tables on the real cluster (PostgreSQL + 3 processes + HAProxy): "Schnell spielen"
requests sent at once through the proxy land at one table per size, never two half-empty ones;
every process lists the tables of all; the table a page took to its own process is still found
by the next request."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from tests.support.cluster import proxy
from tests.support.server import Client, ServerProcess, on_own_thread
from ziehdomino.cluster.run import Cluster


def _quick(target: ServerProcess, name: str, size: int) -> dict[str, Any]:
    r = httpx.post(f"{target.base}/api/quick?size={size}", json={"name": name, "size": size}, headers=target.own_site,
                   timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def test_quick_play_through_the_proxy_pairs_per_size_and_every_process_lists_the_tables(cluster: Cluster) -> None:
    target = proxy(cluster)
    with ThreadPoolExecutor(6) as pool:  # six people at once: two per size
        seated = list(pool.map(lambda a: _quick(target, *a), [(f"P{i}", 2 + i % 3) for i in range(6)]))
    by_size: dict[int, set[str]] = {}
    for i, s in enumerate(seated):
        by_size.setdefault(2 + i % 3, set()).add(s["room"])
    assert all(len(rooms) == 1 for rooms in by_size.values()), by_size

    three, four = seated[1], seated[2]  # sizes 3 and 4: still waiting for people

    async def sit() -> None:
        clients = [await Client(target, s["room"], s["credential"]).open() for s in (three, four)]
        for c in clients:
            await c.wait_state(lambda st: any(x["connected"] for x in st["room"]["seats"]))
        # the table moved to the process its id hashes to; a third person of size 3 still lands there
        late = await asyncio.to_thread(_quick, target, "Late", 3)
        assert late["room"] == three["room"]
        # (taking it back closed its sockets with 4503: a page reconnects, these test clients do not)
        end = time.monotonic() + 5
        while time.monotonic() < end:  # every process lists the waiting table of 4 (read from PostgreSQL)
            lists = [httpx.get(f"http://127.0.0.1:{p.port}/api/lobby", timeout=30).json()["tables"]
                     for p in cluster.processes]
            if all(four["room"] in {t["room"] for t in tables} for tables in lists):
                break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError(f"not every process lists the table: {lists}")
        for c in clients:
            await c.close()

    on_own_thread(sit())
