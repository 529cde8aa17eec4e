"""Pieces of the server without a process: the shared state encoding, rate windows, action timings."""

from __future__ import annotations



import asyncio
import json
import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.engine import Match, action_to_json, match_from_state, match_to_state, parse_action, seat_view
from ziehdomino.server.process.metrics import Metrics
from ziehdomino.server.http.ratelimit import Limiter
from ziehdomino.server.protocol.codes import Close
from ziehdomino.server.sockets.connection import MAX_PENDING, Connection
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.room import Room, SeatState
from ziehdomino.server.core.rooms import Rooms
from ziehdomino.server.core.roomstate import Clock, RoomState
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.core.writer import RoomWriter
from ziehdomino.server.process.settings import Settings
from tests.support.server import run


class _Host:
    """What a writer needs of its process, for the encoder tests (nothing is stored)."""

    def __init__(self) -> None:
        self.storage = MemoryStorage()
        self.clock = Clock()
        self.listeners: list[Any] = []


def _room(players: int) -> RoomWriter:
    seats = tuple(SeatState("person", name=f"<P{i}> \u00e4\u200d\U0001f3b2", credential_hash="x") for i in range(players))
    return RoomWriter(_Host(), Room("R" * 22, seats, RoomState.new(players, 60, None), 0.0))  # type: ignore[arg-type]


def test_state_texts_equal_state_text_byte_for_byte() -> None:
    rng = random.Random(3)
    for players in (2, 3, 4):
        w = _room(players)
        viewers: list[int | None] = [*range(players), None]
        clock = Clock()
        assert w.state_texts(viewers) == {s: w.state_text(s) for s in viewers}  # before the first round
        w.room = w.room.but(match=Match(players))
        room = w.room
        for _ in range(200):
            texts = w.state_texts(viewers)
            assert texts == {s: w.state_text(s) for s in viewers}
            assert texts == {s: json.dumps({"type": "state", "seq": w.seq, "room": {"room": room.id, "seats": room.seat_infos(clock, 0.0),
                                                                      "turn_time": 60, "clock": None, "target": None, "match_winner": None,
                                                                      "public": False, "wait_ms": None,
                                                                      "fair": room.pending_deal(), "you": s},
                                            "view": seat_view(room.match, s)}, separators=(",", ":"),
                                           ensure_ascii=False) for s in viewers}  # as json.dumps writes it
            assert all(json.loads(t)["room"]["you"] == s for s, t in texts.items())
            m = room.match
            assert m is not None
            if m.round.result is not None:
                m.next_round(version=m.version)
                continue
            seat = m.round.turn
            action = rng.choice(m.round.legal_actions(seat))
            m.apply(seat, parse_action(action_to_json(action)), version=m.version)


def test_a_rooms_encoder_keeps_log_entries_but_writes_what_every_seat_sees_now() -> None:
    """The room's encoder reuses each log entry's bytes and the view's across changes; its texts
    stay those of json.dumps over seat_view with the stand-in marks, through new rounds,
    stand-in marks, ready marks (the room's part changes, the match does not), and a match
    rebuilt from its stored form (new entry objects, as after a failed store)."""
    rng = random.Random(5)
    w = _room(4)
    viewers: list[int | None] = [0, 1, 2, 3, None, 2]
    clock = Clock()
    w.room = w.room.but(match=Match(4))

    def check(m: Match) -> None:
        room = w.room
        texts = w.state_texts(viewers)
        assert set(texts) == {0, 1, 2, 3, None}
        for s, text in texts.items():
            view = seat_view(m, s)
            for i in room.state.stand_ins:
                if i < len(view["log"]):
                    view["log"][i]["stand_in"] = True
            assert text == json.dumps({"type": "state", "seq": w.seq, "room": {"room": room.id, "seats": room.seat_infos(clock, 0.0),
                                                                 "turn_time": 60, "clock": None, "target": None, "match_winner": None,
                                                                 "public": False, "wait_ms": None,
                                                                 "fair": room.pending_deal(), "you": s},
                                       "view": view}, separators=(",", ":"), ensure_ascii=False)
            if s is not None:
                hand = json.loads(text)["view"]["hand"]
                assert hand == [f"{a}|{b}" for a, b in m.round.hands[s]]  # its own hand only

    for step in range(400):
        m = w.room.match
        assert m is not None
        log = m.round.log or []
        if log and rng.random() < 0.1:
            marks = tuple(sorted(set(rng.sample(range(len(log)), k=min(len(log), rng.randint(0, 3))))))
            w.room = w.room.but(state=w.room.state._replace(stand_ins=marks))
        if step % 37 == 0:
            m = match_from_state(match_to_state(m))
            w.room = w.room.but(match=m)
        check(m)
        if m.round.result is not None:
            for seat in range(4):  # one ready mark after another: the room's part alone changes
                w.room = w.room.but(state=w.room.state.marked_ready(seat))
                check(m)
            m.next_round(version=m.version)
            w.room = w.room.but(state=RoomState.new(4, 60, None))
            continue
        seat = m.round.turn
        m.apply(seat, rng.choice(m.round.legal_actions(seat)), version=m.version)


