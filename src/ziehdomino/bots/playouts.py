"""Simulating a round to its end: a bitmask copy of the rules, and the one playout routine.

The rules engine decides what is legal everywhere else; this module exists only because search
plays hundreds of imagined rounds per decision and the engine's :class:`Round` (tuples, lists,
action objects) is several times slower for that. ``tests/bots/test_playouts.py`` holds it equal to
the engine: on thousands of random positions the legal moves and the state after every one of
them agree, and a playout's result equals its policy played move by move through the engine.
``web/bots/playouts.js`` is the same, with the same numbering (:mod:`.masks`) and orders: sim
moves come by tile index, left before right, then draw or pass.
"""

from __future__ import annotations

from .masks import BIT_INDEX, COUNT7, DRAW, KINDS_HI, KINDS_LO, LEFT, NUM, OPEN, PASS, PIPS, TA, TB, bits, mask_pips
from .scores import (H_FOLLOW, H_PIPS, S_BLOCK, S_DOUBLE, S_FOLLOW, S_KINDS, S_LACK, S_OPEN, S_SAME, W_BLOCK,
                     W_DOUBLE, W_FOLLOW, W_LACK, W_PIPS)


class SimRound:
    """A round as the search sees it: every hand known (a determinization).

    Attributes:
        players: 2-4.
        hands: one tile mask per seat.
        bone: boneyard tile indices; the next draw is ``bone[-1]``.
        left, right: the open ends, -1 while the line is empty.
        turn, passes: as in the engine.
        winners: None while the round goes on, else the tuple of winning seats.
    """

    __slots__ = ("players", "hands", "bone", "left", "right", "turn", "passes", "winners")

    def __init__(self, players: int, hands: list[int], bone: list[int], left: int, right: int,
                 turn: int, passes: int) -> None:
        self.players = players
        self.hands = hands
        self.bone = bone
        self.left = left
        self.right = right
        self.turn = turn
        self.passes = passes
        self.winners: tuple[int, ...] | None = None

    def copy(self) -> SimRound:
        r = SimRound(self.players, list(self.hands), list(self.bone), self.left, self.right, self.turn, self.passes)
        r.winners = self.winners
        return r

    def legal(self) -> list[int]:
        """The moves of the seat to act, in sim order (empty once the round is over)."""
        if self.winners is not None:
            return []
        h = self.hands[self.turn]
        left, right = self.left, self.right
        if left < 0:
            return [3 * i + OPEN for i in bits(h)]
        out = []
        for i in bits(h & (NUM[left] | NUM[right])):
            a, b = TA[i], TB[i]
            if a == left or b == left:
                out.append(3 * i)
            if a == right or b == right:
                out.append(3 * i + 1)
        if out:
            return out
        return [DRAW] if self.bone else [PASS]

    def apply(self, move: int) -> None:
        """Apply a legal move (the caller guarantees legality, as with ``apply_unchecked``)."""
        seat = self.turn
        if move >= 0:
            i, end = divmod(move, 3)
            h = self.hands[seat] & ~(1 << i)
            self.hands[seat] = h
            a, b = TA[i], TB[i]
            if end == OPEN:
                self.left, self.right = a, b
            elif end == LEFT:
                self.left = b if a == self.left else a
            else:
                self.right = b if a == self.right else a
            self.passes = 0
            if not h:
                self.winners = (seat,)
            else:
                self.turn = (seat + 1) % self.players
        elif move == DRAW:
            self.hands[seat] |= 1 << self.bone.pop()
        else:
            self.passes += 1
            if self.passes >= self.players:
                self.winners = blocked_winners(self.hands)
            else:
                self.turn = (seat + 1) % self.players


def blocked_winners(hands: list[int]) -> tuple[int, ...]:
    """The seats with the lowest pip sum."""
    sums = [mask_pips(h) for h in hands]
    low = min(sums)
    return tuple(s for s, p in enumerate(sums) if p == low)


def outcome_value(winners: tuple[int, ...], me: int) -> int:
    """2 for a round ``me`` won alone, 1 for a round it shares, 0 for a round it lost."""
    if me not in winners:
        return 0
    return 2 if len(winners) == 1 else 1


