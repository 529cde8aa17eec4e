"""What a computer reads from a seat's view (bots/knowledge.py): lacks, the draw trap, samples."""

from __future__ import annotations

import random

from ziehdomino.bots.knowledge import Knowledge, knowledge_of
from ziehdomino.bots.masks import ALLOWED, INDEX, NUM
from ziehdomino.bots.rng import Mulberry32
from ziehdomino.bots.sampling import sample, slot_order
from ziehdomino.engine import DRAW, PASS, Match, Play, round_from_position, seat_view
from ziehdomino.engine.tiles import parse_tile

from tests.support.bots import play_out, random_matches


def _match(position: dict) -> Match:
    return Match(position["players"], first_round=round_from_position(position))


def _nums(*ns: int) -> int:
    return sum(1 << n for n in ns)


def test_a_draw_at_ends_shows_both_numbers_missing() -> None:
    m = _match({"players": 2, "hands": [["3|3", "1|2"], ["0|0", "0|1", "6|6"]],
                "boneyard": ["4|4", "2|5"], "line": [], "turn": 0})
    m.apply(0, Play(parse_tile("3|3")))
    m.apply(1, DRAW)  # seat 1 lacks 3: draws 4|4
    m.apply(1, DRAW)  # draws 2|5
    k = knowledge_of(seat_view(m, 1))
    assert k.slots[1] == [_nums(3)] * 4 + [0]  # the tile just drawn is not known yet
    assert k.public_lacks(1) == 0
    m.apply(1, PASS)  # 2|5 does not fit either: seat 1 holds no 3 at all
    k = knowledge_of(seat_view(m, 0))
    assert k.slots[1] == [_nums(3)] * 5
    assert k.public_lacks(1) == _nums(3)


def test_the_trap_a_later_draw_at_other_ends_takes_back_what_was_known() -> None:
    view = {
        "players": 2, "seat": 0, "hand": ["6|6"], "line": ["2|1", "1|4"], "ends": [2, 4],
        "hand_counts": [1, 10], "boneyard_count": 5, "passes": 0, "legal": [{"type": "draw"}],
        "log": [
            {"seat": 1, "type": "draw", "ends": [3, 5]},   # lacks 3, 5 (all slots)
            {"seat": 1, "type": "draw", "ends": [3, 5]},   # the first drawn tile fits neither
            {"seat": 1, "type": "draw", "ends": [2, 4]},   # the second drawn fits neither 3, 5 nor 2, 4
        ],
    }
    k = knowledge_of(view)
    # The tiles held before the last draw lack 3, 5, 2 and 4; but the tile drawn at ends 2|4 may
    # show a 3 or a 5 (or anything): the seat is no longer known to lack 3 or 5.
    assert k.slots[1] == [_nums(2, 3, 4, 5)] * 8 + [_nums(2, 4), 0]
    assert k.public_lacks(1) == 0


def test_a_play_after_draws_is_the_drawn_tile_and_older_knowledge_stays() -> None:
    view = {
        "players": 2, "seat": 0, "hand": ["6|6", "0|0"], "line": ["5|3", "3|1"], "ends": [5, 1],
        "hand_counts": [2, 4], "boneyard_count": 5, "passes": 0, "legal": [{"type": "draw"}],
        "log": [
            {"seat": 1, "type": "draw", "ends": [5, 3]},
            {"seat": 1, "type": "play", "tile": "1|3", "end": "right", "ends": [5, 3]},
        ],
    }
    k = knowledge_of(view)
    assert k.public_lacks(1) == _nums(3, 5)


def test_a_number_with_no_hidden_tile_is_lacked_by_everybody() -> None:
    view = {
        "players": 2, "seat": 0, "hand": ["0|6", "1|6", "2|6"], "line": ["6|6", "6|5", "5|4", "4|6", "6|3"],
        "ends": [6, 3], "hand_counts": [3, 7], "boneyard_count": 13, "passes": 0,
        "legal": [{"type": "play", "tile": "0|6", "end": "left"}], "log": [],
    }
    k = knowledge_of(view)
    assert k.lacks(1) & _nums(6)
    assert not k.public_lacks(1)


def _hall_holds(hand_mask: int, slots: list[int]) -> bool:
    # Nested slots, oldest (most forbidding) first: a matching of tiles to slots exists iff the
    # j oldest slots find at least j tiles among those the j-th allows.
    return all((hand_mask & ALLOWED[f]).bit_count() >= j + 1 for j, f in enumerate(slots))


def test_inferences_are_sound_on_random_rounds() -> None:
    checked = 0
    for match in random_matches(300, 11):
        rng = random.Random(checked)

        def visit(view: dict, action: dict) -> None:
            nonlocal checked
            k = knowledge_of(view)
            for s in range(k.players):
                true = sum(1 << INDEX[t] for t in match.round.hands[s])
                assert len(k.slots[s]) == k.counts[s]
                assert all(a & b == b for a, b in zip(k.slots[s], k.slots[s][1:]))  # nested
                assert _hall_holds(true, k.slots[s]), (s, k.slots[s])
                if s != k.me:
                    shown = 0
                    for n in range(7):
                        if k.lacks(s) >> n & 1:
                            shown |= NUM[n]
                    assert not true & shown
            checked += 1

        play_out(match, lambda view, step: view["legal"][rng.randrange(len(view["legal"]))], visit)
    assert checked > 5000


def test_samples_respect_counts_and_constraints() -> None:
    relaxed = total = 0
    for match in random_matches(120, 5):
        rng = random.Random(total)

        def visit(view: dict, action: dict) -> None:
            nonlocal relaxed, total
            k: Knowledge = knowledge_of(view)
            order = slot_order(k)
            gen = Mulberry32(total)
            for _ in range(3):
                hands, bone = sample(k, order, gen)
                total += 1
                assert hands[k.me] == k.hand
                union = 0
                for s in range(k.players):
                    assert hands[s].bit_count() == k.counts[s]
                    if s != k.me:
                        assert not union & hands[s]
                        union |= hands[s]
                        if not _hall_holds(hands[s], k.slots[s]):
                            relaxed += 1
                assert len(bone) == k.bone_count
                assert union | sum(1 << i for i in bone) == k.hidden

        play_out(match, lambda view, step: view["legal"][rng.randrange(len(view["legal"]))], visit)
    assert total > 3000
    assert relaxed == 0
