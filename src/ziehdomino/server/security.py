"""Security headers on every HTTP response, and the WebSocket Origin check."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

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


class SecurityHeadersMiddleware:
    """Pure ASGI middleware: adds :data:`SECURITY_HEADERS` to every HTTP response start."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in SECURITY_HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": headers + list(SECURITY_HEADERS)}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """True when a WebSocket's ``Origin`` names the host it connected to.

    The scheme is not compared (behind a TLS proxy the page is ``https`` while the proxied
    request is not); host and port are, case-insensitively. A missing Origin or Host is refused:
    browsers always send one, and other clients can.
    """
    if not origin or not host:
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        return False
    return parts.netloc.lower() == host.strip().lower()
