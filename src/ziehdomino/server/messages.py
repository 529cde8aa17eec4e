"""Outgoing messages, encoded to JSON text: ``state``, ``history`` and ``error`` (docs/protocol.md).

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
                viewers: list[Seat | None], *, room_extra: dict[str, Any] | None = None,
                stand_ins: list[int] | None = None) -> dict[Seat | None, str]:
    """The ``state`` message for each viewer (a seat, or None for a spectator), as JSON text.

    Args:
        room_id: the room's id.
        seat_infos: SEATINFO per seat (docs/protocol.md), the same for every viewer.
        match: the room's match; None before the first round (``view`` is then null).
        viewers: the seats to encode for; duplicates are encoded once.
        room_extra: more ROOMINFO fields, the same for every viewer (``turn_time``, ``clock``),
            written between ``seats`` and ``you``.
        stand_ins: indices into the round's log of the moves a computer made for a person;
            those log entries get ``"stand_in": true`` (public: who made a move).

    Returns:
        Per viewer, exactly the text ``json.dumps`` would write for
        ``{"type": "state", "room": {"room", "seats", ..., "you"}, "view": VIEW}`` (compact
        separators, non-ASCII kept), encoded by ``orjson`` (a few microseconds per view, a
        tenth of the standard library's time). Each seat's view comes from :func:`seat_view`;
        the log entries a computer made for a person get ``"stand_in": true``.
    """
    extra = room_extra or {}
    out: dict[Seat | None, str] = {}
    for s in viewers:
        view = None if match is None else seat_view(match, s)
        if view is not None:
            log = view["log"]
            for i in stand_ins or ():
                if i < len(log):
                    log[i]["stand_in"] = True
        out[s] = _text({"type": "state", "room": {"room": room_id, "seats": seat_infos, **extra, "you": s},
                        "view": view})
    return out


def _text(value: Any) -> str:
    return orjson.dumps(value).decode()


def history_text(rounds: list[dict[str, Any]]) -> str:
    """The ``history`` message ``{"type": "history", "rounds": [...]}``: every finished round of
    the room, oldest first (``roomstate.round_summary``; public once a round is over)."""
    return _text({"type": "history", "rounds": rounds})


def error_text(code: str, message: str) -> str:
    """The ``error`` message ``{"type": "error", "code", "message"}`` as JSON text.

    ``code`` is one of :data:`~ziehdomino.server.codes.ERROR_CODES`; ``message`` an English
    sentence for people (clients decide on the code).
    """
    return _text({"type": "error", "code": str(code), "message": message})
