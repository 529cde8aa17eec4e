"""The online rooms server: an ASGI app on Starlette, served by uvicorn. Its parts, by idea:

* :mod:`.core` -- rooms as values, the changes to them, one writer per room, its connections' outboxes, the rooms held.
* :mod:`.protocol` -- what crosses the wire: codes, outgoing shapes and texts, incoming messages.
* :mod:`.sockets` -- the WebSocket endpoint, each socket's frames, what is pushed unstored.
* :mod:`.tables` -- open tables, "Schnell spielen" and the live list "Offene Tische".
* :mod:`.http` -- the ASGI app, its routes and pages.
* :mod:`.process` -- the serving process: options, connections before the app, security and rate limits, collector, logs.
* :mod:`.storage` -- where rooms (and profiles) are kept: SQLite, PostgreSQL, in memory.
* :mod:`.people` -- people live outside the room: profiles without an account (later levels, friends).

The contract with the browser is ``docs/protocol.md``.
"""

from .http.app import create_app, serve
from .process.settings import Settings

__all__ = ["Settings", "create_app", "serve"]
