"""Exact endgame search for two players once the boneyard is empty (perfect information then).

With two seats and no boneyard, the other hand is exactly the hidden tiles, so the rest of the
round is a game of perfect information. :func:`solve` searches it to the end with alpha-beta on
the values 0 (lost), 1 (shared), 2 (won alone) for the root seat, and gives up after a fixed
number of nodes (never a clock), so the answer is the same in Python and JavaScript.
:func:`exact_value` does the same for one deal of a late position (two seats, a few tiles in
the boneyard, its order fixed by the deal), where stark solves its deals instead of playing
them out (docs/bots.md, "stark"); :func:`deal_values` does that for every candidate of a deal.
``web/bots/solve.js`` is the same.
"""

from __future__ import annotations

from typing import Final

from .masks import BIT_INDEX, NUM, TA, TB, mask_pips
from .playouts import SimRound, outcome_value
from .weights import SEARCH

#: Nodes one decision may visit before the search gives up (docs/bots.md).
NODE_LIMIT: Final = SEARCH["node_limit"]


class _OutOfNodes(Exception):
    pass


def solve(root: SimRound, moves: list[int], me: int, limit: int = NODE_LIMIT) -> list[int] | None:
    """The exact value of each of ``moves`` at ``root`` for seat ``me``; None past ``limit`` nodes.

    Each move's value is searched with the window (best so far, 2), so a move that cannot beat
    the best one found earlier gets a value no higher than that best (ties go to the earlier).
    """
    budget = [limit]

    def value(r: SimRound, alpha: int, beta: int) -> int:
        if r.winners is not None:
            return outcome_value(r.winners, me)
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfNodes
        maximizing = r.turn == me
        best = -1 if maximizing else 3
        for m in r.legal():
            child = r.copy()
            child.apply(m)
            v = value(child, alpha, beta)
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best

    out = []
    best = -1
    try:
        for m in moves:
            child = root.copy()
            child.apply(m)
            v = value(child, best, 2)
            out.append(v)
            if v > best:
                best = v
            if best == 2:
                out.extend([0] * (len(moves) - len(out)))
                break
    except _OutOfNodes:
        return None
    return out


def exact_value(h0: int, h1: int, bone: list[int], nb: int, left: int, right: int, turn: int, passes: int,
                me: int, alpha: int, beta: int, budget: list[int]) -> int:
    """The value for seat ``me`` (0 lost, 1 shared, 2 won alone, with best play by both) of a
    two-seat position with every tile known: hands ``h0``, ``h1`` (tile masks), the boneyard
    ``bone[0 … nb-1]`` (the next draw is ``bone[nb-1]``; not changed), open ends ``left``,
    ``right`` (not empty), ``turn``, ``passes``; alpha-beta within the window (``alpha``, ``beta``).

    Each position searched costs one unit of ``budget[0]``; once it falls below 0 the search
    returns at once and its value means nothing (the caller checks ``budget[0] >= 0``). Moves
    in sim order, draws made at once (a seat that cannot play draws until it can); a play at
    the right end that leads where the play of the same tile at the left end leads (both ends
    alike) is not searched again. ``web/bots/solve.js`` counts the same positions.
    """
    budget[0] -= 1
    if budget[0] < 0:
        return 0
    hand = h1 if turn else h0
    ends = NUM[left] | NUM[right]
    fit = hand & ends
    while not fit and nb > 0:
        nb -= 1
        hand |= 1 << bone[nb]
        fit = hand & ends
    if turn:
        h1 = hand
    else:
        h0 = hand
    if not fit:
        if passes + 1 >= 2:  # both passed: the lower pip sum wins
            p0 = mask_pips(h0)
            p1 = mask_pips(h1)
            if p0 == p1:
                return 1
            return 2 if (p0 < p1) == (me == 0) else 0
        return exact_value(h0, h1, bone, nb, left, right, 1 - turn, passes + 1, me, alpha, beta, budget)
    maximizing = turn == me
    best = -1 if maximizing else 3
    m = fit
    while m:
        low = m & -m
        m ^= low
        i = BIT_INDEX[low]
        a = TA[i]
        b = TB[i]
        rest = hand ^ low
        for e in (0, 1):
            end = right if e else left
            if a != end and b != end:
                continue
            if e and left == right:
                continue
            n = b if a == end else a
            nl, nr = (left, n) if e else (n, right)
            if not rest:
                v = 2 if maximizing else 0
            elif turn:
                v = exact_value(h0, rest, bone, nb, nl, nr, 0, 0, me, alpha, beta, budget)
            else:
                v = exact_value(rest, h1, bone, nb, nl, nr, 1, 0, me, alpha, beta, budget)
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                return best
    return best


def deal_values(hands: list[int], bone: list[int], me: int, plays: list[tuple[int, int, int, int]],
                budget: list[int]) -> list[int] | None:
    """The exact values (as :func:`exact_value`) for seat ``me`` of each of its plays on one deal
    of a two-seat position: ``hands`` (tile masks), the boneyard ``bone`` (the next draw is
    ``bone[-1]``), each play as (its tile's bit, the ends after it, the seat to act after it).

    All within ``budget[0]`` positions, shared by the deals of a decision: None if the budget was
    spent before (its value is then 0) or runs out on this deal (it is then set to 0, so that
    no later deal is tried).
    """
    if budget[0] <= 0:
        return None
    other = hands[1 - me]
    out = []
    for bit, nl, nr, nxt in plays:
        if budget[0] < 0:
            break
        hand = hands[me] & ~bit
        if not hand:
            out.append(2)
            continue
        h0, h1 = (hand, other) if me == 0 else (other, hand)
        out.append(exact_value(h0, h1, bone, len(bone), nl, nr, nxt, 0, me, -1, 3, budget))
    if budget[0] >= 0:
        return out
    budget[0] = 0
    return None
