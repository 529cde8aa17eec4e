"""Tiles of a double-six set and their ``a|b`` notation.

A :data:`Tile` is a pair ``(low, high)`` with ``0 <= low <= high <= 6``: ``5|2`` and ``2|5``
name the same tile ``(2, 5)``. A tile lying in the line is an :data:`Oriented` pair ``(left, right)``.

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
SET_PIPS: Final = sum(a + b for a, b in ALL_TILES)


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in either order (no range check)."""
    return (a, b) if a <= b else (b, a)


def parse_oriented(text: object) -> Oriented:
    """Parse ``"a|b"`` keeping the order of the halves; ``ValueError`` unless digits 0-6."""
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


#: Every pair's text, looked up: the views format every tile on every change.
_LOW_FIRST: Final[dict[tuple[int, int], str]] = {
    (a, b): f"{min(a, b)}|{max(a, b)}" for a in range(HIGHEST + 1) for b in range(HIGHEST + 1)}
_AS_LAID: Final[dict[tuple[int, int], str]] = {
    (a, b): f"{a}|{b}" for a in range(HIGHEST + 1) for b in range(HIGHEST + 1)}


def format_tile(t: tuple[int, int]) -> str:
    """``"lo|hi"``, as hands, legal actions and the log name a tile (``docs/view.md``)."""
    text = _LOW_FIRST.get(t)
    if text is None:  # halves outside 0-6
        a, b = t
        return f"{a}|{b}" if a <= b else f"{b}|{a}"
    return text


def format_oriented(t: Oriented) -> str:
    """``"left|right"``, as the tile lies in the line."""
    text = _AS_LAID.get(t)
    return f"{t[0]}|{t[1]}" if text is None else text


def tile_pips(t: tuple[int, int]) -> Pips:
    """A tile's value: the sum of both halves."""
    return t[0] + t[1]


def is_double(t: tuple[int, int]) -> bool:
    return t[0] == t[1]


def hand_pips(hand: list[Tile] | tuple[Tile, ...]) -> Pips:
    """The pip sum of a hand."""
    return sum(a + b for a, b in hand)
