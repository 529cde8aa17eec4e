"""``ziehdomino bench engine``: whole random rounds per second through the rules engine.

Plays 2-player rounds with uniformly random legal actions for ``seconds`` and counts them.
When the optional ``dominoes`` package (PyPI, the ``bench`` extra) is installed, times its
``Game.new()`` played with random valid moves in the same run, for a baseline: goal is
``ratio_vs_dominoes >= 10`` (issue 2). Figures only; nothing is asserted.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any, Callable

from ..engine import deal


def play_random_round(rng: random.Random) -> int:
    """Deal and play one 2-player round with random legal actions; return its action count."""
    rnd = deal(2, rng.randrange(2), rng, keep_log=False)
    actions = 0
    while rnd.result is None:
        legal = rnd.legal_actions(rnd.turn)
        rnd.apply(rnd.turn, legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
        actions += 1
    return actions


def _dominoes_round(rng: random.Random) -> int:
    import dominoes  # optional: the ``bench`` extra

    game = dominoes.Game.new()
    moves = 0
    while game.result is None:
        valid = game.valid_moves
        game.make_move(*valid[rng.randrange(len(valid))])
        moves += 1
    return moves


def _rate(play: Callable[[random.Random], int], seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    rounds = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += play(rng)
        rounds += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return rounds / elapsed, actions / elapsed


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Run the benchmark, print a human line per engine, and return the summary object."""
    rounds_per_s, actions_per_s = _rate(play_random_round, seconds, seed)
    print(f"ziehdomino engine: {rounds_per_s:,.0f} rounds/s, {actions_per_s:,.0f} actions/s "
          f"(2 players, random legal actions, {seconds:g} s)")
    summary: dict[str, Any] = {"bench": "engine", "seconds": seconds, "rounds_per_s": round(rounds_per_s, 1),
                               "actions_per_s": round(actions_per_s, 1)}
    try:
        import dominoes  # noqa: F401
    except ImportError:
        print("dominoes package not installed (pip install -e '.[bench]'): no baseline this run")
    else:
        base_rounds, base_actions = _rate(_dominoes_round, seconds, seed)
        print(f"dominoes 6.1.0 Game.new(): {base_rounds:,.0f} rounds/s, {base_actions:,.0f} moves/s")
        summary["dominoes_rounds_per_s"] = round(base_rounds, 1)
        summary["ratio_vs_dominoes"] = round(rounds_per_s / base_rounds, 2)
        print(f"ratio (ours / dominoes): {summary['ratio_vs_dominoes']} (goal >= 10)")
    print(json.dumps(summary))
    return summary
