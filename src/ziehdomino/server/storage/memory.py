"""The storage contract in memory, for the room rules' tests: stored as SQLite encodes it, so a
test sees what a restart would read; writes can be made to fail (:attr:`MemoryStorage.fail`).
"""

from __future__ import annotations

from typing import Any

import orjson

from ...engine.actions import ActionJSON
from ...engine.replay import RoundRecord
from .contract import LostCallback
from ..protocol.wire import RoundRating
from .profiles_memory import MemoryProfiles
from .rating import Rated
from .record import (AppendedRow, RoomRecord, StateFields, StoredRoomState, decode_record, dumps, encode_record,
                     encode_round)


class MemoryStorage:
    """A :class:`~.contract.RoomStorage` in memory; while ``fail`` is set every write raises it
    and keeps nothing; ``writes`` counts the successful ones per kind."""

    where = "memory"

    def __init__(self) -> None:
        self._rows: dict[str, tuple[Any, ...]] = {}
        self._appended: dict[str, list[AppendedRow]] = {}
        self._rounds: dict[str, dict[int, str]] = {}
        self._ratings: dict[str, dict[int, RoundRating]] = {}
        self.fail: Exception | None = None
        self.writes: dict[str, int] = {"save": 0, "append": 0, "save_state": 0}
        self.profiles = MemoryProfiles()

    def _check(self) -> None:
        if self.fail is not None:
            raise self.fail

    async def start(self, on_lost: LostCallback | None = None) -> None:
        """Nothing to start (no other process takes a room from this one)."""

    def read(self, room_id: str) -> RoomRecord | None:
        """One room as stored, with its finished rounds, or None."""
        row = self._rows.get(room_id)
        if row is None:
            return None
        record = decode_record(row, self._appended.get(room_id, []))
        record.rounds = [orjson.loads(text) for _, text in sorted(self._rounds.get(room_id, {}).items())]
        record.ratings = dict(self._ratings.get(room_id, {}))
        return record

    async def load_all(self) -> list[RoomRecord]:
        """Every stored room, with its finished rounds."""
        return [r for r in (self.read(i) for i in list(self._rows)) if r is not None]

    async def claim(self, room_id: str) -> RoomRecord | None:
        """The stored room, or None."""
        return self.read(room_id)

    async def save(self, record: RoomRecord, finished: RoundRecord | None = None,
                   rated: Rated | None = None) -> RoundRating | None:
        """Write ``record`` whole (dropping the actions appended since) and ``finished``'s record,
        rated once when ``rated``; the round's rating as stored."""
        self._check()
        self._rows[record.id] = encode_record(record)
        self._appended.pop(record.id, None)
        self.writes["save"] += 1
        if finished is None:
            return None
        _, n, text = encode_round(record.id, finished)
        rounds, ratings = self._rounds.setdefault(record.id, {}), self._ratings.setdefault(record.id, {})
        if rated is not None and n not in rounds:
            ratings[n] = self.profiles.rate_round(record.id, n, rated, record.updated)
        rounds[n] = text
        return ratings.get(n)

    async def append(self, room_id: str, version: int, action: ActionJSON,
                     state: StateFields | None = None) -> None:
        """Append one action and the room fields it set.

        Raises:
            KeyError: the room was never saved.
        """
        self._check()
        if room_id not in self._rows:
            raise KeyError(room_id)
        self._appended.setdefault(room_id, []).append((version, dumps(action), None if state is None else dumps(state)))
        self.writes["append"] += 1

    async def save_state(self, room_id: str, updated: float, room: StoredRoomState) -> None:
        """Write only the room's own state and ``updated``."""
        self._check()
        row = list(self._rows[room_id])
        row[2], row[6] = updated, dumps(room)
        self._rows[room_id] = tuple(row)
        self.writes["save_state"] += 1

    async def delete(self, room_ids: list[str]) -> None:
        """Delete these rooms with their actions and rounds."""
        self._check()
        for room_id in room_ids:
            self._rows.pop(room_id, None)
            self._appended.pop(room_id, None)
            self._rounds.pop(room_id, None)
            self._ratings.pop(room_id, None)

    def forget(self, room_id: str) -> None:
        """Nothing to do: this process holds every room."""

    async def delete_unheld(self, before: float) -> list[str]:
        """Every room is held here: none."""
        return []

    async def release(self, room_id: str) -> None:
        """Nothing to do: no other process takes rooms."""

    async def ask_release(self, room_id: str) -> None:
        """Nothing to do: no other process holds rooms."""

    async def rooms_opened_by(self, creator: str, since: float) -> int | None:
        """None: this process's own count is the whole count."""
        return None

    async def healthy(self) -> bool:
        """True unless writes are made to fail."""
        return self.fail is None

    async def serving(self) -> bool:
        """As :meth:`healthy`."""
        return self.fail is None

    async def close(self) -> None:
        """Nothing to close."""
