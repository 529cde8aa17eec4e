"""``scripts/cluster`` as an operator uses it: one process of a running cluster restarted (its
rooms move to another process and back, the players play on, nothing acknowledged lost), and
the logs kept after ``scripts/cluster stop``, which says where they are."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tests.support.cluster import check_acknowledged, owner_of, play, proxy, seated_players, wait_until
from tests.support.server import Client, free_port, run, seated_room


def _command(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ziehdomino.cluster.command", *args], env=env, capture_output=True,
                          text=True, timeout=180)


def test_restart_one_process_hands_its_rooms_back_and_stop_keeps_the_logs(tmp_path: Path) -> None:
    env = {**os.environ, "ZIEHDOMINO_CLUSTER_STATE": str(tmp_path / "state.json")}
    out = open(tmp_path / "out.txt", "w+")
    runner = subprocess.Popen([sys.executable, "-m", "ziehdomino.cluster.command", "2", "--port", str(free_port()),
                               "--computer-delay", "0"], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while not (tmp_path / "state.json").exists():
            assert runner.poll() is None and time.monotonic() < deadline, (tmp_path / "out.txt").read_text()
            time.sleep(0.2)
        state = json.loads((tmp_path / "state.json").read_text())
        cluster: Any = SimpleNamespace(url=state["url"], dsn=state["database"], root=tmp_path)
        target = proxy(cluster)
        seats = ["person", "person"]
        room, creds = seated_room(target, seats)

        async def main() -> None:
            async with seated_players(target, room, creds) as players:
                await play(players, seats, moves=2, rng=random.Random(70))
                holder = owner_of(cluster, room)
                assert holder in ("p1", "p2")
                other = "p2" if holder == "p1" else "p1"
                restarting = time.monotonic()
                done = await asyncio.to_thread(_command, env, "restart", holder)
                assert done.returncode == 0 and f"{holder} restarted" in done.stdout, done.stdout + done.stderr
                # its sockets closed and the players went on with the other process meanwhile
                assert all(p.reconnects and p.reconnects[-1] > restarting for p in players.values())
                await wait_until(lambda: owner_of(cluster, room) == other, 10)
                await play(players, seats, moves=2, rng=random.Random(71))
                # back in the ring (two checks): the next request for the room moves it back
                await asyncio.sleep(3.0)
                watcher = await Client(target, room).open()
                await watcher.wait_state(lambda st: True, timeout=10)
                await wait_until(lambda: owner_of(cluster, room) == holder, 10)
                await watcher.close()
                end = await play(players, seats, rng=random.Random(72), patience=30)
                assert end["result"] is not None
                await asyncio.sleep(0.3)
                assert check_acknowledged(cluster.dsn, room, players) > 0
            status = await asyncio.to_thread(_command, env, "status")
            assert status.returncode == 0 and f"{holder}  :" in status.stdout and "running" in status.stdout
            assert _command(env, "start", holder).returncode == 1  # already running: said so, nothing done
            assert "no process 'p9'" in _command(env, "restart", "p9").stderr
            return holder
        holder = run(main())
        stopped = _command(env, "stop")
        assert stopped.returncode == 0, stopped.stderr
        root = Path(state["root"])
        assert f"logs kept in {root}" in stopped.stdout
        runner.wait(timeout=60)
        assert sorted(p.name for p in root.iterdir()) == ["haproxy.log", "p1.log", "p2.log", "postgres.log"]
        log = (root / f"{holder}.log").read_text()
        assert log.count(f"starting {holder} on port") == 2 and "Shutting down" in log  # both runs, in order
    finally:
        if runner.poll() is None:
            runner.terminate()
            runner.wait(timeout=60)
        out.close()
        if "state" in locals():
            import shutil
            shutil.rmtree(state["root"], ignore_errors=True)
