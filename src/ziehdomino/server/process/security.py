"""Security headers on every HTTP response, the same-site rule for every request that may
change something, and the Origin check (HTTP and WebSocket)."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..protocol.codes import ErrorCode

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
                           "form-action 'self'")

#: Added to every HTTP response (pages, API, static files, errors).
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


#: What an API answer that says nothing of caching gets, so going back asks again. Not
#: ``no-store``: with it, Chromium under Playwright never reported the answer finished.
API_CACHE_CONTROL = (b"cache-control", b"no-cache")


class SecurityHeadersMiddleware:
    """Pure ASGI middleware: adds :data:`SECURITY_HEADERS` to every HTTP response start, and
    :data:`API_CACHE_CONTROL` to an ``/api/`` answer that sets no ``Cache-Control`` itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in SECURITY_HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                if api and not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append(API_CACHE_CONTROL)
                message = {**message, "headers": headers + list(SECURITY_HEADERS)}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """True when an ``Origin`` names the host it was sent to (host and port, case-insensitive;
    not the scheme, which a TLS proxy changes). A missing Origin or Host is refused."""
    if not origin or not host:
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        return False
    return parts.netloc.lower() == host.strip().lower()


#: Methods that change nothing here; every other one must come from the site's own page.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def cross_site_refusal(method: str, headers: Headers) -> tuple[int, ErrorCode, str] | None:
    """Why a request may not change anything, as (status, code, message), by the rule of
    docs/protocol.md (403 ``cross_site``, 415 ``bad_request``); None when it may."""
    if method in SAFE_METHODS:
        return None
    site = headers.get("sec-fetch-site")
    origin = headers.get("origin")
    if (site is not None and site != "same-origin") or (origin is None and site is None) or \
            (origin is not None and not origin_allowed(origin, headers.get("host"))):
        return 403, ErrorCode.CROSS_SITE, "a request that changes something must come from this site's own page"
    media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        return 415, ErrorCode.BAD_REQUEST, "the body must be JSON (Content-Type: application/json)"
    return None


class SameSiteMiddleware:
    """Pure ASGI middleware: refuses what :func:`cross_site_refusal` refuses, before any route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            refusal = cross_site_refusal(scope["method"], Headers(scope=scope))
            if refusal is not None:
                status, code, message = refusal
                await JSONResponse({"code": code, "message": message}, status_code=status)(scope, receive, send)
                return
        await self.app(scope, receive, send)
