"""A WebSocket's frames written and read with the server's own ASGI ``send`` and ``receive``,
past Starlette's per-layer wrappers that every frame would cross. Accept and close still go
through Starlette's WebSocket.
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
    """A function that reads the accepted ``ws``'s next message (text or bytes); a disconnect
    raises :class:`Disconnected`, marking the client side gone as Starlette does.

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
