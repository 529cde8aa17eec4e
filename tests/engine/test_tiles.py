import pytest

from ziehdomino.engine.tiles import ALL_TILES, SET_PIPS, format_oriented, format_tile, hand_pips, is_double, parse_oriented, parse_tile, tile_pips


def test_the_set_has_28_distinct_tiles_and_168_pips():
    assert len(ALL_TILES) == 28 == len(set(ALL_TILES))
    assert SET_PIPS == 168
    assert sum(is_double(t) for t in ALL_TILES) == 7


def test_both_notations_name_one_tile():
    assert parse_tile("5|2") == parse_tile("2|5") == (2, 5)
    assert parse_oriented("5|2") == (5, 2)


@pytest.mark.parametrize("text", ["7|1", "1|", "12", "a|b", "1-2", " 1|2", "", None, 12, "1|2|3", "-1|2"])
def test_parse_refuses_what_is_not_a_tile(text):
    with pytest.raises(ValueError, match="not a tile"):
        parse_tile(text)


def test_format_is_the_inverse_of_parse():
    for t in ALL_TILES:
        assert parse_tile(format_tile(t)) == t
        assert parse_oriented(format_oriented(t[::-1])) == t[::-1]


def test_format_tile_writes_low_first_and_format_oriented_keeps_the_order():
    assert format_tile((5, 2)) == format_tile((2, 5)) == "2|5"
    assert format_oriented((5, 2)) == "5|2"


def test_tile_pips():
    assert tile_pips((6, 6)) == 12
    assert hand_pips([(0, 1), (2, 3)]) == 6
