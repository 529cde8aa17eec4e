"""Tiles as bits of a 28-bit mask (index in ``ALL_TILES``), moves as ints ``3*i + END``,
:data:`DRAW` or :data:`PASS`, number sets as 7-bit masks (``docs/bots.md``, "Numbering").
Twin: ``web/bots/masks.js``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..engine.tiles import ALL_TILES, parse_tile

if TYPE_CHECKING:  # the shape only
    from ..engine.actions import ActionJSON

TA: Final = tuple(a for a, _ in ALL_TILES)
TB: Final = tuple(b for _, b in ALL_TILES)
PIPS: Final = tuple(a + b for a, b in ALL_TILES)
INDEX: Final = {t: i for i, t in enumerate(ALL_TILES)}
#: NUM[n]: the tiles that show ``n``.
NUM: Final = tuple(sum(1 << i for i, (a, b) in enumerate(ALL_TILES) if n in (a, b)) for n in range(7))
FULL: Final = (1 << 28) - 1
#: ALLOWED[f]: the tiles showing no number of ``f``.
ALLOWED: Final = tuple(sum(1 << i for i, (a, b) in enumerate(ALL_TILES) if not (f >> a) & 1 and not (f >> b) & 1)
                       for f in range(128))
BIT_INDEX: Final = {1 << i: i for i in range(28)}
_PIP_LO: Final = tuple(sum(PIPS[i] for i in range(14) if (m >> i) & 1) for m in range(1 << 14))
_PIP_HI: Final = tuple(sum(PIPS[i + 14] for i in range(14) if (m >> i) & 1) for m in range(1 << 14))

LEFT, RIGHT, OPEN = 0, 1, 2
DRAW: Final = -1
PASS: Final = -2


def mask_pips(mask: int) -> int:
    return _PIP_LO[mask & 0x3FFF] + _PIP_HI[mask >> 14]


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_INDEX[low])
        mask ^= low
    return out


def _kinds_table(offset: int) -> tuple[int, ...]:
    t = [0] * (1 << 14)
    for m in range(1, 1 << 14):
        i = (m & -m).bit_length() - 1 + offset
        t[m] = t[m & (m - 1)] | (1 << TA[i]) | (1 << TB[i])
    return tuple(t)


#: The numbers shown by the tiles of a mask's low and high 14 bits (:func:`kinds`).
KINDS_LO: Final = _kinds_table(0)
KINDS_HI: Final = _kinds_table(14)
COUNT7: Final = tuple(n.bit_count() for n in range(128))


def kinds(mask: int) -> int:
    return COUNT7[KINDS_LO[mask & 0x3FFF] | KINDS_HI[mask >> 14]]


def tile_index(text: str) -> int:
    """The index of ``"a|b"`` in either order; ``ValueError`` if no tile."""
    return INDEX[parse_tile(text)]


def move_of(action: ActionJSON) -> int:
    kind = action["type"]
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    end = action.get("end")
    return 3 * tile_index(action["tile"]) + (OPEN if end is None else LEFT if end == "left" else RIGHT)
