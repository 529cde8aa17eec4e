"""The WebSocket endpoint ``/ws/{room_id}`` (docs/protocol.md, "WebSocket", for the hello, the
errors and the close codes). Each message is checked for rate, then size, then shape, before
the room's writer decides. After the hello only the connection's sender task writes to the
socket; no exception text ever reaches the client.
"""

from __future__ import annotations

import asyncio
import logging
import time

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...engine import Refusal
from ..core.connection import Connection, Writer
from ..core.credentials import hash_credential
from ..core.rooms import RoomError, Rooms, RoomWriter
from ..process.ratelimit import Limiter, MessageBucket
from ..process.security import origin_allowed
from ..process.settings import Settings
from ..protocol.codes import Close, ErrorCode
from ..protocol.deltas import DELTA_FORM
from ..protocol.messages import PONG, error_text
from ..protocol.models import (CLIENT_MESSAGE, ActionMessage, Contribute, Hello, Leave, NextRound, Ping, React, StartNow, Sync,
                     first_error)
from ..protocol.playmessage import PlayMessage, read_play
from ..tables.quickplay import start_now
from . import watching
from .rawsocket import Disconnected, Reader, text_reader, text_writer

log = logging.getLogger("ziehdomino.ws")



def _too_large(data: str | bytes, limit: int) -> bool:
    if isinstance(data, bytes):
        return len(data) > limit
    return len(data) > limit or (len(data) * 4 > limit and len(data.encode("utf-8", "surrogatepass")) > limit)


async def websocket_endpoint(ws: WebSocket) -> None:
    """Serve one WebSocket of room ``ws.path_params["room_id"]`` until it closes."""
    rooms: Rooms = ws.app.state.rooms
    settings: Settings = ws.app.state.settings
    limiter: Limiter = ws.app.state.limiter
    await ws.accept()
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host")):
        await _close(ws, Close.BAD_ORIGIN, "origin not allowed")
        return
    address = ws.client.host if ws.client else "unknown"
    try:
        room = await rooms.find(ws.path_params["room_id"])
    except RoomError as exc:  # another process holds the room, or the database failed: retry
        await _close(ws, Close.ROOM_MOVED if exc.code == ErrorCode.ROOM_MOVED else Close.SERVER_ERROR, exc.code)
        return
    if room is None:
        if limiter.allow_miss(address):
            await _close(ws, Close.UNKNOWN_ROOM, "no such room")
        else:
            await _close(ws, Close.TOO_MANY, "too many unknown rooms from this address")
        return
    if not limiter.open_socket(address):
        await _close(ws, Close.TOO_MANY, "too many connections from this address")
        return
    bucket = limiter.message_bucket()
    try:
        read = text_reader(ws)
        conn = await _hello(ws, read, room, settings)
        if conn is None:
            return
        write = text_writer(ws)
        conn.attach(write)
        sender = asyncio.get_running_loop().create_task(_send_loop(ws, conn, write))
        try:
            await rooms.connect(room, conn)
            watching.announce(room, conn)
            # a task of its own: a message resumes the loop, not the middleware chain above it
            await asyncio.get_running_loop().create_task(_receive_loop(ws, read, room, rooms, conn, settings, bucket))
        finally:
            await rooms.disconnect(room, conn)
            if conn.seat is None:
                watching.announce(room)
            if not sender.done():
                conn.close(Close.NORMAL)
                try:
                    await asyncio.wait_for(sender, timeout=5)
                except (asyncio.TimeoutError, Exception):
                    sender.cancel()
    except (Disconnected, WebSocketDisconnect):  # the client went away (during the hello, say)
        pass
    except Exception:  # never a stack trace to the client: log it, close with 1011
        log.exception("websocket of room %s failed", room.id)
        try:
            await ws.close(Close.SERVER_ERROR)
        except Exception:
            pass
    finally:
        limiter.close_socket(address)


async def _close(ws: WebSocket, code: int, reason: str = "") -> None:
    """Close the socket with ``code``; a client gone meanwhile is no error."""
    try:
        await ws.close(code, reason)
    except WebSocketDisconnect:
        pass


async def _hello(ws: WebSocket, read: Reader, room: RoomWriter, settings: Settings) -> Connection | None:
    """Read and check the hello; returns the new connection, or None after closing the socket."""
    try:
        data = await asyncio.wait_for(read(), timeout=settings.hello_timeout)
    except asyncio.TimeoutError:
        await ws.close(Close.BAD_HELLO, "no hello")
        return None
    if _too_large(data, settings.max_message):
        await ws.send_text(error_text(ErrorCode.TOO_LARGE, f"a message may hold at most {settings.max_message} bytes"))
        await ws.close(Close.BAD_HELLO, "hello too large")
        return None
    msg = None
    if isinstance(data, str):
        try:
            msg = CLIENT_MESSAGE.validate_json(data)
        except ValidationError:
            msg = None
    if not isinstance(msg, Hello):
        await ws.send_text(error_text(ErrorCode.HELLO_FIRST, "the first message must be a valid hello"))
        await ws.close(Close.BAD_HELLO, "hello first")
        return None
    seat = None
    if msg.credential is not None:
        seat = room.seat_of(msg.credential)
        heir = None if seat is not None else room.room.heir_of(msg.credential)
        if heir is not None:  # watches until the next round gives the seat
            return Connection(None, deltas=msg.deltas == DELTA_FORM, heir=heir, key=hash_credential(msg.credential))
        if seat is None:
            await ws.send_text(error_text(ErrorCode.BAD_CREDENTIAL, "this credential opens no seat of this room"))
            await ws.close(Close.BAD_CREDENTIAL, "bad credential")
            return None
        return Connection(seat, deltas=msg.deltas == DELTA_FORM, key=hash_credential(msg.credential))
    return Connection(seat, deltas=msg.deltas == DELTA_FORM)


