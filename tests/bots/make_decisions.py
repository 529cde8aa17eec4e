#!/usr/bin/env python3
"""Write ``tests/vectors/decisions.json``: seat views from random rounds, and every level's choice.

Usage: ``.venv/bin/python tests/bots/make_decisions.py`` (rewrites the file; the project must be
installed in ``.venv``, as ``scripts/test`` does). Each case holds a
seat's view (from ``seat_view`` only), and for every level a seed and the action ``decide``
returned. ``tests/bots/test_decisions.py`` (Python) and ``scripts/check-decisions.mjs`` /
``tests/web/bots.test.mjs`` (JavaScript) check that both languages reproduce every choice.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from ziehdomino.bots import LEVELS, decide
from ziehdomino.engine import Match, parse_action, seat_view

ROOT = Path(__file__).resolve().parents[2]

OUT = ROOT / "tests" / "vectors" / "decisions.json"


def random_views(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` views at a seat's turn with a real choice, from rounds played by mixed levels.

    Stops at a random decision of a random round (one in ten at the opening); about one in five
    views is taken after the boneyard ran dry, so the exact endgame search is covered too.
    """
    rng = random.Random(seed)
    views: list[dict[str, Any]] = []
    while len(views) < count:
        players = rng.choice([2, 2, 3, 4])
        match = Match(players, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(players))
        levels = [rng.choice(["leicht", "mittel", "heaviest"]) for _ in range(players)]
        want_empty = rng.random() < 0.2
        stop = 0 if rng.random() < 0.1 else rng.randrange(40)
        step = 0
        r = match.round
        while r.result is None:
            seat = r.turn
            view = seat_view(match, seat)
            ready = step >= stop and len(view["legal"]) > 1 and (not want_empty or not r.boneyard)
            if ready:
                views.append(view)
                break
            match.apply(seat, parse_action(decide(view, levels[seat], rng.randrange(1 << 32))))
            step += 1
    return views


def main() -> int:
    cases = []
    for n, view in enumerate(random_views(52, 20240607)):
        choices = {}
        for level in LEVELS:
            # stark-v1 takes the seed stark had before it read the plays, so that its column
            # keeps today's stark decisions (the yardstick stays fixed).
            seed = (n * 7919 + len("stark" if level == "stark-v1" else level) * 104729) % (1 << 32)
            choices[level] = {"seed": seed, "action": decide(view, level, seed)}
        cases.append({"id": f"decision-{n:02d}", "view": view, "choices": choices})
    data = {"about": "Computer decisions: for each view and level, decide(view, level, seed) must return "
                      "action, in Python and in JavaScript (docs/bots.md). Written by "
                      "tests/bots/make_decisions.py.",
            "cases": cases}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
