"""The HTTP routes of profiles (docs/protocol.md, "Profiles"; docs/profile.md); the key travels
in :data:`~..protocol.profiles.KEY_HEADER`, never in a URL. A refusal changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..people.book import PeopleError, ProfileBook, private_view
from ..people.ids import KEY
from ..process.ratelimit import Limiter
from ..protocol.codes import ErrorCode
from ..protocol.profiles import KEY_HEADER, DeletedProfile, EnterProfile, LinkDevice, RenameProfile
from .api import _rate_limited, _read_model, client_address, error_response
from .invite import qr_svg

log = logging.getLogger("ziehdomino.people")


def _book(request: Request) -> ProfileBook:
    book: ProfileBook = request.app.state.profiles
    return book


def _key(request: Request) -> str | Response:
    """The profile's key from its header, or the 401 ``bad_profile_key`` answer."""
    key = request.headers.get(KEY_HEADER, "")
    if not KEY.fullmatch(key):
        return error_response(401, ErrorCode.BAD_PROFILE_KEY,
                              "send the profile's key (32 lowercase hex digits) in the X-Ziehdomino-Profile header")
    return key


async def _answer(work: Callable[[], Awaitable[Response]]) -> Response:
    """``work``'s answer; a :class:`PeopleError` as its error body, a failing storage as 503."""
    try:
        return await work()
    except PeopleError as exc:
        return error_response(exc.status, exc.code, exc.message)
    except Exception as exc:
        log.error("a profile's storage failed: %r", exc)
        return error_response(503, ErrorCode.SERVER_ERROR, "storing failed; nothing was changed")


async def enter_profile(request: Request) -> Response:
    """``POST /api/profile``: 201 a new profile, 200 the one that key has already; 413, 415,
    422, 429, 503."""
    if (limited := _rate_limited(request)) is not None:
        return limited
    body = await _read_model(request, EnterProfile)
    if isinstance(body, Response):
        return body

    async def work() -> Response:
        view, made = await _book(request).enter(body.holder, body.name)
        return JSONResponse(view, status_code=201 if made else 200)
    return await _answer(work)


async def own_profile(request: Request) -> Response:
    """``GET /api/profile`` (key in the header): 200 ``{"id", "name", "created"}``; 401, 404, 503."""
    key = _key(request)
    if isinstance(key, Response):
        return key

    async def work() -> Response:
        return JSONResponse(private_view(await _book(request).mine(key)))
    return await _answer(work)


async def rename_profile(request: Request) -> Response:
    """``PATCH /api/profile``: 200 the renamed profile; 401, 404, 413, 415, 422, 429, 503."""
    key = _key(request)
    if isinstance(key, Response):
        return key
    if (limited := _rate_limited(request)) is not None:
        return limited
    body = await _read_model(request, RenameProfile)
    if isinstance(body, Response):
        return body

    async def work() -> Response:
        return JSONResponse(await _book(request).rename(key, body.name))
    return await _answer(work)


async def export_profile(request: Request) -> Response:
    """``GET /api/profile/export``: everything stored about the profile, as a download; 401, 404, 503."""
    key = _key(request)
    if isinstance(key, Response):
        return key

    async def work() -> Response:
        export = await _book(request).export(key)
        return Response(orjson.dumps(export, option=orjson.OPT_INDENT_2), media_type="application/json",
                        headers={"content-disposition": 'attachment; filename="ziehdomino-profil.json"',
                                 "cache-control": "no-store"})
    return await _answer(work)


async def delete_profile(request: Request) -> Response:
    """``DELETE /api/profile`` (key in the header): 200 ``{"deleted": true}``; 401, 404, 503."""
    key = _key(request)
    if isinstance(key, Response):
        return key

    async def work() -> Response:
        await _book(request).delete(key)
        deleted: DeletedProfile = {"deleted": True}
        return JSONResponse(deleted)
    return await _answer(work)


def device_link(base_url: str, code: str) -> str:
    """The page that takes a profile by ``code`` on another browser: ``/profil#code=ABCD-EFGH``
    (the code after ``#`` never reaches a server's log; the key is never in it)."""
    return f"{base_url.rstrip('/')}/profil#code={code}"


async def device_code(request: Request) -> Response:
    """``POST /api/profile/device-code``: 201 a new code (the earlier one void) with ``svg``, a QR
    code of :func:`device_link`; 401, 404, 429, 503."""
    key = _key(request)
    if isinstance(key, Response):
        return key
    if (limited := _rate_limited(request)) is not None:
        return limited

    async def work() -> Response:
        issued = await _book(request).issue_code(key)
        svg = qr_svg(device_link(str(request.base_url), issued["code"]), "QR-Code zum Weiterspielen auf einem anderen Gerät")
        return JSONResponse({**issued, "svg": svg.decode("utf-8")}, status_code=201)
    return await _answer(work)


async def link_device(request: Request) -> Response:
    """``POST /api/profile/device``: 200 the profile's key and view; 404 ``device_code_wrong``
    (counted), 410, 404 ``profile_not_found``, 413, 415, 422, 429, 503."""
    limiter: Limiter = request.app.state.limiter
    address = client_address(request)
    if limiter.codes_exhausted(address):
        response = error_response(429, ErrorCode.RATE_LIMITED, "too many wrong codes from this address; wait a while")
        response.headers["retry-after"] = str(limiter.retry_after(address, "code"))
        return response
    body = await _read_model(request, LinkDevice)
    if isinstance(body, Response):
        return body

    async def work() -> Response:
        try:
            return JSONResponse(await _book(request).link(body.code))
        except PeopleError as exc:
            if exc.code == ErrorCode.DEVICE_CODE_WRONG:
                limiter.wrong_code(address)
            raise
    return await _answer(work)


async def public_profile(request: Request) -> Response:
    """``GET /api/p/{profile_id}``: 200 the public view; 404 (counted as a miss), 429, 503."""
    limiter: Limiter = request.app.state.limiter

    async def work() -> Response:
        found = await _book(request).public(request.path_params["profile_id"])
        if found is not None:
            return JSONResponse(found)
        address = client_address(request)
        if limiter.allow_miss(address):
            return error_response(404, ErrorCode.PROFILE_NOT_FOUND, "no profile has this id")
        response = error_response(429, ErrorCode.RATE_LIMITED, "too many unknown names asked for from this address")
        response.headers["retry-after"] = str(limiter.retry_after(address, "miss"))
        return response
    return await _answer(work)


#: The routes of this module: (path, endpoint, methods).
ROUTES: list[tuple[str, Callable[[Request], Awaitable[Response]], list[str]]] = [
    ("/api/profile", enter_profile, ["POST"]),
    ("/api/profile", own_profile, ["GET"]),
    ("/api/profile", rename_profile, ["PATCH"]),
    ("/api/profile", delete_profile, ["DELETE"]),
    ("/api/profile/export", export_profile, ["GET"]),
    ("/api/profile/device-code", device_code, ["POST"]),
    ("/api/profile/device", link_device, ["POST"]),
    ("/api/p/{profile_id}", public_profile, ["GET"]),
]
