"""A WebSocket's frames written with the server's own ASGI ``send`` and read with its own
``receive``, past Starlette's wrappers.

Starlette hands an endpoint a ``send`` wrapped once per layer (the WebSocket's state check,
the exception handler's bookkeeping), and every state pushed to every seat goes through all
of them: about 5 µs a frame, a few percent of an action's CPU at four frames an action; its
``receive`` checks the state of the socket on every message. :class:`RawSocketMiddleware`,
the app's outermost middleware of its own, keeps the ``send`` and ``receive`` it was given
(the server's, for a WebSocket: no layer outside it wraps one) in the scope; :func:`text_writer`
writes through the one, :func:`text_reader` reads through the other. The WebSocket's own state
machine is still Starlette's: the hello, accept and close go through it; a frame written after
the close raises from the server's ``send`` (uvicorn's), as it would from Starlette's.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketState

from ..core.connection import Writer

#: The scope keys of the server's own ``send`` and ``receive`` of a WebSocket.
RAW_SEND = "ziehdomino.raw_send"
RAW_RECEIVE = "ziehdomino.raw_receive"


class RawSocketMiddleware:
    """Pure ASGI middleware: keeps a WebSocket's ``send`` and ``receive`` in ``scope[RAW_SEND]``
    and ``scope[RAW_RECEIVE]``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[RAW_SEND] = send
            scope[RAW_RECEIVE] = receive
        await self.app(scope, receive, send)


def text_writer(ws: WebSocket) -> Writer:
    """A function that writes one text frame to the accepted ``ws``.

    Raises:
        RuntimeError: the app was built without :class:`RawSocketMiddleware`.
    """
    send = ws.scope.get(RAW_SEND)
    if send is None:
        raise RuntimeError("the app needs RawSocketMiddleware (server.app.create_app installs it)")

    def write(text: str) -> Coroutine[Any, Any, None]:
        return send({"type": "websocket.send", "text": text})  # type: ignore[no-any-return]

    return write


#: Reads a WebSocket's next message: its text, or its bytes (:func:`text_reader`).
Reader = Callable[[], Coroutine[Any, Any, str | bytes]]


class Disconnected(Exception):
    """The client went away (a ``websocket.disconnect`` was read)."""


def text_reader(ws: WebSocket) -> Reader:
    """A function that reads the accepted ``ws``'s next message: its text (or bytes). A
    disconnect raises :class:`Disconnected` and marks the WebSocket's client side gone, as
    Starlette's own ``receive`` does.

    Raises:
        RuntimeError: the app was built without :class:`RawSocketMiddleware`.
    """
    receive = ws.scope.get(RAW_RECEIVE)
    if receive is None:
        raise RuntimeError("the app needs RawSocketMiddleware (server.app.create_app installs it)")

    async def read() -> str | bytes:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            ws.client_state = WebSocketState.DISCONNECTED
            raise Disconnected
        text = message.get("text")
        return text if text is not None else (message.get("bytes") or b"")

    return read
