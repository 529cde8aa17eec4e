"""``ziehdomino arena``: computer levels play many rounds against each other; figures with CIs.

Fair rotation: rounds come in groups of ``players`` that share one deal (duplicate style); in
a group the levels move one seat clockwise from round to round, so every level plays every hand
of the deal. The group's starter is ``group % players``, so starters rotate too. Deals come
from ``random.Random(mix_seed(seed, group))``; a computer's seed for each decision is
``mix_seed(seed, round, decision number)``. The result depends on the arguments only, not on
the number of worker processes.

Every computer decides from :func:`~ziehdomino.engine.seat_view` only, like on the server;
the one exception is the diagnostic ``ceiling`` (stark handed the other hands, never a level).
Besides the levels of :data:`ziehdomino.bots.LEVELS` the arena seats ``ceiling`` and, with the
node engine, ``tips`` (a player who follows every tip of ``web/learn/tips.js``).

``engine="node"`` asks ``decider.mjs`` (``web/bots/index.js`` under node, one process per worker)
for every decision instead of Python's :func:`~ziehdomino.bots.decide`; both decide alike.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..bots import LEVELS, decide, decide_seeing
from ..bots.rng import mix_seed
from ..constants import MAX_PLAYERS, MIN_PLAYERS
from ..engine import Match, parse_action, seat_view
from ..engine.actions import ActionJSON
from ..engine.view import SeatView

Z95 = 1.959963984540054


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``k`` successes out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z95 ** 2 / n
    c = (p + Z95 ** 2 / (2 * n)) / d
    h = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


#: Seats the arena takes besides the levels: the diagnostic ceiling, and tips (node only).
DIAGNOSTICS = ("ceiling", "tips")
ENGINES = ("python", "node")
DECIDER = Path(__file__).resolve().with_name("decider.mjs")


class NodeDecider:
    """A node process running ``decider.mjs``: one request line out, one action line back."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise ValueError("the node engine needs node on PATH")
        self.proc = subprocess.Popen([node, str(DECIDER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def __call__(self, request: dict[str, Any]) -> ActionJSON:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the node decider stopped")
        answer: ActionJSON = json.loads(line)
        return answer


_node: NodeDecider | None = None


def _decision(engine: str, match: Match, view: SeatView, level: str, seed: int) -> ActionJSON:
    """One decision by ``level`` for the seat of ``view``, from ``engine``."""
    global _node
    hands: list[list[str]] | None = None
    if level == "ceiling":
        hands = [[f"{a}|{b}" for a, b in hand] for hand in match.round.hands]
    if engine == "python":
        if hands is not None:
            return decide_seeing(view, hands, seed)
        return decide(view, level, seed)
    if _node is None:
        _node = NodeDecider()
    request: dict[str, Any] = {"view": view, "level": level, "seed": seed}
    if hands is not None:
        request["hands"] = hands
    return _node(request)


def play_round(levels: Sequence[str], index: int, seed: int, engine: str = "python") -> tuple[int, ...]:
    """Play round ``index`` of an arena; return the winners as indices into ``levels``."""
    players = len(levels)
    group, rotation = divmod(index, players)
    match = Match(players, rng=random.Random(mix_seed(seed, group)), first_starter=group % players)
    at = [(seat - rotation) % players for seat in range(players)]  # level index at each seat
    rnd = match.round
    decision = 0
    while rnd.result is None:
        seat = rnd.turn
        view = seat_view(match, seat)
        action = _decision(engine, match, view, levels[at[seat]], mix_seed(seed, index, decision))
        decision += 1
        match.apply(seat, parse_action(action))
    assert rnd.result is not None
    return tuple(sorted(at[s] for s in rnd.result.winners))


def _chunk(args: tuple[tuple[str, ...], int, int, int, str]) -> list[tuple[int, ...]]:
    levels, start, stop, seed, engine = args
    return [play_round(levels, i, seed, engine) for i in range(start, stop)]


@dataclass
class Tally:
    won: int = 0
    shared: int = 0
    lost: int = 0


def _check(levels: Sequence[str], rounds: int, engine: str) -> None:
    """Raise ValueError for what :func:`run` refuses."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r} (python or node)")
    for level in levels:
        if level not in LEVELS and level not in DIAGNOSTICS:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join([*LEVELS, *DIAGNOSTICS])})")
        if level == "tips" and engine != "node":
            raise ValueError("the tips player follows web/learn/tips.js: it needs the node engine")
    if not MIN_PLAYERS <= len(levels) <= MAX_PLAYERS:
        raise ValueError(f"an arena seats {MIN_PLAYERS}-{MAX_PLAYERS} levels")
    if rounds < len(levels) or rounds % len(levels):
        raise ValueError(f"rounds must be a positive multiple of {len(levels)} (one deal is played "
                         f"{len(levels)} times so that every level holds every hand), not {rounds}")


def run(levels: Sequence[str], rounds: int, seed: int, workers: int | None = None,
        chunk: int = 20, progress: bool = True, engine: str = "python") -> dict[str, Any]:
    """Play ``rounds`` rounds, print a line per seat and a final JSON line; return the summary.
    ``ValueError`` for an unknown level or engine, or a bad count of seats or rounds."""
    _check(levels, rounds, engine)
    levels = tuple(levels)
    players = len(levels)
    workers = workers or os.cpu_count() or 1
    jobs = [(levels, s, min(s + chunk, rounds), seed, engine) for s in range(0, rounds, chunk)]
    tallies = [Tally() for _ in levels]
    decided = 0
    start = time.perf_counter()
    done = 0

    def count(result: list[tuple[int, ...]]) -> None:
        nonlocal decided, done
        for winners in result:
            done += 1
            if len(winners) == 1:
                decided += 1
            for j in range(players):
                if j not in winners:
                    tallies[j].lost += 1
                elif len(winners) == 1:
                    tallies[j].won += 1
                else:
                    tallies[j].shared += 1

    if workers == 1:
        for job in jobs:
            count(_chunk(job))
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for i, result in enumerate(pool.imap(_chunk, jobs)):
                count(result)
                if progress and i % 50 == 49:
                    print(f"  ... {done} rounds, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(f"arena: {rounds} rounds, {players} players, seats {','.join(levels)}, seed {seed}, "
          f"{elapsed:.0f} s on {workers} processes, {engine} engine")
    print(f"  rounds with one winner: {decided} ({decided / rounds:.1%}); shared: {rounds - decided}")
    summary: dict[str, Any] = {"rounds": rounds, "players": players, "seats": list(levels), "seed": seed,
                               "engine": engine,
                               "seconds": round(elapsed, 1), "decided": decided, "per_seat": []}
    by_level: dict[str, list[Tally]] = {}
    for j, (level, t) in enumerate(zip(levels, tallies)):
        w_lo, w_hi = wilson(t.won, rounds)
        s_lo, s_hi = wilson(t.shared, rounds)
        l_lo, l_hi = wilson(t.lost, rounds)
        d_lo, d_hi = wilson(t.won, decided)
        share = t.won / decided if decided else 0.0
        print(f"  seat {j} {level:9s} won {t.won / rounds:6.1%} [{w_lo:.1%}, {w_hi:.1%}]  "
              f"shared {t.shared / rounds:5.1%} [{s_lo:.1%}, {s_hi:.1%}]  "
              f"lost {t.lost / rounds:6.1%} [{l_lo:.1%}, {l_hi:.1%}]  "
              f"won of rounds not shared {share:6.1%} [{d_lo:.1%}, {d_hi:.1%}]")
        summary["per_seat"].append({"level": level, "won": t.won, "shared": t.shared, "lost": t.lost,
                                    "win_rate_ci95": [round(w_lo, 4), round(w_hi, 4)],
                                    "won_of_not_shared": round(share, 4),
                                    "won_of_not_shared_ci95": [round(d_lo, 4), round(d_hi, 4)]})
        by_level.setdefault(level, []).append(t)
    # A level at several seats: the average per seat.
    summary["win_rate"] = {lv: round(sum(t.won for t in ts) / (rounds * len(ts)), 4) for lv, ts in by_level.items()}
    summary["shared_rate"] = {lv: round(sum(t.shared for t in ts) / (rounds * len(ts)), 4)
                              for lv, ts in by_level.items()}
    summary["won_of_not_shared"] = {lv: round(sum(t.won for t in ts) / (max(decided, 1) * len(ts)), 4)
                                    for lv, ts in by_level.items()}
    print(json.dumps(summary))
    return summary
