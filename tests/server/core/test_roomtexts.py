"""A room's texts, encoded once per change (server/core/roomtexts.py): the state text every seat
is sent, the log entries kept, only the new entry encoded after a copy of the match."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ziehdomino.engine import Match, action_to_json, match_from_state, match_to_state, parse_action, seat_view
from ziehdomino.server.core.room import Room, SeatState
from ziehdomino.server.core.roomstate import Clock, RoomState
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.core.writer import RoomWriter


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
                                                                      "fair": room.pending_deal(), "rated": False, "rating": None, "you": s},
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
                                                                 "fair": room.pending_deal(), "rated": False, "rating": None, "you": s},
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
