"""The ASGI app: pages, the HTTP API, the WebSocket route, start-up and shutdown; the routes are
those of docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute

from ..core.replays import ReplayError, round_number
from ..core.room import Room
from ..core.rooms import RoomError, Rooms
from ..people.book import ProfileBook
from ..process import gate, heap, quiet
from ..process.ratelimit import Limiter
from ..process.security import SameSiteMiddleware, SecurityHeadersMiddleware
from ..process.settings import Settings
from ..protocol.codes import ErrorCode
from ..protocol.wire import Health, Serving
from ..sockets.rawsocket import RawSocketMiddleware
from ..sockets.reactions import Reactions
from ..sockets.ws import websocket_endpoint
from ..storage import RoomStorage, open_storage
from ..tables.lobby import Lobby
from ..tables.openseats import OpenSeats
from ..tables.quickplay import QuickPlay
from .api import (client_address, create_room, error_response, find_room, invite_qr, join_room, room_summary,
                  round_list, round_replay)
from .lobbyapi import LOBBY_EVENTS, leave_room, lobby_events, lobby_list, quick_play
from .profileapi import ROUTES as PROFILE_ROUTES
from .pages import CachedStaticFiles, error_page, page, page_response, service_worker_text, web_version

log = logging.getLogger("ziehdomino.server")

_ROOM_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")

def not_found_page(web_dir: Path, kind: ErrorCode = ErrorCode.NOT_FOUND) -> HTMLResponse:
    """The 404 page for ``kind`` (an unknown path or room), with the site's header."""
    return error_page(web_dir, kind, 404)


async def service_worker(request: Request) -> Response:
    """``GET /sw.js``: the service worker, stamped with the app's version."""
    settings: Settings = request.app.state.settings
    text = service_worker_text(settings.web_dir, request.app.state.web_version)
    if text is None:
        return not_found_page(settings.web_dir)
    return Response(text, media_type="text/javascript; charset=utf-8", headers={"cache-control": "no-cache"})


async def room_page(request: Request) -> Response:
    """``GET /r/{room_id}``: the room page for a known room, else the 404 (or 429) page; served
    too when the room cannot be looked up just now (the page retries by itself)."""
    try:
        held = await find_room(request)
    except RoomError:
        return page_response(request, "room.html")
    if held is None:
        return _unknown_room_page(request)
    return page_response(request, "room.html", room_classes(held.room))


def room_classes(room: Room) -> list[str]:
    """The room page's state as body classes, the ones page-room.js keeps current."""
    classes = [f"seats-{room.players}"]
    if room.started:
        classes.append("started")
    if not room.full:
        classes.append("joinable")
    if room.state.public and not room.started:
        classes.append("open-table")
    return classes


#: The error page for a replay that cannot be shown, by the status of the refusal.
ROUND_PAGE_ERRORS = {409: ErrorCode.ROUND_IN_PROGRESS, 404: ErrorCode.ROUND_NOT_FOUND}


async def round_page(request: Request) -> Response:
    """``GET /r/{room_id}/runde/{n}``: a finished round's replay page, else 404 or 409."""
    try:
        room = await find_room(request)
    except RoomError:  # not reachable just now: the page asks the API itself
        return page_response(request, "replay.html", ["has-round"])
    web_dir = request.app.state.settings.web_dir
    if room is None:
        return _unknown_room_page(request)
    try:
        room.replay(round_number(request.path_params["n"]))
    except ReplayError as exc:
        return error_page(web_dir, ROUND_PAGE_ERRORS[exc.status], exc.status)
    return page_response(request, "replay.html", ["has-round"])


async def replay_page(request: Request) -> Response:
    """``GET /ansehen``: the replay page, for a local round (``?lokal=n``) or a file."""
    return page_response(request, "replay.html", ["has-round" if "lokal" in request.query_params else "open-file"])


async def health(request: Request) -> Response:
    """``GET /api/health``: 200, or 503 when the storage does not answer (docs/deploy.md)."""
    rooms: Rooms = request.app.state.rooms
    ok = await rooms.storage.healthy()
    ownership = getattr(rooms.storage, "ownership", None)
    body: Health = {"ok": ok, "process": request.app.state.settings.process_name, "rooms": len(rooms.rooms),
            "refused_writes": 0 if ownership is None else ownership.refused, "late_writes": rooms.late_writes,
            "given_up": 0 if ownership is None else ownership.given_up}
    return JSONResponse(body, status_code=200 if ok else 503)


async def serving(request: Request) -> Response:
    """``GET /api/health/serving``, the proxy's check: 200 while this process can serve its
    rooms, else 503 (docs/deploy.md)."""
    ok = await request.app.state.rooms.storage.serving()
    answer: Serving = {"ok": ok}
    return JSONResponse(answer, status_code=200 if ok else 503)


_LOOPBACK = frozenset({"127.0.0.1", "::1"})


