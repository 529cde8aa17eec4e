"""The online rooms server: an ASGI app on Starlette, served by uvicorn.

One module per idea, each readable top to bottom:

* :mod:`.settings` -- the options ``ziehdomino serve`` takes.
* :mod:`.models` -- names and every message a client may send, validated with pydantic.
* :mod:`.security` -- security headers on every HTTP response, the WebSocket Origin check.
* :mod:`.ratelimit` -- per-connection message buckets (``token_bucket``) and per-address limits (``limits``).
* :mod:`.store` -- the storage interface and the choice (``--database``) between:
* :mod:`.storage` -- rooms in SQLite, written before anything is announced (one process);
* :mod:`.postgres` -- rooms in PostgreSQL, shared by several processes, every write fenced;
* :mod:`.ownership` -- which process holds which room: leases, epochs, letting go.
* :mod:`.computer` -- a computer seat's choice, from its own seat's view only.
* :mod:`.credentials` -- room ids and seat credentials (random, stored hashed).
* :mod:`.connection` -- one WebSocket's outbox.
* :mod:`.metrics` -- server-side action timings for ``ziehdomino bench server``.
* :mod:`.rooms` -- rooms, seats, presence, and the one writer per room.
* :mod:`.ws` -- the WebSocket endpoint ``/ws/{room_id}``.
* :mod:`.app` -- pages, HTTP routes, start-up and shutdown; :func:`~.app.serve`.

The contract with the browser is ``docs/protocol.md``.
"""

from .app import create_app, serve
from .settings import Settings

__all__ = ["Settings", "create_app", "serve"]
