"""``ziehdomino bench quick``: how long "Schnell spielen" takes to a dealt round, on a real server
(``serve`` on loopback, computers without delay): for two people, from the second's request to
the dealt round on its socket; for one, from the request to the round dealt by ``start_now``.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from .server import HOST, _free_port, _post, _start, _stop


def _state(ws: ClientConnection, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first ``state`` message on ``ws`` for which ``done`` holds."""
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if msg.get("type") == "state" and done(msg):
            return msg


def _seat(base: str, name: str, size: int) -> tuple[ClientConnection, dict[str, Any]]:
    """Presses "Schnell spielen": the request, the socket, the hello and the first state."""
    made = _post(base, "/api/quick", {"name": name, "size": size})
    ws = connect(f"ws://{base.removeprefix('http://')}/ws/{made['room']}", origin=Origin(base))
    ws.send(json.dumps({"type": "hello", "credential": made["credential"]}))
    return ws, _state(ws, lambda m: True)


def _dealt(msg: dict[str, Any]) -> bool:
    return msg.get("view") is not None


def _two_people(base: str, i: int) -> float:
    first, _ = _seat(base, f"A{i}", 2)
    t0 = time.perf_counter()
    second, state = _seat(base, f"B{i}", 2)
    if not _dealt(state):
        _state(second, _dealt)
    took = time.perf_counter() - t0
    first.close()
    second.close()
    return took


def _one_person(base: str, i: int) -> float:
    t0 = time.perf_counter()
    ws, state = _seat(base, f"C{i}", 4)
    assert not _dealt(state), "a four-seat quick table should wait for people"
    ws.send(json.dumps({"type": "start_now"}))
    _state(ws, _dealt)
    took = time.perf_counter() - t0
    ws.close()
    return took


def _line(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return f"  {label:<12} median {statistics.median(ms):6.1f} ms   p90 {p90:6.1f} ms   max {ms[-1]:6.1f} ms   ({len(ms)} runs)"


def run(runs: int = 20) -> None:
    runs = max(1, min(200, runs))
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = _start(["ziehdomino.cli", "serve", "--host", HOST, "--port", str(port), "--data", tmp,
                       "--computer-delay", "0", "--http-rate", "1000000", "--max-rooms-per-address", "100000",
                       "--log-level", "warning"], port)
        base = f"http://{HOST}:{port}"
        try:
            _two_people(base, -1)  # warm-up: imports
            two = [_two_people(base, i) for i in range(runs)]
            one = [_one_person(base, i) for i in range(runs)]
        finally:
            _stop(proc)
    print('"Schnell spielen" to a dealt round (a real server over loopback, wall clock):')
    print(_line("two people", two) + "   from the second request")
    print(_line("one person", one) + "   with \"Jetzt mit Computern starten\" at once")
