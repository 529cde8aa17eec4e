"""A bitmask copy of the rules for the search, which the engine's :class:`Round` is too slow
for, and the one playout routine; ``tests/bots/test_playouts.py`` holds it equal to the engine.
Sim moves come by tile index, left before right, then draw or pass. Twin: ``web/bots/playouts.js``."""

from __future__ import annotations

from .masks import BIT_INDEX, COUNT7, DRAW, KINDS_HI, KINDS_LO, LEFT, NUM, OPEN, PASS, PIPS, TA, TB, bits, mask_pips
from .scores import (H_FOLLOW, H_PIPS, S_BLOCK, S_DOUBLE, S_FOLLOW, S_KINDS, S_LACK, S_OPEN, S_SAME, W_BLOCK,
                     W_DOUBLE, W_FOLLOW, W_LACK, W_PIPS)


class SimRound:
    """A round with every hand known (a determinization): ``bone[-1]`` is drawn next; ends -1
    on an empty line; ``winners`` None while it goes on."""

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
        """The moves of the seat to act, in sim order."""
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
        """Apply a move the caller knows is legal."""
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
    """Play a determinized round on a line that is not empty to its end; the winners. Policies
    (docs/bots.md): the seats in the mask ``heavy`` play as heaviest, then those in
    ``searching`` by the searching score, the rest by mittel's. Consumes ``hands``, ``bone`` and
    ``lacks``. One routine for every policy, inlined: the search's hot path."""
    num = NUM
    ta, tb, pipsof, bit_index, count7, klo, khi = TA, TB, PIPS, BIT_INDEX, COUNT7, KINDS_LO, KINDS_HI
    wp, wf, wd, wb, wl = W_PIPS, W_FOLLOW, W_DOUBLE, W_BLOCK, W_LACK
    sf, sd, sb, sl, so, ss, sk = S_FOLLOW, S_DOUBLE, S_BLOCK, S_LACK, S_OPEN, S_SAME, S_KINDS
    hp, hf = H_PIPS, H_FOLLOW
    searching &= ~heavy  # heavy wins, so searching can be tested first below
    live = 0  # the tiles in a hand or the boneyard
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
        if not fit & (fit - 1):  # one tile fitting one end only: no choice
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
        if (searching >> turn) & 1:  # the searching score
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
        elif (heavy >> turn) & 1:
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
