"""The HTTP API of rooms: create, summarise, join, a finished round's record and the list of
rounds, the invitation's QR code (docs/protocol.md). Bodies are JSON of at most
:data:`MAX_BODY` bytes; an error is ``{"code", "message"}`` with its status.
"""

from __future__ import annotations

import re
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ... import constants
from ..core.replays import ReplayError, round_number
from ..core.rooms import RoomError, Rooms, RoomWriter
from ..process.ratelimit import Limiter
from ..protocol.codes import ErrorCode
from ..protocol.models import CreateRoom, JoinRoom, first_error
from ..protocol.wire import CreatedRoom, ErrorBody, JoinedRoom
from .invite import invitation_link, qr_svg

ModelT = TypeVar("ModelT", bound=BaseModel)

#: Largest request body read (bytes); more is 413 ``too_large``.
MAX_BODY = constants.MAX_MESSAGE
_ROOM_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def error_response(status: int, code: ErrorCode, message: str | None = None) -> JSONResponse:
    body: ErrorBody = {"code": code}
    if message:
        body["message"] = message
    return JSONResponse(body, status_code=status)


async def round_list(request: Request) -> Response:
    """``GET /api/rooms/{room_id}/runden``: ``{"room", "rounds": [{"round", "starter", "kind",
    "winners", "pips"}]}`` for every finished round (the room's statistics); 404 ``room_not_found``, 503."""
    room = await _held_room(request)
    if isinstance(room, Response):
        return room
    return JSONResponse(room.round_list(), headers={"cache-control": "no-cache"})


async def round_replay(request: Request) -> Response:
    """``GET /api/rooms/{room_id}/runde/{n}``: 200 ``{"room", "round", "seats", "record"}``
    (docs/replay.md); 404 ``room_not_found`` / ``round_not_found``; 409 ``round_in_progress``; 503."""
    room = await _held_room(request)
    if isinstance(room, Response):
        return room
    try:
        body = room.replay(round_number(request.path_params["n"]))
    except ReplayError as exc:
        return error_response(exc.status, exc.code, exc.message)
    return JSONResponse(body, headers={"cache-control": "no-cache"})


async def _read_json_body(request: Request) -> bytes | None:
    """The request body, or None when it is larger than :data:`MAX_BODY`."""
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > MAX_BODY):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return bytes(body)


def _validation_error(exc: ValidationError) -> JSONResponse:
    loc, message = first_error(exc)
    if loc[:1] == ("name",):
        return error_response(422, ErrorCode.INVALID_NAME, message)
    return error_response(422, ErrorCode.BAD_REQUEST, f"{'.'.join(map(str, loc))}: {message}" if loc else message)


def client_address(request: Request) -> str:
    """The client's address: the connecting one, or behind ``--proxy`` the one it forwards."""
    return request.client.host if request.client else "unknown"


#: The refusals of an address's caps, answered 429.
OVER_CAP = frozenset({ErrorCode.TOO_MANY_ROOMS, ErrorCode.TOO_MANY_SEATS})


def _unknown_room(request: Request) -> JSONResponse:
    """The answer to a request naming a room that does not exist: 404, or 429 once this address
    has named too many unknown rooms within a minute (probing for ids)."""
    limiter: Limiter = request.app.state.limiter
    address = client_address(request)
    if limiter.allow_miss(address):
        return error_response(404, ErrorCode.ROOM_NOT_FOUND, "no such room")
    response = error_response(429, ErrorCode.RATE_LIMITED, "too many unknown rooms asked for from this address; wait a minute")
    response.headers["retry-after"] = str(limiter.retry_after(address, "miss"))
    return response


def _rate_limited(request: Request) -> JSONResponse | None:
    """None when this address may create or join now; else the 429 answer with ``Retry-After``."""
    limiter: Limiter = request.app.state.limiter
    address = client_address(request)
    if limiter.allow_request(address):
        return None
    response = error_response(429, ErrorCode.RATE_LIMITED, "too many rooms or joins from this address; wait a minute")
    response.headers["retry-after"] = str(limiter.retry_after(address))
    return response


