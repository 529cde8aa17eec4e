"""Deals of the hidden tiles consistent with what a seat knows, and their weights by the other
seats' plays (``docs/bots.md``, "Sampling hidden deals", "Reading the plays"). Twin:
``web/bots/sampling.js``, with the same generator calls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Final, Iterator

from .knowledge import Knowledge
from .masks import ALLOWED, COUNT7, FULL, KINDS_HI, KINDS_LO, NUM, PIPS, TA, TB
from .rng import Mulberry32
from .scores import S_BLOCK, S_DOUBLE, S_FOLLOW, S_KINDS, S_LACK, S_OPEN, S_SAME, W_BLOCK, W_DOUBLE, W_FOLLOW, W_LACK
from .weights import LIKE_PARAMS, MODELS, PIPS_MODEL, SEARCH

SAMPLE_TRIES: Final = SEARCH["sample_tries"]
RAW_FACTOR: Final = SEARCH["raw_factor"]
WEIGHT_BITS: Final = SEARCH["weight_bits"]
SEAT_BITS: Final = SEARCH["seat_bits"]
LIKE_MULT: Final = LIKE_PARAMS["mult"]
LIKE_FLOOR: Final = LIKE_PARAMS["floor"]
LIKE_MAX_D: Final = LIKE_PARAMS["max_d"]
TWO16: Final = 65536

#: _LIMIT[n]: Mulberry32.below's rejection bound, for its inlined copies below.
_LIMIT = (0,) + tuple(0x100000000 - (0x100000000 % n) for n in range(1, 29))
#: _POP14[m]: the set bits of a 14-bit mask; _SELECT14[m]: their positions, ascending.
_POP14 = tuple(m.bit_count() for m in range(1 << 14))
_SELECT14 = tuple(tuple(j for j in range(14) if (m >> j) & 1) for m in range(1 << 14))

#: A slot order: every other seat's slots as ``(seat, forbidden numbers, age)`` (:func:`slot_order`).
Order = list[tuple[int, int, int]]
#: ``deals(k, order, rng, samples)`` yields ``(hands, bone, heavy)``: a deal and the seats that
#: play it out as heaviest.
Deals = Callable[[Knowledge, Order, Mulberry32, int], Iterator[tuple[list[int], list[int], int]]]


def slot_order(k: Knowledge) -> Order:
    """Every other seat's slots as ``(seat, forbidden, age)``, most constrained first."""
    keyed = []
    for seat in range(k.players):
        if seat == k.me:
            continue
        for age, f in enumerate(k.slots[seat]):
            keyed.append(((ALLOWED[f] & k.hidden).bit_count(), seat, age, f))
    keyed.sort()
    return [(seat, f, age) for _, seat, age, f in keyed]


def sample_hands(k: Knowledge, order: Order, rng: Mulberry32, slot_tiles: list[int]) -> list[int]:
    """The hands of one deal consistent with ``k``; ``slot_tiles[j]`` receives the tile given to
    the j-th slot of ``order``."""
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
            half = cand & 0x3FFF
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
    """The boneyard of a deal with these hands, shuffled."""
    pool = k.hidden
    for s in range(k.players):
        if s != k.me:
            pool &= ~hands[s]
    bone = list(_SELECT14[pool & 0x3FFF])
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
    """One consistent deal: (hands, boneyard)."""
    hands = sample_hands(k, order, rng, [0] * len(order))
    return hands, bone_of(k, hands, rng)


def uniform_deals(k: Knowledge, order: Order, rng: Mulberry32,
                  samples: int) -> Iterator[tuple[list[int], list[int], int]]:
    """``samples`` consistent deals, weighed alike (stark-v1)."""
    for _ in range(samples):
        hands, bone = sample(k, order, rng)
        yield hands, bone, 0


