"""Nobody stalls a table, against a real server process over real WebSockets: a computer plays for
a person who is away (after the grace) or lets the turn time run out (one turn), the person comes
back and acts, "Raum verlassen" hands the seat to a computer for good and the last person leaving
ends the room, and the ready step deals the next round once everyone at the table asked.

Turn time and grace are the server's settings here, so the tests take seconds: with
``--turn-time-scale 0.05`` a room's "1 Minute" lasts 3 s and "30 Sekunden" 1.5 s. No test sleeps
blindly; each waits for the state it needs, with a bound.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.support.server import Client, ServerProcess, check_frames, eventually, run, seated_room

#: The room's rules and the protocol, the same on either storage: SQLite only (conftest.py).
BACKENDS = ("sqlite",)


def _stored_state(srv: ServerProcess, room: str) -> dict[str, Any]:
    """The room's own state as committed (turn clock, presence times, ready marks)."""
    record = srv.stored_record(room)
    assert record is not None and record.room is not None
    return record.room


@pytest.fixture
def quick(tmp_path: Path, web_dir: Path, backend: str | None) -> Any:
    """A server whose turn times are a twentieth (1 min: 3 s, 30 s: 1.5 s) and whose grace is 1 s
    (2 s without a turn time); a test restarts it with ``quick.successor()``."""
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend,
                       extra=["--turn-time-scale", "0.05", "--grace", "1", "--grace-no-limit", "2"]).running() as srv:
        yield srv


def _stand_in_turns(view: dict[str, Any], seat: int) -> list[list[int]]:
    """The runs of consecutive log entries a computer made for ``seat`` (one run per turn)."""
    runs: list[list[int]] = []
    prev = False
    for i, e in enumerate(view["log"]):
        mine = e["seat"] == seat and e.get("stand_in", False)
        if mine and not prev:
            runs.append([])
        if mine:
            runs[-1].append(i)
        prev = mine
    return runs


async def _ben_away_on_his_turn(srv: ServerProcess, room: str, creds: dict[int, str],
                                rng: random.Random) -> tuple[Client, dict[str, Any], float]:
    """Anna (seat 0) and Ben (seat 1) sit down; Anna plays if the round is hers to open, so that it
    is Ben's turn; Ben closes his tab then. Returns Anna's client, the first state in which she
    sees Ben away, and when (``time.monotonic()``) Ben's tab closed."""
    anna = await Client(srv, room, creds[0]).open()
    ben = await Client(srv, room, creds[1]).open()
    await anna.wait_state(lambda s: s["view"] is not None and all(x["connected"] for x in s["room"]["seats"]))
    if anna.view["turn"] == 0:
        await _act(anna, rng)
    assert anna.view["turn"] == 1
    # Timed before the close: the server may see the socket go before close() returns on a busy
    # machine, and its grace runs from then.
    closed_at = time.monotonic()
    await ben.close()
    away = await anna.wait_state(lambda s: not s["room"]["seats"][1]["connected"])
    return anna, away, closed_at


async def _act(client: Client, rng: random.Random) -> dict[str, Any]:
    """The client plays one of its legal actions; returns the view it acted on."""
    view = client.view
    assert view is not None and view["legal"], view
    await client.send({"type": "action", "version": view["version"], "action": rng.choice(view["legal"])})
    await client.wait_state(lambda s: s["view"]["version"] > view["version"])
    return view


async def _play_turn(client: Client, rng: random.Random) -> None:
    """The client acts until its turn passes or the round ends (a draw keeps the turn)."""
    seat = client.view["turn"]
    while client.view["result"] is None and client.view["turn"] == seat:
        await _act(client, rng)


