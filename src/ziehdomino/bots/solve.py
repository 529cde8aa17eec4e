"""Exact two-seat endgames by alpha-beta on 0 (lost), 1 (shared), 2 (won alone), within a node
budget, never a clock, so that both languages agree (docs/bots.md, "The levels", stark). Twin:
``web/bots/solve.js``."""

from __future__ import annotations

from typing import Final

from .masks import BIT_INDEX, NUM, TA, TB, mask_pips
from .playouts import SimRound, outcome_value
from .weights import SEARCH

NODE_LIMIT: Final = SEARCH["node_limit"]


class _OutOfNodes(Exception):
    pass


def solve(root: SimRound, moves: list[int], me: int, limit: int = NODE_LIMIT) -> list[int] | None:
    """The value of each of ``moves`` at ``root`` (no boneyard) for ``me``; None past ``limit``
    nodes. A move that cannot beat an earlier one gets a value no higher than it."""
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
    """The value for ``me`` of a two-seat position with every tile known: hands ``h0``, ``h1``,
    the boneyard ``bone[:nb]`` drawn from its end (not changed), a line that is not empty.
    Each position costs one unit of ``budget[0]``; below 0 the value means nothing (the caller
    checks)."""
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
    """:func:`exact_value` of each of ``me``'s ``plays`` (tile bit, ends after, seat to act) on
    one deal, within the decision's shared ``budget``; None once it runs out (then set to 0, so
    that no later deal is tried)."""
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