async def debug_metrics(request: Request) -> Response:
    """``GET /api/debug/metrics?since=N``: server-side action timings (metrics on, loopback only);
    422 ``bad_request`` when N is not 0-18 ASCII digits."""
    metrics = request.app.state.rooms.metrics
    if metrics is None or request.client is None or request.client.host not in _LOOPBACK:
        return error_response(404, ErrorCode.NOT_FOUND)
    since = request.query_params.get("since", "0")
    if not (since.isascii() and since.isdigit() and len(since) <= 18):  # "²".isdigit() is true
        return error_response(422, ErrorCode.BAD_REQUEST, "since is a whole number of samples (0-18 ASCII digits)")
    return JSONResponse(metrics.since(int(since)))


def _unknown_room_page(request: Request) -> HTMLResponse:
    """:func:`_unknown_room` for a page: the 404 page, or 429 past the miss limit."""
    limiter: Limiter = request.app.state.limiter
    address = client_address(request)
    web_dir = request.app.state.settings.web_dir
    if limiter.allow_miss(address):
        return not_found_page(web_dir, ErrorCode.ROOM_NOT_FOUND)
    response = error_page(web_dir, ErrorCode.RATE_LIMITED, 429)
    response.headers["retry-after"] = str(limiter.retry_after(address, "miss"))
    return response


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        code = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED}.get(exc.status_code, ErrorCode.BAD_REQUEST)
        return error_response(exc.status_code, code)
    if exc.status_code == 404:
        return not_found_page(request.app.state.settings.web_dir)
    return Response(status_code=exc.status_code, headers=getattr(exc, "headers", None))


async def _server_error(request: Request, exc: Exception) -> Response:
    log.error("request %s %s failed: %r", request.method, request.url.path, exc)
    if request.url.path.startswith("/api/"):
        return error_response(500, ErrorCode.SERVER_ERROR)
    return error_page(request.app.state.settings.web_dir, ErrorCode.SERVER_ERROR, 500)


