"""The benchmark's floor servers: the plain one moves frames, the durable one stores each action
before it announces it, the rules floor also plays by the rules."""

from __future__ import annotations

import json
import sqlite3
from contextlib import ExitStack
from pathlib import Path

from websockets.sync.client import connect

from ziehdomino.bench import server
from ziehdomino.bench.floor import FRAME_BYTES
from ziehdomino.server.storage.sqlite import DB_NAME


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


def test_rules_floor_plays_by_the_rules_and_stores_before_it_announces(tmp_path: Path) -> None:
    """Four seats of one room: a legal action is applied, committed and sent to every seat in its
    own view (its own hand only); an illegal one is refused to its seat alone and changes nothing."""
    port = server._free_port()
    proc = server._start(["ziehdomino.bench.rules_floor", str(port), str(tmp_path)], port)
    try:
        with ExitStack() as stack:
            socks = [stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/r1")) for _ in range(4)]
            views = []
            for seat, ws in enumerate(socks):
                ws.send(json.dumps({"type": "hello", "seat": seat}))
                views.append(json.loads(ws.recv(timeout=10))["view"])
            assert [v["seat"] for v in views] == [0, 1, 2, 3] and {v["version"] for v in views} == {1}
            turn = views[0]["turn"]
            other = (turn + 1) % 4
            socks[other].send(json.dumps({"type": "action", "version": 1, "action": views[other]["legal"][0]
                                          if views[other]["legal"] else {"type": "pass"}}))
            refused = json.loads(socks[other].recv(timeout=10))
            assert refused["type"] == "error" and json.loads(socks[other].recv(timeout=10))["view"]["version"] == 1
            action = views[turn]["legal"][0]
            socks[turn].send(json.dumps({"type": "action", "version": 1, "action": action}))
            after = [json.loads(ws.recv(timeout=10))["view"] for ws in socks]
            assert {v["version"] for v in after} == {2}
            assert [v["seat"] for v in after] == [0, 1, 2, 3]
            assert all(v["hand"] == views[s]["hand"] for s, v in enumerate(after) if s != turn)
    finally:
        server._stop(proc)
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert db.execute("SELECT room, version, action FROM actions").fetchall() == [("r1", 2, json.dumps(action, separators=(",", ":")))]
    (stored,) = db.execute("SELECT match FROM rooms WHERE id = 'r1'").fetchone()
    assert json.loads(stored)["version"] == 1  # the deal, saved before the first view went out


def test_the_core_bench_plays_rooms_in_process_and_reports_cpu_per_action() -> None:
    """``bench core`` measures in a process of its own (the same rooms code here) and reports
    the minimum and the median over its runs."""
    from ziehdomino.bench import core

    summary = core.run(rooms=2, actions=1000, runs=2)
    assert summary["runs"] == 2 and 0 < summary["us_per_action_min"] <= summary["us_per_action_median"] < 10_000
