"""Outgoing messages, encoded to JSON text: ``state`` and ``error`` (docs/protocol.md).

Incoming messages are validated in :mod:`.models`; this module is its outgoing twin. Every
``state`` carries one viewer's :func:`~ziehdomino.engine.seat_view` and nothing else of the
match, so hidden tiles reach only the seat that holds them.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..engine import Match, seat_view

Seat = int

_encode: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode

PONG: Final = json.dumps({"type": "pong"})
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
        separators, non-ASCII kept). Each seat's view comes from :func:`seat_view` as always;
        only the encoding is shared: a value equal in every view (the line, the log, the
        counters, ...) is encoded once instead of once per seat.
    """
    head = '{"type":"state","room":{"room":' + _encode(room_id) + ',"seats":' + _encode(seat_infos) + ',"you":'
    if match is None:
        return {s: head + _encode(s) + '},"view":null}' for s in viewers}
    views = _encode_views([seat_view(match, s) for s in viewers])
    return {s: head + _encode(s) + '},"view":' + v + "}" for s, v in zip(viewers, views)}


def _encode_views(views: list[dict[str, Any]]) -> list[str]:
    """The JSON texts of ``views`` (as ``json.dumps`` writes them), shared values encoded once."""
    keys = tuple(views[0])
    if len(views) == 1 or any(tuple(v) != keys for v in views):
        return [_encode(v) for v in views]
    parts: list[list[str]] = [[] for _ in views]
    for key in keys:
        values = [v[key] for v in views]
        name = _encode(key) + ":"
        first = values[0]
        if all(type(x) is type(first) and x == first for x in values):
            text = name + _encode(first)
            for p in parts:
                p.append(text)
        else:
            for p, x in zip(parts, values):
                p.append(name + _encode(x))
    return ["{" + ",".join(p) + "}" for p in parts]


def error_text(code: str, message: str) -> str:
    """The ``error`` message ``{"type": "error", "code", "message"}`` as JSON text.

    ``code`` is one of :data:`~ziehdomino.server.codes.ERROR_CODES`; ``message`` an English
    sentence for people (clients decide on the code).
    """
    return json.dumps({"type": "error", "code": code, "message": message}, separators=(",", ":"))
