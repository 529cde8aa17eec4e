"""A loopback TCP proxy that can be paused: a network that hangs instead of refusing.

While paused, nothing passes in either direction (what was read waits, the kernel's buffers
fill), connections stay open and new ones are accepted but carried nothing; on resume every
byte held goes on in order. It runs its own event loop on a thread of its own.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

HOST = "127.0.0.1"


class PausableProxy:
    """Forwards 127.0.0.1:``port`` to 127.0.0.1:``target_port``; :meth:`pause`, :meth:`resume`, :meth:`stop`."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._flowing: asyncio.Event | None = None
        self._server: asyncio.base_events.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def start(self) -> PausableProxy:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(timeout=10)
        return self

    async def _listen(self) -> None:
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._server = await asyncio.start_server(self._handle, HOST, 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self._flowing is not None
        await self._flowing.wait()
        try:
            up_reader, up_writer = await asyncio.open_connection(HOST, self.target_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self._flowing is not None
        try:
            while True:
                data = await reader.read(65536)
                await self._flowing.wait()
                if not data:
                    break
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            self._writers.discard(writer)
            writer.close()

    def _call(self, fn: Any) -> None:
        self._loop.call_soon_threadsafe(fn)

    def pause(self) -> None:
        assert self._flowing is not None
        self._call(self._flowing.clear)

    def resume(self) -> None:
        assert self._flowing is not None
        self._call(self._flowing.set)

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            for w in list(self._writers):
                w.close()
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(timeout=10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
        if not self._loop.is_running() and not self._loop.is_closed():
            # on a thread of its own: the caller may be an async test, inside a running loop
            finish = threading.Thread(target=self._finish)
            finish.start()
            finish.join()

    def _finish(self) -> None:
        """Closes the stopped loop: its async generators, then its tasks."""
        self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        for task in asyncio.all_tasks(self._loop):
            task.cancel()
        self._loop.run_until_complete(asyncio.sleep(0.05))
        self._loop.close()
