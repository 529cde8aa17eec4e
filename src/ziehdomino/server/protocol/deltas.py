"""Delta frames: what changed from one state of a room to the next, per viewer (docs/protocol.md,
"Delta frames", for the fields and how a client applies them).

:func:`delta_parts` compares both states field by field, for any change; :func:`act_parts`
makes the delta of one action from the act alone, with no view made (the tests hold both to
the same bytes). Fields are compared as sent, so a delta carries only what the full state would.
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

#: The view's lists that grow at their end (``append``) and start (``prepend``) within a round.
APPENDED: Final = frozenset({"log", "line"})
PREPENDED: Final = frozenset({"line"})
GROWING: Final = APPENDED | PREPENDED
#: The view's fields not compared as values: the growing lists (as JSON), a viewer's own.
_SKIPPED: Final = GROWING | frozenset(OWN_FIELDS)
#: The view's fields an act changes (compared with the values it gives).
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
        """``seat``'s delta (None: a spectator), or None when it needs the full state (it got
        no state at ``old.seq``)."""
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
        """A delta the same for every viewer, but the drawn tile for the seat that drew it."""
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
        """``(view field, append)`` for ``seat``'s changed hand, or None when the act says it."""
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
    say it."""
    if old.match is not None and new.match is old.match and new.stand_ins == old.stand_ins:
        return room_parts(old, new)
    return compared_parts(old, new)


def room_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta when both states show the same match and stand-in marks: only ROOMINFO can
    differ, so no view is made. None when ``new`` does not follow ``old``."""
    if new.seq != old.seq + 1 or old.room.keys() != new.room.keys():
        return None
    head = b'{"type":"delta","seq":%d' % new.seq + _room_part(old.room, new.room, None)
    return DeltaParts(old, new, None, head, b"", b"", told=True)


def compared_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta made by comparing both states field by field (an encoded part by identity, the
    log and line as JSON, an act's fields with the values it gives), or None when only a full
    state can say it."""
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
    """The delta when ``new`` is ``old`` after ``act``, one action of a round that goes on, made
    from the act and ROOMINFO alone (no view made). None when ``new`` does not follow ``old``."""
    if new.seq != old.seq + 1 or old.match is None or new.match is None or old.room.keys() != new.room.keys():
        return None
    head = b'{"type":"delta","seq":%d,"act":' % new.seq + orjson.dumps(act)
    head += _room_part(old.room, new.room, (old.match.round.turn, new.match.round.turn))
    return DeltaParts(old, new, act, head, b"", b"", told=True)


def _room_part(was: dict[str, Any], now: dict[str, Any], turns: tuple[Any, Any] | None) -> bytes:
    """A delta's ``room`` and ``seats`` members; with ``turns`` (before and after an act) the
    clock only when it is not the one the act gives."""
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
    """``(None, [[index, {field: value}], ...])`` for the seats that changed, or ``(after, b"")``
    when number or fields differ (sent whole)."""
    old, new = orjson.loads(orjson.dumps(before)), orjson.loads(orjson.dumps(after))
    if len(old) != len(new) or any(o.keys() != s.keys() for o, s in zip(old, new)):
        return after, b""
    changed = [[i, {k: v for k, v in s.items() if o[k] != v}] for i, (o, s) in enumerate(zip(old, new)) if o != s]
    return None, orjson.dumps(changed) if changed else b""


def _act(old: StateParts, new: StateParts) -> Act | None:
    """The act that takes ``old`` to ``new`` as :mod:`ziehdomino.engine.follow` writes it, or None."""
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
    """The items added at the start and end of a JSON list (``[]`` for none), compared as text,
    or None when it changed otherwise (sent whole)."""
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
    """The full state ``delta`` makes of ``state`` (both parsed), as a new dict; None when it
    does not apply (the client then sends ``sync``). The reference client; the browser's
    ``web/sessions/delta.js`` does the same.
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
    """The ROUND (:class:`~.wire.RoundSummary`) of the round ``view`` shows at its end, or None
    while it is played; a delta client adds it to its history itself."""
    result = view["result"]
    if result is None:
        return None
    return {"round": view["round_number"], "starter": view["starter"], "kind": result["kind"],
            "winners": result["winners"], "pips": view["pips"], "fair": view["fair"]}


def _room(room: dict[str, Any], delta: dict[str, Any]) -> None:
    """The delta's ROOMINFO and seat fields applied to ``room`` in place."""
    room.update(delta.get("room", {}))
    for i, fields in delta.get("seats", ()):
        room["seats"][i].update(fields)
