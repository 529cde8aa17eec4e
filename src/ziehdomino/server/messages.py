"""Outgoing messages, encoded to JSON text: ``state`` and ``error`` (docs/protocol.md).

Incoming messages are validated in :mod:`.models`; this module is its outgoing twin. Every
``state`` carries one viewer's :func:`~ziehdomino.engine.seat_view` and nothing else of the
match, so hidden tiles reach only the seat that holds them.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from ..engine import Match, seat_view

Seat = int

PONG: Final = '{"type":"pong"}'
"""The answer to a ``ping``."""


def state_texts(room_id: str, seat_infos: list[dict[str, Any]], match: Match | None,
                viewers: list[Seat | None]) -> dict[Seat | None, str]:
    """The ``state`` message for each viewer (a seat, or None for a spectator), as JSON text.

    Args:
        room_id: the room's id.
        seat_infos: SEATINFO per seat (docs/protocol.md), the same for every viewer.
        match: the room's match; None before the first round (``view`` is then null).
        viewers: the seats to encode for; duplicates are encoded once.

    Returns:
        Per viewer, exactly the text ``json.dumps`` would write for
        ``{"type": "state", "room": {"room", "seats", "you"}, "view": VIEW}`` (compact
        separators, non-ASCII kept), encoded by ``orjson`` (a few microseconds per view, a
        tenth of the standard library's time). Each seat's view comes from :func:`seat_view`.
    """
    return {s: _text({"type": "state", "room": {"room": room_id, "seats": seat_infos, "you": s},
                      "view": None if match is None else seat_view(match, s)}) for s in viewers}


def _text(value: Any) -> str:
    return orjson.dumps(value).decode()


def error_text(code: str, message: str) -> str:
    """The ``error`` message ``{"type": "error", "code", "message"}`` as JSON text.

    ``code`` is one of :data:`~ziehdomino.server.codes.ERROR_CODES`; ``message`` an English
    sentence for people (clients decide on the code).
    """
    return _text({"type": "error", "code": str(code), "message": message})
