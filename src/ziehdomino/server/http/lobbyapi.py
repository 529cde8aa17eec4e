"""The HTTP routes of open tables and of one's own rooms (docs/protocol.md, "Open tables"):
"Schnell spielen" (``POST /api/quick``), the list "Offene Tische" (``GET /api/lobby``) and its
live stream of server-sent events (``GET /api/lobby/events``), and leaving a room without its
page (``POST /api/rooms/{room_id}/leave``, "Meine Räume").
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ..core.room import RoomError
from ..protocol.codes import ErrorCode
from ..protocol.models import LeaveRoom
from ..protocol.models import QuickPlay as QuickPlayBody
from ..protocol.wire import QuickSeat
from ..tables.lobby import Lobby
from ..tables.quickplay import QuickPlay
from .api import OVER_CAP, _held_room, _rate_limited, _read_model, client_address, error_response

#: The path of the list's event stream (closed first when the server shuts down: gate.py).
LOBBY_EVENTS = "/api/lobby/events"
#: Seconds between two comment lines on an idle event stream (keeps proxies from closing it).
KEEP_ALIVE = 20.0
#: Event streams one process serves at once; more are answered 503 (the page falls back to polling).
MAX_STREAMS = 5000


async def quick_play(request: Request) -> Response:
    """``POST /api/quick?size=N``: 201 a seat, 200 back to the seat the browser holds; 422,
    429, 503 (docs/protocol.md, "Open tables")."""
    if (limited := _rate_limited(request)) is not None:  # a cross-site request never gets here (security.py)
        return limited
    body = await _read_model(request, QuickPlayBody)
    if isinstance(body, Response):
        return body
    if request.query_params.get("size", str(body.size)) != str(body.size):  # the proxy routes by it
        return error_response(422, ErrorCode.BAD_REQUEST, "size: the query's size differs from the body's")
    quick: QuickPlay = request.app.state.quick
    try:
        writer, seated = await quick.seat(body.name, body.size, client_address(request), frozenset(body.held),
                                          body.target, body.contribution, body.holder)
    except RoomError as exc:
        return error_response(429 if exc.code in OVER_CAP else 503, exc.code, exc.message)
    if seated is None:
        return JSONResponse({"room": writer.id, "link": f"/r/{writer.id}"})
    answer: QuickSeat = {"room": writer.id, "link": f"/r/{writer.id}", "seat": seated.seat,
                         "credential": seated.credential, "commitment": seated.commitment}
    return JSONResponse(answer, status_code=201)


async def lobby_list(request: Request) -> Response:
    """``GET /api/lobby``: ``{"tables": [...]}``, the open tables as listed now."""
    lobby: Lobby = request.app.state.lobby
    await lobby.refresh()
    return Response(lobby.body(), media_type="application/json", headers={"cache-control": "no-cache"})


async def lobby_events(request: Request) -> Response:
    """``GET /api/lobby/events``: the list as server-sent events, then its changes."""
    lobby: Lobby = request.app.state.lobby
    if len(lobby.subscribers) >= MAX_STREAMS:
        response = error_response(503, ErrorCode.SERVER_FULL, "too many lists are watched; try again later")
        response.headers["retry-after"] = "10"
        return response
    queue = lobby.subscribe()

    async def stream() -> AsyncIterator[bytes]:
        try:
            yield b"retry: 2000\n\n"
            while True:
                try:
                    yield await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield b": keep-alive\n\n"
        finally:
            lobby.unsubscribe(queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no"})


async def leave_room(request: Request) -> Response:
    """``POST /api/rooms/{room_id}/leave``: the seat's person leaves for good; 200, 403, 404, 422, 503."""
    room = await _held_room(request)
    if isinstance(room, Response):
        return room
    body = await _read_model(request, LeaveRoom)
    if isinstance(body, Response):
        return body
    seat = room.seat_of(body.credential)
    if seat is None:
        return error_response(403, ErrorCode.BAD_CREDENTIAL, "this credential opens no seat of this room")
    try:
        await request.app.state.rooms.leave(room, seat)
    except RoomError as exc:
        return error_response(404 if exc.code == ErrorCode.ROOM_NOT_FOUND else 503, exc.code, exc.message)
    return JSONResponse({"left": True})
