import random

import pytest

from ziehdomino.engine import DRAW, Match, PositionError, Refusal, match_from_state, match_to_state, seat_view


def play_out(match: Match, rng: random.Random) -> None:
    r = match.round
    while r.result is None:
        legal = r.legal_actions(r.turn)
        match.apply(r.turn, rng.choice(legal), version=match.version)


def test_deal_sizes():
    for players, size, left in [(2, 7, 14), (3, 5, 13), (4, 5, 8)]:
        m = Match(players, rng=random.Random(players))
        assert [len(h) for h in m.round.hands] == [size] * players
        assert len(m.round.boneyard) == left


def test_starters_rotate_clockwise_whoever_wins():
    rng = random.Random(7)
    m = Match(3, rng=rng, first_starter=2)
    for _ in range(4):
        play_out(m, rng)
        m.next_round()
    assert m.starters == [2, 0, 1, 2, 0]
    assert m.round_number == 5
    assert sum(m.wins) + sum(m.shared) >= 4  # every round scored at least one seat


def test_first_starter_is_random():
    seen = {Match(4, rng=random.Random(s)).starters[0] for s in range(40)}
    assert seen == {0, 1, 2, 3}


def test_next_round_refused_while_the_round_goes_on_and_on_a_stale_version():
    m = Match(2, rng=random.Random(1))
    with pytest.raises(Refusal) as exc:
        m.next_round()
    assert exc.value.code == "round_not_over"
    with pytest.raises(Refusal) as exc:
        m.apply(m.round.turn, m.round.legal_actions(m.round.turn)[0], version=m.version - 1)
    assert exc.value.code == "stale_version"


def test_version_rises_with_every_accepted_action_only():
    m = Match(2, rng=random.Random(3))
    v = m.version
    with pytest.raises(Refusal):
        m.apply(m.round.turn, DRAW)  # opening: must play
    assert m.version == v
    m.apply(m.round.turn, m.round.legal_actions(m.round.turn)[0])
    assert m.version == v + 1


def test_storage_form_restores_exactly_mid_round_and_after():
    rng = random.Random(11)
    m = Match(4, rng=rng)
    r = m.round
    for _ in range(9):
        m.apply(r.turn, rng.choice(r.legal_actions(r.turn)))
    for _ in range(2):
        back = match_from_state(match_to_state(m))
        for seat in (None, 0, 1, 2, 3):
            assert seat_view(back, seat) == seat_view(m, seat)
        assert back.round.boneyard == m.round.boneyard
        assert match_to_state(back) == match_to_state(m)
        play_out(m, rng)


def test_storage_form_refuses_a_forged_action_list():
    m = Match(2, rng=random.Random(5))
    state = match_to_state(m)
    state["actions"] = [{"type": "draw"}]
    with pytest.raises(PositionError, match="refused on replay"):
        match_from_state(state)
    with pytest.raises(PositionError):
        match_from_state({"format": 99})
