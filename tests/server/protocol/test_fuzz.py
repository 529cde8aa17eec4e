"""Hypothesis fuzz of WebSocket messages: malformed input never crashes the server or changes a room."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect
from tests.support.server import ServerProcess, seated_room

#: The room's rules and the protocol, the same on either storage: SQLite only (conftest.py).
BACKENDS = ("sqlite",)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
types = st.sampled_from(["hello", "action", "next_round", "ping", "state", "error", "", "ACTION", 7])
actions = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["play", "draw", "pass", "flip"]) | json_values,
    "tile": st.sampled_from(["0|0", "6|6", "7|1", "1|", "a|b"]) | json_values,
    "end": st.sampled_from(["left", "right", "middle"]) | json_values,
})
shaped = st.fixed_dictionaries({"type": types}, optional={
    "version": st.integers(-5, 2**64) | json_values,
    "action": actions | json_values,
    "credential": st.text(max_size=40) | json_values,
    "extra": json_values,
})
messages = (shaped.map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=300)
            | st.binary(max_size=64) | st.text(min_size=4097, max_size=5000))


def _receive_until_pong(ws: ClientConnection) -> list[dict[str, Any]]:
    frames = []
    while True:
        data = json.loads(ws.recv(timeout=60))
        if data["type"] == "pong":
            return frames
        frames.append(data)


@pytest.fixture(scope="module")
def fuzz_room(server: ServerProcess) -> dict[str, Any]:
    # no turn time, and the module's server waits an hour for away persons: nothing moves by itself
    room, creds = seated_room(server, ["person", "person", "person"], turn_time=None)
    _, match = server.stored(room)
    assert match is not None
    idle = next(s for s in creds if s != match["deal"]["turn"])  # a seat whose turn it is not
    return {"room": room, "cred": creds[idle], "seat": idle}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(batch=st.lists(messages, min_size=1, max_size=5))
def test_malformed_messages_never_change_the_room(server: ServerProcess, fuzz_room: dict[str, Any],
                                                  batch: list[str | bytes]) -> None:
    room = fuzz_room["room"]
    before = server.stored(room)
    with connect(server.ws_url(room), origin=server.origin, open_timeout=60, max_size=2**20) as ws:
        ws.send(json.dumps({"type": "hello", "credential": fuzz_room["cred"]}))
        first = json.loads(ws.recv(timeout=60))
        assert first["type"] == "state" and first["room"]["you"] == fuzz_room["seat"]
        for msg in batch:
            ws.send(msg)
            ws.send(json.dumps({"type": "ping"}))
            for frame in _receive_until_pong(ws):
                assert frame["type"] in ("state", "error", "history", "watching", "reaction")
                if frame["type"] == "error":
                    assert set(frame) == {"type", "code", "message"} and "Traceback" not in frame["message"]
    assert server.stored(room) == before
    assert server.proc is not None and server.proc.poll() is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hello=messages)
def test_malformed_hello_is_refused_cleanly(server: ServerProcess, fuzz_room: dict[str, Any],
                                            hello: str | bytes) -> None:
    room = fuzz_room["room"]
    before = server.stored(room)
    with connect(server.ws_url(room), origin=server.origin, open_timeout=60, max_size=2**20) as ws:
        ws.send(hello)
        data = json.loads(ws.recv(timeout=60))
        if data["type"] == "error":
            assert data["code"] in ("hello_first", "bad_credential", "too_large")
        else:  # a spectator's hello, possibly
            assert data["type"] == "state" and data["room"]["you"] is None
    assert server.stored(room) == before


@pytest.mark.parametrize(("deltas", "frame"), [(2, "delta"), (True, "state"), (False, "state"), (None, "state")])
def test_a_hello_takes_delta_frames_with_2_and_full_states_otherwise(server: ServerProcess, deltas: Any,
                                                                     frame: str) -> None:
    """``"deltas": 2`` asks for delta frames; ``true`` (an earlier form), ``false`` or nothing
    get full states: after the first state, the other seat's arrival comes as that frame."""
    room, creds = seated_room(server, ["person", "person"], turn_time=None)
    hello: dict[str, Any] = {"type": "hello", "credential": creds[0]}
    if deltas is not None:
        hello["deltas"] = deltas
    with connect(server.ws_url(room), origin=server.origin, open_timeout=60) as anna:
        anna.send(json.dumps(hello))
        assert json.loads(anna.recv(timeout=60))["type"] == "state"
        with connect(server.ws_url(room), origin=server.origin, open_timeout=60) as ben:
            ben.send(json.dumps({"type": "hello", "credential": creds[1]}))
            while (arrived := json.loads(anna.recv(timeout=60)))["type"] in ("history", "watching"):
                pass
            assert arrived["type"] == frame
            if frame == "delta":
                (seat, fields), = arrived["seats"]  # only the seat that changed, only what changed
                assert seat == 1 and fields["connected"] is True and "name" not in fields and "view" not in arrived


@pytest.mark.parametrize("deltas", ["2", [2], -1, 2.0, 2**31 + 1])
def test_a_hello_with_a_malformed_deltas_value_is_refused(server: ServerProcess, deltas: Any) -> None:
    room, creds = seated_room(server, ["person", "person"], turn_time=None)
    with connect(server.ws_url(room), origin=server.origin, open_timeout=60) as ws:
        ws.send(json.dumps({"type": "hello", "credential": creds[0], "deltas": deltas}))
        data = json.loads(ws.recv(timeout=60))
        assert data["type"] == "error" and data["code"] == "hello_first", data


@pytest.mark.parametrize("deltas", [1, 3, True])
def test_a_hello_asking_for_a_form_not_spoken_here_gets_full_states(server: ServerProcess, deltas: Any) -> None:
    room, creds = seated_room(server, ["person", "person"], turn_time=None)
    with connect(server.ws_url(room), origin=server.origin, open_timeout=60) as anna:
        anna.send(json.dumps({"type": "hello", "credential": creds[0], "deltas": deltas}))
        assert json.loads(anna.recv(timeout=60))["type"] == "state"
        with connect(server.ws_url(room), origin=server.origin, open_timeout=60) as ben:
            ben.send(json.dumps({"type": "hello", "credential": creds[1], "deltas": 2}))
            # Ben's coming is a change: a client taking delta frames would get it as a delta
            while (arrived := json.loads(anna.recv(timeout=60)))["type"] in ("history", "watching"):
                pass
            assert arrived["type"] == "state" and arrived["room"]["seats"][1]["connected"] is True
