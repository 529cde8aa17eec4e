"""Who watches a room: the number of its spectators' connections, told to every connection of the
room as ``{"type": "watching", "n": 2}`` ("2 schauen zu"; docs/protocol.md, "Reactions").

Like a reaction it is no change of the room (nothing stored, no ``seq``): a count of this
process's connections, which hold every connection of the room (a room lives in one process).
It is sent when a connection opens (so the new one learns it) and when a spectator's closes.
"""

from __future__ import annotations

import orjson

from .writer import RoomWriter


def announce(writer: RoomWriter) -> None:
    """Push the room's current number of spectator connections to each of its connections."""
    if writer.deleted or writer.gone:
        return
    n = sum(1 for c in writer.connections if c.seat is None)
    text = orjson.dumps({"type": "watching", "n": n}).decode()
    for conn in writer.connections:
        conn.push(text)