async def _cleanup_loop(rooms: Rooms, profiles: ProfileBook, interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            gone = await rooms.cleanup()
            if gone:
                log.info("cleaned up %d old rooms", len(gone))
            await profiles.sweep()  # the keys sealed under expired device codes
        except Exception:
            log.exception("cleanup failed")


def create_app(settings: Settings, storage: RoomStorage | None = None) -> Starlette:
    """The app for ``settings`` (``storage``: one already built); storage opens and rooms
    resume when its lifespan starts.

    Raises (at start):
        StorageUnavailable: the storage cannot be opened.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        quiet_frames = quiet.install()
        store = storage if storage is not None else open_storage(settings)
        rooms = Rooms(store, settings)
        lobby = Lobby.listening_to(rooms)
        OpenSeats.listening_to(rooms)
        quick = QuickPlay(rooms, lobby, settings.quick_wait)
        rooms.listeners.append(quick)
        app.state.lobby, app.state.quick = lobby, quick
        app.state.reactions = Reactions()
        await store.start(rooms.let_go)
        count = await rooms.load()
        app.state.rooms = rooms
        app.state.profiles = ProfileBook(store.profiles)
        rooms.resume()
        log.info("%s: %d %s resumed from %s", settings.process_name, count, "room" if count == 1 else "rooms",
                 store.where)
        loop = asyncio.get_running_loop()
        cleanup = loop.create_task(_cleanup_loop(rooms, app.state.profiles, settings.cleanup_interval))
        collector = loop.create_task(heap.keep())  # after the rooms are loaded: they are frozen first
        reporter = loop.create_task(quiet.report(quiet_frames))
        try:
            yield
        finally:
            cleanup.cancel()
            reporter.cancel()
            collector.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await collector  # unfreezes the heap
            lobby.close()
            await rooms.close()
            await store.close()
            quiet.remove(quiet_frames)

    routes = [
        Route("/", page("index.html")),
        Route("/lokal", page("local.html")),
        Route("/regeln", page("rules.html")),
        Route("/aufgaben", page("puzzles.html")),
        Route("/r/{room_id}", room_page),
        Route("/r/{room_id}/runde/{n}", round_page),
        Route("/ansehen", replay_page),
        Route("/r/{room_id}/qr.svg", invite_qr),
        Route("/zuschauen", page("watch.html")),
        Route("/profil", page("profile.html")),
        Route("/p/{profile_id}", page("player.html")),
        Route("/sw.js", service_worker),
        Route("/api/health", health),
        Route("/api/health/serving", serving),
        Route("/api/debug/metrics", debug_metrics),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/quick", quick_play, methods=["POST"]),
        Route("/api/lobby", lobby_list),
        Route(LOBBY_EVENTS, lobby_events),
        Route("/api/rooms/{room_id}", room_summary),
        Route("/api/rooms/{room_id}/join", join_room, methods=["POST"]),
        Route("/api/rooms/{room_id}/leave", leave_room, methods=["POST"]),
        Route("/api/rooms/{room_id}/runde/{n}", round_replay),
        Route("/api/rooms/{room_id}/runden", round_list),
        *(Route(path, endpoint, methods=methods) for path, endpoint, methods in PROFILE_ROUTES),
        WebSocketRoute("/ws/{room_id}", websocket_endpoint),
        Mount("/static", CachedStaticFiles(directory=settings.web_dir, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, middleware=_middleware(settings), lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _server_error})
    app.state.settings = settings
    app.state.web_version = web_version(settings.web_dir)
    app.state.limiter = Limiter(per_second=settings.ws_rate, per_minute=settings.http_rate,
                                misses_per_minute=settings.miss_rate, connects_per_minute=settings.ws_connect_rate,
                                sockets_per_address=settings.max_sockets_per_address)
    return app


def _middleware(settings: Settings) -> list[Middleware]:
    """The app's middleware, outermost first: the host check sits inside the security headers
    (its 400 carries them) and before everything else; no ``www`` redirect."""
    return [Middleware(RawSocketMiddleware), Middleware(SecurityHeadersMiddleware),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts), www_redirect=False),
            Middleware(SameSiteMiddleware), Middleware(GZipMiddleware, minimum_size=500)]


#: How uvicorn runs the app (``bench server`` runs its floor with the same options); :func:`serve`
#: puts the gate's subclasses of the two protocols named here in their place (:mod:`.gate`).
UVICORN_OPTIONS: dict[str, Any] = {"loop": "uvloop", "http": "httptools", "ws": "websockets-sansio",
                                   "ws_max_size": 64 * 1024, "ws_per_message_deflate": False,
                                   "timeout_graceful_shutdown": 5, "server_header": False}


#: The collector's thresholds in a serving process (``gc.set_threshold``): nearly everything an
#: action makes is freed by reference counting, and the default (700) walked the young objects
#: of every connection many times a second under load.
GC_THRESHOLDS: tuple[int, int, int] = (50_000, 20, 10)


def serve(settings: Settings, *, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info",
          access_log: bool = False) -> None:
    """Run the app with uvicorn until SIGINT or SIGTERM.

    Raises:
        StorageUnavailable: found before listening.
    """
    import uvicorn

    logging.basicConfig(level=getattr(logging, log_level.upper(), logging.INFO),
                        format=f"%(asctime)s %(levelname)s {settings.process_name} %(name)s: %(message)s")
    gc.set_threshold(*GC_THRESHOLDS)
    storage = open_storage(settings)  # the SQLite folder's lock is taken here, before listening
    if settings.database is not None:
        from ..storage.postgres import check_reachable

        asyncio.run(check_reachable(settings.database))  # a wrong address is one line, not a traceback
    # Wrapped once more so that even a response built by Starlette's outermost error handler
    # carries the security headers (the middleware replaces, never duplicates, them).
    # Forwarded headers only from ``--proxy``: uvicorn's default trusts 127.0.0.1.
    forwarded: dict[str, Any] = {"proxy_headers": settings.proxy is not None, "forwarded_allow_ips": settings.proxy or ""}
    if not access_log:  # uvicorn writes a line per WebSocket handshake even so: one per tab opened
        logging.getLogger("uvicorn.error").addFilter(quiet.without_socket_access)
    log.info("answering for the hosts %s (--allowed-hosts); any other Host gets 400", ", ".join(settings.allowed_hosts))
    http, ws = gate.protocols(_gate(settings), endless=frozenset({LOBBY_EVENTS}))
    # log_config=None: uvicorn's lines go through the root logger, formatted like every other
    uvicorn.run(SecurityHeadersMiddleware(create_app(settings, storage)), host=host, port=port, log_level=log_level,
                access_log=access_log, log_config=None, **forwarded, **{**UVICORN_OPTIONS, "http": http, "ws": ws,
                                                                   "ws_per_message_deflate": settings.ws_compression})


def _gate(settings: Settings) -> gate.Gate:
    """The connection rules of this process (:mod:`.gate`), its open-file limit raised first."""
    before, after = gate.raise_open_file_limit()
    exempt = frozenset(a.strip() for a in (settings.proxy or "").split(",") if a.strip())
    rules = gate.Gate(open_files=after, per_address=settings.max_connections_per_address,
                      request_timeout=settings.request_timeout, exempt=exempt)
    log.info("open files: %d (soft limit %s); connections at most %d, %d of them kept for addresses holding "
             "fewer than %d; %d per address%s; a request within %g s", after,
             f"raised from {before}" if after > before else "unchanged", rules.capacity, rules.reserve, gate.SMALL,
             rules.per_address, f" (not the proxy's, {', '.join(sorted(exempt))})" if exempt else "",
             rules.request_timeout)
    return rules
