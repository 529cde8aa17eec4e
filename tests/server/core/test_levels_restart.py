"""A rated round's levels survive a SIGKILL of a real server process between the round's end
and the next deal (tests/support/server.py): committed with the round, shown again after the
restart, and not rated a second time, on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

from tests.support.server import TIMEOUT, Client, ServerProcess, play_moves, run

KEYS = ["a" * 32, "b" * 32]


def profile(srv: ServerProcess, key: str) -> dict[str, Any]:
    r = httpx.get(f"{srv.base}/api/profile", headers={"x-ziehdomino-profile": key}, timeout=TIMEOUT)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_sigkill_after_a_rated_round_loses_no_level_and_rates_nothing_twice(
        tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--proxy", "127.0.0.1"]).running() as srv:
        for key in KEYS:
            made = httpx.post(f"{srv.base}/api/profile", json={"holder": key}, headers=srv.own_site, timeout=TIMEOUT)
            assert made.status_code == 201, made.text
        body = {"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna", "rated": True, "holder": KEYS[0]}
        made = httpx.post(f"{srv.base}/api/rooms", json=body, timeout=TIMEOUT,
                          headers={**srv.own_site, "x-forwarded-for": "10.0.0.1"}).json()
        room = made["room"]
        joined = httpx.post(f"{srv.base}/api/rooms/{room}/join", json={"name": "Ben", "holder": KEYS[1]},
                            headers={**srv.own_site, "x-forwarded-for": "10.0.0.2"}, timeout=TIMEOUT).json()
        creds = {0: made["credential"], joined["seat"]: joined["credential"]}

        async def play() -> dict[str, Any]:
            players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
            await play_moves(players, ["person", "person"], until_over=True, rng=random.Random(6))
            end = await players[0].wait_state(lambda st: st["room"]["rating"] is not None)
            return dict(end["room"]["rating"])

        rating = run(play())
        assert rating["unrated"] is None and all(level is not None for level in rating["levels"])
        before = [profile(srv, key) for key in KEYS]
        assert [p["rated_rounds"] for p in before] == [1, 1]
        assert [p["level"] for p in before] == [level["after"] for level in rating["levels"]]
        srv.kill()  # SIGKILL between the round's end and the next deal

        with srv.successor().running() as srv2:
            assert [profile(srv2, key) for key in KEYS] == before  # nothing lost, nothing rated again

            async def again() -> None:
                players = {s: await Client(srv2, room, c).open() for s, c in creds.items()}
                state = await players[0].wait_state(lambda st: True)
                assert state["room"]["rating"] == rating and state["room"]["rated"] is True
                for p in players.values():
                    await p.send({"type": "next_round", "version": state["view"]["version"]})
                dealt = await players[0].wait_state(lambda st: st["view"]["round_number"] == 2)
                assert dealt["room"]["rating"] is None  # a round in play shows none
            run(again())
            assert [profile(srv2, key) for key in KEYS] == before
