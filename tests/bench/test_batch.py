"""The batch engine against the scalar one: every recorded action replays through ``Round.apply``."""

import random

import numpy as np
import pytest

from ziehdomino.engine import DRAW, PASS, Play, Round, deal_round, round_from_position
from ziehdomino.bench.batch import (
    ALL_TILES,
    KIND_NAMES,
    batch_from_rounds,
    deal_batch,
    decode_action,
    play,
)
from ziehdomino.engine.tiles import tile_pips

# chi-square critical values at p = 1e-6 (generous: a fair sampler fails about once in a million).
CHI2_CRITICAL_1E6 = {1: 23.93, 2: 27.63, 3: 30.66, 4: 33.38}


def replay(r: Round, out, i: int, policy: str) -> None:
    """Apply round ``i``'s recorded actions to ``r`` and compare the result with the batch's."""
    for seat, action in out.actions_of(i):
        if policy == "heaviest" and isinstance(action, Play):
            legal = [a.tile for a in r.legal_actions(seat)]
            assert tile_pips(action.tile) == max(map(tile_pips, legal)), (i, action, legal)
        r.apply(seat, action)  # raises Refusal on an illegal action
    assert r.result is not None, f"round {i}: the batch stopped before the end"
    assert r.result.kind == KIND_NAMES[out.kinds[i]], i
    assert r.result.winners == tuple(np.flatnonzero(out.winners[i])), i
    assert r.pip_sums() == tuple(out.pips[i]), i
    if r.result.pips is not None:
        assert r.result.pips == tuple(out.pips[i]), i


@pytest.mark.parametrize("policy", ["random", "heaviest"])
@pytest.mark.parametrize("players, n", [(2, 3000), (3, 1000), (4, 1000)])
def test_fresh_deals_replay_action_by_action_through_round_apply(players, n, policy):
    start = deal_batch(n, players, rng=players)
    out = play(start.copy(), policy, rng=11, record=True)
    for i in range(n):
        replay(start.round(i), out, i, policy)
    assert set(out.kinds) == {0, 1}  # both endings occur in a sample this size
    assert (out.winners.sum(axis=1) > 1).any()  # and shared rounds


@pytest.mark.parametrize("policy", ["random", "heaviest"])
def test_positions_mid_round_replay_through_round_apply(policy):
    """Rounds with a line, drawn tiles and passes behind them, as a bot would sample them."""
    rng = random.Random(5)
    rounds = []
    while len(rounds) < 2000:
        r = deal_round(rng.choice([2, 3, 4]) if len(rounds) % 2 else 2, 0, rng, keep_log=False)
        for _ in range(rng.randrange(40)):
            if r.result is not None:
                break
            legal = r.legal_actions(r.turn)
            r.apply(r.turn, rng.choice(legal))
        if r.result is None:
            rounds.append(r)
    assert any(r.passes for r in rounds) and any(not r.line for r in rounds)
    for players in (2, 3, 4):
        group = [r for r in rounds if r.players == players]
        out = play(batch_from_rounds(group), policy, rng=players, record=True)
        for i, r in enumerate(group):
            replay(r.copy(), out, i, policy)


def first_actions(position: dict, policy: str, n: int = 20000, seed: int = 3) -> dict:
    start = round_from_position(position, keep_log=False)
    out = play(batch_from_rounds([start.copy() for _ in range(n)]), policy, rng=seed, record=True)
    codes, counts = np.unique(out.actions[:, 0], return_counts=True)
    return {decode_action(int(c)): int(k) for c, k in zip(codes, counts)}


def chi_square(counts: dict, expected: list) -> float:
    n = sum(counts.values())
    assert set(counts) == set(expected), counts
    return sum((counts[a] - n / len(expected)) ** 2 / (n / len(expected)) for a in expected)


# 3|5 fits both ends of 3...5 (two actions); 4|6 and 4|4 fit both ends of 4...4 (two each).
@pytest.mark.parametrize("line, actions", [(["3|0", "0|5"], 5), (["4|2", "2|1", "1|4"], 4)])
def test_random_policy_is_uniform_over_legal_actions(line, actions):
    hand = ["3|5", "3|3", "5|6", "1|3", "0|0", "4|6", "4|4"]
    position = {"players": 2, "hands": [hand, ["2|2"]], "boneyard": ["0|1"], "line": line, "turn": 0}
    legal = round_from_position(position).legal_actions(0)
    assert len(legal) == actions
    counts = first_actions(position, "random")
    assert chi_square(counts, legal) < CHI2_CRITICAL_1E6[len(legal) - 1]


