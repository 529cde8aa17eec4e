"""Where rooms are kept: the storage contract, its errors, the stored record, and its two
implementations (SQLite in :mod:`.sqlite`, the embedded default; PostgreSQL with fenced room
ownership in :mod:`.postgres` and :mod:`.ownership`), with one numbered schema history for both
(:mod:`.schema`). :mod:`.memory` keeps the same contract in memory, for tests of the room rules.
"""

from .contract import LostCallback, RoomStorage, open_storage
from .errors import RoomBusy, RoomMoved, StorageUnavailable
from .record import RoomRecord, merge

__all__ = ["LostCallback", "RoomBusy", "RoomMoved", "RoomRecord", "RoomStorage", "StorageUnavailable", "merge",
           "open_storage"]