async def _read_model(request: Request, model: type[ModelT]) -> ModelT | Response:
    """The request body validated as ``model``, or the error response to send (413 or 422)."""
    body = await _read_json_body(request)
    if body is None:
        return error_response(413, ErrorCode.TOO_LARGE, f"a request body holds at most {MAX_BODY} bytes")
    try:
        return model.model_validate_json(body)
    except ValidationError as exc:
        return _validation_error(exc)


async def create_room(request: Request) -> Response:
    """``POST /api/rooms``: 201 ``{"room", "link", "seat": 0, "credential"}``."""
    if (limited := _rate_limited(request)) is not None:  # a cross-site request never gets here (security.py)
        return limited
    spec = await _read_model(request, CreateRoom)
    if isinstance(spec, Response):
        return spec
    rooms: Rooms = request.app.state.rooms
    try:
        room, credential = await rooms.create(spec, client_address(request))
    except RoomError as exc:
        return error_response(429 if exc.code in OVER_CAP else 503, exc.code, exc.message)
    created: CreatedRoom = {"room": room.id, "link": f"/r/{room.id}", "seat": 0, "credential": credential}
    return JSONResponse(created, status_code=201)


async def find_room(request: Request) -> RoomWriter | None:
    """The room of the path, taken by this process if need be (:meth:`Rooms.find`); None when
    no such room is stored.

    Raises:
        RoomError: ``room_moved`` (another process kept it), ``server_error``.
    """
    room_id = request.path_params["room_id"]
    if not _ROOM_ID.fullmatch(room_id):
        return None
    rooms: Rooms = request.app.state.rooms
    return await rooms.find(room_id)


async def _held_room(request: Request) -> RoomWriter | Response:
    """The room of the path (:func:`find_room`), or the answer when there is none: 404
    ``room_not_found``, or 503 when it cannot be reached just now."""
    try:
        room = await find_room(request)
    except RoomError as exc:
        return _unavailable(exc)
    return _unknown_room(request) if room is None else room


def _unavailable(exc: RoomError) -> JSONResponse:
    """503 for a room that cannot be reached just now, with ``Retry-After: 1``."""
    response = error_response(503, exc.code, exc.message)
    response.headers["retry-after"] = "1"
    return response


async def room_summary(request: Request) -> Response:
    """``GET /api/rooms/{room_id}``: the public summary, or 404 ``room_not_found``, 503."""
    room = await _held_room(request)
    if isinstance(room, Response):
        return room
    try:
        return JSONResponse(room.summary())
    except RoomError as exc:  # it ended meanwhile
        return error_response(404, exc.code, exc.message)


async def invite_qr(request: Request) -> Response:
    """``GET /r/{room_id}/qr.svg``: the room's invitation link as a QR code (SVG), or 404, 503."""
    room = await _held_room(request)
    if isinstance(room, Response):
        return room
    svg = qr_svg(invitation_link(str(request.base_url), room.id), "QR-Code des Einladungslinks")
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": "private, max-age=3600"})


async def join_room(request: Request) -> Response:
    """``POST /api/rooms/{room_id}/join``: 201 ``{"seat", "credential"}``; 403, 404, 409 ``room_full`` and
    ``already_seated``, 415, 422, 429 ``too_many_seats``, 503."""
    room = await _held_room(request)
    if isinstance(room, Response):
        return room
    if (limited := _rate_limited(request)) is not None:
        return limited
    spec = await _read_model(request, JoinRoom)
    if isinstance(spec, Response):
        return spec
    try:
        seated = await request.app.state.rooms.join(room, spec.name, spec.contributed(), holder=spec.holder,
                                                    address=client_address(request))
    except RoomError as exc:
        status = {ErrorCode.ROOM_FULL: 409, ErrorCode.STALE_VERSION: 409, ErrorCode.ALREADY_SEATED: 409,
                  ErrorCode.TOO_MANY_SEATS: 429, ErrorCode.ROOM_NOT_FOUND: 404}.get(exc.code, 503)
        return error_response(status, exc.code, exc.message)
    joined: JoinedRoom = {"seat": seated.seat, "credential": seated.credential, "commitment": seated.commitment}
    return JSONResponse(joined, status_code=201)
