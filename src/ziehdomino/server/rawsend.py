"""A WebSocket's frames written with the server's own ASGI ``send``, past Starlette's wrappers.

Starlette hands an endpoint a ``send`` wrapped once per layer (the WebSocket's state check,
the exception handler's bookkeeping), and every state pushed to every seat goes through all
of them: about 5 µs a frame, a few percent of an action's CPU at four frames an action.
:class:`RawSendMiddleware`, the app's outermost middleware of its own, keeps the ``send`` it
was given (the server's, for a WebSocket: no layer outside it wraps one) in the scope, and
:func:`text_writer` writes through it. The WebSocket's own state machine is still Starlette's:
accept and close go through it; a frame written after the close raises from the server's
``send`` (uvicorn's), as it would from Starlette's.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from .connection import Writer

#: The scope key of the server's own ``send`` of a WebSocket.
RAW_SEND = "ziehdomino.raw_send"


class RawSendMiddleware:
    """Pure ASGI middleware: keeps a WebSocket's ``send`` in ``scope[RAW_SEND]``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[RAW_SEND] = send
        await self.app(scope, receive, send)


def text_writer(ws: WebSocket) -> Writer:
    """A function that writes one text frame to the accepted ``ws``.

    Raises:
        RuntimeError: the app was built without :class:`RawSendMiddleware`.
    """
    send = ws.scope.get(RAW_SEND)
    if send is None:
        raise RuntimeError("the app needs RawSendMiddleware (server.app.create_app installs it)")

    def write(text: str) -> Coroutine[Any, Any, None]:
        return send({"type": "websocket.send", "text": text})  # type: ignore[no-any-return]

    return write
