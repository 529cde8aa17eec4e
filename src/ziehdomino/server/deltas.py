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

from .messages import StateParts

Seat = int

#: The view's lists that grow at their end within a round (``append``): the log, the line.
APPENDED: Final = frozenset({"log", "line"})
#: The view's lists that grow at their start within a round (``prepend``): the line.
PREPENDED: Final = frozenset({"line"})


class DeltaParts:
    """What the delta from ``old`` to ``new`` holds for every viewer (encoded once per change),
    and each viewer's delta text (:meth:`text`)."""

    __slots__ = ("old", "new", "_head", "_view", "_tail", "_texts")

    def __init__(self, old: StateParts, new: StateParts, head: bytes, view: list[bytes], tail: bytes) -> None:
        self.old, self.new = old, new
        self._head, self._view, self._tail = head, view, tail
        self._texts: dict[Seat | None, str] = {}

    def text(self, seat: Seat | None) -> str | None:
        """``seat``'s delta (None: a spectator), or None when that viewer needs the full state
        (the old state never encoded its own fields: it got no state at ``old.seq``)."""
        text = self._texts.get(seat)
        if text is not None:
            return text
        if not self.old.has_own(seat):
            return None
        view = list(self._view)
        old, new = self.old.own(seat), self.new.own(seat)
        # own fields: (you, seat, hand, legal); the seat never changes within a connection
        for name, before, after in zip(("hand", "legal"), old[2:], new[2:]):
            if before != after:
                view.append(b'"%s":%s' % (name.encode(), after))
        body = self._head
        if view:
            body += b',"view":{' + b",".join(view) + b"}"
        text = self._texts[seat] = (body + self._tail + b"}").decode()
        return text


def delta_parts(old: StateParts, new: StateParts) -> DeltaParts | None:
    """The delta from ``old`` to ``new`` for every viewer, or None when only a full state can
    say it (the view appears or goes, the fields of ROOMINFO or the view are not the same
    names in the same order)."""
    if (old.view is None) != (new.view is None):
        return None
    room = _changed(old.room, new.room)
    if room is None:
        return None
    head = b'{"type":"delta","base":%d,"seq":%d' % (old.seq, new.seq)
    if room:
        head += b',"room":{' + b",".join(room) + b"}"
    view: list[bytes] = []
    tail = b""
    if old.view is not None and new.view is not None:
        if [k for k, _ in old.view] != [k for k, _ in new.view]:
            return None
        append: list[bytes] = []
        prepend: list[bytes] = []
        for (name, before), (_, after) in zip(old.view, new.view):
            if before == after or after is None or before is None:  # unchanged, or a viewer's own
                continue
            grown = _grown(name, before, after)
            if grown is None:
                view.append(b'"%s":%s' % (name.encode(), after))
            else:
                if grown[0] != b"[]":
                    prepend.append(b'"%s":%s' % (name.encode(), grown[0]))
                if grown[1] != b"[]":
                    append.append(b'"%s":%s' % (name.encode(), grown[1]))
        if append:
            tail += b',"append":{' + b",".join(append) + b"}"
        if prepend:
            tail += b',"prepend":{' + b",".join(prepend) + b"}"
    return DeltaParts(old, new, head, view, tail)


def _changed(old: tuple[tuple[str, bytes], ...], new: tuple[tuple[str, bytes], ...]) -> list[bytes] | None:
    """The fields of ``new`` whose bytes differ from ``old``'s, as ``"name":value``; None when
    the two do not have the same names in the same order."""
    if len(old) != len(new):
        return None
    out = []
    for (name, before), (other, after) in zip(old, new):
        if name != other:
            return None
        if before != after:
            out.append(b'"%s":%s' % (name.encode(), after))
    return out


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
