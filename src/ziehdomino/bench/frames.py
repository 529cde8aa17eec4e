"""``ziehdomino bench frames``: the bytes a change costs each viewer, full states against deltas.

In-process: ``rooms`` four-person rooms played for ``rounds`` rounds, every seat and a spectator
connected twice, with and without delta frames, so that both streams carry the same states.
Per action: the bytes to the seat that acted, another seat, a spectator and all four (with and
without the steps between rounds), as text and through each setting of per-message compression
(RFC 7692) with its CPU, and what one seat receives over a round.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import zlib
from pathlib import Path
from typing import Any

SEATS = 4
#: (name, window bits, memLevel) of the compression settings measured.
DEFLATE = (("w15", 15, 8), ("w12", 12, 5))


class _Stream:
    """The bytes one connection was sent, as text and compressed."""

    def __init__(self) -> None:
        self.raw = 0
        self.packed = {name: 0 for name, _, _ in DEFLATE}
        self.cpu_ns = {name: 0 for name, _, _ in DEFLATE}
        self._zip = {name: zlib.compressobj(6, zlib.DEFLATED, -bits, mem) for name, bits, mem in DEFLATE}

    def add(self, text: str) -> None:
        data = text.encode()
        self.raw += len(data)
        for name, z in self._zip.items():
            t0 = time.thread_time_ns()
            out = z.compress(data) + z.flush(zlib.Z_SYNC_FLUSH)
            self.cpu_ns[name] += time.thread_time_ns() - t0
            self.packed[name] += len(out) - 4  # RFC 7692 7.2.1: the trailing 00 00 ff ff is not sent


async def _measure(rooms_n: int, rounds: int, seed: int) -> dict[str, Any]:
    from ..engine import action_to_json
    from ..server.core import changes
    from ..server.core.connection import Connection
    from ..server.protocol.models import CreateRoom
    from ..server.core.rooms import Rooms
    from ..server.process.settings import Settings
    from ..server.storage.memory import MemoryStorage

    rng = random.Random(seed)
    streams = {(kind, d): _Stream() for kind in ("own", "other", "spectator", "between") for d in (False, True)}
    actions = 0
    for _ in range(rooms_n):
        rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
        writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}] * SEATS, name="A"))  # type: ignore[list-item]
        for n in range(SEATS - 1):
            await rooms.join(writer, f"P{n}")
        conns = [Connection(s, deltas=d) for s in [*range(SEATS), None] for d in (False, True)]
        for c in conns:
            await rooms.connect(writer, c)
        for c in conns:
            c._pending.clear()
        while True:
            room = writer.room
            assert room.match is not None
            if room.turn is None:
                if room.match.round_number >= rounds:
                    break
                for seat in range(SEATS):
                    await rooms.next_round(writer, seat, writer.room.match.version)  # type: ignore[union-attr]
                    for c in conns:  # the ready marks and the deal
                        while c._pending:
                            text = c._pending.popleft()[1]
                            if c.seat is not None:
                                streams["between", c.deltas].add(text)
                continue
            seat = room.turn
            action = action_to_json(rng.choice(room.match.round.legal_actions(seat)))
            await writer.run(lambda r: changes.act(r, seat, r.match.version, action, time.time()))  # type: ignore[union-attr]
            actions += 1
            other = (seat + 1) % SEATS
            for c in conns:
                kind = "spectator" if c.seat is None else "own" if c.seat == seat else "other" if c.seat == other else None
                while c._pending:
                    text = c._pending.popleft()[1]
                    if kind is not None:
                        streams[kind, c.deltas].add(text)
        await rooms.close()
    return {"actions": actions, "streams": streams}


def run(*, rooms: int = 40, rounds: int = 3, seed: int = 1) -> dict[str, Any]:
    """Measure and print; return the bytes per action, per viewer kind."""
    rooms = max(1, min(500, rooms))
    out = asyncio.run(_measure(rooms, max(1, rounds), seed))
    n: int = out["actions"]
    streams: dict[tuple[str, bool], _Stream] = out["streams"]
    print(f"bench frames: {rooms} rooms of {SEATS} people and a spectator, {rounds} rounds each, {n} actions")
    summary: dict[str, Any] = {"bench": "frames", "rooms": rooms, "actions": n}
    for deltas in (False, True):
        label = "deltas" if deltas else "full states"
        own, other, spec = (streams[k, deltas] for k in ("own", "other", "spectator"))

        def per(value: float) -> float:
            return round(float(value) / n, 1)

        between = streams["between", deltas]
        four = per(own.raw + 3 * other.raw)
        line = (f"{label}: bytes per action: own seat {per(own.raw)}, another seat {per(other.raw)}, "
                f"spectator {per(spec.raw)}; four seats {four}; with the ready step and the deal between "
                f"rounds {per(own.raw + 3 * other.raw + between.raw)}")
        key = "delta" if deltas else "full"
        summary.update({f"{key}_own_b": per(own.raw), f"{key}_other_b": per(other.raw),
                        f"{key}_spectator_b": per(spec.raw), f"{key}_four_seats_b": four,
                        f"{key}_four_seats_all_b": per(own.raw + 3 * other.raw + between.raw),
                        f"{key}_round_of_40_kb": round(40 * other.raw / n / 1024, 1)})
        for name, _, _ in DEFLATE:
            packed = per(own.packed[name] + 3 * other.packed[name])
            cpu = round((own.cpu_ns[name] + 3 * other.cpu_ns[name]) / n / 1000, 1)
            line += f"; compressed ({name}) {packed} for four seats at {cpu} us CPU"
            summary.update({f"{key}_four_seats_deflate_{name}_b": packed, f"{key}_deflate_{name}_cpu_us": cpu})
        print(line)
        print(f"  a round of 40 actions costs one seat {summary[f'{key}_round_of_40_kb']} KiB")
    print(json.dumps(summary))
    return summary
