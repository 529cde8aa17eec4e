"""``ziehdomino bench core``: the room core's CPU per action, in-process, with no socket or disk.

``rooms`` four-seat rooms (:class:`~ziehdomino.server.core.rooms.Rooms`) on a storage that keeps
nothing, every seat connected, one action per room in turn, with delta frames and with full
states; with ``against``, another checkout alternately in the same run. The garbage collector
runs as in a serving process.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SEATS = 4


class _NullStorage:
    """A storage that keeps nothing."""

    where = "nowhere"

    async def start(self, on_lost: Any = None) -> None: ...
    async def load_all(self) -> list[Any]: return []
    async def claim(self, room_id: str) -> None: return None
    async def save(self, record: Any, finished: Any = None, rated: Any = None) -> None: ...
    async def append(self, room_id: str, version: int, action: Any, state: Any = None) -> None: ...
    async def save_state(self, room_id: str, updated: float, room: Any) -> None: ...
    async def delete(self, room_ids: list[str]) -> None: ...
    def forget(self, room_id: str) -> None: ...
    async def delete_unheld(self, before: float) -> list[str]: return []
    async def release(self, room_id: str) -> None: ...
    async def ask_release(self, room_id: str) -> None: ...
    async def rooms_opened_by(self, creator: str, since: float) -> None: return None
    async def healthy(self) -> bool: return True
    async def serving(self) -> bool: return True
    async def close(self) -> None: ...


async def _measure(rooms_n: int, actions: int, seed: int, deltas: bool) -> float:
    """This thread's CPU microseconds per action over ``actions`` actions in ``rooms_n`` rooms."""
    from ziehdomino.engine import action_to_json

    def find(name: str, *modules: str) -> Any:
        """``name`` from the first of ``modules`` this checkout has (earlier ones kept server/ flat)."""
        for module in modules:
            try:
                return getattr(importlib.import_module(f"ziehdomino.server.{module}"), name)
            except ModuleNotFoundError:
                continue
        raise ModuleNotFoundError(f"{name} in none of {modules}")

    GC_THRESHOLDS = find("GC_THRESHOLDS", "http.app", "app")
    Connection = find("Connection", "core.connection", "connection")
    CreateRoom = find("CreateRoom", "protocol.models", "models")
    Rooms = find("Rooms", "core.rooms", "rooms")
    Settings = find("Settings", "process.settings", "settings")

    rooms = Rooms(_NullStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    if not hasattr(rooms, "lobby"):  # the open tables' listeners as the app adds them (earlier checkouts: Rooms did)
        find("Lobby", "tables.lobby").listening_to(rooms)
        find("OpenSeats", "tables.openseats").listening_to(rooms)
    tables: list[tuple[Any, list[Any]]] = []  # a writer, or (earlier checkouts) a room, and its connections
    for _ in range(rooms_n):
        room, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}] * SEATS, name="A"))
        for n in range(SEATS - 1):
            await rooms.join(room, f"P{n}")
        conns = [Connection(s, deltas=True) if deltas else Connection(s) for s in range(SEATS)]
        for c in conns:
            await rooms.connect(room, c)
        tables.append((room, conns))
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    rng = random.Random(seed)
    done = 0
    started = time.thread_time()
    while done < actions:
        for room, conns in tables:
            match = getattr(room, "room", room).match  # a writer's value, or the room itself
            if match.round.result is not None:
                for seat in range(SEATS):
                    await rooms.next_round(room, seat, match.version)
                done += SEATS
            else:
                seat = match.round.turn
                await rooms.act(room, seat, match.version, action_to_json(rng.choice(match.round.legal_actions(seat))))
                done += 1
            for c in conns:
                c._pending.clear()
    used = time.thread_time() - started
    await rooms.close()
    return used / done * 1e6


def _one(src: Path | None, rooms_n: int, actions: int, seed: int, deltas: bool) -> float:
    """One measurement in a fresh process (``src`` first on its path, default this checkout)."""
    env = dict(os.environ) if src is None else {**os.environ, "PYTHONPATH": str(src)}
    # this file run as a script: its measuring code, the rooms of whichever package comes first
    out = subprocess.run([sys.executable, __file__, "measure", str(rooms_n), str(actions), str(seed), str(int(deltas))],
                         env=env, check=True, capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


def run(*, rooms: int = 200, actions: int = 20000, runs: int = 5, seed: int = 1,
        against: Path | None = None) -> dict[str, Any]:
    """Measure ``runs`` times (1-20), alternating with ``against``; print and return the figures."""
    rooms = max(1, min(2000, rooms))
    actions = max(1000, actions)
    runs = max(1, min(20, runs))
    ours: list[float] = []
    full: list[float] = []
    other: list[float] = []
    print(f"bench core: {rooms} rooms of {SEATS}, {actions} actions per measurement, {runs} runs"
          + (f", against {against}" if against else ""), flush=True)
    for i in range(runs):
        series: list[tuple[str, Path | None, list[float], bool]] = [
            ("ziehdomino (deltas)", None, ours, True), ("ziehdomino (full states)", None, full, False)]
        if against:
            series.append(("against", against / "src", other, False))
        if i % 2:
            series.reverse()  # the order swaps from run to run
        for name, src, into, deltas in series:
            into.append(_one(src, rooms, actions, seed + i, deltas))
            print(f"  run {i + 1}: {name} {into[-1]:.1f} us per action", flush=True)
    summary: dict[str, Any] = {"bench": "core", "rooms": rooms, "actions": actions, "runs": runs,
                               "us_per_action_min": round(min(ours), 1),
                               "us_per_action_median": round(statistics.median(ours), 1),
                               "full_states_min": round(min(full), 1),
                               "full_states_median": round(statistics.median(full), 1)}
    line = (f"ziehdomino with deltas: {summary['us_per_action_min']} us per action (min), "
            f"{summary['us_per_action_median']} (median); with full states: {summary['full_states_min']} (min), "
            f"{summary['full_states_median']} (median)")
    if against is not None:
        summary.update({"against": str(against), "against_min": round(min(other), 1),
                        "against_median": round(statistics.median(other), 1)})
        line += f"; against: {summary['against_min']} (min), {summary['against_median']} (median)"
    print(line)
    print(json.dumps(summary))
    return summary


if __name__ == "__main__" and len(sys.argv) == 6 and sys.argv[1] == "measure":
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        del sys.path[0]  # run as a script: the package comes from the path, not this folder
    print(f"{asyncio.run(_measure(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == '1')):.2f}")
