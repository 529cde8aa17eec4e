"""Delta frames, in-process: a client that applies every delta holds exactly the full state the
server would send, at every state, through random rounds with computers, reloads, stale
versions, dropped connections, slow readers and spectators; a delta carries nothing the
viewer's full state does not; a gap makes the client ask for the full state."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from ziehdomino.engine import Refusal, action_to_json
from ziehdomino.server.core import changes
from ziehdomino.engine.follow import act_of
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.protocol.deltas import act_parts, apply_delta, compared_parts, room_parts, round_of
from ziehdomino.server.protocol.messages import StateParts
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.core.rooms import RoomError, Rooms, RoomWriter
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage
from tests.support.server import on_own_thread


class _Client:
    """One browser tab: a connection that takes deltas, the state it holds, what it received."""

    def __init__(self, seat: int | None) -> None:
        self.conn = Connection(seat, deltas=True)
        self.state: dict[str, Any] | None = None
        self.frames: list[tuple[str, int]] = []  # (type, bytes) of every state or delta received
        self.gaps = 0
        self.rounds: list[dict[str, Any]] = []  # the history held, as the browser keeps it
        self.awaiting = True  # the full history follows the first state (and every full one asked for)
        self.derived = 0  # rounds added from a round's end

    async def read(self, writer: RoomWriter) -> None:
        """Take every waiting message; a delta that does not apply asks for the full state."""
        while self.conn._pending:
            text = self.conn._pending.popleft()[1]
            msg = json.loads(text)
            if msg["type"] == "history":
                self.rounds, self.awaiting = msg["rounds"], False
            if msg["type"] not in ("state", "delta"):
                continue
            self.frames.append((msg["type"], len(text.encode())))
            if msg["type"] == "state":
                self.state = msg
                if self._round_end():
                    await writer.resend_state(self.conn, full=True)
                continue
            assert self.state is not None
            new = apply_delta(self.state, msg)
            if new is None:
                self.gaps += 1
                self.awaiting = True
                await writer.resend_state(self.conn, full=True)
                continue
            _assert_within(msg, new)
            self.state = new
            if self._round_end():
                await writer.resend_state(self.conn, full=True)

    def _round_end(self) -> bool:
        """The history kept up as the browser does (session-online.js, ``followHistory``): a
        round's end it lacks adds its line, read off the view (no history message comes to a
        client that takes deltas); True when a finished round it still lacks (a skipped end) is
        to be asked for (the full state and history)."""
        assert self.state is not None
        view = self.state["view"]
        if view is None:
            return False
        ended = round_of(view)
        last = self.rounds[-1]["round"] if self.rounds else 0
        if ended and last == ended["round"] - 1:
            self.rounds = [*self.rounds, ended]
            self.derived += 1
        finished = view["round_number"] if ended else view["round_number"] - 1
        if self.awaiting or (self.rounds[-1]["round"] if self.rounds else 0) >= finished:
            return False
        self.awaiting = True
        return True


def _assert_within(delta: dict[str, Any], full: dict[str, Any]) -> None:
    """Every value the delta carries is the value of that field in the full state it makes, and
    every added item is in that field's list there, every seat named is that seat there, and the
    act is the full state's last log entry: a delta says nothing the full state does not."""
    for name, value in delta.get("room", {}).items():
        assert full["room"][name] == value
    for i, fields in delta.get("seats", ()):
        assert all(full["room"]["seats"][i][k] == v for k, v in fields.items())
    if "act" in delta:
        assert act_of(full["view"]["log"][-1]) == delta["act"]
    for name, value in delta.get("view", {}).items():
        assert full["view"][name] == value
    for name, items in delta.get("append", {}).items():
        assert full["view"][name][len(full["view"][name]) - len(items):] == items
    for name, items in delta.get("prepend", {}).items():
        assert full["view"][name][:len(items)] == items


