"""Delta frames: after its first full ``state``, a connection that asked for them gets only what
changed (docs/protocol.md, "Delta frames").

A delta goes from one state of a room (:class:`~.messages.StateParts`, numbered ``seq``) to the
next, for one viewer. It names the state it makes (``seq``); it applies to the state numbered
one less (a room numbers the states it makes one by one, and a delta always goes from the
state made last), and holds:

- ``act``: the action taken, when the change is one action of a round
  (:mod:`ziehdomino.engine.follow`): the client works out from it the log entry, the line, the
  version, the ends, the counts, the turn, the passes, the clock and its own hand after a play;
- ``room``: the ROOMINFO fields whose value changed (and is not the one the act gives), whole,
  but the seats;
- ``seats``: per seat (SEATINFO) that changed, its index and the fields that changed:
  ``[[i, {"ready": true}]]``;
- ``view``: the view's fields whose value changed (and is not the one the act gives), whole;
- ``append``: items added at the end of a list of the view (the log's new entries, the tiles
  played on the line's right end, the tile the viewer drew);
- ``prepend``: items added at the start of a list of the view (the tiles played on the left).

No delta carries ``legal``: the client works it out from the view's other fields
(:func:`ziehdomino.engine.follow.legal_of`), the same rule that makes it on the server.

Two ways make the same delta. :func:`delta_parts` compares both states field by field (and the
fields an act changes with the values it gives), for any change. :func:`act_parts` is the one for
an action of a round that goes on, the common change: the act and ROOMINFO's changes only, with no
view or hand made for either state; the delta tests hold it to :func:`delta_parts`' bytes.

A client applies a delta only to the state numbered ``seq - 1`` (:func:`apply_delta`), and the
result is exactly the next full state, key order included. Every field is compared as the
value it is sent as, so a delta can only carry what the viewer's full state carries: the leak
rules of the view hold for deltas as they are. Where no delta can say the change (the view
appears or goes, the message's fields differ) the viewer gets the full state instead.
"""

from __future__ import annotations

import copy
from typing import Any, Final

import orjson

from ...engine.follow import (FOLLOWED, Act, act_of, clock_after, entry_of, follow, followed, hand_after, legal_of,
                             placed, played)
from ...engine.tiles import format_tile
from .messages import OWN_FIELDS, StateParts, field_key

Seat = int

#: What a hello's ``deltas`` says to ask for this form of delta frames.
DELTA_FORM: Final = 2

#: The view's lists that grow at their end within a round (``append``): the log, the line
#: (the state keeps both as JSON).
APPENDED: Final = frozenset({"log", "line"})
#: The view's lists that grow at their start within a round (``prepend``): the line.
PREPENDED: Final = frozenset({"line"})
GROWING: Final = APPENDED | PREPENDED
#: The view's fields not compared as values: the growing lists (as JSON), a viewer's own.
_SKIPPED: Final = GROWING | frozenset(OWN_FIELDS)
#: The view's fields an act changes (compared with the values it gives), and those it never does.
_FOLLOWED: Final = frozenset(FOLLOWED)


