"""Outgoing messages as JSON text: ``state``, ``history``, ``error`` (shapes in :mod:`.wire`,
not validated). A ``state`` carries one viewer's :func:`~ziehdomino.engine.seat_view` only, so
hidden tiles reach only the seat that holds them.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from ...engine import Match
from ...engine.tiles import format_oriented
from ...engine.view import own_fields, public_view
from .wire import ErrorMessage, HistoryMessage, RoundSummary, SeatInfo

Seat = int

PONG: Final = '{"type":"pong"}'
"""The answer to a ``ping`` (a :class:`~.wire.PongMessage`)."""

#: The view's fields that differ per viewer (:func:`~ziehdomino.engine.view.with_seat`).
OWN_FIELDS: Final = ("seat", "hand", "legal")


def state_texts(room_id: str, seat_infos: list[SeatInfo] | orjson.Fragment, match: Match | None,
                viewers: list[Seat | None], *, room_extra: dict[str, Any] | None = None,
                stand_ins: list[int] | None = None, seq: int = 0) -> dict[Seat | None, str]:
    """The ``state`` message (:class:`~.wire.StateMessage`) per viewer (None: a spectator), as
    compact JSON text. ``seat_infos`` may come already encoded (an ``orjson.Fragment``);
    ``match`` is None before the first round; ``room_extra`` are more ROOMINFO fields;
    ``stand_ins`` index the log entries marked ``"stand_in": true``. A room keeps a
    :class:`StateEncoder` instead, which does not encode again what it already has.
    """
    parts = StateEncoder().parts(room_id, seat_infos, match, room_extra=room_extra, stand_ins=stand_ins, seq=seq)
    return {s: parts.text(s) for s in viewers}


class StateParts:
    """One state of a room: ROOMINFO's fields before ``you`` (``room``) and the public view
    (``view``, made when first asked: a change sent as an act never needs it), with a
    placeholder where a viewer's own fields (:data:`OWN_FIELDS`) go. Own fields are encoded per
    viewer on demand and kept, so the next delta can compare them; a change never alters a
    match in place, so an older state can still be asked.
    """

    __slots__ = ("seq", "room", "_view", "_log", "_line", "_stand_ins", "_pieces", "_match", "_encoder", "_own",
                 "_told", "_texts")

    def __init__(self, seq: int, room: dict[str, Any], match: Match | None, stand_ins: list[int] | None,
                 encoder: StateEncoder) -> None:
        self.seq = seq
        self.room = room
        self._match = match
        self._stand_ins = stand_ins
        self._encoder = encoder
        self._view: dict[str, Any] | None = None
        self._log = self._line = b"[]"
        self._own: dict[Seat | None, tuple[bytes, ...]] = {}
        self._told: set[Seat | None] = set()  # viewers told this state as an act (their fields not encoded)
        self._texts: dict[Seat | None, str] = {}
        self._pieces: tuple[bytes, ...] | None = None  # the text, once a full state is asked for

    @property
    def view(self) -> dict[str, Any] | None:
        """The public view's fields (None before the first round), made when first asked for."""
        if self._view is None and self._match is not None:
            self._view, self._log, self._line = self._encoder.view_of(self._match, self._stand_ins)
        return self._view

    @property
    def log(self) -> bytes:
        """The round's log as JSON (``[]`` before the first round)."""
        return self._log if self.view is not None else b"[]"

    @property
    def line(self) -> bytes:
        """The line as JSON (``[]`` before the first round)."""
        return self._line if self.view is not None else b"[]"

    @property
    def stand_ins(self) -> list[int] | None:
        """The log entries a computer made for a person (:attr:`.roomstate.RoomState.stand_ins`)."""
        return self._stand_ins

    @property
    def match(self) -> Match | None:
        """The match this state shows (never changed once shown), None before the first round."""
        return self._match

    def told(self, seat: Seat | None) -> None:
        """``seat`` was sent this state without its own fields (an act it works out itself)."""
        self._told.add(seat)

    def own(self, seat: Seat | None) -> tuple[bytes, ...]:
        """``seat``'s own fields as JSON: ``you``, then with a view ``seat``, ``hand``, ``legal``."""
        fields = self._own.get(seat)
        if fields is None:
            if self._match is None:
                fields = (_seat_json(seat),)
            else:
                fields = self._encoder.own_fields(self._match, seat)
            self._own[seat] = fields
        return fields

    def has_own(self, seat: Seat | None) -> bool:
        """Whether ``seat`` was sent this state, in full or as an act."""
        return seat in self._own or seat in self._told

    def text(self, seat: Seat | None) -> str:
        """The ``state`` message for ``seat`` (None: a spectator)."""
        text = self._texts.get(seat)
        if text is None:
            pieces = self._pieces
            if pieces is None:
                head = orjson.dumps({"type": "state", "seq": self.seq, "room": {**self.room, "you": _SLOT}})
                pieces = self._pieces = (head[:head.index(b"\0")], *self._encoder.view_pieces(self.view))
            text = self._texts[seat] = _joined(pieces, self.own(seat))
        return text


