"""Tiles of a double-six set and their ``a|b`` notation.

A :data:`Tile` is a pair ``(low, high)`` with ``0 <= low <= high <= 6``: ``5|2`` and ``2|5``
name the same tile ``(2, 5)``. A tile lying in the line of play is an :data:`Oriented` pair
``(left, right)``. The set has 28 tiles and 168 pips in all.

>>> parse_tile("5|2")
(2, 5)
>>> format_tile((5, 2))
'2|5'
>>> format_oriented((5, 2))
'5|2'
"""

from __future__ import annotations

from typing import Final, TypeAlias

Pips: TypeAlias = int
"""The number on one half of a tile, 0-6."""

Tile: TypeAlias = tuple[int, int]
"""A tile as ``(low, high)``, low <= high."""

Oriented: TypeAlias = tuple[int, int]
"""A tile as it lies in the line: ``(left half, right half)``."""

HIGHEST: Final = 6
ALL_TILES: Final[tuple[Tile, ...]] = tuple((a, b) for a in range(HIGHEST + 1) for b in range(a, HIGHEST + 1))
SET_PIPS: Final = sum(a + b for a, b in ALL_TILES)  # 168


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in either order (no range check)."""
    return (a, b) if a <= b else (b, a)


def parse_oriented(text: object) -> Oriented:
    """Parse ``"a|b"`` keeping the order of the halves.

    Raises:
        ValueError: ``text`` is not a string ``a|b`` with single digits 0-6.
    """
    if not isinstance(text, str) or len(text) != 3 or text[1] != "|":
        raise ValueError(f"not a tile: {text!r} (expected 'a|b' with 0-6)")
    a, b = text[0], text[2]
    if not ("0" <= a <= "6" and "0" <= b <= "6"):
        raise ValueError(f"not a tile: {text!r} (pips must be 0-6)")
    return (ord(a) - 48, ord(b) - 48)


def parse_tile(text: object) -> Tile:
    """Parse ``"a|b"`` into the tile ``(low, high)``; raises ``ValueError`` like :func:`parse_oriented`."""
    a, b = parse_oriented(text)
    return tile(a, b)


#: Every pair of halves as its text, low first and as given: the views name every tile in
#: every hand and the whole line for every seat on every change, and a lookup is a few times
#: cheaper than formatting.
_LOW_FIRST: Final[dict[tuple[int, int], str]] = {
    (a, b): f"{min(a, b)}|{max(a, b)}" for a in range(HIGHEST + 1) for b in range(HIGHEST + 1)}
_AS_LAID: Final[dict[tuple[int, int], str]] = {
    (a, b): f"{a}|{b}" for a in range(HIGHEST + 1) for b in range(HIGHEST + 1)}


def format_tile(t: tuple[int, int]) -> str:
    """Write a tile low first, ``"lo|hi"``, whichever way the pair is given.

    This is how hands, legal actions and the log name a tile (``docs/view.md``); the inverse
    of :func:`parse_tile`.
    """
    text = _LOW_FIRST.get(t)
    if text is None:  # halves outside 0-6: formatted as they are
        a, b = t
        return f"{a}|{b}" if a <= b else f"{b}|{a}"
    return text


def format_oriented(t: Oriented) -> str:
    """Write a tile as it lies in the line, ``"left|right"``; the inverse of :func:`parse_oriented`."""
    text = _AS_LAID.get(t)
    return f"{t[0]}|{t[1]}" if text is None else text


def tile_pips(t: tuple[int, int]) -> Pips:
    """A tile's value: the sum of both halves."""
    return t[0] + t[1]


def is_double(t: tuple[int, int]) -> bool:
    """Whether both halves are equal."""
    return t[0] == t[1]


def hand_pips(hand: list[Tile] | tuple[Tile, ...]) -> Pips:
    """The pip sum of a hand (used to decide a blocked round)."""
    return sum(a + b for a, b in hand)
