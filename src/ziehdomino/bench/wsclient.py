"""A lean WebSocket client for ``bench server``, so that the client costs far less than the
server it measures: a hand-written upgrade, raw frames read from the buffer, sent with an
all-zero mask key (RFC 6455 5.3 allows any; zero needs no copy). No fragmentation; pings
answered; per-message compression only when asked for.
"""

from __future__ import annotations

import asyncio
import base64
import os
import zlib
from collections.abc import Callable
from typing import Any, cast

_OP_TEXT = 0x1
_OP_CLOSE = 0x8
_OP_PING = 0x9
_ZERO_MASK = b"\x00\x00\x00\x00"


def frame(payload: bytes, opcode: int = _OP_TEXT) -> bytes:
    """One final client frame of ``payload``."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 65536:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    return head + _ZERO_MASK + payload


class Seat(asyncio.Protocol):
    """One WebSocket connection: ``on_text(seat, payload)`` for every text frame. Await
    :attr:`opened`: True once upgraded, False if refused or closed first."""

    def __init__(self, host: str, port: int, path: str, hello: bytes,
                 on_text: Callable[[Seat, bytes], None], *, deflate: bool = False) -> None:
        offer = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n" if deflate else ""
        self.request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                        f"Sec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n{offer}\r\n").encode()
        self.inflate: Any = None  # the decompressor, once the server agreed to compress
        self.hello = hello
        self.on_text = on_text
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.upgraded = False
        self.closed = False
        self.opened: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        # the benchmark's bookkeeping
        self.seat_no = -1
        self.room: Any = None
        self.acted = -1
        self.lite: dict[str, Any] | None = None
        self.received = 0  # bytes after the upgrade, headers included

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.opened.done():
            self.opened.set_result(False)

    def send(self, payload: bytes) -> None:
        """Write one text frame (dropped once closed)."""
        if not self.closed and self.transport is not None:
            self.transport.write(frame(payload))

    def close(self) -> None:
        if self.transport is not None and not self.closed:
            self.transport.write(frame(b"\x03\xe8", _OP_CLOSE))
            self.transport.close()
        self.closed = True

    def data_received(self, data: bytes) -> None:
        if self.upgraded:
            self.received += len(data)
        buf = self.buf
        buf += data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buf.startswith(b"HTTP/1.1 101"):
                self.close()
                if not self.opened.done():
                    self.opened.set_result(False)
                return
            if b"permessage-deflate" in bytes(buf[:end]).lower():
                self.inflate = zlib.decompressobj(-zlib.MAX_WBITS)  # reads any smaller window too
            del buf[:end + 4]
            self.upgraded = True
            self.send(self.hello)
            if not self.opened.done():
                self.opened.set_result(True)
        pos = 0
        size = len(buf)
        while size - pos >= 2:
            n = buf[pos + 1] & 0x7F
            head = 2
            if n == 126:
                if size - pos < 4:
                    break
                n = int.from_bytes(buf[pos + 2:pos + 4], "big")
                head = 4
            elif n == 127:
                if size - pos < 10:
                    break
                n = int.from_bytes(buf[pos + 2:pos + 10], "big")
                head = 10
            if size - pos < head + n:
                break
            first = buf[pos]
            opcode = first & 0x0F
            payload = bytes(buf[pos + head:pos + head + n])
            pos += head + n
            if opcode == _OP_TEXT:
                if first & 0x40 and self.inflate is not None:  # RSV1: a compressed message
                    payload = self.inflate.decompress(payload + b"\x00\x00\xff\xff")
                self.on_text(self, payload)
            elif opcode == _OP_PING:
                self.send_pong(payload)
            elif opcode == _OP_CLOSE:
                self.close()
                break
        if pos:
            del buf[:pos]

    def send_pong(self, payload: bytes) -> None:
        if not self.closed and self.transport is not None:
            self.transport.write(frame(payload, 0xA))
