"""Reading the other seats' plays (bots/sampling.py, docs/bots.md "Reading the plays")."""

from __future__ import annotations

import random

import pytest

from ziehdomino.bots import analyse, decide, decide_seeing
from ziehdomino.bots.knowledge import knowledge_of
from ziehdomino.bots.masks import FULL, INDEX, PIPS, TA, TB
from ziehdomino.bots.rng import Mulberry32, mix_seed
from ziehdomino.bots.sampling import (LIKE, LIKE_FLOOR, LIKE_MAX_D, MODELS, evidence, likelihoods, sample_hands,
                                      slot_order, uniform_deals, weighed_deals)
from ziehdomino.bots.scores import play_score, search_score
from ziehdomino.engine import Match, Play, parse_action, round_from_position, seat_view
from ziehdomino.engine.tiles import parse_tile

HEAVY_THREES = sum(1 << INDEX[parse_tile(t)] for t in ("3|4", "3|5", "3|6"))


def _after_a_light_three() -> Match:
    """Seat 0 opens 3|3; seat 1 answers with 1|3, its only three. Seat 0 to act."""
    rnd = round_from_position({
        "players": 2,
        "hands": [["3|3", "0|0", "0|1", "0|2", "1|1", "2|2", "4|4"],
                  ["1|3", "5|5", "6|6", "2|6", "4|5", "1|5", "0|6"]],
        "boneyard": ["0|3", "0|4", "0|5", "1|2", "1|4", "1|6", "2|3", "2|4", "2|5", "3|4", "3|5", "3|6", "4|6", "5|6"],
        "line": [], "turn": 0})
    match = Match(2, first_round=rnd)
    match.apply(0, Play(parse_tile("3|3")))
    match.apply(1, Play(parse_tile("1|3"), "left"))
    return match


def _share(deals, seat: int, mask: int) -> float:
    deals = list(deals)
    return sum(1 for hands, *_ in deals if hands[seat] & mask) / len(deals)


def test_a_light_play_makes_heavier_fitting_tiles_in_that_hand_less_likely() -> None:
    k = knowledge_of(seat_view(_after_a_light_three(), 0))
    order = slot_order(k)
    assert len(evidence(k, order)) == 1
    uniform = _share(uniform_deals(k, order, Mulberry32(5), 600), 1, HEAVY_THREES)
    weighed = _share(weighed_deals(k, order, Mulberry32(5), 600), 1, HEAVY_THREES)
    assert uniform > 0.5
    assert weighed < uniform - 0.15, (uniform, weighed)


def test_every_model_gives_the_play_a_chance_and_a_hand_with_one_choice_says_nothing() -> None:
    k = knowledge_of(seat_view(_after_a_light_three(), 0))
    ev = evidence(k, slot_order(k))[0]
    only = ev.fixed | (1 << INDEX[parse_tile("5|5")])
    assert likelihoods(only, ev) == (65536,) * len(MODELS)
    rich = ev.fixed | HEAVY_THREES
    assert all(0 < q < 65536 for q in likelihoods(rich, ev))
    assert LIKE[0] == 65536 and min(LIKE) == LIKE_FLOOR and list(LIKE) == sorted(LIKE, reverse=True)


def test_without_plays_by_others_the_deals_are_todays() -> None:
    rnd = round_from_position({"players": 3, "hands": [["3|3", "0|1", "2|2", "4|4", "5|6"],
                                                         ["1|1", "0|2", "2|6", "4|5", "1|5"],
                                                         ["0|0", "6|6", "3|4", "2|5", "0|6"]],
                               "boneyard": [], "line": [], "turn": 0})
    k = knowledge_of(seat_view(Match(3, first_round=rnd), 0))
    order = slot_order(k)
    assert evidence(k, order) == []
    assert list(weighed_deals(k, order, Mulberry32(9), 30)) == list(uniform_deals(k, order, Mulberry32(9), 30))


def test_analyse_is_decide_and_reports_counts() -> None:
    view = seat_view(_after_a_light_three(), 0)
    found = analyse(view, 17)
    assert view["legal"][found["choice"]] == decide(view, "stark", 17)
    assert found["method"] == "sample"
    assert all(0 <= c["won"] + c["shared"] <= found["samples"] for c in found["candidates"])


def test_the_ceiling_is_no_level_and_only_the_arena_hands_it_the_hands() -> None:
    match = _after_a_light_three()
    view = seat_view(match, 0)
    with pytest.raises(ValueError, match="unknown level"):
        decide(view, "ceiling", 1)
    hands = [[f"{a}|{b}" for a, b in h] for h in match.round.hands]
    assert decide_seeing(view, hands, 3) in view["legal"]


def _likelihoods_by_definition(hand: int, ev) -> tuple[int, ...]:
    """likelihoods written from docs/bots.md's words: every play the hand had at the ends (a
    tile fitting both of two equal ends once), scored by play_score, pips and search_score."""
    left, right = ev.left, ev.right
    plays = []
    for i in range(28):
        if not (hand >> i) & 1:
            continue
        a, b = TA[i], TB[i]
        if left < 0:
            plays.append((i, a, b))
            continue
        if left in (a, b):
            plays.append((i, b if a == left else a, right))
        if left != right and right in (a, b):
            plays.append((i, left, b if a == right else a))
    if len(plays) <= 1:
        return (65536,) * len(MODELS)
    unseen = FULL & ~hand & ~ev.line
    like = lambda d: LIKE[min(d, LIKE_MAX_D)]  # noqa: E731
    out = []
    for x, y, z in MODELS:
        def score(i: int, nl: int, nr: int) -> int:
            return (x * play_score(hand, i, nl, nr, ev.lack) + y * PIPS[i]
                    + z * search_score(hand, i, nl, nr, ev.lack, unseen))
        scores = [score(*p) for p in plays]
        top = max(scores)
        out.append(65536 * like(top - score(ev.tile, ev.nl, ev.nr)) // sum(like(top - s) for s in scores))
    return tuple(out)


def test_likelihoods_agree_with_their_definition_on_played_rounds() -> None:
    rng = random.Random(4)
    checked = 0
    for players in (2, 3, 4):
        for n in range(3):
            match = Match(players, rng=random.Random(rng.randrange(1 << 30)))
            step = 0
            while match.round.result is None:
                seat = match.round.turn
                view = seat_view(match, seat)
                k = knowledge_of(view)
                order = slot_order(k)
                slot_tiles = [0] * len(order)
                for ev in evidence(k, order):
                    for d in range(4):
                        sample_hands(k, order, Mulberry32(mix_seed(players, n, step, d)), slot_tiles)
                        hand = ev.fixed
                        for j in ev.alive:
                            hand |= slot_tiles[j]
                        assert likelihoods(hand, ev) == _likelihoods_by_definition(hand, ev)
                        checked += 1
                match.apply(seat, parse_action(decide(view, rng.choice(["mittel", "heaviest"]), step)))
                step += 1
    assert checked > 200