class DeltaParts:
    """What the delta from ``old`` to ``new`` holds for every viewer (encoded once per change),
    and each viewer's delta text (:meth:`text`)."""

    __slots__ = ("old", "new", "act", "_head", "_view", "_tail", "_plain", "_texts", "_told")

    def __init__(self, old: StateParts, new: StateParts, act: Act | None, head: bytes, view: bytes,
                 tail: bytes, told: bool = False) -> None:
        self.old, self.new, self.act = old, new, act
        self._head, self._view, self._tail = head, view, tail
        self._told = told  # the same change for every viewer (act_parts, or the room alone)
        self._plain: str | None = None  # the text for a viewer whose hand did not change
        self._texts: dict[Seat | None, str] = {}

    def text(self, seat: Seat | None) -> str | None:
        """``seat``'s delta (None: a spectator), or None when that viewer needs the full state
        (the old state never encoded its own fields: it got no state at ``old.seq``)."""
        text = self._texts.get(seat)
        if text is not None:
            return text
        if not self.old.has_own(seat):
            return None
        if self._told:
            return self._act_text(seat)
        old, new = self.old.own(seat), self.new.own(seat)
        # own fields: (you, seat, hand, legal), or (you,) before the first round
        own = self._hand(seat, old[2], new[2]) if len(new) > 2 and old[2] != new[2] else None
        if own is None:
            if self._plain is None:
                view = b',"view":{' + self._view + b"}" if self._view else b""
                self._plain = (self._head + view + self._tail + b"}").decode()
            text = self._plain
        else:
            view_field, appended = own
            view = b",".join(p for p in (self._view, view_field) if p)
            text = (self._head + (b',"view":{' + view + b"}" if view else b"") + self._tail + appended
                    + b"}").decode()
        self._texts[seat] = text
        return text

    def _act_text(self, seat: Seat | None) -> str:
        """An act's delta for ``seat`` (:func:`act_parts`), or one of the room alone: the same for
        every viewer, but the tile drawn, which goes to the seat that drew it."""
        act = self.act
        self.new.told(seat)
        if act is not None and act[0] == seat and act[1] == "draw" and seat is not None:
            match = self.new.match
            assert match is not None
            tile = orjson.dumps(format_tile(match.round.hands[seat][-1]))
            text = (self._head + b',"append":{"hand":[' + tile + b"]}}").decode()
        else:
            if self._plain is None:
                self._plain = (self._head + b"}").decode()
            text = self._plain
        self._texts[seat] = text
        return text

    def _hand(self, seat: Seat | None, before: bytes, after: bytes) -> tuple[bytes, bytes] | None:
        """How ``seat``'s changed hand goes in its delta: ``(view field, append)``, or None when
        the act says it (the seat played that tile)."""
        act = self.act
        if act is not None:
            if played(act) is not None and act[0] == seat:
                if orjson.dumps(hand_after(orjson.loads(before), act, seat)) == after:
                    return None
            elif not self._tail and after.startswith(before[:-1]) and before != b"[]" \
                    and after[len(before) - 1:len(before)] == b",":
                # a drawn tile: added at the hand's end
                return b"", b',"append":{"hand":[' + after[len(before):] + b"}"
        return b'"hand":' + after, b""


def delta_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta from ``old`` to ``new`` for every viewer, or None when only a full state can
    say it: :func:`room_parts` when both show the same round as it was, else
    :func:`compared_parts`."""
    if old.match is not None and new.match is old.match and new.stand_ins == old.stand_ins:
        return room_parts(old, new)
    return compared_parts(old, new)


def room_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta from ``old`` to ``new`` when both show the same match value and stand-in marks
    (a ready mark, presence, a contribution changed): only ROOMINFO can differ, so neither
    state's view nor any viewer's own fields are made. The bytes are :func:`compared_parts`'
    for the same change. None when ``new`` is not the state made after ``old``."""
    if new.seq != old.seq + 1 or old.room.keys() != new.room.keys():
        return None
    head = b'{"type":"delta","seq":%d' % new.seq + _room_part(old.room, new.room, None)
    return DeltaParts(old, new, None, head, b"", b"", told=True)


