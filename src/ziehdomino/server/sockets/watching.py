"""Who watches a room: the number of its spectators' connections, told to every connection of the
room as ``{"type": "watching", "n": 2}`` ("2 schauen zu"; docs/protocol.md, "Reactions").

Like a reaction it is no change of the room (nothing stored, no ``seq``): a count of this
process's connections, which hold every connection of the room (a room lives in one process).
It is sent to a connection when it opens (so the new one learns it), and to every connection
when a spectator's opens or closes (the number changed).
"""

from __future__ import annotations

import orjson

from ..core.connection import Connection
from ..core.writer import RoomWriter


def announce(writer: RoomWriter, opened: Connection | None = None) -> None:
    """Push the room's current number of spectator connections: to ``opened`` alone when it is
    a seat's connection that just opened (the number stays), else to each of its connections."""
    if writer.deleted or writer.gone:
        return
    n = sum(1 for c in writer.connections if c.seat is None)
    text = orjson.dumps({"type": "watching", "n": n}).decode()
    for conn in [opened] if opened is not None and opened.seat is not None else writer.connections:
        conn.push(text)
