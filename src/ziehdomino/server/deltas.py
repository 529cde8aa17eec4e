"""Delta frames: after its first full ``state``, a connection that asked for them gets only what
changed (docs/protocol.md, "Delta frames").

A delta goes from one state of a room (:class:`~.messages.StateParts`, numbered ``seq``) to the
next, for one viewer. It names the state it applies to (``base``) and the state it makes
(``seq``), and holds:

- ``room``: the ROOMINFO fields whose value changed, each whole (the clock, the seats);
- ``view``: the view's fields whose value changed, each whole (the version, the ends, the
  counts, the turn, the result, ..., and the viewer's own ``hand`` and ``legal``);
- ``append``: items added at the end of a list of the view (the log's new entries, the tiles
  played on the line's right end);
- ``prepend``: items added at the start of a list of the view (the tiles played on the left).

A client applies a delta only to the state numbered ``base`` (:func:`apply_delta`), and the
result is exactly the next full state, key order included. Every field is compared as the
bytes it is sent as, so a delta can only carry what the viewer's full state carries: the leak
rules of the view hold for deltas as they are. Where no delta can say the change (the view
appears or goes, the message's fields differ) the viewer gets the full state instead.
"""

from __future__ import annotations

import copy
from typing import Any, Final

import orjson

from .messages import OWN_FIELDS, StateParts, field_key

Seat = int

#: The view's lists that grow at their end within a round (``append``): the log, the line
#: (the state keeps both as JSON).
APPENDED: Final = frozenset({"log", "line"})
#: The view's lists that grow at their start within a round (``prepend``): the line.
PREPENDED: Final = frozenset({"line"})
GROWING: Final = APPENDED | PREPENDED
#: The view's fields not compared as values: the growing lists (as JSON), a viewer's own.
_SKIPPED: Final = GROWING | frozenset(OWN_FIELDS)


class DeltaParts:
    """What the delta from ``old`` to ``new`` holds for every viewer (encoded once per change),
    and each viewer's delta text (:meth:`text`)."""

    __slots__ = ("old", "new", "_head", "_view", "_tail", "_plain", "_texts")

    def __init__(self, old: StateParts, new: StateParts, head: bytes, view: bytes, tail: bytes) -> None:
        self.old, self.new = old, new
        self._head, self._view, self._tail = head, view, tail
        self._plain: str | None = None  # the text for a viewer whose own fields did not change
        self._texts: dict[Seat | None, str] = {}

    def text(self, seat: Seat | None) -> str | None:
        """``seat``'s delta (None: a spectator), or None when that viewer needs the full state
        (the old state never encoded its own fields: it got no state at ``old.seq``)."""
        text = self._texts.get(seat)
        if text is not None:
            return text
        if not self.old.has_own(seat):
            return None
        old, new = self.old.own(seat), self.new.own(seat)
        # own fields: (you, seat, hand, legal), or (you,) before the first round
        hand = len(new) > 2 and old[2] != new[2]
        legal = len(new) > 3 and old[3] != new[3]
        if not hand and not legal:
            if self._plain is None:
                view = b',"view":{' + self._view + b"}" if self._view else b""
                self._plain = (self._head + view + self._tail + b"}").decode()
            text = self._plain
        else:
            own = [b'"hand":' + new[2]] if hand else []
            if legal:
                own.append(b'"legal":' + new[3])
            view = b",".join([self._view, *own]) if self._view else b",".join(own)
            text = (self._head + b',"view":{' + view + b"}" + self._tail + b"}").decode()
        self._texts[seat] = text
        return text


def delta_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta from ``old`` to ``new`` for every viewer, or None when only a full state can
    say it (the view appears or goes, ROOMINFO or the view do not have the same fields in the
    same order). Fields are compared as values (an encoded part, such as the seats, by
    identity: the writer keeps it while it stays the same), the log and the line as JSON."""
    # the same names: each part comes from one function that writes them in one order
    if (old.view is None) != (new.view is None) or old.room.keys() != new.room.keys():
        return None
    was = old.room
    room = {k: v for k, v in new.room.items() if v is not was[k] and v != was[k]}
    head = b'{"type":"delta","base":%d,"seq":%d' % (old.seq, new.seq)
    if room:
        head += b',"room":' + orjson.dumps(room)
    view: list[bytes] = []
    tail = b""
    if old.view is not None and new.view is not None:
        if old.view.keys() != new.view.keys():
            return None
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
    return DeltaParts(old, new, head, b",".join(view), tail)


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
    ``base`` is not ``state``'s ``seq``, or it changes a view that ``state`` has not): then
    the client asks for the full state (``{"type": "sync"}``), it never guesses.

    The reference for every client (the browser's ``web/sessions/delta.js`` does the same);
    fields keep their order, so the result encodes to the server's full text byte for byte.
    """
    if state.get("seq") != delta.get("base") or not isinstance(delta.get("seq"), int):
        return None
    view = state.get("view")
    if view is None and ("view" in delta or "append" in delta or "prepend" in delta):
        return None
    out = copy.deepcopy(state)
    out["seq"] = delta["seq"]
    out["room"].update(delta.get("room", {}))
    if view is not None:
        v = out["view"]
        v.update(delta.get("view", {}))
        for name, items in delta.get("append", {}).items():
            v[name] = v[name] + items
        for name, items in delta.get("prepend", {}).items():
            v[name] = items + v[name]
    return out
