"""The computer players: leicht, mittel, stark, and the arena's yardsticks heaviest and stark-v1.

Each takes a seat's view, the :class:`~.knowledge.Knowledge` read from it and a seeded
generator, and returns the index of its choice in ``view["legal"]``. ``docs/bots.md`` describes
them; ``web/bots/index.js`` implements the same steps in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Final, Iterator

from .knowledge import Knowledge, move_of
from .rng import Mulberry32
from .sim import (COUNT7, KINDS_HI, KINDS_LO, FULL, NUM, OPEN, PIPS, TA, TB, W_BLOCK, W_DOUBLE, W_FOLLOW,
                  W_LACK, W_PIPS, SimRound, S_BLOCK, S_DOUBLE, S_FOLLOW, S_KINDS, S_LACK, S_OPEN, S_SAME,
                  outcome_value, playout, playout_search)
from .solve import exact_value, solve

#: "stark": playouts per decision, shared among the candidate moves (docs/bots.md).
PLAYOUTS: Final = 1000
#: "stark": its playouts by the searching score cost more, so it plays out fewer (stark-v1 keeps PLAYOUTS).
STARK_PLAYOUTS: Final = 800
#: "stark" at a table of two: more playouts (a two-seat playout is shorter, and there they pay).
STARK_PLAYOUTS_2: Final = 1000
MIN_SAMPLES: Final = 24
#: "stark": deals drawn per deal played out, before the drawn deals are weighed and resampled.
RAW_FACTOR: Final = 2
#: The model of another seat's play (docs/bots.md): a play ``d`` points below the best one in
#: that hand weighs LIKE[d] (LIKE[0] = 65536, each point a factor LIKE_MULT / 65536, about
#: e^(-1/10)), never less than LIKE_FLOOR (a seat may play differently).
LIKE_MULT: Final = 59299
LIKE_FLOOR: Final = 1024
LIKE_MAX_D: Final = 255
TWO16: Final = 65536
#: "stark", two seats and at most EXACT_BONE tiles in the boneyard: each distinct deal is solved
#: exactly (:func:`~.solve.exact_value`) instead of played out, within EXACT_NODES positions per
#: decision; a deal that would take more is played out, and so is every deal after it.
EXACT_BONE: Final = 6
EXACT_NODES: Final = 60000
#: Resampling weights are cut to below 2**WEIGHT_BITS; a seat's product per model to below 2**SEAT_BITS.
WEIGHT_BITS: Final = 20
SEAT_BITS: Final = 16


def _like_table() -> tuple[int, ...]:
    t = [TWO16]
    for _ in range(LIKE_MAX_D):
        t.append(max(LIKE_FLOOR, t[-1] * LIKE_MULT // TWO16))
    return tuple(t)


LIKE: Final = _like_table()


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


def play_score(hand: int, i: int, nl: int, nr: int, lack: int) -> int:
    """Mittel's score of playing tile ``i`` from ``hand``, leaving the ends ``nl``, ``nr``, when
    the next seat is known to lack the numbers ``lack`` (a 7-bit mask): shed pips, keep a hand
    that follows, play doubles, starve the next seat."""
    score = W_PIPS * PIPS[i] + W_FOLLOW * (hand & ~(1 << i) & (NUM[nl] | NUM[nr])).bit_count()
    if TA[i] == TB[i]:
        score += W_DOUBLE
    lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1)
    if lacked == 2:
        score += W_BLOCK
    elif lacked == 1:
        score += W_LACK
    return score


def mittel_score(k: Knowledge, move: int, next_lacks: int) -> int:
    """The heuristic score of a play from the viewer's hand (:func:`play_score`)."""
    nl, nr = _after(k, move)
    return play_score(k.hand, move // 3, nl, nr, next_lacks)


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


#: A source of deals to play out: ``deals(k, order, rng, samples)`` yields ``(hands, bone,
#: heavy)``, a deal's hands and boneyard and the mask of the seats whose playout policy sheds the
#: heaviest tile (:func:`~.sim.playout_search`).
Deals = Callable[[Knowledge, list[tuple[int, int, int]], Mulberry32, int], Iterator[tuple[list[int], list[int], int]]]


def _mittel_playout(hands: list[int], bone: list[int], left: int, right: int, turn: int, passes: int,
                    players: int, lacks: list[int], heavy: int) -> tuple[int, ...]:
    """The playout of stark-v1 and the ceiling: every seat by mittel's score (``heavy`` unused)."""
    return playout(hands, bone, left, right, turn, passes, players, lacks)


#: A playout policy for the search: ``(hands, bone, left, right, turn, passes, players, lacks,
#: heavy)`` to the winners (:func:`_mittel_playout`, :func:`~.sim.playout_search`).
Policy = Callable[[list[int], list[int], int, int, int, int, int, list[int], int], tuple[int, ...]]


def search(view: dict[str, Any], k: Knowledge, rng: Mulberry32, deals: Deals,
           policy: Policy = _mittel_playout, playouts: int = PLAYOUTS, exact: bool = False) -> dict[str, Any]:
    """The search every stark-like player shares (docs/bots.md, "stark").

    Steps 1 and 2 (one choice; the exact two-player endgame), then ``deals(k, order, rng,
    samples)`` yields the deals to play every candidate out on (with the seats that play out
    as heaviest), each played out by ``policy``; ``playouts`` shared among the candidates.
    ``exact``: late two-seat positions solve each distinct deal exactly instead (stark).

    Returns:
        ``{"choice": index in view["legal"], "method": ..., "candidates": [...], "samples": n}``;
        ``method`` is ``"only"`` (one legal action), ``"same"`` (all plays lead to the same
        ends), ``"solve"`` (each candidate has ``value``: 0 lost, 1 shared, 2 won alone, with
        best play) or ``"sample"`` (each candidate has ``won`` and ``shared``: counts out of
        ``samples`` deals played out; ``exact`` of them were solved exactly instead). Each candidate has ``index`` (in ``view["legal"]``).
    """
    legal = view["legal"]
    if len(legal) == 1:
        return {"choice": 0, "method": "only", "candidates": [{"index": 0}], "samples": 0}
    cands = candidates(k, legal)
    if len(cands) == 1:
        return {"choice": cands[0][0], "method": "same", "candidates": [{"index": cands[0][0]}], "samples": 0}
    root = k.root()
    moves = [m for _, m in cands]
    if k.players == 2 and k.bone_count == 0:
        root.hands[1 - k.me] = k.hidden
        values = solve(root, moves, k.me)
        if values is not None:
            best = values.index(max(values))
            return {"choice": cands[best][0], "method": "solve", "samples": 0,
                    "candidates": [{"index": idx, "value": values[c]} for c, (idx, _) in enumerate(cands)]}
    samples = max(MIN_SAMPLES, playouts // len(cands))
    won = [0] * len(cands)
    shared = [0] * len(cands)
    me, players = k.me, k.players
    lacks0 = [k.public_lacks(s) for s in range(players)]
    left, right, turn, passes = root.left, root.right, root.turn, root.passes
    # A play among the candidates, applied once: the tile's bit and the ends and turn after it.
    after: list[tuple[int, int, int, int] | None] = []
    for m in moves:
        if m < 0:
            after.append(None)  # a draw or a pass: only in a hand-made view; the sim applies it
            continue
        r = SimRound(players, [FULL] * players, [], left, right, turn, passes)
        r.apply(m)
        after.append((1 << (m // 3), r.left, r.right, r.turn))
    # Two seats and a small boneyard: a deal (the other hand and the boneyard's order) leaves a
    # game of perfect information, and the sampled deals repeat; each distinct deal is solved
    # once, within a budget of positions, and counts as often as it was drawn.
    solved: dict[tuple[int, tuple[int, ...]], list[int] | None] | None = None
    if exact and players == 2 and 0 < k.bone_count <= EXACT_BONE and all(m >= 0 for m in moves):
        solved = {}
    budget = [EXACT_NODES]
    solved_samples = 0
    for hands, bone, heavy in deals(k, k.slot_order(), rng, samples):
        if solved is not None:
            other = hands[1 - me]
            key = (other, tuple(bone))
            if key in solved:
                values = solved[key]
            else:
                values = None
                if budget[0] > 0:
                    out = []
                    for play in after:
                        if budget[0] < 0:
                            break
                        assert play is not None
                        bit, nl, nr, nxt = play
                        hand = hands[me] & ~bit
                        if not hand:
                            out.append(2)
                            continue
                        h0, h1 = (hand, other) if me == 0 else (other, hand)
                        out.append(exact_value(h0, h1, bone, len(bone), nl, nr, nxt, 0, me, -1, 3, budget))
                    if budget[0] >= 0:
                        values = out
                    else:
                        budget[0] = 0
                solved[key] = values
            if values is not None:
                solved_samples += 1
                for c, v in enumerate(values):
                    if v == 2:
                        won[c] += 1
                    elif v == 1:
                        shared[c] += 1
                continue
        for c, m in enumerate(moves):
            play = after[c]
            if play is not None:
                bit, nl, nr, nxt = play
                h = list(hands)
                h[me] &= ~bit
                winners = policy(h, list(bone), nl, nr, nxt, 0, players, list(lacks0), heavy) if h[me] else (me,)
            else:
                r = SimRound(players, list(hands), list(bone), left, right, turn, passes)
                r.apply(m)
                ended = r.winners
                winners = ended if ended is not None else policy(r.hands, r.bone, r.left, r.right, r.turn,
                                                                  r.passes, players, list(lacks0), heavy)
            v = outcome_value(winners, me)
            if v == 2:
                won[c] += 1
            elif v == 1:
                shared[c] += 1
    best = 0
    for c in range(1, len(cands)):
        if 2 * won[c] + shared[c] > 2 * won[best] + shared[best]:
            best = c
    return {"choice": cands[best][0], "method": "sample", "samples": samples, "exact": solved_samples,
            "candidates": [{"index": idx, "won": won[c], "shared": shared[c]} for c, (idx, _) in enumerate(cands)]}


def uniform_deals(k: Knowledge, order: list[tuple[int, int, int]], rng: Mulberry32,
                  samples: int) -> Iterator[tuple[list[int], list[int], int]]:
    """``samples`` deals, each consistent with the draws and passes, weighed alike (stark-v1);
    every seat plays out by mittel's score."""
    for _ in range(samples):
        hands, bone = k.sample(order, rng)
        yield hands, bone, 0


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
    the searching score without its follow, open and kinds terms)`` (:func:`play_score`,
    :func:`~.sim.search_score`)."""
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


def evidence(k: Knowledge, order: list[tuple[int, int, int]]) -> list[Evidence]:
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


#: The models of another seat's play (docs/bots.md, "Reading the plays"), as scales (x, y, z) of
#: a play's score ``x * mittel score + y * pips + z * searching score``: mittel's score read
#: loosely, read strictly, the pips alone, and the searching score (:func:`~.sim.search_score`).
MODELS: Final = ((1, 0, 0), (4, 0, 0), (0, 40, 0), (0, 0, 1))  # likelihoods and weighed_deals are written for these four
#: The model whose seats play out as heaviest.
PIPS_MODEL: Final = 2


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


def weighed_deals(k: Knowledge, order: list[tuple[int, int, int]], rng: Mulberry32,
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
    seats = sorted({e.seat for e in evs})
    raw = RAW_FACTOR * samples
    drawn = []
    products = []  # per deal, per seat: the four models' products
    slot_tiles = [0] * len(order)
    # A seat's products depend only on the tiles in the slots its plays saw (each play's alive
    # slots; a play adds the tiles it surely held), so they are memoized per seat by those
    # tiles, packed 28 bits per distinct set of slots. Per seat: its seat number, those sets
    # (None: all its slots, that is its whole sampled hand), its plays in log order as (the
    # packed key's shift, the tiles surely held, the evidence, its likelihoods memoized by
    # hand), and the memo.
    readers: list[tuple[int, list[tuple[int, ...] | None], list[tuple[int, int, Evidence, dict[int, tuple[int, ...]]]],
                        dict[int, tuple[int, int, int, int]]]] = []
    for seat in seats:
        mine = [e for e in evs if e.seat == seat]
        every = tuple(j for j, (s, _, _) in enumerate(order) if s == seat)
        sets = list(dict.fromkeys(e.alive for e in mine))
        readers.append((seat, [None if alive == every else alive for alive in sets],
                        [(28 * sets.index(e.alive), e.fixed, e, {}) for e in mine], {}))
    sample_hands = k.sample_hands
    for _ in range(raw):
        hands = sample_hands(order, rng, slot_tiles)
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
    ns = len(seats)
    # every product of a deal is in its seat's memo and every memo entry is some deal's
    shifts = [max(0, max(map(max, memo.values())).bit_length() - SEAT_BITS) for _, _, _, memo in readers]
    weights = []
    sums = [[0, 0, 0, 0] for _ in seats]
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
    for si, acc in enumerate(sums):
        if acc.index(max(acc)) == PIPS_MODEL:
            heavy |= 1 << seats[si]
    cut = max(0, max(weights).bit_length() - WEIGHT_BITS)
    weights = [w >> cut for w in weights]
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
        yield drawn[n], k.bone_of(drawn[n], rng), heavy


def seeing_deals(hands: list[int]) -> Deals:
    """Deals with the other seats' real hands; only the boneyard's order is drawn."""
    def deals(k: Knowledge, order: list[tuple[int, int, int]], rng: Mulberry32,
              samples: int) -> Iterator[tuple[list[int], list[int], int]]:
        for _ in range(samples):
            yield hands, k.bone_of(hands, rng), 0
    return deals


def stark_search(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> dict[str, Any]:
    """Stark's search (:func:`search`): deals weighed by the other seats' plays, played out by
    the searching score (docs/bots.md)."""
    playouts = STARK_PLAYOUTS_2 if k.players == 2 else STARK_PLAYOUTS
    return search(view, k, rng, weighed_deals, playout_search, playouts, exact=True)


def stark(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> int:
    """Determinized Monte Carlo over deals weighed by the other seats' plays (docs/bots.md)."""
    choice: int = stark_search(view, k, rng)["choice"]
    return choice


def stark_v1(view: dict[str, Any], k: Knowledge, rng: Mulberry32) -> int:
    """The arena's yardstick: stark before it read the plays (all consistent deals alike)."""
    choice: int = search(view, k, rng, uniform_deals)["choice"]
    return choice


LEVELS: Final = {"leicht": leicht, "mittel": mittel, "stark": stark, "heaviest": heaviest, "stark-v1": stark_v1}
