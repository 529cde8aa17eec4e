"""A match: what a room (or a local table) keeps over many rounds.

docs/rules.md "A room": counters per seat (wins and shared rounds), the starter rotation, and
the round number outlast rounds. The first round's starter is drawn at random; every later
round starts with the next seat clockwise from the previous starter, whoever won. A round
with one winner adds one win; a shared (blocked, tied) round adds a shared round to each
lowest seat and no win to anybody.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias

from .actions import Action
from .deal import deal_round, random_seat
from .errors import Refusal
from .fair import Proof, commitment_of, shuffle
from .position import position_of
from .round import Result, Round, Seat
from .tiles import Tile

Committed: TypeAlias = tuple[str, Sequence[str]]
"""A committed deal's inputs: the seed (64 hex digits) and one contribution per seat (docs/fair.md)."""


class Match:
    """The rounds of one table and its counters.

    Attributes:
        players: 2-4.
        wins, shared: per seat, rounds won alone and rounds shared.
        starters: the starter of every round dealt so far (``starters[-1]`` opens ``round``).
        round: the current round (finished or not).
        opening: the current round's deal as a position (with the boneyard order), so that
            the deal plus the round's log of actions restores the round exactly.
        version: raised by every accepted action and every new round; an action may name the
            version it was made against (:meth:`apply`).
        fair: the current round's proof (``docs/fair.md``) when it was dealt from a committed
            seed: ``{"commitment", "seed", "contributions"}``, the seed secret until the round
            is over (:func:`~.view.public_view` shows it only then); None for a round dealt
            otherwise.
    """

    __slots__ = ("players", "wins", "shared", "starters", "round", "opening", "version", "fair", "_rng")

    def __init__(self, players: int, *, rng: random.Random | None = None, first_starter: Seat | None = None,
                 first_round: Round | None = None, committed: Committed | None = None) -> None:
        """Start a match and deal its first round.

        Args:
            players: 2-4.
            rng: random source for the starter and the deals; default cryptographic.
            first_starter: the first round's starter; default drawn at random.
            first_round: play this round first instead of dealing one (a position); its
                ``starter`` is the first starter.
            committed: ``(seed, contributions)``: deal the first round by the committed deal
                (``docs/fair.md``) instead of shuffling; its starter too, unless
                ``first_starter`` names one.

        Raises:
            ValueError: bad ``players`` or ``first_starter``, a malformed seed or contribution,
                or not one contribution per seat.
        """
        self._rng = rng
        self.fair: Proof | None = None
        self.players = players
        self.wins = [0] * players
        self.shared = [0] * players
        if first_round is not None:
            if first_round.players != players:
                raise ValueError("first_round has another number of players")
            self.round = first_round
        else:
            order, drawn = self._committed(committed)
            if first_starter is None:
                first_starter = random_seat(players, rng) if drawn is None else drawn
            self.round = deal_round(players, first_starter, rng, order=order)
        self.opening = position_of(self.round)
        self.starters = [self.round.starter]
        self.version = 1

    def copy(self) -> Match:
        """An independent copy, with the current round's log: a change to it leaves this one as it
        was (a room builds its next value on a copy, and drops it if storing fails)."""
        m = Match.__new__(Match)
        m._rng = self._rng
        m.players = self.players
        m.wins = list(self.wins)
        m.shared = list(self.shared)
        m.starters = list(self.starters)
        m.round = self.round.copy(keep_log=True)
        m.opening = self.opening
        m.version = self.version
        m.fair = self.fair
        return m

    def _committed(self, committed: Committed | None) -> tuple[list[Tile] | None, Seat | None]:
        """The committed deal's order and first starter, with :attr:`fair` set to its proof
        ((None, None): a shuffle, no proof)."""
        if committed is None:
            self.fair = None
            return None, None
        seed, contributions = committed
        if len(contributions) != self.players:
            raise ValueError(f"a committed deal takes one contribution per seat ({self.players})")
        order, starter = shuffle(seed, contributions)
        self.fair = {"commitment": commitment_of(seed), "seed": seed, "contributions": list(contributions)}
        return order, starter

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self.starters)

    @property
    def next_starter(self) -> Seat:
        """The seat that opens the next round: clockwise from the current round's starter."""
        return (self.starters[-1] + 1) % self.players

    def check_version(self, version: int | None) -> None:
        """Raise ``Refusal('stale_version')`` unless ``version`` is None or the current one."""
        if version is not None and version != self.version:
            raise Refusal("stale_version", f"the action was made against version {version}; "
                                           f"the table is at version {self.version}")

    def apply(self, seat: Seat, action: Action, *, version: int | None = None) -> None:
        """Apply ``seat``'s action to the current round and score the round if it ends.

        Raises:
            Refusal: a stale ``version`` (code ``stale_version``), or anything the round
                refuses (:meth:`Round.check`); nothing changes then.
        """
        self.check_version(version)
        self.round.apply(seat, action)
        self.version += 1
        if self.round.result is not None:
            self.score(self.round.result.winners)

    def score(self, winners: tuple[Seat, ...] | list[Seat]) -> None:
        """Add a finished round's outcome to the counters (one winner: a win; several: shared)."""
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        else:
            for s in winners:
                self.shared[s] += 1

    def next_round(self, *, version: int | None = None, committed: Committed | None = None) -> Round:
        """Deal the next round, opened by :attr:`next_starter`: by the committed deal of
        ``committed`` = ``(seed, contributions)`` (``docs/fair.md``) when given, else shuffled.

        Raises:
            Refusal: ``round_not_over`` while the current round goes on; ``stale_version``.
        """
        self.check_version(version)
        if self.round.result is None:
            raise Refusal("round_not_over", "the current round is still being played")
        starter = self.next_starter
        self.round = deal_round(self.players, starter, self._rng, order=self._committed(committed)[0])
        self.opening = position_of(self.round)
        self.starters.append(starter)
        self.version += 1
        return self.round

    def winner(self, target: int | None) -> Seat | None:
        """The seat that won the match to ``target`` wins, or None (no target, or nobody has
        reached it). Only won rounds count; shared rounds count for nobody (docs/rules.md,
        "A match"). A match stops at the first seat to reach the target, so there is one."""
        if target is None or self.round.result is None:
            return None
        return next((s for s in range(self.players) if self.wins[s] >= target), None)

    def rematch(self, *, version: int | None = None, committed: Committed | None = None) -> Round:
        """Start a new match at the same table: every counter back to 0 and the next round dealt
        as :meth:`next_round` deals it (opened by the seat after the last round's starter, by
        ``committed`` when given; the round numbers go on).

        Raises:
            Refusal: ``round_not_over`` while the current round goes on; ``stale_version``.
        """
        dealt = self.next_round(version=version, committed=committed)
        self.wins = [0] * self.players
        self.shared = [0] * self.players
        return dealt

    @property
    def result(self) -> Result | None:
        """The current round's result (None while it goes on)."""
        return self.round.result
