"""Seats over real WebSockets: hello, credentials, spectators, presence, refusals."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from tests.support.server import Client, ServerProcess, seated_room

#: The room's rules and the protocol, the same on either storage: SQLite only (conftest.py).
BACKENDS = ("sqlite",)


async def _error_then_state(c: Client, code: str) -> dict:
    """Wait for the error ``code``; the next frame must be a fresh state."""
    await c.wait_for(lambda c: any(f[1].get("code") == code for f in c.frames))
    i = next(i for i, f in enumerate(c.frames) if f[1].get("code") == code)
    await c.wait_for(lambda c: len(c.frames) > i + 1)
    assert c.frames[i + 1][1]["type"] == "state"
    return c.frames[i + 1][1]


async def test_reconnect_keeps_the_seat_and_play_goes_on(server: ServerProcess) -> None:
    room, creds = seated_room(server, ["person", "person"])
    a = await Client(server, room, creds[0]).open()
    first = await a.wait_state(lambda s: s["view"] is not None)
    assert first["room"]["you"] == 0 and first["view"]["hand"] is not None
    await a.close()
    again = await Client(server, room, creds[0]).open()
    state = await again.wait_state(lambda s: True)
    assert state["room"]["you"] == 0 and state["view"]["hand"] == first["view"]["hand"]
    # the seat whose turn it is plays, over a fresh connection
    turn = state["view"]["turn"]
    c = again if turn == 0 else await Client(server, room, creds[1]).open()
    v = (await c.wait_state(lambda s: True))["view"]
    await c.send({"type": "action", "version": v["version"], "action": v["legal"][0]})
    await again.wait_state(lambda s: s["view"]["version"] == v["version"] + 1)
    for x in {again, c}:
        await x.close()


async def test_spectator_sees_public_view_and_cannot_act(server: ServerProcess) -> None:
    room, creds = seated_room(server, ["person", "person", "person"])
    spec = await Client(server, room).open()
    state = await spec.wait_state(lambda s: s["view"] is not None)
    view = state["view"]
    assert state["room"]["you"] is None and view["seat"] is None and view["hand"] is None
    assert view["legal"] == [] and view["hands"] is None
    legal_for_turn = {"type": "draw"}
    await spec.send({"type": "action", "version": view["version"], "action": legal_for_turn})
    after = await _error_then_state(spec, "spectator")
    assert after["view"]["version"] == view["version"]
    await spec.send({"type": "next_round", "version": view["version"]})
    await spec.wait_for(lambda c: sum(e["code"] == "spectator" for e in c.errors) == 2)
    _, match = server.stored(room)
    assert match is not None and match["actions"] == []
    await spec.close()


async def test_wrong_credential_is_refused_and_closed(server: ServerProcess) -> None:
    room, creds = seated_room(server, ["person", "person"])
    other_room, other = seated_room(server, ["person", "person"])
    for cred in ["x" * 32, other[0], creds[0][:-1] + ("A" if creds[0][-1] != "A" else "B")]:
        c = await Client(server, room, cred).open()
        assert await c.wait_closed() == 4401
        assert [e["code"] for e in c.errors] == ["bad_credential"] and not c.states


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", "null"])
async def test_foreign_origin_is_closed_4403(server: ServerProcess, origin: str) -> None:
    room, creds = seated_room(server, ["person", "person"])
    c = await Client(server, room, creds[0], origin=origin).open()
    assert await c.wait_closed() == 4403 and not c.frames


async def test_a_first_message_over_the_size_limit_is_refused_as_too_large(server: ServerProcess) -> None:
    room, creds = seated_room(server, ["person", "person"])
    c = await Client(server, room).open(hello={"type": "hello", "credential": "x" * 5000})
    assert await c.wait_closed() == 4400
    assert [e["code"] for e in c.errors] == ["too_large"] and not c.states


async def test_unknown_room_is_closed_4404(server: ServerProcess) -> None:
    c = await Client(server, "AAAAAAAAAAAAAAAAAAAAAA").open()
    assert await c.wait_closed() == 4404 and not c.frames


@pytest.mark.parametrize("first", [{"type": "ping"}, {"type": "action", "version": 1, "action": {"type": "draw"}},
                                   {"type": "hello", "credential": 5}, "not json"])
async def test_hello_first(server: ServerProcess, first: object) -> None:
    room, creds = seated_room(server, ["person", "person"])
    c = await Client(server, room).open(hello=first)  # type: ignore[arg-type]
    assert await c.wait_closed() == 4400
    assert [e["code"] for e in c.errors] == ["hello_first"] and not c.states


async def test_presence_and_second_connection(server: ServerProcess) -> None:
    room, creds = seated_room(server, ["person", "computer", "person"])
    a = await Client(server, room, creds[0]).open()
    st = await a.wait_state(lambda s: True)
    assert [s["connected"] for s in st["room"]["seats"]] == [True, True, False]
    b = await Client(server, room, creds[2]).open()
    await a.wait_state(lambda s: s["room"]["seats"][2]["connected"])
    b2 = await Client(server, room, creds[2]).open()  # a second tab of the same browser
    await b2.wait_state(lambda s: s["room"]["you"] == 2)
    await b.close()
    await asyncio.sleep(0.3)
    assert a.latest is not None and a.latest["room"]["seats"][2]["connected"]  # b2 still there
    await b2.close()
    await a.wait_state(lambda s: not s["room"]["seats"][2]["connected"])
    assert a.latest["room"]["seats"][2]["taken"]  # type: ignore[index]  # away keeps the seat
    await a.close()


async def test_not_started_until_every_person_seat_is_taken(server: ServerProcess) -> None:
    made = server.create(["person", "person", "computer"])
    a = await Client(server, made["room"], made["credential"]).open()
    st = await a.wait_state(lambda s: True)
    assert st["view"] is None and st["room"]["you"] == 0
    await a.send({"type": "action", "version": 1, "action": {"type": "draw"}})
    await _error_then_state(a, "not_started")
    server.join(made["room"], "Ben")
    st = await a.wait_state(lambda s: s["view"] is not None)
    assert st["view"]["round_number"] == 1 and len(st["view"]["hand"]) == 5
    await a.close()


async def test_refusals_carry_codes_and_a_fresh_state(server: ServerProcess) -> None:
    room, creds = seated_room(server, ["person", "person"])
    a = await Client(server, room, creds[0]).open()
    b = await Client(server, room, creds[1]).open()
    v = (await a.wait_state(lambda s: s["view"] is not None))["view"]
    turn, other = (a, b) if v["turn"] == 0 else (b, a)
    await other.send({"type": "action", "version": v["version"], "action": {"type": "draw"}})
    await _error_then_state(other, "not_your_turn")
    await turn.send({"type": "action", "version": v["version"] - 1, "action": {"type": "draw"}})
    await _error_then_state(turn, "stale_version")
    await turn.send({"type": "action", "version": v["version"], "action": {"type": "draw"}})
    await _error_then_state(turn, "must_play")  # the line is empty: open first
    await turn.send({"type": "action", "version": v["version"], "action": {"type": "play", "tile": "9|9"}})
    await _error_then_state(turn, "invalid_action")
    await turn.send({"type": "next_round", "version": v["version"]})
    await _error_then_state(turn, "round_not_over")
    await turn.send(json.dumps({"type": "ping"}))
    await turn.wait_for(lambda c: any(f[1]["type"] == "pong" for f in c.frames))
    await turn.send("{")
    await _error_then_state(turn, "bad_message")
    await turn.send({"type": "hello"})
    await turn.wait_for(lambda c: sum(e["code"] == "bad_message" for e in c.errors) == 2)
    await turn.send("x" * 5000)
    await _error_then_state(turn, "too_large")
    await turn.send(b"\x00\x01")
    await turn.wait_for(lambda c: sum(e["code"] == "bad_message" for e in c.errors) == 3)
    for e in turn.errors + other.errors:
        assert set(e) == {"type", "code", "message"} and "Traceback" not in e["message"]
    _, match = server.stored(room)
    assert match is not None and match["actions"] == [] and match["version"] == v["version"]
    await a.close()
    await b.close()


async def test_rate_limit_per_connection(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--ws-rate", "5"]).start()
    try:
        room, creds = seated_room(srv, ["person", "person"])
        a = await Client(srv, room, creds[0]).open()
        await a.wait_state(lambda s: True)
        for _ in range(30):
            await a.send({"type": "ping"})
        await a.wait_for(lambda c: any(e["code"] == "rate_limited" for e in c.errors))
        pongs = sum(f[1]["type"] == "pong" for f in a.frames)
        assert 1 <= pongs <= 5
        assert a.closed_code is None
        await a.close()
    finally:
        srv.stop()


@pytest.mark.parametrize("how", ["extra_field", "draw_with_tile", "pass_with_end"])
async def test_unknown_fields_inside_an_action_are_bad_messages(server: ServerProcess, how: str) -> None:
    room, creds = seated_room(server, ["person", "person"])
    a = await Client(server, room, creds[0]).open()
    b = await Client(server, room, creds[1]).open()
    v = (await a.wait_state(lambda s: s["view"] is not None))["view"]
    turn = a if v["turn"] == 0 else b
    legal = (await turn.wait_state(lambda s: s["view"]["version"] == v["version"]))["view"]["legal"][0]
    bad = {"extra_field": {**legal, "x": 1}, "draw_with_tile": {"type": "draw", "tile": "1|2"},
           "pass_with_end": {"type": "pass", "end": "left"}}[how]
    await turn.send({"type": "action", "version": v["version"], "action": bad})
    state = await _error_then_state(turn, "bad_message")
    assert state["view"]["version"] == v["version"]
    _, match = server.stored(room)
    assert match is not None and match["version"] == v["version"] and match["actions"] == []
    await turn.send({"type": "action", "version": v["version"], "action": legal})  # well formed: applied
    await turn.wait_state(lambda s: s["view"]["version"] == v["version"] + 1)
    await a.close()
    await b.close()