async def _send_loop(ws: WebSocket, conn: Connection, write: Writer) -> None:
    """Drain the outbox to the socket; close it with the code the room asked for."""
    try:
        while True:
            item = await conn.next()
            if isinstance(item, int):
                await ws.close(item)
                return
            try:
                await write(item)
            finally:
                conn.sent()
    except Exception:  # the socket went away; the receive loop sees the disconnect
        return


async def _receive_loop(ws: WebSocket, read: Reader, room: RoomWriter, rooms: Rooms, conn: Connection,
                        settings: Settings, bucket: MessageBucket) -> None:
    while conn.close_code is None:
        try:
            data = await read()
        except (Disconnected, WebSocketDisconnect):
            return
        received = time.perf_counter()
        if not bucket.allow():
            conn.push(error_text(ErrorCode.RATE_LIMITED, f"at most {settings.ws_rate} messages per second"))
            continue
        if _too_large(data, settings.max_message):
            await _refuse(room, conn, ErrorCode.TOO_LARGE, f"a message may hold at most {settings.max_message} bytes")
            continue
        if isinstance(data, bytes):
            await _refuse(room, conn, ErrorCode.BAD_MESSAGE, "messages are JSON text")
            continue
        msg: Incoming | None = read_play(data)  # a move or a next_round in its plain form, else the model
        if msg is None:
            try:
                msg = _as_play(CLIENT_MESSAGE.validate_json(data))
            except ValidationError as exc:
                await _refuse(room, conn, ErrorCode.BAD_MESSAGE, _describe(exc))
                continue
        try:
            if isinstance(msg, tuple):  # the moves, without one more coroutine each
                if msg[0] == "action":
                    await rooms.act(room, conn.seat, msg[1], msg[2], received)
                else:
                    await rooms.next_round(room, conn.seat, msg[1])
            else:
                await _handle(ws, room, rooms, conn, msg)
        except (Refusal, RoomError) as exc:
            await _refuse(room, conn, exc.code, exc.message)


#: A valid message as the receive loop takes it: a move or a next_round as read by
#: :mod:`.playmessage`, any other message as its model.
Incoming = PlayMessage | Hello | Contribute | Leave | StartNow | React | Sync | Ping


def _as_play(msg: Hello | ActionMessage | NextRound | Contribute | Leave | StartNow | React | Sync | Ping) -> Incoming:
    """A model of a move or a next_round in :data:`.playmessage.PlayMessage`'s form; any other as it is."""
    if isinstance(msg, ActionMessage):
        return ("action", msg.version, msg.action_json())
    if isinstance(msg, NextRound):
        return ("next_round", msg.version, None)
    return msg


async def _handle(ws: WebSocket, room: RoomWriter, rooms: Rooms, conn: Connection,
                  msg: Hello | Contribute | Leave | StartNow | React | Sync | Ping) -> None:
    """Do what one valid message other than a move or a next_round asks.

    Raises:
        Refusal, RoomError: the room refused it (nothing changed).
    """
    if isinstance(msg, Ping):
        conn.push(PONG)
    elif isinstance(msg, Contribute):
        await rooms.contribute(room, conn.seat if conn.heir is None else conn.heir, msg.commitment, msg.contribution)
    elif isinstance(msg, Leave):
        await rooms.leave(room, conn.seat)
    elif isinstance(msg, StartNow):
        await start_now(room, conn.seat)
    elif isinstance(msg, React):
        ws.app.state.reactions.send(room, conn.seat, msg.reaction, time.time())
    elif isinstance(msg, Sync):
        await room.resend_state(conn, full=True)
    else:
        assert isinstance(msg, Hello)
        await _refuse(room, conn, ErrorCode.BAD_MESSAGE, "hello was already said")


async def _refuse(room: RoomWriter, conn: Connection, code: str, message: str) -> None:
    conn.push(error_text(code, message))
    await room.resend_state(conn)


def _describe(exc: ValidationError) -> str:
    """A short, safe account of why a message is malformed (no input echoed)."""
    loc, message = first_error(exc)
    return f"{'.'.join(map(str, loc))}: {message}" if loc else message
