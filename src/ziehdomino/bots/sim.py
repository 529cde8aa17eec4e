"""A playout-only copy of a round for the computers' search: bitmask hands, integer moves.

The rules engine decides what is legal everywhere else; this module exists only because search
plays hundreds of imagined rounds per decision and the engine's :class:`Round` (tuples, lists,
action objects) is several times slower for that. ``tests/bots/test_sim.py`` holds it equal to
the engine: on thousands of random positions the legal moves and the state after every one of
them agree. ``web/bots.js`` has the same module, the same numbering and the same orders.

Numbering (``docs/bots.md``):

* Tile index ``i`` is the position in :data:`ziehdomino.engine.ALL_TILES` (0|0, 0|1 … 0|6,
  1|1 … 6|6); a hand is a 28-bit mask with bit ``i`` set for tile ``i``.
* A move is an int: ``3*i + END`` for a play of tile ``i`` (END 0 left, 1 right, 2 opening),
  :data:`DRAW` (-1) or :data:`PASS` (-2).
* Sim moves come in the order: tiles by index, left before right, then draw or pass.
"""

from __future__ import annotations

from typing import Final

from ..engine.tiles import ALL_TILES

TA: Final = tuple(a for a, _ in ALL_TILES)
TB: Final = tuple(b for _, b in ALL_TILES)
PIPS: Final = tuple(a + b for a, b in ALL_TILES)
INDEX: Final = {t: i for i, t in enumerate(ALL_TILES)}
#: NUM[n]: mask of the tiles that show ``n`` on either half.
NUM: Final = tuple(sum(1 << i for i, (a, b) in enumerate(ALL_TILES) if n in (a, b)) for n in range(7))
FULL: Final = (1 << 28) - 1
#: ALLOWED[f]: mask of the tiles with neither half in the number set ``f`` (7-bit mask).
ALLOWED: Final = tuple(sum(1 << i for i, (a, b) in enumerate(ALL_TILES) if not (f >> a) & 1 and not (f >> b) & 1)
                       for f in range(128))
#: BIT_INDEX[1 << i] == i
BIT_INDEX: Final = {1 << i: i for i in range(28)}
_PIP_LO: Final = tuple(sum(PIPS[i] for i in range(14) if (m >> i) & 1) for m in range(1 << 14))
_PIP_HI: Final = tuple(sum(PIPS[i + 14] for i in range(14) if (m >> i) & 1) for m in range(1 << 14))

LEFT, RIGHT, OPEN = 0, 1, 2
DRAW: Final = -1
PASS: Final = -2


def mask_pips(mask: int) -> int:
    """The pip sum of the tiles in ``mask``."""
    return _PIP_LO[mask & 0x3FFF] + _PIP_HI[mask >> 14]


def bits(mask: int) -> list[int]:
    """The tile indices in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_INDEX[low])
        mask ^= low
    return out


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


# -- the playout policy ---------------------------------------------------------------------------

#: Weights of "mittel", which is also the playout policy (docs/bots.md): pips shed, tiles left
#: that follow the new ends, a double shed, the next seat known to lack both new ends / one of
#: them. Integer scores only.
W_PIPS = 1
W_FOLLOW = 10
W_DOUBLE = 20
W_BLOCK = 64
W_LACK = 16


#: The playout policy of a seat read as shedding the heaviest tile (docs/bots.md): the score
#: ``H_PIPS * pips + follow``, so the heaviest fitting tile, and of those the one that leaves the
#: most tiles that follow.
H_PIPS = 100


def playout(hands: list[int], bone: list[int], left: int, right: int, turn: int, passes: int,
            players: int, lacks: list[int], heavy: int = 0) -> tuple[int, ...]:
    """Play a determinized round to its end with the playout policy; return the winners.

    Every seat plays the fitting move with the highest score ``W_PIPS*pips + W_FOLLOW*follow
    + W_DOUBLE*double + W_BLOCK or W_LACK`` where ``follow`` counts the tiles left in its hand
    that fit the ends after the move, and the last term applies when the next seat is publicly
    known to lack both / one of the new ends; ties go to the first move in sim order. ``lacks``
    holds the publicly known lacks per seat (7-bit masks): a draw or pass at ends ``a``, ``b``
    sets them to exactly {a, b}. The line must not be empty. ``hands``, ``bone`` and ``lacks``
    are consumed. The seats in the mask ``heavy`` play by ``H_PIPS * pips + follow`` instead
    (ties to the first move in sim order as well).
    """
    num = NUM
    ta, tb, pipsof, bit_index = TA, TB, PIPS, BIT_INDEX
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
        best = -1
        best_i = best_l = best_r = 0
        m = fit
        if (heavy >> turn) & 1:  # this seat plays out as heaviest: 100 * pips + follow
            wp, wf, wd, wb, wl, lack = H_PIPS, 1, 0, 0, 0, 0
        else:
            wp, wf, wd, wb, wl, lack = W_PIPS, W_FOLLOW, W_DOUBLE, W_BLOCK, W_LACK, lacks[nxt]
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
        if not h:
            return (turn,)
        left, right = best_l, best_r
        turn = nxt
