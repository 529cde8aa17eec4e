import copy

import pytest

from ziehdomino.engine import DRAW, PASS, Play, Refusal, parse_action, round_from_position
from ziehdomino.engine.round import Round


def pos(**kw):
    base = {"players": 2, "hands": [["6|6"], ["0|1"]], "boneyard": [], "line": [], "turn": 0, "passes": 0}
    base.update(kw)
    return round_from_position(base)


def state(r: Round):
    return copy.deepcopy((r.hands, r.boneyard, r.line, r.left, r.right, r.turn, r.passes, r.result, r.log))


def test_opening_lies_low_first_whatever_the_end_named():
    r = pos(hands=[["4|1", "2|2"], ["0|1"]])
    r.apply(0, parse_action({"type": "play", "tile": "4|1", "end": "left"}))
    assert r.line == [(1, 4)] and r.ends == (1, 4)


def test_missing_end_is_malformed_once_the_line_has_tiles():
    r = pos(hands=[["4|1", "2|2"], ["0|1"]], line=["1|1"])
    with pytest.raises(Refusal) as exc:
        r.apply(0, parse_action({"type": "play", "tile": "4|1"}))
    assert exc.value.code == "invalid_action"


def test_tile_turned_to_touch_the_left_end():
    r = pos(hands=[["5|2", "3|3"], ["0|1"]], line=["5|6"])
    r.apply(0, Play((2, 5), "left"))
    assert r.line == [(2, 5), (5, 6)] and r.ends == (2, 6)


def test_example_from_the_rules_page_5_2_on_a_right_5():
    r = pos(hands=[["5|2", "3|3"], ["0|1"]], line=["1|5"])
    r.apply(0, Play((2, 5), "right"))
    assert r.line[-1] == (5, 2) and r.right == 2


@pytest.mark.parametrize("action,code", [
    ({"type": "draw"}, "must_play"),
    ({"type": "pass"}, "must_play"),
    ({"type": "play", "tile": "3|4", "end": "right"}, "tile_not_in_hand"),
    ({"type": "play", "tile": "2|2", "end": "right"}, "tile_does_not_fit"),
    ({"type": "play", "tile": "2|2", "end": "middle"}, "invalid_action"),
    ({"type": "jump"}, "invalid_action"),
    ({"type": "play", "tile": "9|9", "end": "left"}, "invalid_action"),
])
def test_refusals_change_nothing(action, code):
    r = pos(hands=[["5|2", "2|2"], ["0|1"]], line=["1|5"], boneyard=["3|3"])
    before = state(r)
    with pytest.raises(Refusal) as exc:
        r.apply(0, parse_action(action))
    assert exc.value.code == code
    assert state(r) == before


def test_not_your_turn_comes_before_what_the_tile_is():
    r = pos(hands=[["5|2"], ["0|1"]], line=["1|5"])
    with pytest.raises(Refusal) as exc:
        r.apply(1, Play((3, 4), "left"))
    assert exc.value.code == "not_your_turn"


def test_draw_keeps_the_turn_and_takes_the_first_boneyard_tile():
    r = pos(hands=[["0|0"], ["0|1"]], line=["5|5"], boneyard=["1|2", "5|3"])
    r.apply(0, DRAW)
    assert r.turn == 0 and r.hands[0] == [(0, 0), (1, 2)] and r.boneyard == [(3, 5)]
    r.apply(0, DRAW)
    with pytest.raises(Refusal) as exc:
        r.apply(0, DRAW)
    assert exc.value.code == "must_play"


def test_cannot_draw_from_an_empty_boneyard_and_cannot_pass_with_one():
    r = pos(hands=[["0|0"], ["0|1"]], line=["5|5"], boneyard=["1|2"])
    with pytest.raises(Refusal) as exc:
        r.apply(0, PASS)
    assert exc.value.code == "cannot_pass"
    r2 = pos(hands=[["0|0"], ["0|1"]], line=["5|5"])
    with pytest.raises(Refusal) as exc:
        r2.apply(0, DRAW)
    assert exc.value.code == "cannot_draw"


def test_last_tile_wins_at_once_and_the_round_refuses_more():
    r = pos(hands=[["5|2"], ["0|1", "6|6"]], line=["1|5"])
    r.apply(0, Play((2, 5), "right"))
    assert r.result is not None and r.result.kind == "domino" and r.result.winners == (0,)
    with pytest.raises(Refusal) as exc:
        r.apply(1, Play((0, 1), "left"))
    assert exc.value.code == "round_over"
    assert r.legal_actions(1) == []


def test_blocked_round_compares_pips_not_tile_counts():
    # seat 0 holds one heavy tile (12), seat 1 three light ones (3): seat 1 wins.
    r = pos(hands=[["6|6"], ["0|1", "0|0", "1|1"]], line=["3|3"])
    r.apply(0, PASS)
    assert r.result is None and r.turn == 1 and r.passes == 1
    r.apply(1, PASS)
    assert r.result.kind == "blocked" and r.result.winners == (1,) and r.result.pips == (12, 3)


def test_blocked_tie_is_shared():
    r = pos(players=3, hands=[["0|4"], ["1|3"], ["2|6"]], line=["5|5"])
    for seat in range(3):
        r.apply(seat, PASS)
    assert r.result.winners == (0, 1) and r.result.is_shared


def test_legal_actions_list_both_ends_when_both_show_the_same_number():
    r = pos(hands=[["4|2", "0|0"], ["0|1"]], line=["4|0", "0|5", "5|4"])
    assert r.legal_actions(0) == [Play((2, 4), "left"), Play((2, 4), "right")]


def test_legal_actions_on_an_empty_line_name_every_tile_without_an_end():
    r = pos(hands=[["4|2", "0|0"], ["0|1"]])
    assert r.legal_actions(0) == [Play((2, 4)), Play((0, 0))]
    assert r.legal_actions(1) == []


def test_log_is_public_draws_name_no_tile():
    r = pos(hands=[["0|0"], ["0|1"]], line=["5|5"], boneyard=["1|2", "5|3"])
    r.apply(0, DRAW)
    r.apply(0, DRAW)
    r.apply(0, Play((3, 5), "left"))
    assert [e.to_json() for e in r.log] == [
        {"seat": 0, "type": "draw", "ends": [5, 5]},
        {"seat": 0, "type": "draw", "ends": [5, 5]},
        {"seat": 0, "type": "play", "tile": "3|5", "end": "left", "ends": [5, 5]},
    ]


def test_copy_is_independent():
    r = pos(hands=[["0|0"], ["0|1"]], line=["5|5"], boneyard=["1|2"])
    c = r.copy()
    c.apply(0, DRAW)
    assert r.hands[0] == [(0, 0)] and r.boneyard == [(1, 2)]
