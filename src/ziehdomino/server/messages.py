"""Outgoing messages, encoded to JSON text: ``state``, ``history`` and ``error`` (docs/protocol.md).

Their shapes are the TypedDicts of :mod:`.wire` (``StateMessage``, ``HistoryMessage``,
``ErrorMessage``, ``PongMessage``); nothing is validated on the way out.

Incoming messages are validated in :mod:`.models`; this module is its outgoing twin. Every
``state`` carries one viewer's :func:`~ziehdomino.engine.seat_view` and nothing else of the
match, so hidden tiles reach only the seat that holds them.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from ..engine import Match
from ..engine.tiles import format_oriented
from ..engine.view import own_fields, public_view
from .wire import ErrorMessage, RoundSummary, SeatInfo

Seat = int

PONG: Final = '{"type":"pong"}'
"""The answer to a ``ping`` (a :class:`~.wire.PongMessage`)."""


def state_texts(room_id: str, seat_infos: list[SeatInfo] | orjson.Fragment, match: Match | None,
                viewers: list[Seat | None], *, room_extra: dict[str, Any] | None = None,
                stand_ins: list[int] | None = None) -> dict[Seat | None, str]:
    """The ``state`` message for each viewer (a seat, or None for a spectator), as JSON text.

    Args:
        room_id: the room's id.
        seat_infos: SEATINFO per seat (:class:`~.wire.SeatInfo`), the same for every viewer, or
            that list already encoded (an ``orjson.Fragment``).
        match: the room's match; None before the first round (``view`` is then null).
        viewers: the seats to encode for; duplicates are encoded once.
        room_extra: more ROOMINFO fields, the same for every viewer (``turn_time``, ``clock``),
            written between ``seats`` and ``you``.
        stand_ins: indices into the round's log of the moves a computer made for a person;
            those log entries get ``"stand_in": true`` (public: who made a move).

    Returns:
        Per viewer, exactly the text ``json.dumps`` would write for the
        :class:`~.wire.StateMessage` ``{"type": "state", "room": {"room", "seats", ..., "you"},
        "view": VIEW}`` (compact
        separators, non-ASCII kept), where VIEW is :func:`~ziehdomino.engine.seat_view` of that viewer with the
        stand-in marks. A room keeps a :class:`StateEncoder` instead, so that what it encoded
        for earlier changes is not encoded again.
    """
    return StateEncoder().texts(room_id, seat_infos, match, viewers, room_extra=room_extra, stand_ins=stand_ins)


class StateEncoder:
    """Encodes one room's ``state`` messages (:func:`state_texts`), keeping what repeats.

    Everything but a seat's number, hand and legal actions is the same for every viewer: it is
    encoded once per change, with a marker byte where each seat's own fields go (a NUL byte,
    which JSON text never holds unescaped), and each seat's text is those pieces joined with
    its own fields. The view's pieces and each seat's own fields depend on the match alone:
    they are kept while the match (the same object) is at the same version with the same
    stand-in marks, so a change of the room alone (a ready mark, a presence change) encodes
    only the room's part. A log entry never changes once made, so the round's log is encoded
    once per entry, not once per seat per action: the encoder keeps the log's bytes so far with
    the last entry they hold, and encodes only the entries added since; a log whose entry at
    that place is another one (a new round, a match rebuilt from its stored form), or a
    stand-in mark that changed on an encoded entry, starts it again from the first entry.
    """

    __slots__ = ("_count", "_last", "_marks", "_body", "_view_of", "_view", "_own", "_idle", "_line")

    def __init__(self) -> None:
        self._count = 0  # how many entries of the round's log are encoded
        self._last: object = None  # the last entry encoded
        self._marks: frozenset[int] = frozenset()  # the stand-in marks among the entries encoded
        self._body = bytearray()  # the entries so far, comma-separated, without the brackets
        self._view_of: tuple[Match, int, tuple[int, ...]] | None = None  # (match, version, marks) of _view
        self._view: list[bytes] = []  # the view's text split where a seat's own fields go
        self._own: dict[Seat | None, tuple[bytes, ...]] = {}  # each seat's own fields for _view
        self._idle: dict[Seat, tuple[tuple[Any, ...], tuple[bytes, ...]]] = {}  # a seat not to act: (hand, fields)
        self._line: tuple[int, object, object, bytes] | None = None  # (length, first, last tile, JSON)

    def log_json(self, match: Match, stand_ins: list[int] | None) -> bytes:
        """The round's ``log`` field as JSON bytes (entries from ``stand_ins`` marked)."""
        log = match.round.log or []
        count = self._count
        marks = frozenset(i for i in stand_ins or () if i < count)
        # The same entries, not the same list: a room's next value copies the log (the entries
        # are shared), so a log whose entry at the last encoded place is the one encoded last
        # goes on from there; a new round or a match rebuilt from its stored form does not.
        if len(log) < count or (count and log[count - 1] is not self._last) or marks != self._marks:
            self._body, count, marks = bytearray(), 0, frozenset()
        marked = set(stand_ins or ())
        body = self._body
        for i in range(count, len(log)):
            value = log[i].to_json()
            if i in marked:
                value["stand_in"] = True
                marks |= {i}
            if body:
                body += b","
            body += orjson.dumps(value)
        if len(log) > count:
            self._count, self._last = len(log), log[-1]
        self._marks = marks
        return b"[" + body + b"]"

    def texts(self, room_id: str, seat_infos: list[SeatInfo] | orjson.Fragment, match: Match | None,
              viewers: list[Seat | None], *, room_extra: dict[str, Any] | None = None,
              stand_ins: list[int] | None = None) -> dict[Seat | None, str]:
        """:func:`state_texts` (the same arguments, the same texts)."""
        room = orjson.dumps({"room": room_id, "seats": seat_infos, **(room_extra or {}), "you": _SLOT}).split(b"\0")
        if match is None:
            pieces = [_HEAD + room[0], room[1] + b',"view":null}']
            return {s: _joined(pieces, (_seat_json(s),)) for s in viewers}
        view = self._view_pieces(match, stand_ins)
        # the slots in the text's order: the room's "you", then the view's "seat", "hand" and
        # "legal" (docs/view.md's field order, which public_view keeps)
        pieces = [_HEAD + room[0], room[1] + b',"view":' + view[0], view[1], view[2], view[3] + b"}"]
        own = self._own
        out: dict[Seat | None, str] = {}
        for s in viewers:
            if s in out:
                continue
            fields = own.get(s)
            if fields is None:
                fields = own[s] = self._own_fields(match, s)
            out[s] = _joined(pieces, fields)
        return out

    def _own_fields(self, match: Match, seat: Seat | None) -> tuple[bytes, ...]:
        """A viewer's own fields as JSON: its number (twice: the room's ``you`` and the view's
        ``seat``), its hand and its legal actions. A seat that is not to act has none, so its
        fields follow from its hand alone and are kept while the hand stays the same (most
        actions change one seat's hand, or none)."""
        if seat is None:
            return _SPECTATOR
        r = match.round
        idle = r.result is not None or seat != r.turn
        key = tuple(r.hands[seat]) if idle and seat < len(r.hands) else None
        if key is not None:
            kept = self._idle.get(seat)
            if kept is not None and kept[0] == key:
                return kept[1]
        hand, legal = own_fields(match, seat)
        number = _seat_json(seat)
        fields = (number, number, orjson.dumps(hand), orjson.dumps(legal))
        if key is not None:
            self._idle[seat] = (key, fields)
        return fields

    def _line_json(self, match: Match) -> bytes:
        """The view's ``line`` as JSON bytes, kept while the line is the one encoded last: within a
        round a line only grows at its ends (a play adds a tile, a draw or a pass none), so the
        same length with the same first and last tile objects is the same line; a new round or a
        match rebuilt from its stored form starts shorter or with other objects."""
        line = match.round.line
        kept = self._line
        if kept is not None and kept[0] == len(line) and (not line or (kept[1] is line[0] and kept[2] is line[-1])):
            return kept[3]
        text = orjson.dumps([format_oriented(t) for t in line])
        self._line = (len(line), line[0] if line else None, line[-1] if line else None, text)
        return text

    def _view_pieces(self, match: Match, stand_ins: list[int] | None) -> list[bytes]:
        """The public view's text split at its three slots (the seat's number, hand, legal)."""
        marks = tuple(stand_ins or ())
        cached = self._view_of
        if cached is None or cached[0] is not match or cached[1] != match.version or cached[2] != marks:
            view = public_view(match, log=orjson.Fragment(self.log_json(match, stand_ins)),
                               line=orjson.Fragment(self._line_json(match)))
            view["seat"] = view["hand"] = view["legal"] = _SLOT
            self._view, self._own, self._view_of = orjson.dumps(view).split(b"\0"), {}, (match, match.version, marks)
        return self._view


