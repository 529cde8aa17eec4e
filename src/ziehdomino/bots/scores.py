"""How a seat scores a play: mittel's score, the searching score, and heaviest's.

Each level and each playout policy picks the fitting play with the highest score (integers
only; ``docs/bots.md``). The weights come from ``weights.json`` (:mod:`.weights`); the playouts
(:mod:`.playouts`) and the reading of the plays (:mod:`.sampling`) inline these same formulas
for speed; ``tests/bots/test_playouts.py`` and ``tests/bots/test_inference.py`` hold them to
plain versions.
``web/bots/scores.js`` is the same.
"""

from __future__ import annotations

from typing import Final

from .masks import NUM, PIPS, TA, TB, kinds
from .weights import HEAVIEST, MITTEL, SEARCHING

#: Mittel's score, also the playout policy of stark-v1 (docs/bots.md): pips shed, tiles left
#: that follow the new ends, a double shed, the next seat known to lack both new ends / one of
#: them.
W_PIPS: Final = MITTEL["pips"]
W_FOLLOW: Final = MITTEL["follow"]
W_DOUBLE: Final = MITTEL["double"]
W_BLOCK: Final = MITTEL["block"]
W_LACK: Final = MITTEL["lack"]

#: The searching score (docs/bots.md): a model of a player who searches, fitted to stark-v1's
#: plays, and the policy of stark's playouts. ``S_FOLLOW * follow + S_DOUBLE * double + S_BLOCK
#: or S_LACK - S_OPEN * open + S_SAME * (both new ends alike) - S_KINDS * kinds``: ``open``
#: counts the tiles fitting the new ends that the player cannot see, ``kinds`` the numbers its
#: remaining tiles show.
S_FOLLOW: Final = SEARCHING["follow"]
S_DOUBLE: Final = SEARCHING["double"]
S_BLOCK: Final = SEARCHING["block"]
S_LACK: Final = SEARCHING["lack"]
S_OPEN: Final = SEARCHING["open"]
S_SAME: Final = SEARCHING["same"]
S_KINDS: Final = SEARCHING["kinds"]

#: The playout policy of a seat read as shedding the heaviest tile: ``H_PIPS * pips + H_FOLLOW
#: * follow``, so the heaviest fitting tile, and of those the one that leaves the most tiles
#: that follow.
H_PIPS: Final = HEAVIEST["pips"]
H_FOLLOW: Final = HEAVIEST["follow"]


def play_score(hand: int, i: int, nl: int, nr: int, lack: int) -> int:
    """Mittel's score of playing tile ``i`` from ``hand``, leaving the ends ``nl``, ``nr``, when
    the next seat is known to lack the numbers ``lack`` (a 7-bit mask): shed pips, keep a hand
    that follows, play doubles, starve the next seat."""
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
    """The searching score of playing tile ``i`` from ``hand`` to the ends ``nl``, ``nr``, when the
    next seat is known to lack ``lack`` and ``unseen`` holds the tiles the player cannot see."""
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