def seeing_deals(hands: list[int]) -> Deals:
    """Deals with the other seats' real hands; only the boneyard is drawn."""
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
    """One play by another seat while it held tiles still hidden (docs/bots.md, "Reading the plays"):
    ``fixed``, the tiles it surely held; ``alive``, its slots then (positions in the order);
    ``moves`` and ``played`` as :func:`_move_terms` gives them."""

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
    """The parts of a play's scores that do not depend on the rest of the hand: ``(tiles fitting
    the new ends, mittel's score without follow, pips, the searching score without follow,
    open and kinds)``."""
    double = TA[i] == TB[i]
    lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1)
    return (NUM[nl] | NUM[nr],
            PIPS[i] + (W_DOUBLE if double else 0) + (W_BLOCK if lacked == 2 else W_LACK if lacked else 0), PIPS[i],
            (S_DOUBLE if double else 0) + (S_SAME if nl == nr else 0)
            + (S_BLOCK if lacked == 2 else S_LACK if lacked else 0))


def _moves_at(left: int, right: int, lack: int) -> dict[int, tuple[tuple[int, int, int, int], ...]]:
    """Every play any hand could make at these ends, per tile bit, as :func:`_move_terms`."""
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


# likelihoods and weighed_deals are written for these four kinds of model (docs/bots.md).
if len(MODELS) != 4 or any(y or z for _, y, z in MODELS[:2]) or MODELS[2][0] or MODELS[2][2] or MODELS[3] != (0, 0, 1):
    raise AssertionError("weights.json: the models must be (x, 0, 0), (x, 0, 0), (0, y, 0), (0, 0, 1)")


#: LIKE extended to the largest scaled score difference.
_LIKE_WIDE: Final = LIKE + (LIKE[LIKE_MAX_D],) * (max(x * (12 + 27 * W_FOLLOW + W_DOUBLE + W_BLOCK) + y * 12
                                                      for x, y, _ in MODELS) + 1 - len(LIKE))


#: For the first three models, LIKE of a distance to the best play in that model's units.
_MODEL_LIKE: Final = tuple(
    tuple(_LIKE_WIDE[x * d] for d in range(12 + 27 * W_FOLLOW + W_DOUBLE + W_BLOCK + 1)) if y == 0
    else tuple(_LIKE_WIDE[y * d] for d in range(13))
    for x, y, _ in MODELS[:3])


def likelihoods(hand: int, ev: Evidence) -> tuple[int, ...]:
    """Each model's chance, out of 65536, that a seat holding ``hand`` made the play ``ev``."""
    unseen = FULL & ~hand & ~ev.line
    count7, klo, khi = COUNT7, KINDS_LO, KINDS_HI
    sf, so, sk = S_FOLLOW, S_OPEN, S_KINDS
    scores = []  # mittel's score of each play
    tile_pips = []
    searching = []
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
    top = max(searching)  # its differences stay below 200
    like = LIKE
    total_search = 0
    for v in searching:
        total_search += like[top - v]
    return (TWO16 * loose[best - played] // total_loose, TWO16 * strict[best - played] // total_strict,
            TWO16 * by_pips[heaviest - played_pips] // total_pips, TWO16 * like[top - played_search] // total_search)


#: One other seat's plays: seat, the sets of slots they saw (None: all), the plays as (key
#: shift, tiles surely held, evidence, likelihoods by hand), the products by packed key.
Reader = tuple[int, list[tuple[int, ...] | None], list[tuple[int, int, Evidence, dict[int, tuple[int, ...]]]],
               dict[int, tuple[int, int, int, int]]]


def _readers(evs: list[Evidence], order: Order) -> list[Reader]:
    """One :data:`Reader` per seat with evidence. Its products depend only on the tiles in the
    slots its plays saw, so they are memoized by those, packed 28 bits per set of slots."""
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
    """``raw`` deals' hands and, per deal and reader, the models' products (out of 2**32)."""
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
    """Each deal's weight and the seats that play out as heaviest."""
    ns = len(readers)
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
    """``samples`` deals resampled from ``RAW_FACTOR`` times as many, weighed by how likely the
    other seats' plays were (docs/bots.md, "Reading the plays")."""
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
