"""Exact endgame search for two players once the boneyard is empty (perfect information then).

With two seats and no boneyard, the other hand is exactly the hidden tiles, so the rest of the
round is a game of perfect information. :func:`solve` searches it to the end with alpha-beta on
the values 0 (lost), 1 (shared), 2 (won alone) for the root seat, and gives up after a fixed
number of nodes (never a clock), so the answer is the same in Python and JavaScript.
"""

from __future__ import annotations

from typing import Final

from .sim import SimRound, outcome_value

#: Nodes one decision may visit before the search gives up (docs/bots.md).
NODE_LIMIT: Final = 20000


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
