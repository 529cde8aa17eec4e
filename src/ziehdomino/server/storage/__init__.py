"""Where rooms are kept: the storage contract, its errors, the stored record, and its two
implementations (SQLite in :mod:`.sqlite`, the embedded default; PostgreSQL with fenced room
ownership in :mod:`.postgres` and :mod:`.ownership`), with one numbered schema history for both
(:mod:`.schema`). :mod:`.memory` keeps the same contract in memory, for tests of the room rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .contract import LostCallback, RoomStorage
from .errors import RoomBusy, RoomMoved, StorageUnavailable
from .record import RoomRecord, merge

if TYPE_CHECKING:
    from ..process.settings import Settings

__all__ = ["LostCallback", "RoomBusy", "RoomMoved", "RoomRecord", "RoomStorage", "StorageUnavailable", "merge",
           "open_storage"]


def open_storage(settings: Settings) -> RoomStorage:
    """The storage ``settings`` ask for: SQLite in ``settings.data_dir`` (the default), or
    PostgreSQL at ``settings.database`` (no connection is made yet).

    Raises:
        StorageUnavailable: the SQLite folder cannot be written or is locked by another process.
    """
    if settings.database:
        from .postgres import PostgresStorage

        return PostgresStorage(settings)
    from .sqlite import SqliteStorage

    return SqliteStorage(settings.data_dir)
