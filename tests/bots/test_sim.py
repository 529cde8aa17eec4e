"""The playout sim agrees with the rules engine (the only reason it may exist: bots/sim.py)."""

from __future__ import annotations

import random

from ziehdomino.bots.knowledge import move_of
from ziehdomino.bots.sim import (DRAW, H_PIPS, INDEX, NUM, PASS, PIPS, TA, TB, W_BLOCK, W_DOUBLE, W_FOLLOW, W_LACK,
                                 W_PIPS, SimRound, kinds, mask_pips, playout, playout_search)
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


def _reference_playout(r: Round, lacks: list[int]) -> tuple[int, ...]:
    """The playout policy written plainly on the engine's Round (docs/bots.md)."""
    while r.result is None:
        seat = r.turn
        legal = r.legal_actions(seat)
        if not isinstance(legal[0], Play):
            lacks[seat] = (1 << r.left) | (1 << r.right)
            r.apply(seat, legal[0])
            continue
        nxt = (seat + 1) % r.players
        best, choice = -1, None
        hand = sum(1 << INDEX[t] for t in r.hands[seat])
        for move in sorted(move_of(action_to_json(a)) for a in legal):  # sim order
            i, end = divmod(move, 3)
            a, b = TA[i], TB[i]
            nl, nr = r.left, r.right
            if end == 0:
                nl = b if a == r.left else a
            else:
                nr = b if a == r.right else a
            rest = hand & ~(1 << i)
            s = W_PIPS * PIPS[i] + (W_DOUBLE if a == b else 0) + W_FOLLOW * bin(rest & (NUM[nl] | NUM[nr])).count("1")
            k = (lacks[nxt] >> nl & 1) + (lacks[nxt] >> nr & 1)
            s += W_BLOCK if k == 2 else W_LACK if k == 1 else 0
            if s > best:
                best, choice = s, move
        assert choice is not None
        r.apply(seat, _engine_action(choice))
    return r.result.winners


def test_playout_matches_the_policy_played_through_the_engine() -> None:
    rng = random.Random(8)
    for _ in range(1500):
        players = rng.choice([2, 3, 4])
        r = deal_round(players, rng.randrange(players), rng, keep_log=False)
        first = r.legal_actions(r.turn)
        r.apply(r.turn, first[rng.randrange(len(first))])  # playouts start on a non-empty line
        for _ in range(rng.randrange(12)):
            if r.result is not None:
                break
            legal = r.legal_actions(r.turn)
            r.apply(r.turn, legal[rng.randrange(len(legal))])
        if r.result is not None:
            continue
        lacks = [rng.randrange(128) for _ in range(players)]
        s = sim_of(r)
        got = playout(s.hands, s.bone, s.left, s.right, s.turn, s.passes, players, list(lacks))
        assert got == _reference_playout(r.copy(), list(lacks))


def _reference_stark_playout(r: Round, lacks: list[int], heavy: int) -> tuple[int, ...]:
    """Stark's playout policy written plainly on the engine's Round (docs/bots.md): the searching
    score, or 100 * pips + follow for the seats in ``heavy``."""
    while r.result is None:
        seat = r.turn
        legal = r.legal_actions(seat)
        if not isinstance(legal[0], Play):
            lacks[seat] = (1 << r.left) | (1 << r.right)
            r.apply(seat, legal[0])
            continue
        nxt = (seat + 1) % r.players
        best, choice = None, None
        hand = sum(1 << INDEX[t] for t in r.hands[seat])
        unseen = sum(1 << INDEX[t] for s, h in enumerate(r.hands) if s != seat for t in h)
        unseen |= sum(1 << INDEX[t] for t in r.boneyard)
        for move in sorted(move_of(action_to_json(a)) for a in legal):  # sim order
            i, end = divmod(move, 3)
            a, b = TA[i], TB[i]
            nl, nr = r.left, r.right
            if end == 0:
                nl = b if a == r.left else a
            else:
                nr = b if a == r.right else a
            rest = hand & ~(1 << i)
            ends = NUM[nl] | NUM[nr]
            follow = bin(rest & ends).count("1")
            if heavy >> seat & 1:
                s = H_PIPS * PIPS[i] + follow
            else:
                shown = {n for t in range(28) if rest >> t & 1 for n in (TA[t], TB[t])}
                s = 3 * follow + (10 if a == b else 0) - 3 * bin(ends & unseen).count("1") + (8 if nl == nr else 0)
                s -= 2 * len(shown)
                k = (lacks[nxt] >> nl & 1) + (lacks[nxt] >> nr & 1)
                s += 7 if k == 2 else 6 if k == 1 else 0
            if best is None or s > best:
                best, choice = s, move
        assert choice is not None
        r.apply(seat, _engine_action(choice))
    return r.result.winners


def test_starks_playout_matches_its_policy_played_through_the_engine() -> None:
    rng = random.Random(9)
    for _ in range(800):
        players = rng.choice([2, 3, 4])
        r = deal_round(players, rng.randrange(players), rng, keep_log=False)
        first = r.legal_actions(r.turn)
        r.apply(r.turn, first[rng.randrange(len(first))])
        if r.result is not None:
            continue
        lacks = [rng.randrange(128) for _ in range(players)]
        heavy = rng.randrange(1 << players)
        s = sim_of(r)
        got = playout_search(s.hands, s.bone, s.left, s.right, s.turn, s.passes, players, list(lacks), heavy)
        assert got == _reference_stark_playout(r.copy(), list(lacks), heavy)


def test_kinds_counts_the_numbers_a_hand_shows() -> None:
    assert kinds(0) == 0
    assert kinds(1 << INDEX[(3, 3)]) == 1
    assert kinds((1 << INDEX[(0, 6)]) | (1 << INDEX[(2, 6)])) == 3
    assert kinds((1 << 28) - 1) == 7


def test_mask_pips() -> None:
    assert mask_pips(0) == 0
    assert mask_pips((1 << 28) - 1) == 168