def _told_as_checked(old: StateParts | None, new: StateParts | None, step: Any) -> int:
    """1 when ``step`` is told without comparing the states' views: an action of a round that
    goes on as its act alone (:func:`act_parts`), or a change of the room alone (a ready mark,
    presence: :func:`room_parts`); its delta for every viewer is then byte for byte the one made
    by comparing both states field by field (:func:`compared_parts`). Else 0."""
    if old is None or new is None or step is None:
        return 0
    if step.act is not None:
        told = act_parts(old, new, step.act)
    elif old.match is not None and new.match is old.match:
        told = room_parts(old, new)
    else:
        return 0
    compared = compared_parts(old, new)
    assert told is not None and compared is not None
    viewers = [None, *range(step.room.players)]
    for seat in viewers:
        if old.has_own(seat):
            assert told.text(seat) == compared.text(seat), seat
    return 1


def _text(state: dict[str, Any]) -> str:
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False)


async def _random_room(rng: random.Random) -> tuple[int, int]:
    players = rng.choice((2, 3, 4))
    rest = ["person"] + [rng.choice(("person", "mittel")) for _ in range(players - 2)]
    rng.shuffle(rest)
    kinds = ["person", *rest]  # seat 0 is the creator's
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    seats = [{"kind": "person"} if k == "person" else {"kind": "computer", "level": k} for k in kinds]
    writer, _ = await rooms.create(CreateRoom(seats=seats, name="Anna"))
    for i, k in enumerate(kinds[1:], start=1):
        if k == "person":
            await rooms.join(writer, f"P{i}")
    persons = [i for i, k in enumerate(kinds) if k == "person"]
    told = 0  # actions sent as acts alone, checked against the deltas made from both states
    room_only = 0  # ready marks sent as the room's change alone, checked the same way
    clients: list[_Client] = []
    everyone: list[_Client] = []

    async def open_one(seat: int | None) -> None:
        client = _Client(seat)
        clients.append(client)
        everyone.append(client)
        await rooms.connect(writer, client.conn)

    for seat in persons:
        await open_one(seat)
    await open_one(None)
    for _ in range(rng.randrange(120, 260)):
        room = writer.room
        assert room.match is not None
        roll = rng.random()
        if roll < 0.05 and clients:  # a reload: the tab goes, another comes for the same viewer
            gone = clients.pop(rng.randrange(len(clients)))
            await rooms.disconnect(writer, gone.conn)
            await open_one(gone.conn.seat)
        elif roll < 0.08:  # a tab closes for good, or a spectator comes
            if len(clients) > 1 and rng.random() < 0.5:
                await rooms.disconnect(writer, clients.pop(rng.randrange(len(clients))).conn)
            else:
                await open_one(rng.choice([None, *persons]))
        elif roll < 0.12:  # a stale action: refused, nothing pushed to a client that holds the newest state
            seat = rng.choice(persons)
            try:
                await rooms.act(writer, seat, room.match.version - 1, {"type": "pass"})
            except (Refusal, RoomError):
                for c in clients:
                    if c.conn.seat == seat:
                        await writer.resend_state(c.conn)
        elif room.turn is not None:
            seat = room.turn
            action = action_to_json(rng.choice(room.match.round.legal_actions(seat)))
            before = writer.parts
            step = await writer.run(lambda r: changes.act(r, seat, r.match.version, action, time.time()))  # type: ignore[union-attr]
            told += _told_as_checked(before, writer.parts, step)
        else:  # between rounds: every person asks for the next one
            for seat in persons:
                if not writer.room.state.ready[seat]:
                    version = writer.room.match.version  # type: ignore[union-attr]
                    before = writer.parts
                    try:
                        step = await writer.run(lambda r: changes.ready(r, seat, version, time.time()))
                    except (Refusal, RoomError):  # the round was dealt by the ones before
                        continue
                    room_only += _told_as_checked(before, writer.parts, step)
        for c in clients:
            if rng.random() < 0.8:  # a slow reader leaves its states waiting: they are replaced
                await c.read(writer)
                if c.state is not None and c.state["seq"] == writer.parts.seq:  # at every state it holds
                    assert _text(c.state) == writer.parts.text(c.conn.seat)
    clients = [c for c in clients if c.conn.close_code is None]  # a fifth tab of a seat closes the oldest
    assert clients
    for c in clients:
        await c.read(writer)
        await c.read(writer)  # the full state asked for after a gap
        assert c.state is not None
        assert _text(c.state) == writer.state_text(c.conn.seat)  # byte for byte
        assert c.rounds == json.loads(writer.history_text())["rounds"]  # the history too
    kinds = [kind for c in everyone for kind, _ in c.frames]
    assert kinds.count("delta") > kinds.count("state")  # mostly deltas, not only full states
    assert told > 20, told
    return sum(c.derived for c in everyone), room_only


