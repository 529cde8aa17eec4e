"""Old rooms between rounds (or never started) are cleaned up; a round in progress never is."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path

import httpx
from tests.support.server import Client, ServerProcess, play_moves, run, seated_room


def _exists(srv: ServerProcess, room: str) -> bool:
    return httpx.get(f"{srv.base}/api/rooms/{room}", timeout=30).status_code == 200


def test_cleanup_keeps_rounds_in_progress(tmp_path: Path, web_dir: Path) -> None:
    # TTL 0.0005 h = 1.8 s; sweep every 0.3 s
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir,
                        extra=["--room-ttl-hours", "0.0005", "--cleanup-interval", "0.3"]).start()
    try:
        waiting = srv.create(["person", "person"])["room"]       # never started, nobody there
        playing, _ = seated_room(srv, ["person", "computer", "person"])  # a round in progress
        finished, creds = seated_room(srv, ["person", "person"])  # a round played to its end
        watched, wcreds = seated_room(srv, ["person", "person"])  # over, but someone is connected

        async def finish(room: str, c: dict[int, str], stay: bool) -> None:
            players = {s: await Client(srv, room, cred).open() for s, cred in c.items()}
            await play_moves(players, ["person", "person"], until_over=True, rng=random.Random(2))
            if stay:
                deadline = time.monotonic() + 4
                while time.monotonic() < deadline:
                    await asyncio.sleep(0.2)
                    assert _exists(srv, room)
        run(finish(finished, creds, stay=False))
        assert httpx.get(f"{srv.base}/api/rooms/{finished}/runde/1", timeout=30).status_code == 200
        run(finish(watched, wcreds, stay=True))

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (_exists(srv, waiting) or _exists(srv, finished)):
            time.sleep(0.2)
        assert not _exists(srv, waiting) and not _exists(srv, finished)
        assert httpx.get(f"{srv.base}/r/{finished}", timeout=30).status_code == 404
        gone = httpx.get(f"{srv.base}/api/rooms/{finished}/runde/1", timeout=30)
        assert gone.status_code == 404 and gone.json()["code"] == "room_not_found"
        db = sqlite3.connect(f"file:{srv.data_dir / 'rooms.sqlite3'}?mode=ro", uri=True, timeout=30)
        try:  # the round records went with their room
            assert db.execute("SELECT COUNT(*) FROM rounds WHERE room = ?", (finished,)).fetchone()[0] == 0
            assert db.execute("SELECT COUNT(*) FROM rounds WHERE room = ?", (watched,)).fetchone()[0] == 1
        finally:
            db.close()
        assert _exists(srv, playing)
        time.sleep(2.5)
        assert _exists(srv, playing)
    finally:
        srv.stop()
