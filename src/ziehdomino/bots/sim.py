"""A playout-only copy of a round for the computers' search: bitmask hands, integer moves.

The rules engine decides what is legal everywhere else; this module exists only because search
plays hundreds of imagined rounds per decision and the engine's :class:`Round` (tuples, lists,
action objects) is several times slower for that. ``tests/bots/test_sim.py`` holds it equal to
the engine: on thousands of random positions the legal moves and the state after every one of
them agree. ``web/bots/index.js`` has the same module, the same numbering and the same orders.

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
            players: int, lacks: list[int]) -> tuple[int, ...]:
    """Play a determinized round to its end with the playout policy; return the winners.

    Every seat plays the fitting move with the highest score ``W_PIPS*pips + W_FOLLOW*follow
    + W_DOUBLE*double + W_BLOCK or W_LACK`` where ``follow`` counts the tiles left in its hand
    that fit the ends after the move, and the last term applies when the next seat is publicly
    known to lack both / one of the new ends; ties go to the first move in sim order. ``lacks``
    holds the publicly known lacks per seat (7-bit masks): a draw or pass at ends ``a``, ``b``
    sets them to exactly {a, b}. The line must not be empty. ``hands``, ``bone`` and ``lacks``
    are consumed.
    """
    num = NUM
    ta, tb, pipsof, bit_index = TA, TB, PIPS, BIT_INDEX
    wp, wf, wd, wb, wl = W_PIPS, W_FOLLOW, W_DOUBLE, W_BLOCK, W_LACK
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
        if not h:
            return (turn,)
        left, right = best_l, best_r
        turn = nxt


#: The searching score (docs/bots.md): a model of a player who searches, fitted to stark-v1's
#: plays, and the policy of stark's playouts. ``S_FOLLOW * follow + S_DOUBLE * double + S_BLOCK
#: or S_LACK - S_OPEN * open + S_SAME * (both new ends alike) - S_KINDS * kinds``: ``open``
#: counts the tiles fitting the new ends that the player cannot see, ``kinds`` the numbers its
#: remaining tiles show.
S_FOLLOW = 3
S_DOUBLE = 10
S_BLOCK = 7
S_LACK = 6
S_OPEN = 3
S_SAME = 8
S_KINDS = 2


def _kinds_table(offset: int) -> tuple[int, ...]:
    """For every 14-bit mask m: the numbers (a 7-bit set) shown by tiles ``offset + i``, bit i of m."""
    t = [0] * (1 << 14)
    for m in range(1, 1 << 14):
        i = (m & -m).bit_length() - 1 + offset
        t[m] = t[m & (m - 1)] | (1 << TA[i]) | (1 << TB[i])
    return tuple(t)


#: KINDS_LO[m], KINDS_HI[m]: the numbers shown by the tiles of a mask's low and high 14 bits (:func:`kinds`).
KINDS_LO: Final = _kinds_table(0)
KINDS_HI: Final = _kinds_table(14)
#: COUNT7[numbers]: how many numbers a 7-bit number set holds.
COUNT7: Final = tuple(n.bit_count() for n in range(128))


def kinds(mask: int) -> int:
    """How many different numbers the tiles of ``mask`` show."""
    return COUNT7[KINDS_LO[mask & 0x3FFF] | KINDS_HI[mask >> 14]]


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


def playout_search(hands: list[int], bone: list[int], left: int, right: int, turn: int, passes: int,
                   players: int, lacks: list[int], heavy: int) -> tuple[int, ...]:
    """Stark's playout: as :func:`playout`, but every seat plays by the searching score
    (:func:`search_score`; its unseen tiles are those in the other hands and the boneyard),
    except the seats in the mask ``heavy``, which play by ``H_PIPS * pips + follow``. Ties go to
    the first move in sim order.
    """
    num = NUM
    ta, tb, pipsof, bit_index, count7, klo, khi = TA, TB, PIPS, BIT_INDEX, COUNT7, KINDS_LO, KINDS_HI
    sf, sd, sb, sl, so, ss, sk = S_FOLLOW, S_DOUBLE, S_BLOCK, S_LACK, S_OPEN, S_SAME, S_KINDS
    live = 0  # the tiles in some hand or in the boneyard
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
        if (heavy >> turn) & 1:  # this seat plays out as heaviest: 100 * pips + follow
            while m:
                low = m & -m
                m ^= low
                i = bit_index[low]
                h2 = h ^ low
                a = ta[i]
                b = tb[i]
                base = H_PIPS * pipsof[i]
                if a == left or b == left:
                    nl = b if a == left else a
                    s = base + (h2 & (num[nl] | num[right])).bit_count()
                    if s > best:
                        best, best_i, best_l, best_r = s, low, nl, right
                if a == right or b == right:
                    nr = b if a == right else a
                    s = base + (h2 & (num[left] | num[nr])).bit_count()
                    if s > best:
                        best, best_i, best_l, best_r = s, low, left, nr
        else:
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
        h ^= best_i
        hands[turn] = h
        live ^= best_i
        if not h:
            return (turn,)
        left, right = best_l, best_r
        turn = nxt
