"""Outgoing messages, encoded to JSON text: ``state``, ``history`` and ``error`` (docs/protocol.md).

Incoming messages are validated in :mod:`.models`; this module is its outgoing twin. Every
``state`` carries one viewer's :func:`~ziehdomino.engine.seat_view` and nothing else of the
match, so hidden tiles reach only the seat that holds them.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from ..engine import Match
from ..engine.view import public_view, with_seat

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
        separators, non-ASCII kept), where VIEW is :func:`~ziehdomino.engine.seat_view` of that viewer with the
        stand-in marks. A room keeps a :class:`StateEncoder` instead, so that what it encoded
        for earlier changes is not encoded again.
    """
    return StateEncoder().texts(room_id, seat_infos, match, viewers, room_extra=room_extra, stand_ins=stand_ins)


class StateEncoder:
    """Encodes one room's ``state`` messages (:func:`state_texts`), keeping what repeats.

    Everything but a seat's number, hand and legal actions is the same for every viewer: it is
    built and encoded once per change, and each seat's text is that shared part with the
    seat's own fields (``orjson.Fragment`` splices the encoded parts in as they are). A log
    entry never changes once made, so each one is encoded once for the round, not once per
    seat per action: the encoder keeps every entry's bytes beside the entry object and its
    stand-in mark, and encodes again from the first entry that is not the same object (a new
    round, a match rebuilt after a failed store) or whose mark changed.
    """

    __slots__ = ("_entries",)

    def __init__(self) -> None:
        # (the log entry object, its stand-in mark, its JSON bytes), in log order
        self._entries: list[tuple[object, bool, bytes]] = []

    def log_json(self, match: Match, stand_ins: list[int] | None) -> bytes:
        """The round's ``log`` field as JSON bytes (entries from ``stand_ins`` marked)."""
        log = match.round.log or []
        cache = self._entries
        marked = frozenset(stand_ins) if stand_ins else frozenset()
        parts: list[bytes] = []
        for i, entry in enumerate(log):
            mark = i in marked
            if i < len(cache):
                known = cache[i]
                if known[0] is entry and known[1] == mark:
                    parts.append(known[2])
                    continue
                del cache[i:]
            value = entry.to_json()
            if mark:
                value["stand_in"] = True
            encoded = orjson.dumps(value)
            cache.append((entry, mark, encoded))
            parts.append(encoded)
        del cache[len(log):]
        return b"[" + b",".join(parts) + b"]"

    def texts(self, room_id: str, seat_infos: list[dict[str, Any]], match: Match | None,
              viewers: list[Seat | None], *, room_extra: dict[str, Any] | None = None,
              stand_ins: list[int] | None = None) -> dict[Seat | None, str]:
        """:func:`state_texts` (the same arguments, the same texts)."""
        room: dict[str, Any] = {"room": room_id, "seats": orjson.Fragment(orjson.dumps(seat_infos)),
                                **(room_extra or {}), "you": None}
        public = None
        if match is not None:
            shared = public_view(match, log=orjson.Fragment(self.log_json(match, stand_ins)))
            public = {k: orjson.Fragment(orjson.dumps(v)) if k in _ENCODED_ONCE else v for k, v in shared.items()}
        out: dict[Seat | None, str] = {}
        for s in viewers:
            if s in out:
                continue
            room["you"] = s
            view = None if match is None or public is None else with_seat(dict(public), match, s)
            out[s] = _text({"type": "state", "room": room, "view": view})
        return out


#: The shared view fields large enough to be worth encoding once for every viewer.
_ENCODED_ONCE: Final = frozenset({"line", "hands", "match", "result"})


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