def compared_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta from ``old`` to ``new`` for every viewer, made by comparing them field by
    field, or None when only a full state can say it (the view appears or goes, ROOMINFO or the
    view do not have the same fields in the same order, ``new`` is not the state made after
    ``old``). Fields are compared as values (an encoded part, such as the seats, by identity:
    the writer keeps it while it stays the same), the log and the line as JSON; with an act,
    the fields it changes are compared with the values it gives."""
    # the same names: each part comes from one function that writes them in one order
    if new.seq != old.seq + 1 or (old.view is None) != (new.view is None) or old.room.keys() != new.room.keys():
        return None
    if old.view is not None and new.view is not None and old.view.keys() != new.view.keys():
        return None
    head = b'{"type":"delta","seq":%d' % new.seq
    act = _act(old, new)
    turns = None  # an act's turn before and after it
    view: list[bytes] = []
    tail = b""
    if act is not None:
        assert old.view is not None and new.view is not None
        head += b',"act":' + orjson.dumps(act)
        gives = followed(old.view, act)
        changed = {}
        for k, v in new.view.items():
            if k in _FOLLOWED:
                if v != gives[k]:
                    changed[k] = v
            elif k not in _SKIPPED and v is not old.view[k] and v != old.view[k]:
                changed[k] = v
        turns = (old.view["turn"], gives["turn"])
        if changed:
            view.append(orjson.dumps(changed)[1:-1])
    elif old.view is not None and new.view is not None:
        was_view = old.view
        changed = {k: v for k, v in new.view.items() if k not in _SKIPPED and v is not was_view[k] and v != was_view[k]}
        if changed:
            view.append(orjson.dumps(changed)[1:-1])
        append: list[bytes] = []
        prepend: list[bytes] = []
        for name, before, after in (("log", old.log, new.log), ("line", old.line, new.line)):
            if before == after:
                continue
            grown = _grown(name, before, after)
            if grown is None:
                view.append(field_key(name) + after)
                continue
            if grown[0] != b"[]":
                prepend.append(field_key(name) + grown[0])
            if grown[1] != b"[]":
                append.append(field_key(name) + grown[1])
        if append:
            tail += b',"append":{' + b",".join(append) + b"}"
        if prepend:
            tail += b',"prepend":{' + b",".join(prepend) + b"}"
    head += _room_part(old.room, new.room, turns)
    return DeltaParts(old, new, act, head, b",".join(view), tail)


def act_parts(old: StateParts, new: StateParts, act: Act) -> DeltaParts | None:
    """The delta from ``old`` to ``new`` when ``new`` is ``old`` after ``act``, one action of a
    round that goes on (:attr:`.changes.Step.act`), made from the act alone: neither state's view
    nor any viewer's own fields are made. What the client works out from the act
    (:func:`ziehdomino.engine.follow.follow`) is the engine's own change, held equal to it by
    the delta tests and vectors; ROOMINFO is compared as :func:`delta_parts` does (the clock
    with the one the act gives). The bytes are :func:`delta_parts`' for the same change. None
    when ``new`` is not the state made after ``old``."""
    if new.seq != old.seq + 1 or old.match is None or new.match is None or old.room.keys() != new.room.keys():
        return None
    head = b'{"type":"delta","seq":%d,"act":' % new.seq + orjson.dumps(act)
    head += _room_part(old.room, new.room, (old.match.round.turn, new.match.round.turn))
    return DeltaParts(old, new, act, head, b"", b"", told=True)


def _room_part(was: dict[str, Any], now: dict[str, Any], turns: tuple[Any, Any] | None) -> bytes:
    """A delta's ``room`` and ``seats`` members (to follow its head): ROOMINFO's fields whose
    value changed from ``was`` to ``now``, the seats as the fields that changed; with ``turns``
    (the turn before and after an act) the clock only when it is not the one the act gives."""
    room = {k: v for k, v in now.items() if v is not was[k] and v != was[k]}
    if turns is not None and "clock" in now:
        clock = was["clock"] if turns[1] == turns[0] else clock_after(was, turns[1])
        if now["clock"] == clock:
            room.pop("clock", None)
        else:
            room["clock"] = now["clock"]
    seats = _seats(was.get("seats"), room.pop("seats")) if "seats" in room else None
    if seats is not None and seats[0] is not None:
        room["seats"] = seats[0]
    part = b',"room":' + orjson.dumps(room) if room else b""
    if seats is not None and seats[1]:
        part += b',"seats":' + seats[1]
    return part


def _seats(before: Any, after: Any) -> tuple[Any, bytes]:
    """ROOMINFO's ``seats`` changed from ``before`` to ``after`` (lists of SEATINFO, or their JSON
    as ``orjson.Fragment``): ``(None, [[index, {field: value}], ...])``, the fields that changed
    per seat that changed; or ``(after, b"")`` when the seats are not the same in number and
    fields (sent whole)."""
    old, new = orjson.loads(orjson.dumps(before)), orjson.loads(orjson.dumps(after))
    if len(old) != len(new) or any(o.keys() != s.keys() for o, s in zip(old, new)):
        return after, b""
    changed = [[i, {k: v for k, v in s.items() if o[k] != v}] for i, (o, s) in enumerate(zip(old, new)) if o != s]
    return None, orjson.dumps(changed) if changed else b""


def _act(old: StateParts, new: StateParts) -> Act | None:
    """The act that takes ``old`` to ``new`` (one log entry added, the line grown by the tile
    it played, if any, exactly as :mod:`ziehdomino.engine.follow` writes them), or None."""
    if old.view is None or new.view is None or len(new.log) <= len(old.log):
        return None
    grown = (b"[]", new.log) if old.log == b"[]" else _grown("log", old.log, new.log)
    if grown is None or grown[0] != b"[]":
        return None
    entries = orjson.loads(grown[1])
    if len(entries) != 1:
        return None
    act = act_of(entries[0])
    ends = old.view["ends"]
    if act is None or list(entry_of(act, ends).items()) != list(entries[0].items()):
        return None
    where = placed(act, ends)
    if where is None:
        return act if new.line == old.line else None
    item = orjson.dumps([where[1]])
    if old.line == b"[]":
        return act if new.line == item else None
    line = _grown("line", old.line, new.line)
    want = (item, b"[]") if where[0] == "left" else (b"[]", item)
    return act if line == want else None


def _grown(name: str, before: bytes, after: bytes) -> tuple[bytes, bytes] | None:
    """``after`` as ``before`` with items added at its start and end, as the two JSON lists
    of those items (``[]`` for none), or None (the list changed otherwise: sent whole).

    Compared as JSON text: ``before`` without its closing bracket ends where its last item
    ends, so ``after`` starting with it and going on with a comma holds every item of
    ``before`` and more; the same from the other end for a start.
    """
    if before == b"[]" or not after.startswith(b"["):
        return None
    if name in APPENDED and len(after) > len(before) and after.startswith(before[:-1]) \
            and after[len(before) - 1:len(before)] == b",":
        return b"[]", b"[" + after[len(before):]
    if name in PREPENDED and len(after) > len(before) and after.endswith(before[1:]) \
            and after[-len(before):-len(before) + 1] == b",":
        return after[:-len(before)] + b"]", b"[]"
    return None


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any] | None:
    """The full state (a parsed ``state`` message) that ``delta`` (a parsed ``delta`` message)
    makes of ``state``, as a new dict; None when ``delta`` does not apply to ``state`` (its
    ``seq`` is not one more than ``state``'s, or it changes a view that ``state`` has not, or its
    act is not one): then the client asks for the full state (``{"type": "sync"}``), it never
    guesses.

    The reference for every client (the browser's ``web/sessions/delta.js`` does the same): the
    act first (:func:`ziehdomino.engine.follow.follow`), then the fields named, then the lists
    extended, then ``legal`` worked out. Fields keep their order, so the result encodes to the
    server's full text byte for byte.
    """
    seq = delta.get("seq")
    if not isinstance(seq, int) or not isinstance(state.get("seq"), int) or seq != state["seq"] + 1:
        return None
    view = state.get("view")
    if view is None and any(k in delta for k in ("act", "view", "append", "prepend")):
        return None
    out = copy.deepcopy(state)
    out["seq"] = delta["seq"]
    if view is not None:
        v = out["view"]
        if "act" in delta:
            try:
                follow(out["room"], v, delta["act"])
            except (ValueError, TypeError, IndexError, KeyError):
                return None
        _room(out["room"], delta)
        v.update(delta.get("view", {}))
        for name, items in delta.get("append", {}).items():
            v[name] = v[name] + items
        for name, items in delta.get("prepend", {}).items():
            v[name] = items + v[name]
        v["legal"] = legal_of(v)
    else:
        _room(out["room"], delta)
    return out


def round_of(view: dict[str, Any]) -> dict[str, Any] | None:
    """The line of the ``history`` (a ROUND, :class:`~.wire.RoundSummary`) of the round that
    ``view`` (a parsed view) shows at its end, or None while it is played. What
    :func:`.replays.summary_of` makes of the match then, read off the view: a client that takes
    delta frames adds it to the history it holds when a state shows a round's end that the
    history lacks, and gets no ``history`` message then."""
    result = view["result"]
    if result is None:
        return None
    return {"round": view["round_number"], "starter": view["starter"], "kind": result["kind"],
            "winners": result["winners"], "pips": view["pips"], "fair": view["fair"]}


def _room(room: dict[str, Any], delta: dict[str, Any]) -> None:
    """The delta's ROOMINFO fields and the changed fields of its seats applied to ``room``
    (in place)."""
    room.update(delta.get("room", {}))
    for i, fields in delta.get("seats", ()):
        room["seats"][i].update(fields)
