"""The playout sim agrees with the rules engine (the only reason it may exist: bots/playouts.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ziehdomino.bots.masks import DRAW, INDEX, NUM, PASS, PIPS, TA, TB, kinds, mask_pips, move_of
from ziehdomino.bots.playouts import SimRound, playout
from ziehdomino.bots.scores import H_PIPS, W_BLOCK, W_DOUBLE, W_FOLLOW, W_LACK, W_PIPS
from ziehdomino.engine import Round, action_to_json, deal_round
from ziehdomino.engine.actions import Draw, Pass, Play


def sim_of(r: Round) -> SimRound:
    hands = [sum(1 << INDEX[t] for t in h) for h in r.hands]
    bone = [INDEX[t] for t in reversed(r.boneyard)]  # the sim draws from the end
    left, right = (r.left, r.right) if r.line else (-1, -1)
    return SimRound(r.players, hands, bone, left, right, r.turn, r.passes)


def same_state(s: SimRound, r: Round) -> bool:
    if r.result is not None:
        return s.winners == r.result.winners
    return (s.winners is None and s.hands == sim_of(r).hands and s.bone == sim_of(r).bone
            and (s.left, s.right) == ((r.left, r.right) if r.line else (-1, -1))
            and s.turn == r.turn and s.passes == r.passes)


def engine_moves(r: Round) -> list[int]:
    return sorted(move_of(action_to_json(a)) for a in r.legal_actions(r.turn))


def test_legal_moves_and_every_successor_agree_with_the_engine() -> None:
    rng = random.Random(3)
    positions = 0
    for _ in range(600):
        players = rng.choice([2, 3, 4])
        r = deal_round(players, rng.randrange(players), rng, keep_log=False)
        while r.result is None:
            s = sim_of(r)
            assert sorted(s.legal()) == engine_moves(r)
            for m in s.legal():
                s2, r2 = s.copy(), r.copy()
                s2.apply(m)
                r2.apply(r2.turn, _engine_action(m))
                assert same_state(s2, r2)
            positions += 1
            legal = r.legal_actions(r.turn)
            r.apply(r.turn, legal[rng.randrange(len(legal))])
    assert positions > 10000


def _engine_action(m: int) -> Play | Draw | Pass:
    from ziehdomino.engine import DRAW as E_DRAW, PASS as E_PASS, ALL_TILES
    if m == DRAW:
        return E_DRAW
    if m == PASS:
        return E_PASS
    i, end = divmod(m, 3)
    return Play(ALL_TILES[i], None if end == 2 else ("left", "right")[end])


#: A playout policy's score of one play, written plainly: (round, seat, the rest of its hand as
#: a mask, the tile's index, the new ends, the public lacks) -> score. The highest wins; ties go
#: to the first move in sim order.
Score = Callable[[Round, int, int, int, int, int, list[int]], int]


def _reference(r: Round, lacks: list[int], score: Score) -> tuple[int, ...]:
    """A playout on the engine's Round (docs/bots.md): every seat draws or passes when it must
    (and is publicly known to lack both ends from then on), else plays its best-scored move."""
    while r.result is None:
        seat = r.turn
        legal = r.legal_actions(seat)
        if not isinstance(legal[0], Play):
            lacks[seat] = (1 << r.left) | (1 << r.right)
            r.apply(seat, legal[0])
            continue
        best, choice = None, None
        hand = sum(1 << INDEX[t] for t in r.hands[seat])
        for move in sorted(move_of(action_to_json(a)) for a in legal):  # sim order
            i, end = divmod(move, 3)
            a, b = TA[i], TB[i]
            nl, nr = r.left, r.right
            if end == 0:
                nl = b if a == r.left else a
            else:
                nr = b if a == r.right else a
            s = score(r, seat, hand & ~(1 << i), i, nl, nr, lacks)
            if best is None or s > best:
                best, choice = s, move
        assert choice is not None
        r.apply(seat, _engine_action(choice))
    return r.result.winners


def _lack_terms(r: Round, seat: int, nl: int, nr: int, lacks: list[int], both: int, one: int) -> int:
    nxt = (seat + 1) % r.players
    k = (lacks[nxt] >> nl & 1) + (lacks[nxt] >> nr & 1)
    return both if k == 2 else one if k == 1 else 0


def _mittel_score(r: Round, seat: int, rest: int, i: int, nl: int, nr: int, lacks: list[int]) -> int:
    """The playout policy of every seat in stark-v1's search: mittel's score."""
    follow = bin(rest & (NUM[nl] | NUM[nr])).count("1")
    return (W_PIPS * PIPS[i] + (W_DOUBLE if TA[i] == TB[i] else 0) + W_FOLLOW * follow
            + _lack_terms(r, seat, nl, nr, lacks, W_BLOCK, W_LACK))


def _midround(rng: random.Random, *, wander: bool) -> Round | None:
    """A random round after its opening and, with ``wander``, up to 11 random actions more;
    None if it ended."""
    players = rng.choice([2, 3, 4])
    r = deal_round(players, rng.randrange(players), rng, keep_log=False)
    first = r.legal_actions(r.turn)
    r.apply(r.turn, first[rng.randrange(len(first))])  # playouts start on a non-empty line
    for _ in range(rng.randrange(12) if wander and r.result is None else 0):
        if r.result is not None:
            break
        legal = r.legal_actions(r.turn)
        r.apply(r.turn, legal[rng.randrange(len(legal))])
    return None if r.result is not None else r


def test_playout_matches_the_policy_played_through_the_engine() -> None:
    rng = random.Random(8)
    for _ in range(1500):
        r = _midround(rng, wander=True)
        if r is None:
            continue
        lacks = [rng.randrange(128) for _ in range(r.players)]
        s = sim_of(r)
        got = playout(s.hands, s.bone, s.left, s.right, s.turn, s.passes, r.players, list(lacks))
        assert got == _reference(r.copy(), list(lacks), _mittel_score)


def _stark_score(heavy: int) -> Score:
    """Stark's playout policy: the searching score, or 100 * pips + follow for the seats in ``heavy``."""
    def score(r: Round, seat: int, rest: int, i: int, nl: int, nr: int, lacks: list[int]) -> int:
        ends = NUM[nl] | NUM[nr]
        follow = bin(rest & ends).count("1")
        if heavy >> seat & 1:
            return H_PIPS * PIPS[i] + follow
        unseen = sum(1 << INDEX[t] for s, h in enumerate(r.hands) if s != seat for t in h)
        unseen |= sum(1 << INDEX[t] for t in r.boneyard)
        shown = {n for t in range(28) if rest >> t & 1 for n in (TA[t], TB[t])}
        return (3 * follow + (10 if TA[i] == TB[i] else 0) - 3 * bin(ends & unseen).count("1")
                + (8 if nl == nr else 0) - 2 * len(shown) + _lack_terms(r, seat, nl, nr, lacks, 7, 6))
    return score


def test_starks_playout_matches_its_policy_played_through_the_engine() -> None:
    rng = random.Random(9)
    for _ in range(800):
        r = _midround(rng, wander=False)
        if r is None:
            continue
        lacks = [rng.randrange(128) for _ in range(r.players)]
        heavy = rng.randrange(1 << r.players)
        s = sim_of(r)
        got = playout(s.hands, s.bone, s.left, s.right, s.turn, s.passes, r.players, list(lacks), heavy,
                      (1 << r.players) - 1)
        assert got == _reference(r.copy(), list(lacks), _stark_score(heavy))


def test_kinds_counts_the_numbers_a_hand_shows() -> None:
    assert kinds(0) == 0
    assert kinds(1 << INDEX[(3, 3)]) == 1
    assert kinds((1 << INDEX[(0, 6)]) | (1 << INDEX[(2, 6)])) == 3
    assert kinds((1 << 28) - 1) == 7


def test_mask_pips() -> None:
    assert mask_pips(0) == 0
    assert mask_pips((1 << 28) - 1) == 168