async def test_a_person_away_on_their_turn_is_played_for_after_the_grace_then_comes_back(quick: ServerProcess) -> None:
    srv = quick
    room, creds = seated_room(srv, ["person", "person"])  # 1 Minute: 3 s; Ben away: 1 s grace
    rng = random.Random(7)
    anna, st, left_at = await _ben_away_on_his_turn(srv, room, creds, rng)  # Ben closes the tab on his turn
    assert st["room"]["seats"][1]["stand_in"] and st["room"]["turn_time"] == 60
    assert st["room"]["clock"]["seat"] == 1 and 0 < st["room"]["clock"]["ms"] <= 1000
    st = await anna.wait_state(lambda s: _stand_in_turns(s["view"], 1) != [])
    assert time.monotonic() - left_at >= 0.9, "the computer played before the grace was over"

    # Over two rounds: Anna plays her turns, a computer plays every one of Ben's.
    for number in (1, 2):
        while anna.view["result"] is None:
            await anna.wait_for(lambda c: c.view["result"] is not None or c.view["turn"] == 0)
            if anna.view["result"] is None:
                await _act(anna, rng)
        end = anna.view
        assert end["round_number"] == number
        bens = [e for e in end["log"] if e["seat"] == 1]
        assert bens and all(e.get("stand_in") for e in bens)
        assert not any(e.get("stand_in") for e in end["log"] if e["seat"] == 0)
        assert check_frames(srv, room, [anna], number, list(creds.values())) > 0
        await anna.wait_for(lambda c: any(f[1]["type"] == "history" and len(f[1]["rounds"]) == number
                                          for f in c.frames))
        # the ready step: Ben is away, so Anna's "Nächste Runde" alone deals
        await anna.send({"type": "next_round", "version": end["version"]})
        await anna.wait_state(lambda s: s["view"]["round_number"] == number + 1)

    history = [f[1]["rounds"] for f in anna.frames if f[1]["type"] == "history"][-1]
    assert [h["round"] for h in history] == [1, 2]
    assert all(set(h) == {"round", "starter", "kind", "winners", "pips", "fair"} and len(h["pips"]) == 2 for h in history)

    # Ben comes back: his seat, his hand, his counters; he plays his own turn.
    ben = await Client(srv, room, creds[1]).open()
    st = await ben.wait_state(lambda s: s["room"]["seats"][1]["connected"])
    assert st["room"]["you"] == 1 and len(st["view"]["hand"]) == st["view"]["hand_counts"][1]
    assert st["view"]["match"] == anna.view["match"]
    while True:
        await anna.wait_for(lambda c: c.view["result"] is not None or c.view["turn"] == 0
                            or (c.view["turn"] == 1 and not c.latest["room"]["seats"][1]["stand_in"]))
        if anna.view["result"] is not None:
            break
        if anna.view["turn"] == 0:
            await _act(anna, rng)
            continue
        await ben.wait_state(lambda s: s["view"]["version"] == anna.view["version"])
        acted = await _act(ben, rng)
        entry = ben.view["log"][len(acted["log"])]
        assert entry["seat"] == 1 and "stand_in" not in entry  # Ben's own move
        break


async def test_a_person_idling_past_the_turn_time_gets_exactly_one_turn_played(quick: ServerProcess) -> None:
    srv = quick
    room, creds = seated_room(srv, ["person", "person"], turn_time=120)  # 6 s: time enough for Anna to act on a busy machine
    rng = random.Random(3)
    anna = await Client(srv, room, creds[0]).open()
    ben = await Client(srv, room, creds[1]).open()
    await anna.wait_state(lambda s: s["view"] is not None and all(x["connected"] for x in s["room"]["seats"]))
    if anna.view["turn"] == 0:
        await _act(anna, rng)
    st = await ben.wait_state(lambda s: s["view"]["turn"] == 1)
    # Ben had his time: the computer had not stepped in when his turn began
    assert st["room"]["clock"]["seat"] == 1 and 0 < st["room"]["clock"]["ms"] <= 6000
    assert not st["room"]["clock"]["stand_in"] and _stand_in_turns(st["view"], 1) == []
    # Ben is there and does nothing: after 6 s a computer plays his turn, and only that one.
    await ben.wait_state(lambda s: s["view"]["result"] is not None or s["view"]["turn"] == 0)
    view = ben.view
    assert len(_stand_in_turns(view, 1)) == 1
    assert ben.latest["room"]["seats"][1]["connected"]
    if view["result"] is None:
        await _play_turn(anna, rng)
        # Ben's next turn is his own again, with the full turn time
        st = await ben.wait_state(lambda s: s["view"]["turn"] == 1 or s["view"]["result"] is not None)
        if st["view"]["result"] is None:
            assert st["room"]["clock"]["ms"] > 3000 and not st["room"]["clock"]["stand_in"]
            acted = await _act(ben, rng)
            assert "stand_in" not in ben.view["log"][len(acted["log"])]
    assert len(_stand_in_turns(ben.view, 1)) == 1
    assert _stand_in_turns(ben.view, 0) == []


