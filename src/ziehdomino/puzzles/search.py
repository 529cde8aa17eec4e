"""The full-information search behind the puzzles (docs/puzzles.md, "The search"): two seats,
the boneyard empty, every tile known. A position is ``(h0, h1, left, right, turn, passes)``,
hands as tile masks (``bots/masks.py``). :func:`score` orders outcomes and lengths in one
integer: won alone ``WIN - n``, shared ``SHARED``, lost ``n``. Twin:
``web/learn/puzzle-search.js``.
"""

from __future__ import annotations

from typing import Final

from ..bots.masks import BIT_INDEX, NUM, TA, TB, mask_pips

WIN: Final = 2000
SHARED: Final = 1000

#: A move: (tile index, end) with end 0 left, 1 right; the pass is PASS_MOVE.
Move = tuple[int, int]
PASS_MOVE: Final[Move] = (-1, -1)
Position = tuple[int, int, int, int, int, int]


def value_of(score: int) -> int:
    """The outcome of a :func:`score`: 2 won alone, 1 shared, 0 lost."""
    return 2 if score > SHARED else 1 if score == SHARED else 0


def plays_to_win(score: int) -> int:
    """The own plays a won :func:`score` still needs against the longest resistance."""
    return WIN - score


def moves(pos: Position) -> list[Move]:
    """The distinct moves of the seat to act, in tile order, left before right; else ``[PASS_MOVE]``."""
    h0, h1, left, right, turn, _ = pos
    hand = h1 if turn else h0
    fit = hand & (NUM[left] | NUM[right])
    out: list[Move] = []
    while fit:
        low = fit & -fit
        fit ^= low
        i = BIT_INDEX[low]
        for end, number in ((0, left), (1, right)):
            if (TA[i] == number or TB[i] == number) and not (end == 1 and left == right):
                out.append((i, end))
    return out or [PASS_MOVE]


def after(pos: Position, move: Move) -> tuple[Position, int | None]:
    """The position after ``move``, and the seat that won alone, -1 for shared, or None."""
    h0, h1, left, right, turn, passes = pos
    if move == PASS_MOVE:
        if passes + 1 >= 2:
            p0, p1 = mask_pips(h0), mask_pips(h1)
            return (h0, h1, left, right, 1 - turn, passes + 1), (-1 if p0 == p1 else 0 if p0 < p1 else 1)
        return (h0, h1, left, right, 1 - turn, passes + 1), None
    i, end = move
    number = right if end else left
    other = TB[i] if TA[i] == number else TA[i]
    nl, nr = (left, other) if end else (other, right)
    bit = 1 << i
    if turn:
        h1 &= ~bit
        rest = h1
    else:
        h0 &= ~bit
        rest = h0
    return (h0, h1, nl, nr, 1 - turn, 0), (turn if not rest else None)


def end_score(ended: int, me: int) -> int:
    return SHARED if ended == -1 else WIN if ended == me else 0


class Search:
    """Scores of positions for one seat ``me``, memoized (the puzzles' trees are small)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.memo: dict[Position, int] = {}

    def score(self, pos: Position) -> int:
        """The score of ``pos`` for ``me`` with best play of both."""
        hit = self.memo.get(pos)
        if hit is not None:
            return hit
        best = -1
        mine = pos[4] == self.me
        for move in moves(pos):
            s = self.move_score(pos, move)
            if best < 0 or (s > best if mine else s < best):
                best = s
        self.memo[pos] = best
        return best

    def move_score(self, pos: Position, move: Move) -> int:
        """The score for ``me`` of ``move`` at ``pos``."""
        nxt, ended = after(pos, move)
        own = 1 if pos[4] == self.me and move != PASS_MOVE else 0
        if ended is not None:
            s = end_score(ended, self.me)
        else:
            s = self.score(nxt)
        # a play of me's counts once more: a win needs it, a loss lasts it
        if s > SHARED:
            return s - own
        return s + own if s < SHARED else s


def move_scores(pos: Position) -> list[tuple[Move, int]]:
    """Every distinct move of the seat to act with its score for that seat."""
    search = Search(pos[4])
    return [(m, search.move_score(pos, m)) for m in moves(pos)]


def reply(pos: Position, attacker: int) -> Move:
    """The defender's move of the longest resistance: the lowest score for ``attacker``, ties to
    the earlier."""
    search = Search(attacker)
    options = moves(pos)
    return min(options, key=lambda m: search.move_score(pos, m))