def test_limits_count_per_key_and_tell_when_to_retry() -> None:
    limiter = Limiter(per_second=2, per_minute=1)
    assert limiter.allow_request("x") and not limiter.allow_request("x")
    assert limiter.allow_request("y")  # addresses are separate
    assert 59 <= limiter.retry_after("x") <= 60
    assert limiter.retry_after("z") == 1
    bucket = limiter.message_bucket()
    assert bucket.allow() and bucket.allow() and not bucket.allow()
    assert limiter.message_bucket().allow()  # every connection has its own bucket
    time.sleep(0.6)  # refilled at 2 per second
    assert bucket.allow() and not bucket.allow()


async def test_action_timing_waits_for_every_connection_and_follows_replacing_states() -> None:
    metrics = Metrics()
    a, b = Connection(0), Connection(1)
    t = metrics.start(0.0)
    t.mark_stored()
    pushed = a.push("s1", is_state=True, timing=t) + b.push("s1", is_state=True, timing=t)
    t.mark_pushed(pushed)
    a.push("s2", is_state=True)  # replaces s1 on a: the timing moves to s2
    assert await a.next() == "s2"
    a.sent()
    assert metrics.total == 0  # b has not written yet
    assert await b.next() == "s1"
    b.sent()
    assert metrics.total == 1 and metrics.since(0)["next"] == 1 and len(metrics.since(0)["samples"]) == 1
    t2 = metrics.start(0.0)
    t2.mark_stored()
    c = Connection(2)
    t2.mark_pushed(c.push("s3", is_state=True, timing=t2))
    c.close(1000)  # closed before writing: counts as done
    assert metrics.total == 2 and metrics.since(1)["samples"] == metrics.since(0)["samples"][1:]


async def test_a_pushed_message_is_written_at_once_unless_a_write_is_waiting_on_the_socket() -> None:
    """With nothing ahead of it, a push writes in the pusher's task (in order, its timing told);
    a write that has to wait for the socket (a client that reads slowly) is finished by the
    sender task, what is pushed meanwhile waits behind it in the outbox (a newer state
    replacing an older one there), and too many waiting close the connection as too slow."""
    written: list[str] = []
    drained = asyncio.Event()
    drained.set()

    async def send(text: str) -> None:
        await drained.wait()  # like uvicorn's send: suspends only while writing is paused
        written.append(text)
    metrics = Metrics()
    conn = Connection(0)
    conn.attach(send)
    t = metrics.start(0.0)
    t.mark_stored()
    t.mark_pushed(conn.push("s1", is_state=True, timing=t))
    conn.push("e1")
    assert written == ["s1", "e1"] and metrics.total == 1  # no task switch was needed
    drained.clear()  # the client stops reading
    conn.push("s2", is_state=True)
    conn.push("e2")
    conn.push("s3", is_state=True)  # s2 is the write that waits; e2 and s3 wait behind it
    conn.push("s4", is_state=True)  # replaces s3 in the outbox
    assert written == ["s1", "e1"]
    sender = asyncio.create_task(_drain(conn, send))
    await asyncio.sleep(0.01)
    assert written == ["s1", "e1"] and not sender.done()  # still waiting on the socket
    drained.set()
    await asyncio.sleep(0.01)
    assert written == ["s1", "e1", "s2", "e2", "s4"]
    conn.push("e3")  # nothing ahead any more: at once again
    assert written[-1] == "e3"
    drained.clear()
    conn.push("s5", is_state=True)
    for i in range(MAX_PENDING + 1):
        conn.push(f"e{i + 10}")
    assert conn.close_code == Close.TOO_SLOW
    sender.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sender


async def _drain(conn: Connection, send: Any) -> None:
    """A sender task like the socket's: what ``next`` returns is written through ``send``."""
    while True:
        item = await conn.next()
        if isinstance(item, int):
            await asyncio.Event().wait()
        else:
            await send(item)
        conn.sent()