class StateEncoder:
    """Encodes one room's states (:class:`StateParts`), keeping what repeats: the view while the
    match object, its version and the stand-in marks stay the same, and the log's bytes so far
    (entries never change once made), so each entry is encoded once, not once per seat.
    """

    __slots__ = ("_count", "_last", "_marks", "_body", "_view_of", "_view", "_view_pieces", "_log", "_line_text",
                 "_idle", "_line")

    def __init__(self) -> None:
        self._count = 0  # how many entries of the round's log are encoded
        self._last: object = None  # the last entry encoded
        self._marks: frozenset[int] = frozenset()  # the stand-in marks among the entries encoded
        self._body = bytearray()  # the entries so far, comma-separated, without the brackets
        self._view_of: tuple[Match, int, tuple[int, ...]] | None = None  # (match, version, marks) of _view
        self._view: dict[str, Any] = {}  # the public view's fields (own: a placeholder; log, line: JSON)
        self._view_pieces: tuple[object, tuple[bytes, ...]] = (None, ())  # (view, its text split at own fields)
        self._log = self._line_text = b"[]"  # the view's log and line as JSON
        self._idle: dict[Seat, tuple[tuple[Any, ...], tuple[bytes, ...]]] = {}  # a seat not to act: (hand, fields)
        self._line: tuple[int, object, object, bytes] | None = None  # (length, first, last tile, JSON)

    def log_json(self, match: Match, stand_ins: list[int] | None) -> bytes:
        """The round's ``log`` field as JSON bytes (entries from ``stand_ins`` marked)."""
        log = match.round.log or []
        count = self._count
        marks = frozenset(i for i in stand_ins or () if i < count)
        # A room's next value copies the log but shares its entries: the same entry at the last
        # encoded place means the same log, grown; a new round or a rebuilt match starts over.
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

    def parts(self, room_id: str, seat_infos: list[SeatInfo] | orjson.Fragment, match: Match | None, *,
              room_extra: dict[str, Any] | None = None, stand_ins: list[int] | None = None,
              seq: int = 0) -> StateParts:
        """The room's state now, field by field (the arguments of :func:`state_texts`)."""
        room = {"room": room_id, "seats": seat_infos, **(room_extra or {})}
        return StateParts(seq, room, match, stand_ins, self)

    def view_pieces(self, view: dict[str, Any] | None) -> tuple[bytes, ...]:
        """The text after the room's fields, split where own fields go, encoded once per view."""
        if view is None:
            return _NO_VIEW
        kept = self._view_pieces
        if kept[0] is not view:
            pieces = orjson.dumps(view).split(b"\0")
            kept = self._view_pieces = (view, (b'},"view":' + pieces[0], *pieces[1:-1], pieces[-1] + b"}"))
        return kept[1]

    def texts(self, room_id: str, seat_infos: list[SeatInfo] | orjson.Fragment, match: Match | None,
              viewers: list[Seat | None], *, room_extra: dict[str, Any] | None = None,
              stand_ins: list[int] | None = None, seq: int = 0) -> dict[Seat | None, str]:
        """:func:`state_texts` (the same arguments, the same texts)."""
        parts = self.parts(room_id, seat_infos, match, room_extra=room_extra, stand_ins=stand_ins, seq=seq)
        return {s: parts.text(s) for s in viewers}

    def own_fields(self, match: Match, seat: Seat | None) -> tuple[bytes, ...]:
        """A viewer's ``you``, ``seat``, ``hand`` and ``legal`` as JSON; kept for a seat not to
        act while its hand stays the same (its fields follow from the hand alone)."""
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
        """The view's ``line`` as JSON; a line only grows at its ends, so the same length and end
        tile objects mean the same line."""
        line = match.round.line
        kept = self._line
        if kept is not None and kept[0] == len(line) and (not line or (kept[1] is line[0] and kept[2] is line[-1])):
            return kept[3]
        text = orjson.dumps([format_oriented(t) for t in line])
        self._line = (len(line), line[0] if line else None, line[-1] if line else None, text)
        return text

    def view_of(self, match: Match, stand_ins: list[int] | None) -> tuple[dict[str, Any], bytes, bytes]:
        """The public view's fields (own fields a placeholder) with the log's and line's JSON,
        kept while the match stays at the same version."""
        marks = tuple(stand_ins or ())
        cached = self._view_of
        if cached is None or cached[0] is not match or cached[1] != match.version or cached[2] != marks:
            self._log, self._line_text = self.log_json(match, stand_ins), self._line_json(match)
            view: dict[str, Any] = dict(public_view(match, log=orjson.Fragment(self._log),
                                                    line=orjson.Fragment(self._line_text)))
            view["seat"] = view["hand"] = view["legal"] = _SLOT
            self._view = view
            self._view_of = (match, match.version, marks)
        return self._view, self._log, self._line_text


#: The view's part of a state before the first round.
_NO_VIEW: Final = (b'},"view":null}',)

#: Where a viewer's own value goes in the shared text (split at the NUL byte).
_SLOT: Final[Any] = orjson.Fragment(b"\0")

_KEYS: dict[str, bytes] = {}


def field_key(name: str) -> bytes:
    """``"name":`` as JSON bytes (field names are plain ASCII words)."""
    key = _KEYS.get(name)
    if key is None:
        key = _KEYS[name] = b'"%s":' % name.encode()
    return key


#: A spectator's own fields: no seat, no hand, nothing to do.
_SPECTATOR: Final = (b"null", b"null", b"null", b"[]")

_SEATS_JSON: Final = tuple(str(seat).encode() for seat in range(8))


def _seat_json(seat: Seat | None) -> bytes:
    return b"null" if seat is None else _SEATS_JSON[seat] if seat < len(_SEATS_JSON) else str(seat).encode()


def _joined(pieces: tuple[bytes, ...], own: tuple[bytes, ...]) -> str:
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
    """The ``history`` message: the room's finished rounds, oldest first."""
    message: HistoryMessage = {"type": "history", "rounds": rounds}
    return _text(message)


def error_text(code: str, message: str) -> str:
    """The ``error`` message as JSON text; ``code`` from :data:`~.codes.ERROR_CODES`."""
    error: ErrorMessage = {"type": "error", "code": str(code), "message": message}
    return _text(error)
