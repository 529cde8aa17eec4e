"""``ziehdomino bench lobby``: what the live list "Offene Tische" costs the server per change.

In-process: ``tables`` open four-seat tables, ``watchers`` subscribed start pages; each change
seats a person at a random table (a full one plays on, a fresh one opens). CPU per change of
the change alone (the floor) and with the table's line recomputed, and per push of the list to
the watchers; the server pushes at most once per debounce, so a change costs its line plus a
share of a push, printed at several rates.
"""

from __future__ import annotations

import random
import time
from types import SimpleNamespace
from typing import Any

SEATS = 4


def _tables(n: int, rng: random.Random) -> list[Any]:
    from ..server.core import changes
    from ..server.core.credentials import hash_credential, new_room_id
    from ..server.core.room import SeatState

    now = time.time()
    out = []
    for _ in range(n):
        seats = [SeatState("person", name=f"P{rng.randrange(1000)}", credential_hash=hash_credential("x"))]
        seats += [SeatState("person") for _ in range(SEATS - 1)]
        room = changes.create(new_room_id(), seats, 60, None, now, public=True, wait_until=now + 30).room
        out.append(room.but(state=room.state.away(0, None).opening(0, None)))
    return out


def _joined(before: Any, now: float) -> Any:
    """``before`` with a person seated, the page open."""
    from ..server.core import changes
    from ..server.core.roomstate import Clock

    step, seat, _ = changes.join(before, "G", "h", now)
    opened = changes.connect(step.room, seat, Clock(), now)
    return step.room if opened is None else opened.room


def _changes(rooms: list[Any], count: int, rng: random.Random) -> list[tuple[int, Any, Any]]:
    """``count`` joins as (table index, room before, a fresh table if it filled), replayed in each run."""
    rooms = list(rooms)
    out = []
    now = time.time()
    for _ in range(count):
        i = rng.randrange(len(rooms))
        before = rooms[i]
        rooms[i] = _joined(before, now)
        opened = _tables(1, rng)[0] if rooms[i].full else None
        if opened is not None:
            rooms[i] = opened
        out.append((i, before, opened))
    return out


def _run(rooms: list[Any], steps: list[tuple[int, Any, Any]], lines: bool) -> float:
    """CPU seconds of every change of ``steps``, with or without the lobby's ``lines``, no push."""
    from ..server.tables.lobby import Lobby

    lobby = Lobby()
    lobby._dirty = lambda: None  # type: ignore[method-assign]
    writers = [SimpleNamespace(id=r.id, room=r, deleted=False, gone=False) for r in rooms]
    for w in writers:
        lobby.changed(w, None)  # type: ignore[arg-type]
    now = time.time()
    t0 = time.process_time()
    for i, before, opened in steps:
        writer = writers[i]
        writer.room = _joined(before, now)
        if lines:
            lobby.changed(writer, None)  # type: ignore[arg-type]
        if opened is not None:
            if lines:
                lobby.forget(writer.id)
            writer.id, writer.room = opened.id, opened
            if lines:
                lobby.changed(writer, None)  # type: ignore[arg-type]
    return time.process_time() - t0


def _push(rooms: list[Any], watchers: int, times: int = 200) -> tuple[float, int]:
    """CPU seconds per push of the list to every watcher, and its bytes."""
    from ..server.tables.lobby import Lobby

    lobby = Lobby()
    for r in rooms:
        lobby.changed(SimpleNamespace(id=r.id, room=r, deleted=False, gone=False), None)  # type: ignore[arg-type]
    queues = [lobby.subscribe() for _ in range(watchers)]
    t0 = time.process_time()
    for _ in range(times):
        lobby._body = b""  # the list goes out again
        lobby._flush()
    spent = (time.process_time() - t0) / times
    del queues
    return spent, len(lobby.body())


def run(*, tables: int = 1000, watchers: int = 500, changes_n: int = 2000, seed: int = 1) -> None:
    """Print the CPU per change of the list beside the floor."""
    from ..server.tables.lobby import LIST_LIMIT, Lobby

    rng = random.Random(seed)
    rooms = _tables(tables, rng)
    steps = _changes(rooms, changes_n, rng)
    floor, line, push0, pushn = [], [], [], []
    size = 0
    for _ in range(5):  # alternated, best of five
        floor.append(_run(rooms, steps, False) / len(steps))
        line.append(_run(rooms, steps, True) / len(steps))
        push0.append(_push(rooms, 0)[0])
        spent, size = _push(rooms, watchers)
        pushn.append(spent)
    f, li, p0, pn = (min(v) * 1e6 for v in (floor, line, push0, pushn))
    pushes = 1 / Lobby().debounce
    print(f"lobby: {tables} open tables, {watchers} watchers, {len(steps)} changes; CPU, best of five "
          f"(the list: at most {LIST_LIMIT} tables, {size} B)")
    print(f"  floor: the change alone              {f:9.1f} µs per change")
    print(f"  + the table's line in the list       {li:9.1f} µs per change  (+{li - f:.1f})")
    print(f"  a push of the list, 0 watchers       {p0:9.1f} µs per push")
    print(f"  a push of the list, {watchers} watchers     {pn:9.1f} µs per push  ({(pn - p0) / max(watchers, 1):.3f} µs per watcher)")
    for rate in (10, 100, 1000):
        per = li + pn * min(pushes, rate) / rate
        print(f"  at {rate:4d} changes/s (at most {pushes:.0f} pushes/s): {per:9.1f} µs per change, "
              f"{per / f:.2f}x the floor")
