"""Shuffling and dealing a new round.

docs/rules.md "A round", step 1: the 28 tiles are shuffled with a cryptographic random source;
with 2 players each gets 7 tiles, with 3 or 4 players each gets 5; the rest is the boneyard
(14, 13 or 8 tiles), in a hidden order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..constants import MAX_PLAYERS, MIN_PLAYERS
from .round import Round, Seat
from .tiles import ALL_TILES, Tile

#: Tiles per hand by number of players (``web/rules.html``: "zu zweit ... sieben Steine; zu dritt oder zu viert ... fünf").
HAND_SIZE: Final = {2: 7, 3: 5, 4: 5}

_SYSTEM_RANDOM: Final = random.SystemRandom()


def hand_size(players: int) -> int:
    """Tiles dealt to each seat; raises ``ValueError`` unless ``players`` is 2, 3 or 4."""
    try:
        return HAND_SIZE[players]
    except (KeyError, TypeError):
        raise ValueError(f"a table has {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}") from None


def deal_round(players: int, starter: Seat, rng: random.Random | None = None, *, keep_log: bool = True,
               order: Sequence[Tile] | None = None) -> Round:
    """Shuffle the set and deal a round that ``starter`` opens.

    Args:
        players: 2-4.
        starter: the seat to play first, 0 <= starter < players.
        rng: the random source; default :class:`random.SystemRandom` (cryptographic). Pass a
            seeded :class:`random.Random` for reproducible tests.
        order: deal these 28 tiles in this order instead of shuffling (a committed deal,
            :func:`.fair.deal_order`): seat s gets the s-th block of hand size, the rest is
            the boneyard, its first tile drawn first.

    Raises:
        ValueError: bad ``players`` or ``starter``, or an ``order`` that is not the whole set.
    """
    n = hand_size(players)
    if not isinstance(starter, int) or not 0 <= starter < players:
        raise ValueError(f"starter must be a seat 0-{players - 1}, not {starter!r}")
    if order is not None:
        tiles = list(order)
        if sorted(tiles) != list(ALL_TILES):
            raise ValueError("order must hold each of the 28 tiles once")
    else:
        tiles = list(ALL_TILES)
        (rng or _SYSTEM_RANDOM).shuffle(tiles)
    hands = [tiles[i * n:(i + 1) * n] for i in range(players)]
    return Round(players, hands, tiles[players * n:], turn=starter, starter=starter, keep_log=keep_log)


def random_seat(players: int, rng: random.Random | None = None) -> Seat:
    """A seat drawn uniformly (the starter of a room's first round)."""
    return (rng or _SYSTEM_RANDOM).randrange(players)