async def test_leaving_hands_the_seat_to_a_computer_and_the_last_person_ends_the_room(quick: ServerProcess) -> None:
    srv = quick
    room, creds = seated_room(srv, ["person", "person", "person"], turn_time=None)

    rng = random.Random(5)
    players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
    watcher = await Client(srv, room).open()
    await watcher.wait_state(lambda s: s["view"] is not None and all(x["connected"] for x in s["room"]["seats"]))
    await players[1].send({"type": "leave"})
    assert await players[1].wait_closed() == 4410
    st = await watcher.wait_state(lambda s: s["room"]["seats"][1]["left"])
    seat = st["room"]["seats"][1]
    assert seat["name"] == "P1" and seat["taken"] and not seat["connected"] and seat["stand_in"]
    stored, _ = srv.stored(room)
    assert stored[1]["left"] is True and stored[1]["credential_hash"] is None
    again = await Client(srv, room, creds[1]).open()  # the old credential opens nothing now
    assert await again.wait_closed() == 4401
    # the computer plays seat 1's turns, marked as standing in for P1
    while not _stand_in_turns(watcher.view, 1) and watcher.view["result"] is None:
        await watcher.wait_for(lambda c: c.view["result"] is not None or c.view["turn"] in (0, 2)
                               or bool(_stand_in_turns(c.view, 1)))
        turn = watcher.view["turn"]
        if watcher.view["result"] is None and turn in (0, 2) and not _stand_in_turns(watcher.view, 1):
            st = await players[turn].wait_state(lambda s: s["view"]["version"] >= watcher.view["version"])
            if st["view"]["turn"] == turn and st["view"]["legal"]:
                await _act(players[turn], rng)
    assert _stand_in_turns(watcher.view, 1) or watcher.view["result"] is not None
    await players[0].send({"type": "leave"})
    assert await players[0].wait_closed() == 4410
    assert httpx.get(f"{srv.base}/api/rooms/{room}", timeout=30).status_code == 200  # P2 is still there
    await players[2].send({"type": "leave"})
    assert await players[2].wait_closed() == 4410
    assert await watcher.wait_closed() == 4404  # the room ended
    assert httpx.get(f"{srv.base}/api/rooms/{room}", timeout=30).status_code == 404
    assert srv.stored_record(room) is None


async def test_the_ready_step_waits_for_everyone_at_the_table_and_not_for_the_away(quick: ServerProcess) -> None:
    srv = quick
    room, creds = seated_room(srv, ["person", "person", "person"], turn_time=120)  # 6 s each
    rng = random.Random(11)
    players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
    first = players[0]
    await first.wait_state(lambda s: s["view"] is not None and all(x["connected"] for x in s["room"]["seats"]))
    while first.view["result"] is None:
        turn = first.view["turn"]
        await players[turn].wait_state(lambda s: s["view"]["version"] == first.view["version"])
        await _act(players[turn], rng)
        await first.wait_state(lambda s: s["view"]["version"] >= players[turn].view["version"])
    end = first.view
    for s in (0, 1):
        await players[s].send({"type": "next_round", "version": end["version"]})
        st = await players[2].wait_state(lambda st, s=s: st["room"]["seats"][s]["ready"])
        assert st["view"]["round_number"] == 1 and st["view"]["result"] is not None  # still the result
    await players[0].send({"type": "next_round", "version": end["version"]})  # asking again changes nothing
    await players[0].wait_for(lambda c: any(f[1]["type"] == "state" and f[1]["room"]["seats"][0]["ready"]
                                            for f in c.frames[-3:]))
    assert not any(e["code"] != "stale_version" for p in players.values() for e in p.errors)
    assert players[2].view["round_number"] == 1
    await players[2].close()  # the one still reading goes away: away counts as ready
    st = await players[0].wait_state(lambda s: s["view"]["round_number"] == 2)
    assert not any(x["ready"] for x in st["room"]["seats"])


