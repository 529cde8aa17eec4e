"""Helpers for the computer players' tests: random rounds played through the engine."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from ziehdomino.engine import Match, parse_action, seat_view


def random_matches(count: int, seed: int, players_choice: tuple[int, ...] = (2, 3, 4)) -> Iterator[Match]:
    """``count`` fresh matches with reproducible deals and starters."""
    rng = random.Random(seed)
    for _ in range(count):
        players = rng.choice(players_choice)
        yield Match(players, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(players))


def play_out(match: Match, choose: Callable[[dict[str, Any], int], dict[str, Any]],
             visit: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> None:
    """Play the match's round to its end; ``choose(view, step)`` gives each action (JSON form).

    ``match.apply`` checks every action with the rules engine (raises Refusal if illegal);
    ``visit(view, action)`` sees each view and the action chosen for it.
    """
    step = 0
    while match.round.result is None:
        seat = match.round.turn
        view = seat_view(match, seat)
        action = choose(view, step)
        if visit is not None:
            visit(view, action)
        match.apply(seat, parse_action(action))
        step += 1
