#!/usr/bin/env python3
"""Write ``tests/vectors/deltas.json``: for random rooms, one viewer's full states and the deltas
between them, as the server sent them.

Usage: ``.venv/bin/python tests/server/protocol/make_delta_vectors.py`` (rewrites the file; the project
must be installed in ``.venv``, as ``scripts/test`` does). Each case follows one viewer (a seat
or a spectator) of a room played in-process through several rounds (computers, a stand-in
mark, ready marks, presence changes) and holds, per state, the text of the delta that made it
and the SHA-256 of the full text the server would have sent instead (the last state's text too). ``tests/server/protocol/test_delta_vectors.py``
(Python) and ``tests/web/delta.test.mjs`` (JavaScript) check that applying every delta to the
state before it gives the next state byte for byte (docs/protocol.md, "Delta frames").
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from pathlib import Path
from typing import Any

from ziehdomino.engine import action_to_json
from ziehdomino.server.core import changes
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.rooms import Rooms
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage

ROOT = Path(__file__).resolve().parents[3]

OUT = ROOT / "tests" / "vectors" / "deltas.json"


async def one_case(rng: random.Random, name: str, players: int) -> dict[str, Any]:
    """The frames one viewer of a random room of ``players`` got over ``rng``'s choice of actions."""
    kinds = ["person", "person"] + [rng.choice(("person", "mittel")) for _ in range(players - 2)]
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    seats = [{"kind": "person"} if k == "person" else {"kind": "computer", "level": k} for k in kinds]
    writer, _ = await rooms.create(CreateRoom(seats=seats, name="Anna"))
    for i, k in enumerate(kinds[1:], start=1):
        if k == "person":
            await rooms.join(writer, f"Spieler {i} \u00e4")
    persons = [i for i, k in enumerate(kinds) if k == "person"]
    viewer = rng.choice([None, *persons])
    conn = Connection(viewer, deltas=True)
    await rooms.connect(writer, conn)
    others = [Connection(s, deltas=True) for s in persons if s != viewer]
    for c in others:
        await rooms.connect(writer, c)
    frames: list[dict[str, str]] = []

    def take() -> None:
        for c in others:
            c._pending.clear()
        while conn._pending:
            text = conn._pending.popleft()[1]
            kind = json.loads(text)["type"]
            if kind == "state":
                assert not frames, "a full state after the first: every change is read before the next"
                frames.append({"state": text})
            elif kind == "delta":
                full = writer.state_text(viewer)
                frames.append({"delta": text, "sha256": hashlib.sha256(full.encode()).hexdigest(), "state": full})

    take()
    rounds = 0
    while rounds < 2:
        room = writer.room
        assert room.match is not None
        if room.turn is not None:
            seat = room.turn
            action = action_to_json(rng.choice(room.match.round.legal_actions(seat)))
            await writer.run(lambda r: changes.act(r, seat, r.match.version, action, time.time()))  # type: ignore[union-attr]
        else:
            rounds += 1
            if others and rng.random() < 0.5:  # someone goes away and comes back: presence changes
                away = others.pop()
                await rooms.disconnect(writer, away)
                take()
                back = Connection(away.seat, deltas=True)
                await rooms.connect(writer, back)
                others.append(back)
                take()
            for seat in persons:
                if not writer.room.state.ready[seat]:
                    await rooms.next_round(writer, seat, writer.room.match.version)  # type: ignore[union-attr]
                    take()
        take()
    for frame in frames[1:-1]:  # the states between are only hashed: the file stays small
        del frame["state"]
    return {"name": name, "players": players, "viewer": viewer, "frames": frames}


def main() -> None:
    cases = [asyncio.run(one_case(random.Random(seed), f"room-{seed}", players))
             for seed, players in enumerate((2, 3, 4, 4))]
    doc = {"format": 1,
           "about": "One viewer's frames per case: the first full state, then per change the delta the server "
                    "sent and the SHA-256 of the full state's UTF-8 text it makes (the last one also the text) "
                    "(docs/protocol.md, 'Delta frames'). Written by tests/server/protocol/make_delta_vectors.py.",
           "cases": cases}
    OUT.write_text(json.dumps(doc, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(cases)} cases, {sum(len(c['frames']) - 1 for c in cases)} deltas")


if __name__ == "__main__":
    main()
