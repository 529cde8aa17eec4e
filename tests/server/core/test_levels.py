"""Rated rounds in-process (server/core/changes.py ``rated_round``, the writer, the in-memory
storage's save): a rated table's round changes both profiles' levels once, a shared round is a
tie, a round of two persons from one address is not rated and says why, computers play at their
fixed ratings, and an invitation room without "Gewertet" rates nothing."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.rooms import play_out
from ziehdomino.levels import COMPUTERS, NEW, rate
from ziehdomino.server.core import changes
from ziehdomino.server.core.connection import Connection
from ziehdomino.server.core.room import Room, RoomError
from ziehdomino.server.core.rooms import Rooms, RoomWriter
from ziehdomino.server.people.book import ProfileBook
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.protocol.models import CreateRoom
from ziehdomino.server.storage.keyhash import hash_holder
from ziehdomino.server.storage.memory import MemoryStorage
from ziehdomino.server.storage.profiles import ProfileRow
from ziehdomino.server.storage.rating import Rated

KEYS = ["a" * 32, "b" * 32, "c" * 32]


async def rated_table(kinds: list[str], addresses: list[str], *, rated: bool = True,
                      profiles: bool = True) -> tuple[MemoryStorage, Rooms, RoomWriter]:
    """A dealt room of ``kinds``; person i joins from ``addresses[i]`` with key ``KEYS[i]`` (a
    profile made for each unless not ``profiles``), every person connected."""
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0))
    book = ProfileBook(storage.profiles)
    seats: Any = [{"kind": "person"} if k == "person" else {"kind": "computer", "level": k} for k in kinds]
    if profiles:
        for i, k in enumerate(kinds):
            if k == "person":
                await book.enter(KEYS[i], f"P{i}")
    writer, _ = await rooms.create(CreateRoom(seats=seats, name="P0", rated=rated, holder=KEYS[0]), addresses[0])
    for i, k in enumerate(kinds[1:], start=1):
        if k == "person":
            await rooms.join(writer, f"P{i}", holder=KEYS[i], address=addresses[i])
    for i, k in enumerate(kinds):
        if k == "person":
            await rooms.connect(writer, Connection(i))
    assert writer.room.in_progress
    return storage, rooms, writer


def profile(storage: MemoryStorage, seat: int) -> ProfileRow:
    return next(r for r in storage.profiles.rows.values() if r.key_hash == hash_holder(KEYS[seat]))


def shown_rating(room: Room) -> Any:
    return room.room_extra(None, time.time())["rating"]


async def test_a_rated_round_between_two_profiles_changes_both_levels_once() -> None:
    storage, rooms, writer = await rated_table(["person", "person"], ["10.0.0.1", "10.0.0.2"])
    assert writer.room.room_extra(None, time.time())["rated"] is True
    await play_out(rooms, writer)
    room = writer.room
    assert room.match is not None and room.match.round.result is not None
    winner = room.match.round.result.winners[0]
    rows = [profile(storage, 0), profile(storage, 1)]
    assert [r.rated for r in rows] == [1, 1]
    assert rows[winner].mu is not None and rows[1 - winner].mu is not None
    assert rows[winner].mu > NEW.mu > rows[1 - winner].mu
    rating = shown_rating(room)  # ROOMINFO between rounds: each seat's change
    assert rating["unrated"] is None
    levels = rating["levels"]
    assert levels[winner]["after"] > levels[winner]["before"] == 1000 and levels[1 - winner]["after"] < 1000
    assert all(level["provisional"] for level in levels)
    stored = storage.read(room.id)
    assert stored is not None and stored.ratings == {1: rating}
    assert Room.from_record(stored, time.time()).rating == rating  # a restart shows it again
    history = await storage.profiles.levels_of(rows[winner].id)
    assert [(h.n, h.outcome, h.before, h.after) for h in history] == [(1, "won", 1000, levels[winner]["after"])]
    # the same round saved again (a write retried) keeps the rating it got: rated once
    again = await storage.save(room.record(time.time()), room.rounds[-1], changes.rated_round(room))
    assert again == rating and [profile(storage, s).rated for s in (0, 1)] == [1, 1]
    assert profile(storage, 0).mu == rows[0].mu
    # the next round is not rated until it ends
    for seat in (0, 1):
        await rooms.next_round(writer, seat, room.match.version)
    assert writer.room.in_progress and shown_rating(writer.room) is None


async def test_a_shared_round_ranks_the_sharers_as_a_tie() -> None:
    storage, rooms, writer = await rated_table(["person", "person", "stark"], ["10.0.0.1", "10.0.0.2", ""])
    await play_out(rooms, writer)
    room = writer.room
    assert room.match is not None and room.match.round.result is not None
    shared = room.match.copy()
    shared.round.result = dataclasses.replace(room.match.round.result, kind="blocked", winners=(0, 1))
    rated = changes.rated_round(room.but(match=shared))
    assert rated is not None and [e.rank for e in rated.entrants] == [0, 0, 1]
    fresh = MemoryStorage()
    for i in (0, 1):
        await ProfileBook(fresh.profiles).enter(KEYS[i], f"P{i}")
    rating = fresh.profiles.rate_round(room.id, 1, rated, time.time())
    assert rating["levels"] is not None and rating["levels"][0] == rating["levels"][1]  # equals tied stay equal
    assert rating["levels"][2] is None  # the computer


async def test_two_persons_from_one_address_are_not_rated_and_the_round_says_why() -> None:
    storage, rooms, writer = await rated_table(["person", "person"], ["10.0.0.1", "10.0.0.1"])
    await play_out(rooms, writer)
    assert shown_rating(writer.room) == {"unrated": "same_address", "levels": None}
    assert [profile(storage, s).rated for s in (0, 1)] == [0, 0] and profile(storage, 0).mu is None
    assert storage.profiles.levels == []


async def test_a_round_with_computers_rates_the_persons_against_their_fixed_ratings() -> None:
    storage, rooms, writer = await rated_table(["person", "stark", "person", "leicht"],
                                               ["10.0.0.1", "", "10.0.0.2", ""])
    await play_out(rooms, writer)
    room = writer.room
    assert room.match is not None and room.match.round.result is not None
    rated = changes.rated_round(room)
    assert rated is not None
    assert [(e.holder is None, e.computer) for e in rated.entrants] == \
        [(False, None), (True, "stark"), (False, None), (True, "leicht")]
    want = rate(rated.entrants, [None] * 4)
    for seat in (0, 2):
        row = profile(storage, seat)
        assert want[seat] is not None and (row.mu, row.sigma, row.rated) == (want[seat].mu, want[seat].sigma, 1)  # type: ignore[union-attr]
    levels = shown_rating(room)["levels"]
    assert levels[1] is None and levels[3] is None and COMPUTERS["stark"].mu > COMPUTERS["leicht"].mu


async def test_an_invitation_room_without_gewertet_rates_nothing() -> None:
    storage, rooms, writer = await rated_table(["person", "person"], ["10.0.0.1", "10.0.0.2"], rated=False)
    assert writer.room.room_extra(None, time.time())["rated"] is False
    assert all(s.holder is None and s.address is None for s in writer.room.seats)  # nothing kept for it
    await play_out(rooms, writer)
    assert shown_rating(writer.room) is None
    assert [profile(storage, s).rated for s in (0, 1)] == [0, 0]
    stored = storage.read(writer.room.id)
    assert stored is not None and stored.ratings == {}


async def test_a_person_without_a_profile_plays_as_new_and_a_left_seat_leaves_too_few() -> None:
    storage, rooms, writer = await rated_table(["person", "person", "person"], ["10.0.0.1", "10.0.0.2", "10.0.0.3"],
                                               profiles=False)
    await ProfileBook(storage.profiles).enter(KEYS[0], "P0")
    await play_out(rooms, writer)
    levels = shown_rating(writer.room)["levels"]
    assert levels[0] is not None and levels[1] is None and levels[2] is None  # no profile: nothing stored
    assert profile(storage, 0).rated == 1
    room = writer.room.with_seat(1, left=True, credential_hash=None).with_seat(2, left=True, credential_hash=None)
    assert changes.rated_round(room) == Rated((), "few_people")


async def test_a_rated_invitation_room_seats_one_browser_once() -> None:
    storage = MemoryStorage()
    rooms = Rooms(storage, Settings(data_dir=Path("unused"), computer_delay=3600.0))
    seats: Any = [{"kind": "person"}] * 3
    writer, _ = await rooms.create(CreateRoom(seats=seats, name="P0", rated=True, holder=KEYS[0]), "10.0.0.1")
    with pytest.raises(RoomError) as refused:
        await rooms.join(writer, "P0 again", holder=KEYS[0], address="10.0.0.1")
    assert refused.value.code == "already_seated"
    await rooms.join(writer, "Ben", holder=KEYS[1], address="10.0.0.2")  # another browser sits down


async def test_an_open_table_is_rated_and_keeps_its_seats_hashes() -> None:
    rooms = Rooms(MemoryStorage(), Settings(data_dir=Path("unused"), computer_delay=3600.0))
    seats: Any = [{"kind": "person"}] * 2
    writer, _ = await rooms.create(CreateRoom(seats=seats, name="P0", public=True, holder=KEYS[0]), "10.0.0.1")
    assert writer.room.state.rated and writer.room.room_extra(None, time.time())["rated"] is True
    assert writer.room.seats[0].holder == hash_holder(KEYS[0]) and writer.room.seats[0].address is not None
