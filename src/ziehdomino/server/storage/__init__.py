"""Where rooms and profiles are kept: one contract, SQLite or PostgreSQL by ``--database``.

* :mod:`.contract` -- the storage contract the rooms use.
* :mod:`.errors` -- the storage's errors, shared by the contract and its implementations.
* :mod:`.record` -- the stored form of a room and its columns' encoding.
* :mod:`.sqlite` -- rooms in SQLite, committed on a writer thread of their own.
* :mod:`.postgres` -- rooms in PostgreSQL, shared by several processes.
* :mod:`.postgres_sql` -- the statements :mod:`.postgres` runs.
* :mod:`.ownership` -- which process holds which room: leases and fencing epochs.
* :mod:`.lanes` -- a room's writes through a few connections held for them.
* :mod:`.holder` -- which process holds a room, for an operator.
* :mod:`.tables` -- every open table of a cluster, whichever process holds it.
* :mod:`.schema` -- the numbered migrations, the same steps in each dialect.
* :mod:`.memory` -- the contract kept in memory, for the room rules' tests.
* :mod:`.keyhash` -- what a seat and a profile keep of a browser's holder key: its digest.
* :mod:`.profiles` -- the profiles' contract beside the rooms': a profile's row, its device codes.
* :mod:`.profiles_sqlite` -- profiles in the rooms' SQLite file, through a connection of their own.
* :mod:`.profiles_postgres` -- profiles in PostgreSQL, shared by every process.
* :mod:`.profiles_memory` -- profiles in memory, for the people wing's tests.
* :mod:`.rating` -- a finished round's rating as the storages store it, with the round.
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
    """The storage ``settings`` ask for, not connected yet.

    Raises:
        StorageUnavailable: the SQLite folder cannot be written or is locked by another process.
    """
    if settings.database:
        from .postgres import PostgresStorage

        return PostgresStorage(settings)
    from .sqlite import SqliteStorage

    return SqliteStorage(settings.data_dir)