#: A spectator's own fields: no seat, no hand, nothing to do.
_SPECTATOR: Final = (b"null", b"null", b"null", b"[]")

#: How every ``state`` message begins.
_HEAD: Final = b'{"type":"state","room":'


#: Where a viewer's own value goes in the shared text (the NUL byte splits it there). Typed Any:
#: it stands in for a field of any type (a seat, a hand, the legal actions).
_SLOT: Final[Any] = orjson.Fragment(b"\0")


_SEATS_JSON: Final = tuple(str(seat).encode() for seat in range(8))


def _seat_json(seat: Seat | None) -> bytes:
    return b"null" if seat is None else _SEATS_JSON[seat] if seat < len(_SEATS_JSON) else str(seat).encode()


def _joined(pieces: list[bytes], own: tuple[bytes, ...]) -> str:
    """The shared pieces with a viewer's own values between them, in order, as text."""
    if len(own) == 4:  # a view's four slots: written out, the common case
        p = pieces
        return b"".join((p[0], own[0], p[1], own[1], p[2], own[2], p[3], own[3], p[4])).decode()
    parts = [pieces[0]]
    for value, piece in zip(own, pieces[1:]):
        parts.append(value)
        parts.append(piece)
    return b"".join(parts).decode()


def _text(value: Any) -> str:
    return orjson.dumps(value).decode()


def history_text(rounds: list[RoundSummary]) -> str:
    """The ``history`` message (:class:`~.wire.HistoryMessage`): every finished round of the
    room, oldest first (:func:`.replays.round_summary`; public once a round is over)."""
    return _text({"type": "history", "rounds": rounds})


def error_text(code: str, message: str) -> str:
    """The ``error`` message ``{"type": "error", "code", "message"}`` as JSON text.

    ``code`` is one of :data:`~ziehdomino.server.codes.ERROR_CODES`; ``message`` an English
    sentence for people (clients decide on the code).
    """
    error: ErrorMessage = {"type": "error", "code": str(code), "message": message}
    return _text(error)
