"""Who watches a room: the count of its spectators' connections, no change of the room
(docs/protocol.md, "Reactions").
"""

from __future__ import annotations

import orjson

from ..core.connection import Connection
from ..core.writer import RoomWriter


def announce(writer: RoomWriter, opened: Connection | None = None) -> None:
    """Push the spectator count: to ``opened`` alone when a seat's connection opened, else to all."""
    if writer.deleted or writer.gone:
        return
    n = sum(1 for c in writer.connections if c.seat is None)
    text = orjson.dumps({"type": "watching", "n": n}).decode()
    for conn in [opened] if opened is not None and opened.seat is not None else writer.connections:
        conn.push(text)
