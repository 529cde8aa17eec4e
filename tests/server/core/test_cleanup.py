"""Rooms whose persons have all been away past the abandon time end and are deleted, a round in
progress included; a room with a person at the table is kept."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx
from tests.support.server import Client, ServerProcess, eventually, play_moves, run, seated_room


def _exists(srv: ServerProcess, room: str) -> bool:
    return httpx.get(f"{srv.base}/api/rooms/{room}", timeout=30).status_code == 200


def test_abandoned_rooms_end_even_mid_round_and_a_present_person_keeps_one(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    # abandon after 0.002 h = 7.2 s (long enough to seat everyone on a busy machine); sweep every 0.3 s
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend,
                       extra=["--abandon-hours", "0.002", "--cleanup-interval", "0.3", "--grace", "600", "--grace-no-limit", "600"]).running() as srv:
        waiting = srv.create(["person", "person"], turn_time=None)["room"]   # never started, nobody there
        playing, _ = seated_room(srv, ["person", "computer", "person"])       # mid-round, nobody there
        finished, creds = seated_room(srv, ["person", "person"])              # played to its end
        watched, wcreds = seated_room(srv, ["person", "person"])              # mid-round, someone there

        async def go() -> None:
            anna = await Client(srv, watched, wcreds[0]).open()  # Anna is at the watched table from the start
            await anna.wait_state(lambda st: st["view"] is not None)
            players = {s: await Client(srv, finished, c).open() for s, c in creds.items()}
            await play_moves(players, ["person", "person"], until_over=True, rng=random.Random(2))
            for p in players.values():
                await p.close()
            assert httpx.get(f"{srv.base}/api/rooms/{finished}/runde/1", timeout=30).status_code == 200
            await eventually(lambda: not any(_exists(srv, r) for r in (waiting, playing, finished)), timeout=60)
            # the watched room stays as long as Anna is there, though Ben has long been away
            until = time.monotonic() + 3
            while time.monotonic() < until:
                assert _exists(srv, watched)
                await asyncio.sleep(0.2)
            await anna.close()
            await eventually(lambda: not _exists(srv, watched), timeout=60)
        run(go())
        assert httpx.get(f"{srv.base}/r/{finished}", timeout=30).status_code == 404
        gone = httpx.get(f"{srv.base}/api/rooms/{finished}/runde/1", timeout=30)
        assert gone.status_code == 404 and gone.json()["code"] == "room_not_found"
        assert srv.stored_record(finished) is None and srv.stored_rounds(finished) == 0  # its rounds went with it
