"""A room's connections (server/core/connection.py): what is pushed is written at once unless a
write waits on the socket; presence follows the connections of a seat."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ziehdomino.server.process.metrics import Metrics
from ziehdomino.server.protocol.codes import Close
from ziehdomino.server.core.connection import MAX_PENDING, Connection


async def test_a_pushed_message_is_written_at_once_unless_a_write_is_waiting_on_the_socket() -> None:
    """With nothing ahead of it, a push writes in the pusher's task (in order, its timing told);
    a write that has to wait for the socket (a client that reads slowly) is finished by the
    sender task, what is pushed meanwhile waits behind it in the outbox (a newer state
    replacing an older one there), and too many waiting close the connection as too slow."""
    written: list[str] = []
    drained = asyncio.Event()
    drained.set()

    async def send(text: str) -> None:
        await drained.wait()  # like uvicorn's send: suspends only while writing is paused
        written.append(text)
    metrics = Metrics()
    conn = Connection(0)
    conn.attach(send)
    t = metrics.start(0.0)
    t.mark_stored()
    t.mark_pushed(conn.push("s1", is_state=True, timing=t))
    conn.push("e1")
    assert written == ["s1", "e1"] and metrics.total == 1  # no task switch was needed
    drained.clear()  # the client stops reading
    conn.push("s2", is_state=True)
    conn.push("e2")
    conn.push("s3", is_state=True)  # s2 is the write that waits; e2 and s3 wait behind it
    conn.push("s4", is_state=True)  # replaces s3 in the outbox
    assert written == ["s1", "e1"]
    sender = asyncio.create_task(_drain(conn, send))
    await asyncio.sleep(0.01)
    assert written == ["s1", "e1"] and not sender.done()  # still waiting on the socket
    drained.set()
    await asyncio.sleep(0.01)
    assert written == ["s1", "e1", "s2", "e2", "s4"]
    conn.push("e3")  # nothing ahead any more: at once again
    assert written[-1] == "e3"
    drained.clear()
    conn.push("s5", is_state=True)
    for i in range(MAX_PENDING + 1):
        conn.push(f"e{i + 10}")
    assert conn.close_code == Close.TOO_SLOW
    sender.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sender


async def _drain(conn: Connection, send: Any) -> None:
    """A sender task like the socket's: what ``next`` returns is written through ``send``."""
    while True:
        item = await conn.next()
        if isinstance(item, int):
            await asyncio.Event().wait()
        else:
            await send(item)
        conn.sent()


async def test_a_rooms_connections_say_which_seats_are_present() -> None:
    """Whether a seat is present follows its connections: two of one seat, one closed, the
    other still there; spectators are one viewer (None); removing a stranger raises."""
    from ziehdomino.server.core.connection import Connections
    conns = Connections()
    a1, a2, b, watcher = Connection(0), Connection(0), Connection(1), Connection(None)
    for c in (a1, b, a2, watcher):
        conns.append(c)
    assert conns.has_seat(0) and conns.has_seat(1) and not conns.has_seat(2)
    assert conns.viewers() == [0, 1, None] and len(conns) == 4 and list(conns) == [a1, b, a2, watcher]
    conns.remove(a1)
    assert conns.has_seat(0) and a1 not in conns and a2 in conns
    conns.remove(a2)
    assert not conns.has_seat(0) and conns.viewers() == [1, None]
    with pytest.raises(ValueError):
        conns.remove(a2)
    assert conns.viewers() == [1, None]  # a failed removal changes nothing
    conns.clear()
    assert not conns and not conns.has_seat(1) and conns.viewers() == []
