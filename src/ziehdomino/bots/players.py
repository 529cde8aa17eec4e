"""The four computer players: leicht, mittel, stark and the yardstick heaviest.

Each takes a seat's view, the :class:`~.knowledge.Knowledge` read from it and a seeded
generator, and returns the index of its choice in ``view["legal"]``. ``docs/bots.md`` describes
them; ``web/bots.js`` implements the same steps in the same order.
"""

from __future__ import annotations

from typing import Any, Final

from .knowledge import Knowledge, move_of
from .rng import Mulberry32
from .sim import NUM, OPEN, PIPS, TA, TB, W_BLOCK, W_DOUBLE, W_FOLLOW, W_LACK, W_PIPS, SimRound, outcome_value, playout
from .solve import solve

#: "stark": playouts per decision, shared among the candidate moves (docs/bots.md).
PLAYOUTS: Final = 1000
MIN_SAMPLES: Final = 24


def pick_max(scores: list[int], rng: Mulberry32) -> int:
    """The index of a highest score; ties broken uniformly with one ``rng.below`` call."""
    top = max(scores)
    best = [i for i, s in enumerate(scores) if s == top]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def leicht(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> int:
    """A uniformly random legal action."""
    return rng.below(len(view["legal"]))


def heaviest(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> int:
    """The heaviest fitting tile, ties at random; draw or pass only when it must."""
    legal = view["legal"]
    if len(legal) == 1:
        return 0
    return pick_max([PIPS[move_of(a) // 3] for a in legal], rng)


def _after(k: Knowledge, move: int) -> tuple[int, int]:
    """The open ends after the viewer plays ``move``."""
    i, end = divmod(move, 3)
    a, b = TA[i], TB[i]
    if end == OPEN:
        return a, b
    if end == 0:
        return (b if a == k.left else a), k.right
    return k.left, (b if a == k.right else a)


def mittel_score(k: Knowledge, move: int, next_lacks: int) -> int:
    """The heuristic score of a play: shed pips, keep a hand that follows, starve the next seat."""
    i = move // 3
    nl, nr = _after(k, move)
    rest = k.hand & ~(1 << i)
    score = W_PIPS * PIPS[i] + W_FOLLOW * (rest & (NUM[nl] | NUM[nr])).bit_count()
    if TA[i] == TB[i]:
        score += W_DOUBLE
    lacked = ((next_lacks >> nl) & 1) + ((next_lacks >> nr) & 1)
    if lacked == 2:
        score += W_BLOCK
    elif lacked == 1:
        score += W_LACK
    return score


def mittel(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> int:
    """The best play by :func:`mittel_score`, ties at random."""
    legal = view["legal"]
    if len(legal) == 1:
        return 0
    next_lacks = k.lacks((k.me + 1) % k.players)
    return pick_max([mittel_score(k, move_of(a), next_lacks) for a in legal], rng)


def candidates(k: Knowledge, legal: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """(index in legal, move) for the distinct plays: a play whose new ends equal an earlier
    play's with the same tile is left out."""
    seen = set()
    out = []
    for idx, a in enumerate(legal):
        m = move_of(a)
        nl, nr = _after(k, m)
        key = (m // 3, min(nl, nr), max(nl, nr))
        if key not in seen:
            seen.add(key)
            out.append((idx, m))
    return out


def stark(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> int:
    """Determinized Monte Carlo with exact two-player endgames (docs/bots.md)."""
    legal = view["legal"]
    if len(legal) == 1:
        return 0
    cands = candidates(k, legal)
    if len(cands) == 1:
        return cands[0][0]
    root = k.root()
    moves = [m for _, m in cands]
    if k.players == 2 and k.bone_count == 0:
        root.hands[1 - k.me] = k.hidden
        values = solve(root, moves, k.me)
        if values is not None:
            return cands[values.index(max(values))][0]
    samples = max(MIN_SAMPLES, PLAYOUTS // len(cands))
    order = k.slot_order()
    totals = [0] * len(cands)
    me, players = k.me, k.players
    lacks0 = [k.public_lacks(s) for s in range(players)]
    for _ in range(samples):
        hands, bone = k.sample(order, rng)
        for c, m in enumerate(moves):
            r = SimRound(players, list(hands), list(bone), root.left, root.right, root.turn, root.passes)
            r.apply(m)
            if r.winners is not None:
                totals[c] += outcome_value(r.winners, me)
            else:
                totals[c] += outcome_value(playout(r.hands, r.bone, r.left, r.right, r.turn, r.passes, players,
                                                                  list(lacks0)), me)
    return cands[totals.index(max(totals))][0]


LEVELS: Final = {"leicht": leicht, "mittel": mittel, "stark": stark, "heaviest": heaviest}
