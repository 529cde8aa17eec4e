"""Players that reconnect through the proxy like the page does, and checks against the stored rows."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.support.server import TIMEOUT, Client, ServerProcess, read_stored

from ziehdomino.cluster.run import Cluster
from ziehdomino.engine import parse_action, round_from_position

#: Lease of the cluster's processes (seconds): short, so that a hung process loses its rooms soon,
#: and long enough that a PostgreSQL stop and start of about a second (which take a few seconds
#: on a busy machine) stay well within it.
LEASE = 5.0


def proxy(cluster: Cluster) -> ServerProcess:
    """The proxy as the server tests' helper sees a server (HTTP calls, WebSocket URL, stored rows)."""
    port = int(cluster.url.rsplit(":", 1)[1])
    assert cluster.dsn is not None
    return ServerProcess(cluster.root / "unused", port=port, database=cluster.dsn)


def owner_of(cluster: Cluster, room: str) -> str | None:
    """The name of the process holding ``room`` (``p1``...), from the row, or None."""
    import asyncpg

    async def fetch() -> Any:
        conn = await asyncpg.connect(cluster.dsn)
        try:
            return await conn.fetchval("SELECT owner FROM rooms WHERE id = $1", room)
        finally:
            await conn.close()
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=1) as pool:
        owner = pool.submit(asyncio.run, fetch()).result()
    return None if owner is None else owner.rsplit(".", 1)[0]


class Player:
    """One seat's client that reconnects through the proxy whenever its socket closes.

    Every state received on any of its connections is kept (``states``): these are what the
    player saw acknowledged.
    """

    def __init__(self, target: ServerProcess, room: str, credential: str | None) -> None:
        self.target, self.room, self.credential = target, room, credential
        self.clients: list[Client] = []
        self.closes: list[tuple[float, int | None]] = []
        self.reconnects: list[float] = []
        self._task: asyncio.Task[None] | None = None
        self.stopping = False

    @property
    def client(self) -> Client:
        return self.clients[-1]

    @property
    def states(self) -> list[dict[str, Any]]:
        return [s for c in self.clients for s in c.states]

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [e for c in self.clients for e in c.errors]

    @property
    def view(self) -> dict[str, Any] | None:
        return self.client.view if self.clients else None

    async def start(self) -> Player:
        await self._open()
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    async def _open(self) -> None:
        while True:
            try:
                self.clients.append(await Client(self.target, self.room, self.credential).open())
                return
            except Exception:
                await asyncio.sleep(0.1)

    async def _watch(self) -> None:
        while not self.stopping:
            c = self.client
            await c.wait_for(lambda x: x._reader is not None and x._reader.done(), timeout=3600)
            if self.stopping:
                return
            self.closes.append((time.monotonic(), c.closed_code))
            await asyncio.sleep(0.1)
            await self._open()
            self.reconnects.append(time.monotonic())

    async def send(self, msg: dict[str, Any]) -> None:
        try:
            await self.client.send(msg)
        except Exception:
            pass  # the socket went away; the player reconnects and the table looks again

    async def stop(self) -> None:
        self.stopping = True
        if self._task is not None:
            self._task.cancel()
        for c in self.clients:
            try:
                await c.close()
            except Exception:
                pass


@asynccontextmanager
async def seated_players(target: ServerProcess, room: str, creds: dict[int, str]) -> AsyncIterator[dict[int, Player]]:
    """A started :class:`Player` per seat of ``room`` (seat -> credential), through ``target``;
    all stopped when the block ends, whatever happens in it."""
    players: dict[int, Player] = {}
    try:
        for seat, credential in creds.items():
            players[seat] = await Player(target, room, credential).start()
        yield players
    finally:
        for p in players.values():
            await p.stop()


async def wait_until(pred: Any, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.01)


def _latest(players: dict[int, Player]) -> dict[str, Any] | None:
    views = [p.view for p in players.values() if p.view is not None]
    if not views:
        return None
    return max(views, key=lambda v: (v["round_number"], v["version"]))


async def play(players: dict[int, Player], seats: list[str], *, moves: int | None = None,
               rng: random.Random | None = None, patience: float = 20.0) -> dict[str, Any]:
    """Play random legal person moves through whatever connection each player has now.

    An action that gets no answer (its process died) is made again from the next view the
    table shows. Stops after ``moves`` accepted person moves or at the end of the round;
    returns the newest view.
    """
    rng = rng or random.Random(1)
    done = 0
    while True:
        await wait_until(lambda: _latest(players) is not None)
        view = _latest(players)
        assert view is not None
        if view["result"] is not None or (moves is not None and done >= moves):
            return view
        seat = view["turn"]
        if seats[seat] != "person":
            await wait_until(lambda: _latest(players)["version"] > view["version"], patience)  # type: ignore[index]
            continue
        mine = players[seat]
        try:
            await wait_until(lambda: mine.view is not None and mine.view["version"] == view["version"], 3.0)
        except AssertionError:
            continue  # that seat is reconnecting; look again
        action = rng.choice(mine.view["legal"])  # type: ignore[index]
        await mine.send({"type": "action", "version": view["version"], "action": action})
        try:
            await wait_until(lambda: (_latest(players) or view)["version"] > view["version"], patience)
            done += 1
        except AssertionError:
            pass  # unanswered: make it again from what the table shows now


def check_acknowledged(dsn: str, room: str, players: dict[int, Player]) -> int:
    """Every state a player saw (of the stored round) is the stored round replayed to that
    version, and the stored version is the newest one anyone saw: every acknowledged action is
    stored and nothing unacknowledged is. Returns the number of states checked."""
    record = read_stored(room, database=dsn)
    assert record is not None
    match = record.match
    assert match is not None
    first = match["version"] - len(match["actions"])
    round_number = len(match["starters"])
    newest = 0
    checked = 0
    for seat, p in players.items():
        for st in p.states:
            v = st["view"]
            if v is None or v["round_number"] != round_number:
                continue
            newest = max(newest, v["version"])
            k = v["version"] - first
            assert 0 <= k <= len(match["actions"]), f"seat {seat} saw version {v['version']} that is not stored"
            rnd = round_from_position(match["deal"])
            for raw in match["actions"][:k]:
                rnd.apply(rnd.turn, parse_action(raw))
            assert v["hand"] == [f"{min(t)}|{max(t)}" for t in rnd.hands[seat]], (seat, v["version"])
            assert v["boneyard_count"] == len(rnd.boneyard)
            checked += 1
    assert newest == match["version"], f"stored version {match['version']}, newest seen {newest}"
    return checked


def room_log(cluster: Cluster) -> str:
    return "\n".join(f"--- {p.name}\n{p.log()[-3000:]}" for p in cluster.processes)


__all__ = ["LEASE", "Path", "Player", "check_acknowledged", "owner_of", "play", "proxy", "room_log", "seated_players",
           "wait_until"]
