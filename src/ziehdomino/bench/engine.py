"""``ziehdomino bench engine``: whole random 2-player rounds per second, deal included, each
action uniform over the legal ones: the numpy batch engine (:mod:`.batch`, ``batch_size`` rounds
in lockstep) and the scalar :class:`~ziehdomino.engine.round.Round` (``apply_unchecked``); with
the optional ``dominoes`` package (the ``bench`` extra) its ``Game.new()`` as a baseline.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any, Callable

import numpy as np

from ..engine import deal_round
from .batch import deal_batch, play

BATCH_SIZE = 10_000
SLICES = 6


def play_random_round(rng: random.Random) -> int:
    """One random 2-player round; its action count."""
    rnd = deal_round(2, rng.randrange(2), rng, keep_log=False)
    actions = 0
    while rnd.result is None:
        legal = rnd.legal_actions(rnd.turn)
        rnd.apply_unchecked(rnd.turn, legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
        actions += 1
    return actions


def play_random_batch(rng: np.random.Generator, size: int = BATCH_SIZE) -> tuple[int, int]:
    """``size`` random 2-player rounds at once; ``(rounds, actions)``."""
    out = play(deal_batch(size, 2, rng=rng), "random", rng)
    return size, int(out.action_counts.sum())


def _dominoes_round(rng: random.Random) -> int:
    import dominoes  # optional: the ``bench`` extra

    game = dominoes.Game.new()
    moves = 0
    while game.result is None:
        valid = game.valid_moves
        game.make_move(*valid[rng.randrange(len(valid))])
        moves += 1
    return moves


def _rates(engines: dict[str, Callable[[], tuple[int, int]]], seconds: float,
           slices: int = SLICES) -> dict[str, tuple[float, float]]:
    """Rounds/s and actions/s per engine (each returning ``(rounds, actions)``), timed in
    rotation so that a change in machine load moves all alike."""
    totals = {name: [0, 0, 0.0] for name in engines}  # rounds, actions, seconds
    for _ in range(slices):
        for name, play_some in engines.items():
            total = totals[name]
            start = time.perf_counter()
            deadline = start + seconds / slices
            while True:
                r, a = play_some()
                total[0] += r
                total[1] += a
                now = time.perf_counter()
                if now >= deadline:
                    break
            total[2] += now - start
    return {name: (r / elapsed, a / elapsed) for name, (r, a, elapsed) in totals.items()}


def _one_at_a_time(play_round: Callable[[random.Random], int], seed: int) -> Callable[[], tuple[int, int]]:
    rng = random.Random(seed)
    return lambda: (1, play_round(rng))


def run(seconds: float = 3.0, seed: int = 1, *, batch_size: int = BATCH_SIZE) -> dict[str, Any]:
    """Time each engine for ``seconds``; print the figures and the JSON summary, and return it."""
    gen = np.random.default_rng(seed)
    play_random_batch(gen, 100)  # warm up numpy before timing
    engines = {"batch": lambda: play_random_batch(gen, batch_size),
               "scalar": _one_at_a_time(play_random_round, seed)}
    try:
        import dominoes  # noqa: F401
    except ImportError:
        print("dominoes package not installed (pip install -e '.[bench]'): no baseline this run")
    else:
        engines["dominoes"] = _one_at_a_time(_dominoes_round, seed)
    rates = _rates(engines, seconds)
    batch_rounds, batch_actions = rates["batch"]
    scalar_rounds, scalar_actions = rates["scalar"]
    print(f"batch engine (ziehdomino.bench.batch, {batch_size:,} rounds at once in lockstep, one core): "
          f"{batch_rounds:,.0f} rounds/s, {batch_actions:,.0f} actions/s "
          f"(2 players, deal included, uniformly random legal actions, {seconds:g} s)")
    print(f"scalar engine (Round, one round at a time, legal_actions + apply_unchecked): "
          f"{scalar_rounds:,.0f} rounds/s, {scalar_actions:,.0f} actions/s (same rounds, {seconds:g} s)")
    summary: dict[str, Any] = {
        "bench": "engine", "seconds": seconds, "batch_size": batch_size,
        "rounds_per_s": round(batch_rounds, 1), "actions_per_s": round(batch_actions, 1),
        "scalar_rounds_per_s": round(scalar_rounds, 1), "scalar_actions_per_s": round(scalar_actions, 1),
    }
    if "dominoes" in rates:
        base_rounds, base_actions = rates["dominoes"]
        print(f"dominoes 6.1.0 Game.new() (its own rules: 4 players, 7 tiles each, no boneyard), "
              f"random valid moves: {base_rounds:,.0f} rounds/s, {base_actions:,.0f} moves/s ({seconds:g} s)")
        summary["dominoes_rounds_per_s"] = round(base_rounds, 1)
        summary["ratio_vs_dominoes"] = round(batch_rounds / base_rounds, 2)
        summary["scalar_ratio_vs_dominoes"] = round(scalar_rounds / base_rounds, 2)
        print(f"ratio batch / dominoes: {summary['ratio_vs_dominoes']} (goal >= 10); "
              f"scalar / dominoes: {summary['scalar_ratio_vs_dominoes']}")
    print(json.dumps(summary))
    return summary
