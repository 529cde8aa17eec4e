"""A match: what a table keeps over many rounds (docs/rules.md "A room")."""

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

    ``starters[-1]`` opens ``round``; ``opening`` is that round's deal as a position, which with
    its log restores it; ``version`` rises with every action and round; ``fair`` is the round's
    proof, None unless dealt from a committed seed (its seed stays secret until the round is over).
    """

    __slots__ = ("players", "wins", "shared", "starters", "round", "opening", "version", "fair", "_rng")

    def __init__(self, players: int, *, rng: random.Random | None = None, first_starter: Seat | None = None,
                 first_round: Round | None = None, committed: Committed | None = None) -> None:
        """Start a match and deal its first round, or play ``first_round``; by the committed
        deal when given (starter too, unless ``first_starter``). Raises ``ValueError`` on bad
        arguments."""
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
        """An independent copy, with the current round's log."""
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
        """The committed deal's order and starter, setting :attr:`fair`; (None, None) to shuffle."""
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
        return (self.starters[-1] + 1) % self.players

    def check_version(self, version: int | None) -> None:
        """Raise ``Refusal('stale_version')`` unless ``version`` is None or the current one."""
        if version is not None and version != self.version:
            raise Refusal("stale_version", f"the action was made against version {version}; "
                                           f"the table is at version {self.version}")

    def apply(self, seat: Seat, action: Action, *, version: int | None = None) -> None:
        """Apply ``seat``'s action and score the round if it ends; :class:`Refusal` changes nothing."""
        self.check_version(version)
        self.round.apply(seat, action)
        self.version += 1
        if self.round.result is not None:
            self.score(self.round.result.winners)

    def score(self, winners: tuple[Seat, ...] | list[Seat]) -> None:
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        else:
            for s in winners:
                self.shared[s] += 1

    def next_round(self, *, version: int | None = None, committed: Committed | None = None) -> Round:
        """Deal the next round, committed or shuffled; :class:`Refusal` while this one goes on."""
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
        """The seat with ``target`` wins, or None (docs/rules.md, "A match")."""
        if target is None or self.round.result is None:
            return None
        return next((s for s in range(self.players) if self.wins[s] >= target), None)

    def rematch(self, *, version: int | None = None, committed: Committed | None = None) -> Round:
        """Counters back to 0 and :meth:`next_round`; round numbers go on."""
        dealt = self.next_round(version=version, committed=committed)
        self.wins = [0] * self.players
        self.shared = [0] * self.players
        return dealt

    @property
    def result(self) -> Result | None:
        return self.round.result
