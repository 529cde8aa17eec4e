"""The level's pure rating (src/ziehdomino/levels/): openskill's Plackett-Luce model over a
finished round's ranks, the computers' fixed ratings, the level shown and when it is provisional."""

from __future__ import annotations

import pytest

from ziehdomino.levels import (COMPUTERS, MODEL, NEW, PROVISIONAL_ROUNDS, Entrant, Rating, fit_computers,
                               provisional, ranks, rate, shown)


def test_a_two_seat_win_moves_the_winner_up_and_the_loser_down() -> None:
    winner, loser = rate([Entrant(0, holder="a"), Entrant(1, holder="b")], [None, None])
    assert winner is not None and loser is not None
    assert winner.mu > NEW.mu > loser.mu
    assert winner.sigma < NEW.sigma and loser.sigma < NEW.sigma  # both are known a little better
    assert shown(winner) > shown(NEW) > shown(loser)


def test_a_shared_round_is_a_tie_between_equals_and_pulls_unequals_together() -> None:
    a, b = rate([Entrant(0, holder="a"), Entrant(0, holder="b")], [None, None])
    assert a == b and a is not None and a.mu == pytest.approx(NEW.mu)
    strong, weak = Rating(30.0, 3.0), Rating(20.0, 3.0)
    s, w = rate([Entrant(0, holder="s"), Entrant(0, holder="w")], [strong, weak])
    assert s is not None and w is not None and s.mu < strong.mu and w.mu > weak.mu


def test_ranks_put_the_winners_first_and_tie_the_rest() -> None:
    assert ranks([1], 3) == [1, 0, 1]  # a domino or a blocked round with one lowest seat
    assert ranks([0, 2], 4) == [0, 1, 0, 1]  # a shared blocked round: the sharers tie first


def test_computers_play_at_their_fixed_ratings_and_are_never_rated() -> None:
    beat_leicht = rate([Entrant(0, holder="p"), Entrant(1, computer="leicht")], [None, None])
    beat_stark = rate([Entrant(0, holder="p"), Entrant(1, computer="stark")], [None, None])
    assert beat_leicht[1] is None and beat_stark[1] is None  # nothing to store for a computer
    assert beat_leicht[0] is not None and beat_stark[0] is not None
    assert beat_stark[0].mu > beat_leicht[0].mu  # beating the stronger computer counts more
    # the rating handed for a computer seat is ignored: its fixed one is used
    ignored = rate([Entrant(0, holder="p"), Entrant(1, computer="stark")], [None, Rating(0.0, 1.0)])
    assert ignored == beat_stark
    assert COMPUTERS["leicht"].mu < COMPUTERS["mittel"].mu < COMPUTERS["stark"].mu


def test_a_profile_is_provisional_for_its_first_ten_rated_rounds() -> None:
    assert PROVISIONAL_ROUNDS == 10
    assert all(provisional(n) for n in range(10))
    assert not provisional(10) and not provisional(11)


def test_the_level_shown_is_the_scaled_conservative_ordinal() -> None:
    assert shown(None) == shown(NEW) == 1000
    assert shown(Rating(30.0, 2.0)) == round(1000 + 40 * (30.0 - 6.0))


def test_rate_refuses_a_round_of_one() -> None:
    with pytest.raises(ValueError):
        rate([Entrant(0, holder="a")], [None])
    with pytest.raises(ValueError):
        rate([Entrant(0, holder="a"), Entrant(1, holder="b")], [None])


def test_fitting_the_computers_recovers_the_shares_openskill_predicts() -> None:
    truth = {"leicht": Rating(21.0, 1.0), "mittel": Rating(25.0, 1.0), "stark": Rating(28.0, 1.0)}

    def share(a: str, b: str) -> float:
        return float(MODEL.predict_win([[MODEL.rating(mu=truth[a].mu, sigma=1.0)],
                                        [MODEL.rating(mu=truth[b].mu, sigma=1.0)]])[0])
    fitted = fit_computers({("mittel", "leicht"): share("mittel", "leicht"), ("stark", "mittel"): share("stark", "mittel"),
                            ("stark", "leicht"): share("stark", "leicht")})
    for level, rating in truth.items():
        assert fitted[level].mu == pytest.approx(rating.mu, abs=1e-6)  # type: ignore[index]
    with pytest.raises(ValueError):
        fit_computers({("mittel", "leicht"): 1.0})
