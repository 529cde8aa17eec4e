"""The benchmark's floor servers: the plain one moves frames, the durable one stores each action
before it announces it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from websockets.sync.client import connect

from ziehdomino.bench import server
from ziehdomino.bench.floor import FRAME_BYTES
from ziehdomino.server.storage import DB_NAME


def _play_one_action(*append: str) -> list[int]:
    """A floor server (``append``: its extra arguments) on a free port; two seats join room
    ``r1`` and the first acts once; the versions each seat received."""
    port = server._free_port()
    proc = server._start(["ziehdomino.bench.floor", str(port), *append], port)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/r1") as a, connect(f"ws://127.0.0.1:{port}/ws/r1") as b:
            seen = []
            for ws in (a, b):
                ws.send('{"type":"hello"}')
                seen.append(json.loads(ws.recv(timeout=10))["view"]["version"])
            a.send('{"type":"action"}')
            for ws in (a, b):
                text = str(ws.recv(timeout=10))
                assert abs(len(text) - FRAME_BYTES) < 8
                seen.append(json.loads(text)["view"]["version"])
            return seen
    finally:
        server._stop(proc)


def test_floor_broadcasts_each_action_to_every_seat() -> None:
    assert _play_one_action() == [1, 1, 2, 2]


def test_durable_floor_has_committed_an_action_once_it_is_announced(tmp_path: Path) -> None:
    assert _play_one_action("--append", str(tmp_path)) == [1, 1, 2, 2]
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert db.execute("SELECT room, version, action FROM actions").fetchall() == [("r1", 2, '{"type":"draw"}')]