def test_sigkill_keeps_deadlines_ready_marks_left_seats_and_history(quick: ServerProcess, tmp_path: Path,
                                                                     web_dir: Path) -> None:
    srv = quick
    # Room A: Ben away on his turn (grace running, no turn time: 2 s). Room B: a finished round,
    # Anna ready, Ben still reading, Cleo left.
    room_a, creds_a = seated_room(srv, ["person", "person"], turn_time=None)
    room_b, creds_b = seated_room(srv, ["person", "person", "person"], turn_time=None)

    async def before() -> dict[str, Any]:
        rng = random.Random(2)
        anna, _, _ = await _ben_away_on_his_turn(srv, room_a, creds_a, rng)
        await anna.close()

        b = {s: await Client(srv, room_b, c).open() for s, c in creds_b.items()}
        await b[0].wait_state(lambda s: s["view"] is not None and all(x["connected"] for x in s["room"]["seats"]))
        await b[2].send({"type": "leave"})
        await b[0].wait_state(lambda s: s["room"]["seats"][2]["left"])
        while b[0].view["result"] is None:  # Cleo's turns are played for her
            await b[0].wait_for(lambda c: c.view["result"] is not None or c.view["turn"] in (0, 1))
            turn = b[0].view["turn"]
            if b[0].view["result"] is None:
                await b[turn].wait_state(lambda s: s["view"]["version"] == b[0].view["version"])
                await _act(b[turn], rng)
                await b[0].wait_state(lambda s: s["view"]["version"] >= b[turn].view["version"])
        await b[0].send({"type": "next_round", "version": b[0].view["version"]})
        st = await b[1].wait_state(lambda s: s["room"]["seats"][0]["ready"])
        return {"b_view": st["view"]}

    got = run(before())
    state_a = _stored_state(srv, room_a)
    state_b = _stored_state(srv, room_b)
    assert state_a["away_since"][1] is not None and state_a["turn_started"] is not None
    deadline_a = max(state_a["turn_started"], state_a["away_since"][1]) + 2.0  # no turn time: 2 s grace
    rounds_b = srv.stored_record(room_b).rounds  # type: ignore[union-attr]
    assert state_b["ready"] == [True, False, False] and [r["round"] for r in rounds_b] == [1]
    assert "history" not in state_b  # the finished rounds' records are the room's one history
    _, match_a = srv.stored(room_a)
    srv.kill()  # SIGKILL: nothing of the shutdown runs
    # Ben's grace runs out while the server is down
    while time.time() < deadline_a + 0.2:
        time.sleep(0.05)
    with srv.successor().running() as srv2:
        async def after() -> None:
            # room A: the passed deadline is honoured at start -- the first state shows the
            # computer's move for Ben, or his clock run out; a fresh grace would show about 2 s
            watcher = await Client(srv2, room_a).open()
            first = await watcher.wait_state(lambda s: s["view"] is not None)
            clock = first["room"].get("clock")
            assert _stand_in_turns(first["view"], 1) or (clock and clock["seat"] == 1 and clock["ms"] <= 300), \
                f"the grace started again from the restart: {clock}"
            await watcher.wait_state(lambda s: _stand_in_turns(s["view"], 1) != [])
            assert watcher.view["version"] > match_a["version"]
            # room B: ready marks, the left seat, the history and the result are as they were
            cred_b0, cred_b1 = creds_b[0], creds_b[1]
            ben = await Client(srv2, room_b, cred_b1).open()
            st = await ben.wait_state(lambda s: s["view"] is not None)
            assert st["view"]["round_number"] == 1 and st["view"]["result"] == got["b_view"]["result"]
            assert [x["ready"] for x in st["room"]["seats"]] == [True, False, False]
            assert st["room"]["seats"][2]["left"] and st["room"]["seats"][2]["name"] == "P2"
            await ben.wait_for(lambda c: any(f[1]["type"] == "history" and len(f[1]["rounds"]) == 1 for f in c.frames))
            cleo = await Client(srv2, room_b, creds_b[2]).open()
            assert await cleo.wait_closed() == 4401  # Cleo's seat stays left
            # Anna is away after the restart; Ben asks and is the only one at the table: dealt
            await ben.send({"type": "next_round", "version": st["view"]["version"]})
            await ben.wait_state(lambda s: s["view"]["round_number"] == 2)
            anna = await Client(srv2, room_b, cred_b0).open()
            st = await anna.wait_state(lambda s: s["view"] is not None)
            assert st["view"]["round_number"] == 2 and st["room"]["you"] == 0
        run(after())


def test_the_stand_in_after_a_restart_starts_from_the_stored_away_time(quick: ServerProcess, web_dir: Path) -> None:
    """A deadline that has not passed while the server was down still counts from before."""
    srv = quick
    room, creds = seated_room(srv, ["person", "person"], turn_time=None)  # away: 2 s grace

    run(_ben_away_on_his_turn(srv, room, creds, random.Random(4)))
    srv.kill()
    state = _stored_state(srv, room)
    deadline = max(state["turn_started"], state["away_since"][1]) + 2.0
    with srv.successor().running() as srv2:
        async def after() -> None:
            asked = time.time()  # before the server counted the clock it sends
            watcher = await Client(srv2, room).open()
            st = await watcher.wait_state(lambda s: s["view"] is not None)
            if not _stand_in_turns(st["view"], 1):
                assert st["room"]["clock"]["seat"] == 1
                # the clock counts down to the stored deadline, not a fresh grace from the restart
                assert st["room"]["clock"]["ms"] <= max(0.0, deadline - asked) * 1000 + 50
            await watcher.wait_state(lambda s: _stand_in_turns(s["view"], 1) != [])
            assert time.time() >= deadline - 0.1
        run(after())
