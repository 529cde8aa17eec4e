"""The replay routes: a finished round for anyone, the round in progress and unknown rounds refused."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from tests.support.server import _TILE, Client, ServerProcess, play_moves, run, seated_room

from ziehdomino.engine import replay_frames


def _get(srv: ServerProcess, path: str) -> httpx.Response:
    return httpx.get(srv.base + path, timeout=30)


def test_replay_codes_before_during_and_after_a_round(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend).start()
    try:
        waiting = srv.create(["person", "person"])["room"]
        r = _get(srv, f"/api/rooms/{waiting}/runde/1")
        assert r.status_code == 404 and r.json()["code"] == "round_not_found"
        assert _get(srv, f"/api/rooms/{waiting}/runden").json() == {"room": waiting, "rounds": []}
        assert _get(srv, "/api/rooms/" + "x" * 22 + "/runden").json()["code"] == "room_not_found"
        unknown = _get(srv, "/api/rooms/" + "x" * 22 + "/runde/1")
        assert unknown.status_code == 404 and unknown.json()["code"] == "room_not_found"
        assert _get(srv, "/r/" + "x" * 22 + "/runde/1").status_code == 404

        seats = ["person", "person"]
        room, creds = seated_room(srv, seats)
        for bad in ("0", "-1", "x", "1.0", "999999", "2", "\u00b2", "\u0663", "\uff15", "%C2%B2"):
            r = _get(srv, f"/api/rooms/{room}/runde/{bad}")
            assert r.status_code in (404, 409) and r.json()["code"] == "round_not_found", (bad, r.text)
        during = _get(srv, f"/api/rooms/{room}/runde/1")
        assert during.status_code == 409 and during.json()["code"] == "round_in_progress"
        assert not _TILE.search(during.text)
        for bad in ("\u00b2", "\u0663", "\uff15"):  # Unicode digits: no 500 on the page either
            assert _get(srv, f"/r/{room}/runde/{bad}").status_code == 404, bad
        page = _get(srv, f"/r/{room}/runde/1")
        assert page.status_code == 409 and "läuft noch" in page.text and not _TILE.search(page.text)

        async def play() -> dict:
            players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
            return await play_moves(players, seats, until_over=True, rng=random.Random(5))
        end = run(play())
        after = _get(srv, f"/api/rooms/{room}/runde/1")
        assert after.status_code == 200, after.text
        body = after.json()
        assert body["round"] == 1 and [s["name"] for s in body["seats"]] == ["Anna", "P1"]
        frames = replay_frames(body["record"])
        assert frames[-1]["line"] == end["line"] and frames[-1]["result"] == end["result"]
        assert frames[-1]["hands"] == end["hands"]
        assert [f["action"]["type"] for f in frames[1:]] == [e["type"] for e in end["log"]]
        assert _get(srv, f"/r/{room}/runde/1").status_code == 200
        listed = _get(srv, f"/api/rooms/{room}/runden").json()["rounds"]
        assert listed == [{"round": 1, "starter": body["record"]["starter"], "kind": end["result"]["kind"],
                           "winners": end["result"]["winners"], "pips": end["pips"], "fair": end["fair"]}]
        assert _get(srv, f"/api/rooms/{room}/runde/2").json()["code"] == "round_not_found"

        # a spectator (no credential at all) gets the very same answer; the next round stays shut
        async def next_round() -> None:
            players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
            watcher = await Client(srv, room).open()
            await watcher.wait_state(lambda st: st["view"] is not None)
            for p in players.values():  # the ready step: every person at the table asks
                await p.send({"type": "next_round", "version": end["version"]})
            await players[1].wait_state(lambda st: st["view"]["round_number"] == 2)
        run(next_round())
        assert _get(srv, f"/api/rooms/{room}/runde/1").content == after.content
        assert _get(srv, f"/api/rooms/{room}/runde/2").json()["code"] == "round_in_progress"
        srv.kill()

        srv2 = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, port=srv.port).start()
        try:  # kept with the room across a SIGKILL and a restart
            again = _get(srv2, f"/api/rooms/{room}/runde/1")
            assert again.status_code == 200 and again.json() == body
            assert _get(srv2, f"/api/rooms/{room}/runde/2").status_code == 409
        finally:
            srv2.stop()
    finally:
        srv.stop()
