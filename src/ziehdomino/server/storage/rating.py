"""A finished round's rating as every storage stores it, in the transaction that stores the
round (docs/rules.md, "The level"): what the room's write carries (:class:`Rated`), and the
plan made from the profiles' ratings read inside that transaction (:func:`plan`). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...levels import Entrant, Rating, provisional, rate, shown
from ..protocol.wire import RoundRating, SeatLevel, Unrated


class Rated(NamedTuple):
    """What a round of a rated table hands the storage: its seats as entrants (empty when the
    round is not rated) and why not (None: rated)."""

    entrants: tuple[Entrant, ...]
    unrated: Unrated | None = None


class ProfileRating(NamedTuple):
    """A profile's rating as read in the transaction (``mu``/``sigma`` None: never rated)."""

    id: str
    key_hash: str
    mu: float | None
    sigma: float | None
    rated: int


class LevelRow(NamedTuple):
    """A profile's level change by one round (table ``round_levels``): unix s ``at``, the
    levels shown before and after, and ``outcome`` ``"won"``, ``"shared"`` or ``"lost"``."""

    profile: str
    room: str
    n: int
    at: float
    before: int
    after: int
    outcome: str


class Plan(NamedTuple):
    """What to write: the round's rating (column ``rounds.rating``), the profiles' new ratings
    ``(id, mu, sigma, rated)`` and their level rows."""

    rating: RoundRating
    updates: list[tuple[str, float, float, int]]
    rows: list[LevelRow]


def holders(rated: Rated) -> list[str]:
    """The holder digests whose profiles the plan reads, each once, sorted (the order rows are locked in)."""
    return sorted({e.holder for e in rated.entrants if e.holder is not None})


def plan(rated: Rated, found: Sequence[ProfileRating], room: str, n: int, at: float) -> Plan:
    """The writes of a round rated with the profiles ``found`` for its holders; a person whose
    holder has no profile (or whose profile sits twice) plays as a new player, nothing stored."""
    if rated.unrated is not None or not rated.entrants:
        return Plan({"unrated": rated.unrated or "few_people", "levels": None}, [], [])
    by_key = {p.key_hash: p for p in found}
    seen: set[str] = set()
    profiles: list[ProfileRating | None] = []
    for e in rated.entrants:
        p = by_key.get(e.holder) if e.holder is not None and e.computer is None else None
        profiles.append(None if p is None or p.id in seen else p)
        if p is not None:
            seen.add(p.id)
    before = [None if p is None or p.mu is None or p.sigma is None else Rating(p.mu, p.sigma) for p in profiles]
    after = rate(rated.entrants, before)
    first = [e for e in rated.entrants if e.rank == 0]
    levels: list[SeatLevel | None] = []
    updates, rows = [], []
    for e, p, old, new in zip(rated.entrants, profiles, before, after):
        if p is None or new is None:
            levels.append(None)
            continue
        outcome = "lost" if e.rank != 0 else ("won" if len(first) == 1 else "shared")
        levels.append({"before": shown(old), "after": shown(new), "provisional": provisional(p.rated + 1)})
        updates.append((p.id, new.mu, new.sigma, p.rated + 1))
        rows.append(LevelRow(p.id, room, n, at, shown(old), shown(new), outcome))
    return Plan({"unrated": None, "levels": levels}, updates, rows)
