"""Shuffling and dealing a new round (docs/rules.md "A round", step 1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..constants import MAX_PLAYERS, MIN_PLAYERS
from .round import Round, Seat
from .tiles import ALL_TILES, Tile

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
    """Shuffle the set (``rng``, default :class:`random.SystemRandom`) and deal a round that
    ``starter`` opens. ``order``: the 28 tiles in order instead (a committed deal,
    :func:`.fair.deal_order`): seat s gets the s-th hand, the rest is the boneyard, drawn from
    its front. Raises ``ValueError`` on bad ``players``, ``starter`` or ``order``."""
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
