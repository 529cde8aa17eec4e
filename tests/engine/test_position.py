import pytest

from ziehdomino.engine import PositionError, position_of, round_from_position


def good(**kw):
    base = {"players": 2, "hands": [["6|6", "1|2"], ["0|1"]], "boneyard": ["3|3"], "line": ["2|4", "4|5"],
            "turn": 1, "passes": 0}
    base.update(kw)
    return base


def test_round_trip():
    p = good()
    assert position_of(round_from_position(p)) == p


@pytest.mark.parametrize("change,message", [
    ({"players": 5, "hands": [["0|0"]] * 5}, "players must be 2-4"),
    ({"hands": [["6|6"]]}, "2 hands"),
    ({"hands": [["6|6", "6|6"], ["0|1"]]}, "appears twice"),
    ({"boneyard": ["4|2"]}, "appears twice"),
    ({"line": ["2|4", "5|4"]}, "do not touch"),
    ({"hands": [["6|7"], ["0|1"]]}, r"hands\[0\]\[0\]"),
    ({"hands": [[], ["0|1"]]}, "empty"),
    ({"turn": 2}, "turn must be a seat"),
    ({"turn": True}, "turn must be an integer"),
    ({"passes": 1}, "boneyard holds tiles"),
    ({"passes": 2, "boneyard": []}, "passes must be 0-1"),
    ({"hands": "6|6"}, "hands must be"),
])
def test_bad_positions_say_what_is_wrong(change, message):
    with pytest.raises(PositionError, match=message):
        round_from_position(good(**change))


def test_not_an_object():
    with pytest.raises(PositionError):
        round_from_position(["players", 2])


def test_finished_round_has_no_position():
    from ziehdomino.engine import Play
    r = round_from_position(good(hands=[["6|6"], ["5|1"]], turn=1))
    r.apply(1, Play((1, 5), "right"))
    with pytest.raises(PositionError):
        position_of(r)
