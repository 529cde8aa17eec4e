"""How a seat scores a play (``docs/bots.md``), in integers; the playouts and the reading of
the plays inline these formulas, held equal by ``tests/bots/``. Twin: ``web/bots/scores.js``."""

from __future__ import annotations

from typing import Final

from .masks import NUM, PIPS, TA, TB, kinds
from .weights import HEAVIEST, MITTEL, SEARCHING

#: Mittel's score, also stark-v1's playout policy.
W_PIPS: Final = MITTEL["pips"]
W_FOLLOW: Final = MITTEL["follow"]
W_DOUBLE: Final = MITTEL["double"]
W_BLOCK: Final = MITTEL["block"]
W_LACK: Final = MITTEL["lack"]

#: The searching score: stark's playout policy.
S_FOLLOW: Final = SEARCHING["follow"]
S_DOUBLE: Final = SEARCHING["double"]
S_BLOCK: Final = SEARCHING["block"]
S_LACK: Final = SEARCHING["lack"]
S_OPEN: Final = SEARCHING["open"]
S_SAME: Final = SEARCHING["same"]
S_KINDS: Final = SEARCHING["kinds"]

#: The playout policy of a seat read as heaviest.
H_PIPS: Final = HEAVIEST["pips"]
H_FOLLOW: Final = HEAVIEST["follow"]


def play_score(hand: int, i: int, nl: int, nr: int, lack: int) -> int:
    """Mittel's score of playing tile ``i`` from ``hand`` to the ends ``nl``, ``nr``, the next
    seat lacking ``lack`` (a 7-bit mask)."""
    score = W_PIPS * PIPS[i] + W_FOLLOW * (hand & ~(1 << i) & (NUM[nl] | NUM[nr])).bit_count()
    if TA[i] == TB[i]:
        score += W_DOUBLE
    lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1)
    if lacked == 2:
        score += W_BLOCK
    elif lacked == 1:
        score += W_LACK
    return score


def search_score(hand: int, i: int, nl: int, nr: int, lack: int, unseen: int) -> int:
    """The searching score, as :func:`play_score`; ``unseen``: the tiles the player cannot see."""
    rest = hand & ~(1 << i)
    ends = NUM[nl] | NUM[nr]
    score = S_FOLLOW * (rest & ends).bit_count() - S_OPEN * (ends & unseen).bit_count() - S_KINDS * kinds(rest)
    if TA[i] == TB[i]:
        score += S_DOUBLE
    if nl == nr:
        score += S_SAME
    lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1)
    if lacked == 2:
        score += S_BLOCK
    elif lacked == 1:
        score += S_LACK
    return score

