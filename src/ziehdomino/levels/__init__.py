"""The level (docs/rules.md, "The level"): Weng-Lin ratings by openskill's Plackett-Luce model
(any number of seats, ties), on its scale. Pure, for storage, people, arena and bench alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from statistics import NormalDist
from typing import NamedTuple

from openskill.models import PlackettLuce

from ..constants import DEFAULT_LEVEL, STAND_IN_LEVEL, Level

MODEL = PlackettLuce()


class Rating(NamedTuple):
    """A rating: its mean ``mu`` and spread ``sigma`` (openskill's scale)."""

    mu: float
    sigma: float


NEW = Rating(MODEL.mu, MODEL.sigma)
PROVISIONAL_ROUNDS = 10
COMPUTER_SIGMA = 1.0
#: The computers' fixed ratings, never updated. Measured 2026-12-08: ``ziehdomino arena --players 2
#: --seats A,B --rounds 2000 --workers 1 --engine node --seed 7`` for leicht-mittel, mittel-stark,
#: leicht-stark (6000 rounds; the stronger's share, shared as half: 0.671, 0.638, 0.769), fitted
#: by :func:`fit_computers` (predicting 0.664, 0.630, 0.775).
COMPUTERS: dict[Level, Rating] = {
    "leicht": Rating(22.44, COMPUTER_SIGMA),
    "mittel": Rating(25.0, COMPUTER_SIGMA),
    "stark": Rating(27.01, COMPUTER_SIGMA),
}


class Entrant(NamedTuple):
    """A seat of a rated round: ``rank`` (0 first, equal ones tie), a person's holder digest or a computer's level."""

    rank: int
    holder: str | None = None
    computer: Level | None = None


def ranks(winners: Sequence[int], players: int) -> list[int]:
    """Each seat's rank: the winners (several: a shared round) tie first, the rest below."""
    return [0 if seat in winners else 1 for seat in range(players)]


def rate(entrants: Sequence[Entrant], ratings: Sequence[Rating | None]) -> list[Rating | None]:
    """Each person's rating after the round from ``ratings`` before (None: new); None for a computer.

    Raises:
        ValueError: fewer than two entrants, or lists of different lengths.
    """
    if len(entrants) < 2 or len(entrants) != len(ratings):
        raise ValueError("a rated round needs two or more entrants, each with its rating")
    teams = []
    for e, r in zip(entrants, ratings):
        before = COMPUTERS[e.computer] if e.computer is not None else (r or NEW)
        teams.append([MODEL.rating(mu=before.mu, sigma=before.sigma)])
    after = MODEL.rate(teams, ranks=[float(e.rank) for e in entrants])
    return [None if e.computer is not None else Rating(t[0].mu, t[0].sigma) for e, t in zip(entrants, after)]


def computer_of(level: Level | None) -> Level:
    """The level whose fixed rating a computer seat plays at (a left seat's stand-in: Mittel)."""
    return level or STAND_IN_LEVEL


def shown(rating: Rating | None) -> int:
    """The level shown: ``round(1000 + 40 * (mu - 3 sigma))``, 1000 for a new profile."""
    r = rating or NEW
    return round(1000 + 40 * (r.mu - 3 * r.sigma))


def provisional(rated: int) -> bool:
    """Whether a profile with ``rated`` rated rounds is still provisional."""
    return rated < PROVISIONAL_ROUNDS


def fit_computers(pairs: Mapping[tuple[Level, Level], float], anchor: Level = DEFAULT_LEVEL,
                  sigma: float = COMPUTER_SIGMA) -> dict[Level, Rating]:
    """Fixed ratings from ``pairs[(a, b)]``, a's share of rounds against b: least squares on the
    gaps ``c * Phi^-1(share)`` that openskill's ``predict_win`` inverts to, ``anchor`` at 25.

    Raises:
        ValueError: a share outside (0, 1), or a level not linked to ``anchor``.
    """
    c = math.sqrt(2 * sigma ** 2 + 2 * MODEL.beta ** 2)
    gaps = {}
    for (a, b), share in pairs.items():
        if not 0 < share < 1:
            raise ValueError(f"the share of {a} against {b} must lie strictly between 0 and 1")
        gaps[(a, b)] = c * NormalDist().inv_cdf(share)
    names = sorted({n for pair in gaps for n in pair})
    if anchor not in names:
        raise ValueError(f"{anchor} plays no pair")
    mu = dict.fromkeys(names, 0.0)
    for _ in range(500):  # Gauss-Seidel on the normal equations; the anchor stays at 0
        for n in names:
            if n == anchor:
                continue
            terms = [mu[b] + g for (a, b), g in gaps.items() if a == n] + \
                    [mu[a] - g for (a, b), g in gaps.items() if b == n]
            mu[n] = sum(terms) / len(terms)
    return {n: Rating(NEW.mu + mu[n], sigma) for n in names}