def playout(hands: list[int], bone: list[int], left: int, right: int, turn: int, passes: int,
            players: int, lacks: list[int], heavy: int = 0, searching: int = 0) -> tuple[int, ...]:
    """Play a determinized round to its end; return the winners (a tuple of seats).

    A seat without a fitting tile draws (``bone[-1]``) or passes, and is publicly known to lack
    both ends from then on: ``lacks`` (7-bit masks per seat) is set to exactly {a, b}. Otherwise
    each seat plays the fitting move with the highest score of its policy (:mod:`.scores`),
    ties to the first move in sim order; a single fitting tile that fits one end only is played
    at once:

    * the seats in the mask ``heavy``: ``H_PIPS * pips + H_FOLLOW * follow``;
    * else the seats in the mask ``searching``: the searching score, its unseen tiles those in
      the other hands and the boneyard (stark);
    * every other seat: mittel's score (stark-v1, the ceiling).

    ``follow`` counts the tiles left in the hand that fit the ends after the move; the lack
    terms apply when the next seat is known to lack both / one of the new ends. The line must
    not be empty. ``hands``, ``bone`` and ``lacks`` are consumed. One routine for every policy,
    its loops inlined: it runs some hundred thousand moves per decision.
    """
    num = NUM
    ta, tb, pipsof, bit_index, count7, klo, khi = TA, TB, PIPS, BIT_INDEX, COUNT7, KINDS_LO, KINDS_HI
    wp, wf, wd, wb, wl = W_PIPS, W_FOLLOW, W_DOUBLE, W_BLOCK, W_LACK
    sf, sd, sb, sl, so, ss, sk = S_FOLLOW, S_DOUBLE, S_BLOCK, S_LACK, S_OPEN, S_SAME, S_KINDS
    hp, hf = H_PIPS, H_FOLLOW
    searching &= ~heavy  # heavy first; stark's seats mostly search, so that is tested first below
    live = 0  # the tiles in some hand or in the boneyard (the searching score's unseen tiles)
    if searching:
        for h in hands:
            live |= h
        for t in bone:
            live |= 1 << t
    while True:
        h = hands[turn]
        fit = h & (num[left] | num[right])
        if not fit:
            lacks[turn] = (1 << left) | (1 << right)
            if bone:
                hands[turn] = h | (1 << bone.pop())
                continue
            passes += 1
            if passes >= players:
                return blocked_winners(hands)
            turn = (turn + 1) % players
            continue
        passes = 0
        nxt = turn + 1
        if nxt == players:
            nxt = 0
        if not fit & (fit - 1):  # one fitting tile: if it fits one end only, that is the move
            i = bit_index[fit]
            a = ta[i]
            b = tb[i]
            if (a == left or b == left) != (a == right or b == right):
                h ^= fit
                hands[turn] = h
                live ^= fit
                if not h:
                    return (turn,)
                if a == left or b == left:
                    left = b if a == left else a
                else:
                    right = b if a == right else a
                turn = nxt
                continue
        best = -1 << 30
        best_i = best_l = best_r = 0
        m = fit
        if (searching >> turn) & 1:  # the searching score (never a heavy seat: see above)
            lack = lacks[nxt]
            unseen = live & ~h
            while m:
                low = m & -m
                m ^= low
                i = bit_index[low]
                h2 = h ^ low
                a = ta[i]
                b = tb[i]
                base = (sd if a == b else 0) - sk * count7[klo[h2 & 0x3FFF] | khi[h2 >> 14]]
                if a == left or b == left:
                    nl = b if a == left else a
                    ends = num[nl] | num[right]
                    s = base + sf * (h2 & ends).bit_count() - so * (ends & unseen).bit_count()
                    if nl == right:
                        s += ss
                    k = ((lack >> nl) & 1) + ((lack >> right) & 1)
                    if k:
                        s += sb if k == 2 else sl
                    if s > best:
                        best, best_i, best_l, best_r = s, low, nl, right
                if a == right or b == right:
                    nr = b if a == right else a
                    ends = num[left] | num[nr]
                    s = base + sf * (h2 & ends).bit_count() - so * (ends & unseen).bit_count()
                    if left == nr:
                        s += ss
                    k = ((lack >> left) & 1) + ((lack >> nr) & 1)
                    if k:
                        s += sb if k == 2 else sl
                    if s > best:
                        best, best_i, best_l, best_r = s, low, left, nr
        elif (heavy >> turn) & 1:  # this seat plays out as heaviest
            while m:
                low = m & -m
                m ^= low
                i = bit_index[low]
                h2 = h ^ low
                a = ta[i]
                b = tb[i]
                base = hp * pipsof[i]
                if a == left or b == left:
                    nl = b if a == left else a
                    s = base + hf * (h2 & (num[nl] | num[right])).bit_count()
                    if s > best:
                        best, best_i, best_l, best_r = s, low, nl, right
                if a == right or b == right:
                    nr = b if a == right else a
                    s = base + hf * (h2 & (num[left] | num[nr])).bit_count()
                    if s > best:
                        best, best_i, best_l, best_r = s, low, left, nr
        else:  # mittel's score
            lack = lacks[nxt]
            while m:
                low = m & -m
                m ^= low
                i = bit_index[low]
                h2 = h ^ low
                a = ta[i]
                b = tb[i]
                base = wp * pipsof[i] + (wd if a == b else 0)
                if a == left or b == left:
                    nl = b if a == left else a
                    s = base + wf * (h2 & (num[nl] | num[right])).bit_count()
                    k = ((lack >> nl) & 1) + ((lack >> right) & 1)
                    if k:
                        s += wb if k == 2 else wl
                    if s > best:
                        best, best_i, best_l, best_r = s, low, nl, right
                if a == right or b == right:
                    nr = b if a == right else a
                    s = base + wf * (h2 & (num[left] | num[nr])).bit_count()
                    k = ((lack >> left) & 1) + ((lack >> nr) & 1)
                    if k:
                        s += wb if k == 2 else wl
                    if s > best:
                        best, best_i, best_l, best_r = s, low, left, nr
        h ^= best_i
        hands[turn] = h
        live ^= best_i
        if not h:
            return (turn,)
        left, right = best_l, best_r
        turn = nxt
