"""``ziehdomino bench parts``: what each part of an action costs our room, beside what the rules
floor (:mod:`.rules_floor`) does for the same part, in-process, on the same four-seat actions
(CPU per action, best of five): message in, the change, state out, listeners, outbox. The
store and the socket writes, the same for both, are left out; ``bench server --rules-floor``
measures the whole.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SEATS = 4
RUNS = 5


def _best(fn: Callable[[], int]) -> float:
    """The least CPU microseconds per item over :data:`RUNS` runs of ``fn`` (returning its count)."""
    best = float("inf")
    for _ in range(RUNS):
        t0 = time.thread_time()
        n = fn()
        best = min(best, (time.thread_time() - t0) / n * 1e6)
    return best


def _plays(actions: int, seed: int) -> tuple[list[tuple[Any, int, dict[str, Any]]], list[Any]]:
    """``actions`` plays of four people as (room value before, seat, action JSON), and each
    play's change, chained as the writer chains them."""
    from ..engine import Match, action_to_json
    from ..server.core import changes
    from ..server.core.room import Room, SeatState
    from ..server.core.roomstate import RoomState

    rng = random.Random(seed)
    seats = tuple(SeatState("person", name=f"P{i}", credential_hash="x") for i in range(SEATS))
    room = Room("R" * 22, seats, RoomState.new(SEATS, 60, None), 0.0).but(match=Match(SEATS, rng=rng))
    out: list[tuple[Any, int, dict[str, Any]]] = []
    steps: list[Any] = []
    now = time.time()
    while len(out) < actions:
        match = room.match
        assert match is not None
        if match.round.result is not None:
            for seat in range(SEATS):
                room = changes.ready(room, seat, match.version, now).room
            continue
        seat = match.round.turn
        action = dict(action_to_json(rng.choice(match.round.legal_actions(seat))))
        out.append((room, seat, action))
        steps.append(changes.act(room, seat, match.version, action, now))
        room = steps[-1].room
    return out, steps


def run(*, actions: int = 2000, seed: int = 1) -> dict[str, Any]:
    """Measure and print each part; return the figures (µs per action)."""
    plays, steps = _plays(actions, seed)
    now = time.time()
    writer = _writer(steps[0].room)
    figures = {"message in": _message(plays), "the change": _change(plays, now), "state out": _state(writer, steps),
               "listeners": (asyncio.run(_listeners(writer, steps)), 0.0), "outbox": (_outbox(len(steps)), 0.0)}
    return _report(figures, actions)


def _message(plays: list[tuple[Any, int, dict[str, Any]]]) -> tuple[float, float]:
    import orjson

    from ..engine import parse_action
    from ..server.protocol.models import CLIENT_MESSAGE

    texts = [orjson.dumps({"type": "action", "version": r.match.version, "action": a}) for r, _, a in plays]

    def ours() -> int:
        for t in texts:
            CLIENT_MESSAGE.validate_json(t).action_json()  # type: ignore[union-attr]
        return len(texts)

    def floor() -> int:
        for t in texts:
            parse_action(orjson.loads(t)["action"])
        return len(texts)

    return _best(ours), _best(floor)


def _change(plays: list[tuple[Any, int, dict[str, Any]]], now: float) -> tuple[float, float]:
    """Ours: the room's next value; the floor's: the action applied in place (less the copies
    each run needs)."""
    from ..engine import parse_action
    from ..server.core import changes

    def ours() -> int:
        for r, s, a in plays:
            changes.act(r, s, r.match.version, a, now)
        return len(plays)

    live = [r.match.copy() for r, _, _ in plays]

    def floor() -> int:
        nonlocal live
        for m, (_, s, a) in zip(live, plays):
            m.apply(s, parse_action(a), version=m.version)
        live = [r.match.copy() for r, _, _ in plays]
        return len(plays)

    def copies() -> int:
        [r.match.copy() for r, _, _ in plays]
        return len(plays)

    return _best(ours), _best(floor) - _best(copies)


def _state(writer: Any, steps: list[Any]) -> tuple[float, float]:
    """Ours: the room's state and each seat's delta; the floor's: each seat's full view."""
    from ..server.protocol.deltas import act_parts, delta_parts
    from ..server.protocol.messages import StateEncoder

    viewers: list[int | None] = list(range(SEATS))

    def ours() -> int:
        old = None
        for step in steps:
            writer.room = step.room
            parts = writer._next_parts()
            changes = None if old is None else (delta_parts(old, parts) if step.act is None
                                                else act_parts(old, parts, step.act))
            for s in viewers:
                parts.text(s) if changes is None else changes.text(s)
            old = parts
        return len(steps)

    def floor() -> int:
        encoder = StateEncoder()
        for step in steps:
            encoder.texts(writer.id, [], step.room.match, viewers)
        return len(steps)

    return _best(ours), _best(floor)


async def _listeners(writer: Any, steps: list[Any]) -> float:
    """Ours: the computer players told of each change."""
    from ..server.core.computer import ComputerPlayers

    computers = ComputerPlayers(0.0, lambda: False)

    def ours() -> int:
        for step in steps:
            writer.room = step.room
            computers.changed(writer, step)
        return len(steps)

    try:
        return _best(ours)
    finally:
        if writer.computer_task is not None:
            writer.computer_task.cancel()


def _outbox(n: int) -> float:
    from ..server.core.connection import Connection

    conns = [Connection(s, deltas=True) for s in range(SEATS)]

    def ours() -> int:
        for i in range(n):
            for c in conns:
                c.push_state(i, "x", _full)
                c._pending.clear()
        return n

    return _best(ours)


def _writer(room: Any) -> Any:
    """A room's writer that never stores."""
    from ..server.process.settings import Settings
    from ..server.core.writer import RoomWriter

    return RoomWriter(_Host(Settings(data_dir=Path("unused"))), room)


def _full(seat: int | None) -> str:
    return "x"


class _Host:
    """The least of a process around a writer."""

    def __init__(self, settings: Any) -> None:
        from ..server.core.roomstate import Clock

        self.clock = Clock()
        self.listeners: list[Any] = []
        self.storage: Any = None
        self.settings = settings

    def moved(self, writer: Any) -> None: ...
    def ended(self, writer: Any) -> None: ...
    def late_write(self) -> None: ...


def _report(figures: dict[str, tuple[float, float]], actions: int) -> dict[str, Any]:
    print(f"bench parts: {actions} actions of four-seat rounds, CPU per action (best of {RUNS} runs)")
    print(f"{'part':<12} {'ours':>8} {'floor':>8} {'more':>8}")
    total_ours = total_floor = 0.0
    for name, (ours, floor) in figures.items():
        total_ours += ours
        total_floor += floor
        print(f"{name:<12} {ours:8.1f} {floor:8.1f} {ours - floor:8.1f}")
    print(f"{'together':<12} {total_ours:8.1f} {total_floor:8.1f} {total_ours - total_floor:8.1f}")
    summary: dict[str, Any] = {"bench": "parts", "actions": actions,
                               **{f"{k.replace(' ', '_')}_us": round(v[0], 1) for k, v in figures.items()},
                               **{f"floor_{k.replace(' ', '_')}_us": round(v[1], 1) for k, v in figures.items()},
                               "ours_us": round(total_ours, 1), "floor_us": round(total_floor, 1)}
    print(json.dumps(summary))
    return summary