async def test_a_stored_ready_mark_is_there_after_a_restart(tmp_path: Path) -> None:
    """SQLite: the ready mark written alone is read back with the match as it was."""
    from ziehdomino.server.storage.sqlite import SqliteStorage
    storage = SqliteStorage(tmp_path)
    await storage.start()
    rooms = Rooms(storage, Settings(data_dir=tmp_path, computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    while (seat := writer.room.turn) is not None:
        match = writer.room.match
        assert match is not None
        await rooms.act(writer, seat, match.version, action_to_json(match.round.legal_actions(seat)[0]))
    assert writer.room.match is not None
    stored = match_to_state(writer.room.match)
    await rooms.next_round(writer, 1, writer.room.match.version)
    await rooms.close()
    await storage.close()
    (record,) = await SqliteStorage(tmp_path).load_all()
    again = Room.from_record(record, 0.0)
    assert again.state.ready == (False, True) and again.match is not None
    assert match_to_state(again.match) == stored and again.match.round.result is not None


def test_a_computer_whose_move_cannot_be_stored_tries_again_without_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    """A full or read-only disk: the computer's move fails each second; the failed write is
    logged where it failed, and the computer's loop adds no traceback of its own."""

    async def main() -> None:
        storage = MemoryStorage()
        rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=0.3))
        seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "leicht"}]
        writer, _ = await rooms.create(CreateRoom(seats=seats, name="Anna"))
        await rooms.join(writer, "Ben")
        while (seat := writer.room.turn) != 2:  # the persons play until the computer is to move
            match = writer.room.match
            assert match is not None and seat is not None
            await rooms.act(writer, seat, match.version, action_to_json(match.round.legal_actions(seat)[0]))
        storage.fail = OSError("disk full")
        version = writer.room.match.version  # type: ignore[union-attr]
        await asyncio.sleep(2.5)
        assert writer.room.match.version == version  # type: ignore[union-attr]  # nothing stored, nothing played
        storage.fail = None
        for _ in range(40):
            await asyncio.sleep(0.1)
            if writer.room.match.version > version:  # type: ignore[union-attr]
                break
        assert writer.room.match.version > version  # type: ignore[union-attr]  # played once the disk is back
        await rooms.close()

    with caplog.at_level(logging.INFO):
        run(main())
    failed = [r for r in caplog.records if r.name == "ziehdomino.rooms" and "storing room" in r.getMessage()]
    assert len(failed) >= 2, caplog.records  # tried again after a second
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]


async def test_a_rooms_connections_say_which_seats_are_present() -> None:
    """Whether a seat is present follows its connections: two of one seat, one closed, the
    other still there; spectators are one viewer (None); removing a stranger raises."""
    from ziehdomino.server.sockets.connection import Connections
    conns = Connections()
    a1, a2, b, watcher = Connection(0), Connection(0), Connection(1), Connection(None)
    for c in (a1, b, a2, watcher):
        conns.append(c)
    assert conns.has_seat(0) and conns.has_seat(1) and not conns.has_seat(2)
    assert conns.viewers() == [0, 1, None] and len(conns) == 4 and list(conns) == [a1, b, a2, watcher]
    conns.remove(a1)
    assert conns.has_seat(0) and a1 not in conns and a2 in conns
    conns.remove(a2)
    assert not conns.has_seat(0) and conns.viewers() == [1, None]
    with pytest.raises(ValueError):
        conns.remove(a2)
    assert conns.viewers() == [1, None]  # a failed removal changes nothing
    conns.clear()
    assert not conns and not conns.has_seat(1) and conns.viewers() == []


def test_the_encoder_encodes_only_the_new_entry_when_the_next_value_copies_the_match(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's next value is built on a copy of its match (the log's entries shared): the
    encoder goes on from the entries it encoded, one new entry per action, not the whole log."""
    from ziehdomino.engine.round import LogEntry

    w = _room(2)
    rng = random.Random(7)
    m = Match(2)
    for _ in range(6):
        seat = m.round.turn
        m.apply(seat, rng.choice(m.round.legal_actions(seat)), version=m.version)
    w.room = w.room.but(match=m)
    w.state_texts([0, 1, None])
    calls = []
    original = LogEntry.to_json
    monkeypatch.setattr(LogEntry, "to_json", lambda self: calls.append(self) or original(self))
    for _ in range(3):
        m = m.copy()
        if m.round.result is not None:
            break
        seat = m.round.turn
        m.apply(seat, rng.choice(m.round.legal_actions(seat)), version=m.version)
        w.room = w.room.but(match=m)
        texts = w.state_texts([0, 1, None])
        assert calls == [m.round.log[-1]]  # type: ignore[index]
        assert json.loads(texts[None])["view"]["log"] == [e.to_json() for e in m.round.log or []]
        calls.clear()