def test_heaviest_policy_plays_the_top_pip_value_breaking_ties_uniformly():
    # On 4...5, 4|6 and 5|5 (10 pips) tie; 4|5 (9) fits both ends but is lighter.
    position = {"players": 2, "hands": [["4|6", "5|5", "0|4", "4|5"], ["2|2"]], "boneyard": [],
                "line": ["4|1", "1|5"], "turn": 0}
    counts = first_actions(position, "heaviest")
    assert chi_square(counts, [Play((4, 6), "left"), Play((5, 5), "right")]) < CHI2_CRITICAL_1E6[1]


def test_opening_counts_each_tile_once():
    position = {"players": 2, "hands": [["2|3", "6|6"], ["0|1"]], "boneyard": [], "turn": 0}
    counts = first_actions(position, "random", n=4000)
    assert chi_square(counts, [Play((2, 3)), Play((6, 6))]) < CHI2_CRITICAL_1E6[1]


def test_deal_partitions_the_set_into_hands_and_boneyard():
    b = deal_batch(500, 3, starter=2, rng=1)
    for i in range(len(b)):
        r = b.round(i)
        assert [len(h) for h in r.hands] == [5, 5, 5] and len(r.boneyard) == 13
        assert sorted(sum(r.hands, []) + r.boneyard) == list(ALL_TILES)
    assert set(b.turn) == {2}


def test_deal_draws_the_starter_uniformly_when_none_is_given():
    assert set(deal_batch(200, 4, rng=1).turn) == {0, 1, 2, 3}


def test_play_without_record_keeps_no_actions():
    out = play(deal_batch(10, 2, rng=1), "random", rng=1)
    assert out.actions is None and out.seats is None and (out.action_counts > 0).all()
    with pytest.raises(ValueError, match="record=True"):
        out.actions_of(0)


def test_blocked_round_shared_by_equal_pips():
    position = {"players": 2, "hands": [["0|3"], ["1|2"]], "boneyard": [], "line": ["6|6"], "turn": 1}
    out = play(batch_from_rounds([round_from_position(position)]), record=True)
    assert KIND_NAMES[out.kinds[0]] == "blocked" and out.winners[0].tolist() == [True, True]
    assert out.actions_of(0) == [(1, PASS), (0, PASS)]


def test_draws_one_tile_at_a_time_until_one_fits():
    position = {"players": 2, "hands": [["0|0"], ["1|2"]], "boneyard": ["3|3", "4|4", "6|1"],
                "line": ["6|6"], "turn": 0}
    out = play(batch_from_rounds([round_from_position(position)]), record=True)
    assert out.actions_of(0)[:3] == [(0, DRAW), (0, DRAW), (0, DRAW)]
    seat, action = out.actions_of(0)[3]
    assert seat == 0 and action.tile == (1, 6)  # either end: both show 6


def test_decode_action_refuses_unknown_codes():
    with pytest.raises(ValueError, match="not an action code"):
        decode_action(86)


def test_unknown_policy_is_refused():
    with pytest.raises(ValueError, match="unknown policy"):
        play(deal_batch(1, 2, rng=1), "greedy")


def test_a_batch_played_once_is_refused_a_second_time():
    batch = deal_batch(5, 2, rng=1)
    play(batch, rng=1)
    with pytest.raises(ValueError, match="over already"):
        play(batch, rng=1)


def test_round_of_a_mid_round_batch_keeps_ends_turn_and_boneyard():
    position = {"players": 3, "hands": [["0|0", "2|5"], ["1|2"], ["3|3"]], "boneyard": ["4|4", "6|1"],
                "line": ["6|6", "6|5"], "turn": 2}
    r = round_from_position(position)
    back = batch_from_rounds([r]).round(0)
    assert (back.ends, back.turn, back.passes, back.boneyard) == (r.ends, r.turn, r.passes, r.boneyard)
    assert [sorted(h) for h in back.hands] == [sorted(h) for h in r.hands]


@pytest.mark.parametrize("kwargs, message", [({"n": -1}, "n must be"), ({"players": 5}, "2-4 players"),
                                             ({"starter": 2}, "starter must be")])
def test_deal_batch_refuses_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        deal_batch(**{"n": 1, "players": 2, **kwargs})


def test_batch_from_rounds_refuses_mixed_tables_finished_rounds_and_nothing():
    with pytest.raises(ValueError, match="one count per batch"):
        batch_from_rounds([deal_round(2, 0, random.Random(1)), deal_round(3, 0, random.Random(1))])
    done = round_from_position({"players": 2, "hands": [["0|0"], ["1|1"]], "boneyard": [], "turn": 0})
    done.apply(0, Play((0, 0)))
    with pytest.raises(ValueError, match="is over"):
        batch_from_rounds([done])
    with pytest.raises(ValueError, match="at least one"):
        batch_from_rounds([])
