"""A rated round as each storage keeps it (memory, SQLite, PostgreSQL): rated in the transaction
that stores the round, from the profiles' ratings read there, once however often the round is
saved; read back with the room; a profile's level rows go with the profile; on PostgreSQL a
fenced write that is refused stores nothing of it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.storage.test_storage_contract import ROOM, Opened, _record, kind  # noqa: F401 (the fixture)
from tests.support.server import on_own_thread
from ziehdomino.levels import Entrant
from ziehdomino.server.storage import RoomMoved, RoomRecord
from ziehdomino.server.storage.profiles import ProfileRow
from ziehdomino.server.storage.rating import LevelRow, Rated

ANNA, BEN = ProfileRow("anna00000001", "h" * 64, "Anna", 1.0, 0.0), ProfileRow("ben000000001", "k" * 64, "Ben", 1.0, 0.0)
#: Anna (seat 0) beat Ben (seat 1).
RATED = Rated((Entrant(0, holder=ANNA.key_hash), Entrant(1, holder=BEN.key_hash)))
FINISHED: Any = {"round": 1, "winner": 0}


def test_a_rated_round_is_rated_once_and_read_back_with_its_room(kind: tuple[str, Any]) -> None:  # noqa: F811
    name, open_ = kind

    async def run() -> tuple[Any, Any, list[ProfileRow | None], list[LevelRow], RoomRecord | None, list[LevelRow]]:
        opened = Opened(name, open_)
        async with opened as store:
            for row in (ANNA, BEN):
                await store.profiles.insert(row)
            await store.save(_record())
            first = await store.save(_record(in_progress=False), FINISHED, RATED)
            again = await store.save(_record(in_progress=False), FINISHED, RATED)  # the round saved again
            rows = [await store.profiles.by_id(p.id) for p in (ANNA, BEN)]
            history = await store.profiles.levels_of(ANNA.id)
            record = await opened.read_again(ROOM)
            await opened.store.profiles.delete(ANNA.id)
            gone = await opened.store.profiles.levels_of(ANNA.id)
            return first, again, rows, history, record, gone

    first, again, rows, history, record, gone = on_own_thread(run())
    assert first["unrated"] is None and first == again
    anna, ben = first["levels"]
    assert anna["before"] == ben["before"] == 1000 and anna["after"] > 1000 > ben["after"] and anna["provisional"]
    assert [r.rated for r in rows if r is not None] == [1, 1]
    assert rows[0] is not None and rows[1] is not None and rows[0].mu is not None and rows[1].mu is not None
    assert rows[0].mu > rows[1].mu
    assert [(h.room, h.n, h.before, h.after, h.outcome) for h in history] == [(ROOM, 1, 1000, anna["after"], "won")]
    assert record is not None and record.rounds == [FINISHED] and record.ratings == {1: first}
    assert gone == []


def test_an_unrated_round_of_a_rated_table_keeps_why(kind: tuple[str, Any]) -> None:  # noqa: F811
    name, open_ = kind

    async def run() -> tuple[Any, RoomRecord | None, list[ProfileRow | None]]:
        opened = Opened(name, open_)
        async with opened as store:
            await store.profiles.insert(ANNA)
            await store.save(_record())
            rating = await store.save(_record(in_progress=False), FINISHED, Rated((), "same_address"))
            return rating, await opened.read_again(ROOM), [await opened.store.profiles.by_id(ANNA.id)]

    rating, record, rows = on_own_thread(run())
    assert rating == {"unrated": "same_address", "levels": None}
    assert record is not None and record.ratings == {1: rating}
    assert rows[0] is not None and rows[0].rated == 0 and rows[0].mu is None


@pytest.mark.parametrize("kind", ["postgresql"], indirect=True)
def test_a_refused_fenced_write_rates_nothing(kind: tuple[str, Any]) -> None:  # noqa: F811
    """Another process took the room meanwhile (its epoch moved on): the round's write is
    refused, and nothing of its rating is stored."""
    name, open_ = kind

    async def run() -> tuple[list[ProfileRow | None], list[LevelRow], RoomRecord | None]:
        opened = Opened(name, open_)
        async with opened as store:
            for row in (ANNA, BEN):
                await store.profiles.insert(row)
            await store.save(_record())
            store.ownership.fences[ROOM].epoch += 1  # type: ignore[attr-defined]
            with pytest.raises(RoomMoved):
                await store.save(_record(in_progress=False), FINISHED, RATED)
            rows = [await store.profiles.by_id(p.id) for p in (ANNA, BEN)]
            return rows, await store.profiles.levels_of(ANNA.id), await opened.read_again(ROOM)

    rows, history, record = on_own_thread(run())
    assert [(r.rated, r.mu) for r in rows if r is not None] == [(0, None), (0, None)] and history == []
    assert record is not None and record.rounds == [] and record.ratings == {}
