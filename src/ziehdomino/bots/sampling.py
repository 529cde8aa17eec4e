"""Dealing the hidden tiles consistently with what a seat knows, and weighing the deals.

The search (:mod:`.levels`) plays its candidates out on deals of the hidden tiles: hands for the
other seats that fit their slots (:mod:`.knowledge`), and a boneyard order (``docs/bots.md``,
"Sampling hidden deals"). Stark weighs each deal by how likely the other seats' plays were had
they held what the deal gives them ("Reading the plays"). ``web/bots/sampling.js`` draws the
same deals from the same generator calls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Final, Iterator

from .knowledge import Knowledge
from .masks import ALLOWED, COUNT7, FULL, KINDS_HI, KINDS_LO, NUM, PIPS, TA, TB
from .rng import Mulberry32
from .scores import S_BLOCK, S_DOUBLE, S_FOLLOW, S_KINDS, S_LACK, S_OPEN, S_SAME, W_BLOCK, W_DOUBLE, W_FOLLOW, W_LACK
from .weights import LIKE_PARAMS, MODELS, PIPS_MODEL, SEARCH

#: Attempts at a consistent sample before the constraints are dropped (docs/bots.md).
SAMPLE_TRIES: Final = SEARCH["sample_tries"]
#: "stark": deals drawn per deal played out, before the drawn deals are weighed and resampled.
RAW_FACTOR: Final = SEARCH["raw_factor"]
#: Resampling weights are cut to below 2**WEIGHT_BITS; a seat's product per model to below 2**SEAT_BITS.
WEIGHT_BITS: Final = SEARCH["weight_bits"]
SEAT_BITS: Final = SEARCH["seat_bits"]
#: The model of another seat's play (docs/bots.md): a play ``d`` points below the best one in
#: that hand weighs LIKE[d] (LIKE[0] = 65536, each point a factor LIKE_MULT / 65536, about
#: e^(-1/10)), never less than LIKE_FLOOR (a seat may play differently).
LIKE_MULT: Final = LIKE_PARAMS["mult"]
LIKE_FLOOR: Final = LIKE_PARAMS["floor"]
LIKE_MAX_D: Final = LIKE_PARAMS["max_d"]
TWO16: Final = 65536

#: _LIMIT[n]: Mulberry32.below's rejection bound for n (2**32 - 2**32 % n), for the sampler's
#: inlined copy of below (the search samples thousands of tiles per decision).
_LIMIT = (0,) + tuple(0x100000000 - (0x100000000 % n) for n in range(1, 29))
#: _POP14[m]: the set bits of a 14-bit mask; _SELECT14[m][k]: the position of its k-th set bit
#: (ascending), so _SELECT14[m] lists the positions of its set bits. A tile mask is two such halves.
_POP14 = tuple(m.bit_count() for m in range(1 << 14))
_SELECT14 = tuple(tuple(j for j in range(14) if (m >> j) & 1) for m in range(1 << 14))

#: A slot order: every other seat's slots as ``(seat, forbidden numbers, age)`` (:func:`slot_order`).
Order = list[tuple[int, int, int]]
#: A source of deals to play out: ``deals(k, order, rng, samples)`` yields ``(hands, bone,
#: heavy)``, a deal's hands and boneyard and the mask of the seats whose playout policy sheds the
#: heaviest tile (:func:`~.playouts.playout`).
Deals = Callable[[Knowledge, Order, Mulberry32, int], Iterator[tuple[list[int], list[int], int]]]


def slot_order(k: Knowledge) -> Order:
    """Every other seat's slots as ``(seat, forbidden, age)``, most constrained first.

    Key: the number of hidden tiles the slot allows, then seat, then age (oldest first).
    """
    keyed = []
    for seat in range(k.players):
        if seat == k.me:
            continue
        for age, f in enumerate(k.slots[seat]):
            keyed.append(((ALLOWED[f] & k.hidden).bit_count(), seat, age, f))
    keyed.sort()
    return [(seat, f, age) for _, seat, age, f in keyed]


def sample_hands(k: Knowledge, order: Order, rng: Mulberry32, slot_tiles: list[int]) -> list[int]:
    """The hands of one deal consistent with everything ``k`` knows (the viewer's own included);
    ``slot_tiles[j]`` receives the tile (a one-bit mask) given to the j-th slot of ``order``.

    Each slot in ``order`` takes a uniformly chosen hidden tile it allows (the k-th set bit,
    k = ``rng.below(count)``); a dead end restarts, and after :data:`SAMPLE_TRIES` failures
    the constraints are dropped.
    """
    limits, allowed, pop14, select14 = _LIMIT, ALLOWED, _POP14, _SELECT14
    state = rng.state
    for attempt in range(SAMPLE_TRIES + 1):
        relax = attempt == SAMPLE_TRIES
        pool = k.hidden
        hands = [0] * k.players
        hands[k.me] = k.hand
        ok = True
        for j, (seat, f, _) in enumerate(order):
            cand = pool if relax else pool & allowed[f]
            n = cand.bit_count()
            if n == 0:
                ok = False
                break
            pick = 0
            if n > 1:  # rng.below(n), inlined
                limit = limits[n]
                while True:
                    state = (state + 0x6D2B79F5) & 0xFFFFFFFF
                    t = ((state ^ (state >> 15)) * (state | 1)) & 0xFFFFFFFF
                    t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF))) & 0xFFFFFFFF
                    x = t ^ (t >> 14)
                    if x < limit:
                        pick = x % n
                        break
            half = cand & 0x3FFF  # the pick-th set bit of cand
            c = pop14[half]
            low = 1 << select14[half][pick] if pick < c else 1 << (14 + select14[cand >> 14][pick - c])
            hands[seat] |= low
            slot_tiles[j] = low
            pool ^= low
        if ok:
            rng.state = state
            return hands
    raise AssertionError("unreachable: the relaxed attempt always succeeds")


def bone_of(k: Knowledge, hands: list[int], rng: Mulberry32) -> list[int]:
    """The boneyard of a deal with these hands: the hidden tiles left, ascending, shuffled
    by Fisher-Yates (j from the last index down to 1, swap with ``rng.below(j + 1)``)."""
    pool = k.hidden
    for s in range(k.players):
        if s != k.me:
            pool &= ~hands[s]
    bone = list(_SELECT14[pool & 0x3FFF])  # the tile indices in pool, ascending
    bone.extend([14 + i for i in _SELECT14[pool >> 14]])
    limits = _LIMIT
    state = rng.state
    for j in range(len(bone) - 1, 0, -1):
        n = j + 1  # pick = rng.below(n), inlined
        limit = limits[n]
        while True:
            state = (state + 0x6D2B79F5) & 0xFFFFFFFF
            t = ((state ^ (state >> 15)) * (state | 1)) & 0xFFFFFFFF
            t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF))) & 0xFFFFFFFF
            x = t ^ (t >> 14)
            if x < limit:
                break
        pick = x % n
        bone[j], bone[pick] = bone[pick], bone[j]
    rng.state = state
    return bone


def sample(k: Knowledge, order: Order, rng: Mulberry32) -> tuple[list[int], list[int]]:
    """One deal of the hidden tiles consistent with everything known: (hands, boneyard)."""
    hands = sample_hands(k, order, rng, [0] * len(order))
    return hands, bone_of(k, hands, rng)


def uniform_deals(k: Knowledge, order: Order, rng: Mulberry32,
                  samples: int) -> Iterator[tuple[list[int], list[int], int]]:
    """``samples`` deals, each consistent with the draws and passes, weighed alike (stark-v1);
    every seat plays out by mittel's score."""
    for _ in range(samples):
        hands, bone = sample(k, order, rng)
        yield hands, bone, 0


def seeing_deals(hands: list[int]) -> Deals:
    """Deals with the other seats' real hands; only the boneyard's order is drawn."""
    def deals(k: Knowledge, order: Order, rng: Mulberry32, samples: int) -> Iterator[tuple[list[int], list[int], int]]:
        for _ in range(samples):
            yield hands, bone_of(k, hands, rng), 0
    return deals


def _like_table() -> tuple[int, ...]:
    t = [TWO16]
    for _ in range(LIKE_MAX_D):
        t.append(max(LIKE_FLOOR, t[-1] * LIKE_MULT // TWO16))
    return tuple(t)


#: LIKE[d]: the weight of a play ``d`` points below the best (d up to LIKE_MAX_D).
LIKE: Final = _like_table()


@dataclass(frozen=True)
class Evidence:
    """One play by another seat while it held tiles still hidden from the viewer.

    ``seat``: who played; ``fixed``: the tiles it surely held then (the tile played, and its later plays from older
    slots); ``alive``: the positions in the slot order of the slots it held then; ``left``,
    ``right``: the ends before the play (-1 on an empty line); ``tile``, ``nl``, ``nr``: the
    tile played and the ends it left; ``lack``: what the next seat was known to lack then;
    ``line``: the tiles on the line before the play; ``fit``: the tiles those ends took;
    ``moves``: per tile bit of ``fit``, the plays of that tile those ends allowed, and
    ``played``: the play made, each as :func:`_move_terms` gives it.
    """

    seat: int
    fixed: int
    alive: tuple[int, ...]
    left: int
    right: int
    tile: int
    nl: int
    nr: int
    lack: int
    line: int
    fit: int
    moves: dict[int, tuple[tuple[int, int, int, int], ...]]
    played: tuple[int, int, int, int]


def _move_terms(i: int, nl: int, nr: int, lack: int) -> tuple[int, int, int, int]:
    """The parts of a play's scores that do not depend on the rest of the hand: playing tile
    ``i`` to leave the ends ``nl``, ``nr`` when the next seat lacks ``lack``, as ``(mask of the
    tiles that fit the new ends, mittel's score without its follow term, pips,
    the searching score without its follow, open and kinds terms)`` (:func:`~.scores.play_score`,
    :func:`~.scores.search_score`)."""
    double = TA[i] == TB[i]
    lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1)
    return (NUM[nl] | NUM[nr],
            PIPS[i] + (W_DOUBLE if double else 0) + (W_BLOCK if lacked == 2 else W_LACK if lacked else 0), PIPS[i],
            (S_DOUBLE if double else 0) + (S_SAME if nl == nr else 0)
            + (S_BLOCK if lacked == 2 else S_LACK if lacked else 0))


def _moves_at(left: int, right: int, lack: int) -> dict[int, tuple[tuple[int, int, int, int], ...]]:
    """Every play any hand could make at the ends ``left``, ``right`` (-1: an empty line, every
    tile opens), per tile bit, as :func:`_move_terms`; a tile fitting both ends of a line with
    two different ends has two."""
    out = {}
    for i in range(28):
        a, b = TA[i], TB[i]
        plays = []
        if left < 0:
            plays.append(_move_terms(i, a, b, lack))
        else:
            if a == left or b == left:
                plays.append(_move_terms(i, b if a == left else a, right, lack))
            if left != right and (a == right or b == right):
                plays.append(_move_terms(i, left, b if a == right else a, lack))
        if plays:
            out[1 << i] = tuple(plays)
    return out


def evidence(k: Knowledge, order: Order) -> list[Evidence]:
    """What the other seats' plays can tell about the hidden tiles (docs/bots.md)."""
    out = []
    for p in k.plays:
        if p.seat == k.me or not k.explained[p.seat]:
            continue
        alive = tuple(j for j, (seat, _, age) in enumerate(order) if seat == p.seat and k.births[seat][age] < p.at)
        if not alive:
            continue
        fixed = 1 << p.tile
        for q in k.plays:
            if q.seat == p.seat and q.at > p.at and q.birth < p.at:
                fixed |= 1 << q.tile
        left, right = p.ends if p.ends else (-1, -1)
        a, b = TA[p.tile], TB[p.tile]
        nl, nr = a, b
        if p.end == "left":
            nl, nr = (b if a == left else a), right
        elif p.end == "right":
            nl, nr = left, (b if a == right else a)
        line = 0
        for q in k.plays:
            if q.at < p.at:
                line |= 1 << q.tile
        moves = _moves_at(left, right, p.next_lack)
        out.append(Evidence(p.seat, fixed, alive, left, right, p.tile, nl, nr, p.next_lack, line, sum(moves), moves,
                            _move_terms(p.tile, nl, nr, p.next_lack)))
    return out


#: MODELS (weights.json): the models of another seat's play (docs/bots.md, "Reading the plays"),
#: as scales (x, y, z) of a play's score ``x * mittel score + y * pips + z * searching score``:
#: mittel's score read loosely, read strictly, the pips alone, and the searching score
#: (:func:`~.scores.search_score`); PIPS_MODEL: the one whose seats play out as heaviest.
#: :func:`likelihoods` and :func:`weighed_deals` are written for four models of these kinds.
if len(MODELS) != 4 or any(y or z for _, y, z in MODELS[:2]) or MODELS[2][0] or MODELS[2][2] or MODELS[3] != (0, 0, 1):
    raise AssertionError("weights.json: the models must be (x, 0, 0), (x, 0, 0), (0, y, 0), (0, 0, 1)")


#: LIKE extended so that any score difference indexes it directly (entries past LIKE_MAX_D
#: repeat LIKE[LIKE_MAX_D]): a score is at most 12 pips + W_FOLLOW * 27 tiles + the double and
#: blocking terms, and the models scale it.
_LIKE_WIDE: Final = LIKE + (LIKE[LIKE_MAX_D],) * (max(x * (12 + 27 * W_FOLLOW + W_DOUBLE + W_BLOCK) + y * 12
                                                      for x, y, _ in MODELS) + 1 - len(LIKE))


#: For the first three models, LIKE of a distance to the best play in that model's own units:
#: for ``x * score``, entry d is LIKE[x * d] (d in score points); for ``y * pips``, LIKE[y * d]
#: (d in pips).
_MODEL_LIKE: Final = tuple(
    tuple(_LIKE_WIDE[x * d] for d in range(12 + 27 * W_FOLLOW + W_DOUBLE + W_BLOCK + 1)) if y == 0
    else tuple(_LIKE_WIDE[y * d] for d in range(13))
    for x, y, _ in MODELS[:3])


def likelihoods(hand: int, ev: Evidence) -> tuple[int, ...]:
    """Each model's chance, out of 65536, that a seat holding ``hand`` made the play ``ev``:
    LIKE[best - score of the play] over the sum of LIKE[best - score] of every play it had."""
    unseen = FULL & ~hand & ~ev.line  # the tiles the seat could not see then
    count7, klo, khi = COUNT7, KINDS_LO, KINDS_HI
    sf, so, sk = S_FOLLOW, S_OPEN, S_KINDS
    scores = []  # mittel's score (play_score) of every play the hand had
    tile_pips = []
    searching = []  # the searching score (search_score) of every play
    moves = ev.moves
    m = hand & ev.fit
    while m:
        low = m & -m
        m ^= low
        rest = hand ^ low
        kinds = sk * count7[klo[rest & 0x3FFF] | khi[rest >> 14]]
        for ends, base, pips, sbase in moves[low]:
            f = (rest & ends).bit_count()
            scores.append(base + W_FOLLOW * f)
            tile_pips.append(pips)
            searching.append(sbase + sf * f - so * (ends & unseen).bit_count() - kinds)
    if len(scores) <= 1:
        return (TWO16,) * len(MODELS)
    ends, base, played_pips, sbase = ev.played
    rest = hand & ~(1 << ev.tile)
    f = (rest & ends).bit_count()
    played = base + W_FOLLOW * f
    played_search = (sbase + sf * f - so * (ends & unseen).bit_count()
                     - sk * count7[klo[rest & 0x3FFF] | khi[rest >> 14]])
    loose, strict, by_pips = _MODEL_LIKE
    best = max(scores)
    total_loose = total_strict = 0
    for s in scores:
        total_loose += loose[best - s]
        total_strict += strict[best - s]
    heaviest = max(tile_pips)
    total_pips = 0
    for p in tile_pips:
        total_pips += by_pips[heaviest - p]
    top = max(searching)  # the searching score model: its differences stay below 200
    like = LIKE
    total_search = 0
    for v in searching:
        total_search += like[top - v]
    return (TWO16 * loose[best - played] // total_loose, TWO16 * strict[best - played] // total_strict,
            TWO16 * by_pips[heaviest - played_pips] // total_pips, TWO16 * like[top - played_search] // total_search)


#: A reader of one other seat's plays: its seat number, the sets of slots its plays saw (None:
#: all its slots, that is its whole sampled hand), its plays in log order as (the packed key's
#: shift, the tiles surely held, the evidence, its likelihoods memoized by hand), and the memo
#: of its four products by packed key (:func:`_readers`).
Reader = tuple[int, list[tuple[int, ...] | None], list[tuple[int, int, Evidence, dict[int, tuple[int, ...]]]],
               dict[int, tuple[int, int, int, int]]]


def _readers(evs: list[Evidence], order: Order) -> list[Reader]:
    """One :data:`Reader` per seat with evidence, by seat number.

    A seat's products depend only on the tiles in the slots its plays saw (each play's alive
    slots; a play adds the tiles it surely held), so they are memoized per seat by those tiles,
    packed 28 bits per distinct set of slots.
    """
    readers: list[Reader] = []
    for seat in sorted({e.seat for e in evs}):
        mine = [e for e in evs if e.seat == seat]
        every = tuple(j for j, (s, _, _) in enumerate(order) if s == seat)
        sets = list(dict.fromkeys(e.alive for e in mine))
        readers.append((seat, [None if alive == every else alive for alive in sets],
                        [(28 * sets.index(e.alive), e.fixed, e, {}) for e in mine], {}))
    return readers


def _draw_weighed(k: Knowledge, order: Order, rng: Mulberry32, raw: int,
                  readers: list[Reader]) -> tuple[list[list[int]], list[list[tuple[int, int, int, int]]]]:
    """``raw`` deals' hands, and per deal and reader the four models' products of that seat's
    plays' likelihoods (each out of 2**32)."""
    drawn = []
    products = []
    slot_tiles = [0] * len(order)
    for _ in range(raw):
        hands = sample_hands(k, order, rng, slot_tiles)
        p = []
        for seat, groups, plays, memo in readers:
            key = shift = 0
            for alive in groups:
                if alive is None:
                    key |= hands[seat] << shift
                else:
                    for j in alive:
                        key |= slot_tiles[j] << shift
                shift += 28
            prod = memo.get(key)
            if prod is None:
                a = b = c = d = 1 << 32
                for at, fixed, e, known in plays:
                    hand = fixed | ((key >> at) & FULL)
                    q = known.get(hand)
                    if q is None:
                        q = known[hand] = likelihoods(hand, e)
                    a = a * q[0] >> 16
                    b = b * q[1] >> 16
                    c = c * q[2] >> 16
                    d = d * q[3] >> 16
                prod = memo[key] = (a, b, c, d)
            p.append(prod)
        drawn.append(hands)
        products.append(p)
    return drawn, products


def _deal_weights(products: list[list[tuple[int, int, int, int]]], readers: list[Reader]) -> tuple[list[int], int]:
    """Each deal's weight (cut to below 2**WEIGHT_BITS) and the mask of the seats that play out
    as heaviest (:func:`weighed_deals`)."""
    ns = len(readers)
    # every product of a deal is in its seat's memo and every memo entry is some deal's
    shifts = [max(0, max(map(max, memo.values())).bit_length() - SEAT_BITS) for _, _, _, memo in readers]
    weights = []
    sums = [[0, 0, 0, 0] for _ in readers]
    for p in products:
        w = 1
        for si in range(ns):
            sh = shifts[si]
            a, b, c, d = p[si]
            a >>= sh
            b >>= sh
            c >>= sh
            d >>= sh
            w *= a + b + c + d
            acc = sums[si]
            acc[0] += a
            acc[1] += b
            acc[2] += c
            acc[3] += d
        weights.append(w)
    heavy = 0
    for (seat, _, _, _), acc in zip(readers, sums):
        if acc.index(max(acc)) == PIPS_MODEL:
            heavy |= 1 << seat
    cut = max(0, max(weights).bit_length() - WEIGHT_BITS)
    return [w >> cut for w in weights], heavy


def weighed_deals(k: Knowledge, order: Order, rng: Mulberry32,
                  samples: int) -> Iterator[tuple[list[int], list[int], int]]:
    """Deals weighed by how likely the other seats' plays were (docs/bots.md).

    ``RAW_FACTOR * samples`` deals are drawn; for each other seat and model, the product of
    its plays' likelihoods; a seat's weight is the sum over the models (each product scaled by
    the seat's largest product over the deals), a deal's weight the product over the seats;
    ``samples`` deals are then taken by systematic resampling. A seat whose plays the pips
    model explains best (its scaled products summed over the drawn deals are the highest of the
    models; ties to the earlier model) plays out as heaviest in every deal.
    """
    evs = evidence(k, order)
    if not evs:
        yield from uniform_deals(k, order, rng, samples)
        return
    readers = _readers(evs, order)
    raw = RAW_FACTOR * samples
    drawn, products = _draw_weighed(k, order, rng, raw, readers)
    weights, heavy = _deal_weights(products, readers)
    total = sum(weights)
    if total == 0:
        weights = [1] * raw
        total = raw
    u = rng.below(total)
    n = 0
    cum = weights[0]
    for j in range(samples):
        target = (j * total + u) // samples
        while cum <= target:
            n += 1
            cum += weights[n]
        yield drawn[n], bone_of(k, drawn[n], rng), heavy
