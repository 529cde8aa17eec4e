"""SIGKILL mid-round and start again: every room resumes exactly where it was."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from tests.support.server import Client, ServerProcess, play_moves, run, seated_room

from ziehdomino.engine import parse_action, round_from_position


def _without_presence(state: dict) -> dict:
    """The state without what a restart changes: presence, the clock, and ``seq`` (a state's
    number in the process that holds the room)."""
    seats = [{**s, "connected": None, "stand_in": None} for s in state["room"]["seats"]]
    return {**state, "seq": None, "room": {**state["room"], "seats": seats, "clock": None}}


def test_sigkill_mid_round_then_resume_identically(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend).running() as srv:
        seats = ["person", "person", "computer:leicht", "person"]
        room, creds = seated_room(srv, seats)
        waiting = srv.create(["person", "person", "person"], "Wera")
        srv.join(waiting["room"], "Xaver")

        async def before() -> dict[int, dict]:
            players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
            view = await play_moves(players, seats, moves=6, rng=random.Random(3))
            assert view["result"] is None
            return {s: (await p.wait_state(lambda st: st["view"]["version"] == view["version"])) for s, p in players.items()}

        states = run(before())
        _, stored_before = srv.stored(room)
        srv.kill()  # SIGKILL: no shutdown code runs

        with srv.successor().running() as srv2:  # the same folder, database and port
            _, stored_after = srv2.stored(room)
            assert stored_after == stored_before

            async def after() -> None:
                players = {s: await Client(srv2, room, c).open() for s, c in creds.items()}
                for s, p in players.items():
                    again = await p.wait_state(lambda st: True)
                    assert _without_presence(again) == _without_presence(states[s])  # hands, line, turn, counters
                end = await play_moves(players, seats, until_over=True, rng=random.Random(4))
                assert end["result"] is not None
                # and the next round
                for p in players.values():  # the ready step: every person at the table asks
                    await p.send({"type": "next_round", "version": end["version"]})
                await players[0].wait_state(lambda st: st["view"]["round_number"] == 2)
            run(after())

            # the waiting room kept its seats; its last join starts it
            summary = httpx.get(f"{srv2.base}/api/rooms/{waiting['room']}", timeout=30).json()
            assert [s["name"] for s in summary["seats"]] == ["Wera", "Xaver", None] and not summary["started"]
            srv2.join(waiting["room"], "Yvonne")

            async def waiting_room() -> None:
                c = await Client(srv2, waiting["room"], waiting["credential"]).open()
                st = await c.wait_state(lambda st: st["view"] is not None)
                assert st["room"]["you"] == 0
            run(waiting_room())


def test_draw_after_restart_takes_the_stored_next_tile(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    """Play until a person must draw, SIGKILL, restart: the drawn tile is the stored boneyard's next one."""
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend).running() as srv:
        seats = ["person", "person"]
        for attempt in range(20):
            room, creds = seated_room(srv, seats)

            async def to_a_draw() -> int | None:
                players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
                rng = random.Random(attempt)
                for _ in range(40):
                    v = (await players[0].wait_state(lambda st: st["view"] is not None))["view"]
                    if v["result"] is not None:
                        return None
                    mine = (await players[v["turn"]].wait_state(lambda st: st["view"]["version"] == v["version"]))["view"]
                    if mine["legal"] == [{"type": "draw"}]:
                        return v["turn"]
                    await players[v["turn"]].send({"type": "action", "version": v["version"], "action": rng.choice(mine["legal"])})
                    await players[0].wait_state(lambda st: st["view"]["version"] > v["version"])
                return None

            drawer = run(to_a_draw())
            if drawer is not None:
                break
        else:
            raise AssertionError("no draw came up in 20 rooms")
        _, stored = srv.stored(room)
        truth = round_from_position(stored["deal"])
        for raw in stored["actions"]:
            truth.apply(truth.turn, parse_action(raw))
        assert truth.boneyard, "a draw needs a tile to draw"
        truth.apply(drawer, parse_action({"type": "draw"}))
        expected_hand = [f"{a}|{b}" for a, b in truth.hands[drawer]]
        srv.kill()
        with srv.successor().running() as srv2:
            async def draw() -> None:
                p = await Client(srv2, room, creds[drawer]).open()
                v = (await p.wait_state(lambda st: True))["view"]
                await p.send({"type": "action", "version": v["version"], "action": {"type": "draw"}})
                after = await p.wait_state(lambda st: st["view"]["version"] == v["version"] + 1)
                assert after["view"]["hand"] == expected_hand
            run(draw())


def test_computer_whose_turn_it_was_acts_after_restart(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--computer-delay", "600"]).running() as srv:
        seats = ["person", "computer", "person"]
        room, creds = seated_room(srv, seats)

        async def until_computer() -> int:
            players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
            rng = random.Random(9)
            while True:
                v = (await players[0].wait_state(lambda st: st["view"] is not None))["view"]
                if v["turn"] == 1:
                    return v["version"]
                mine = (await players[v["turn"]].wait_state(lambda st: st["view"]["version"] == v["version"]))["view"]
                await players[v["turn"]].send({"type": "action", "version": v["version"], "action": rng.choice(mine["legal"])})
                await players[0].wait_state(lambda st: st["view"]["version"] > v["version"])

        version = run(until_computer())
        srv.kill()
        with srv.successor(extra=[]).running() as srv2:  # computer delay 0
            async def watch() -> None:
                p = await Client(srv2, room, creds[0]).open()
                st = await p.wait_state(lambda st: st["view"]["version"] > version)
                assert st["view"]["log"][-1]["seat"] == 1
            run(watch())