def test_a_client_applying_every_delta_holds_the_full_state_at_every_step() -> None:
    played = [on_own_thread(_random_room(random.Random(seed))) for seed in range(12)]
    assert sum(d for d, _ in played) > 0  # rounds' ends were added to the history from their views
    assert sum(r for _, r in played) > 5  # ready marks were sent as the room's part alone


async def test_a_delta_that_does_not_follow_the_state_held_is_not_applied_and_the_client_gets_the_full_state() -> None:
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    client = _Client(0)
    await rooms.connect(writer, client.conn)
    await client.read(writer)
    assert client.state is not None and client.frames[-1][0] == "state"
    for lost in (True, False):
        seat = writer.room.turn
        assert seat is not None
        action = action_to_json(writer.room.match.round.legal_actions(seat)[0])  # type: ignore[union-attr]
        await writer.run(lambda r: changes.act(r, seat, r.match.version, action, time.time()))  # type: ignore[union-attr]
        (_, text, _), = client.conn._pending
        delta = json.loads(text)
        assert delta["type"] == "delta"
        if lost:  # the first delta never arrives
            client.conn._pending.clear()
    assert apply_delta(client.state, delta) is None  # it follows a state the client does not hold
    await client.read(writer)
    assert client.gaps == 1 and client.frames[-1][0] == "state"
    assert _text(client.state) == writer.state_text(0)


async def test_a_delta_carries_the_seats_only_when_a_seat_changed() -> None:
    """A seat (its SEATINFO) goes out again only when it changed: none with a round's end, whose
    seats read the same; with a ready mark, only the seat marked."""
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    clients = [_Client(0), _Client(1)]
    for c in clients:
        await rooms.connect(writer, c.conn)
    deltas: list[dict[str, Any]] = []
    while writer.room.turn is not None:
        for c in clients:
            c.conn._pending.clear()
        seat = writer.room.turn
        action = action_to_json(writer.room.match.round.legal_actions(seat)[0])  # type: ignore[union-attr]
        await writer.run(lambda r: changes.act(r, seat, r.match.version, action, time.time()))  # type: ignore[union-attr]
        deltas += [json.loads(m[1]) for m in clients[0].conn._pending if '"type":"delta"' in m[1]]
    assert deltas and deltas[-1]["view"]["result"] is not None  # the round's end went out as a delta
    assert all("seats" not in d and "seats" not in d.get("room", {}) for d in deltas)
    clients[0].conn._pending.clear()
    await rooms.next_round(writer, 0, writer.room.match.version)  # type: ignore[union-attr]
    (marked,) = [json.loads(m[1]) for m in clients[0].conn._pending if '"type":"delta"' in m[1]]
    assert "seats" not in marked.get("room", {})
    assert marked["seats"] == [[0, {"ready": True}]]


async def test_a_connection_that_gets_the_state_whole_later_in_a_turn_gets_the_time_left_then(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator, or a second tab, opening 30 s into a turn gets the turn clock as it is then,
    not the whole time the state showed when the turn began; the state last pushed stays the
    base of the next delta (the same seq)."""
    from ziehdomino.server.core import roomtexts as texts_module
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    writer, _ = await rooms.create(CreateRoom(seats=[{"kind": "person"}, {"kind": "person"}], name="Anna"))
    await rooms.join(writer, "Ben")
    anna, ben = _Client(0), _Client(1)
    await rooms.connect(writer, anna.conn)
    await rooms.connect(writer, ben.conn)
    await anna.read(writer)
    assert anna.state is not None
    first = anna.state["room"]["clock"]
    assert first is not None and first["ms"] > 59_000
    later = time.time() + 30
    monkeypatch.setattr(texts_module, "time", type("Later", (), {"time": staticmethod(lambda: later)}))
    spectator = _Client(None)
    await rooms.connect(writer, spectator.conn)
    await spectator.read(writer)
    assert spectator.state is not None and spectator.state["seq"] == anna.state["seq"]
    assert 29_000 < spectator.state["room"]["clock"]["ms"] < 31_000, spectator.state["room"]["clock"]
    await rooms.close()
