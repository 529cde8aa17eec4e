"""Computer players (docs/bots.md): :func:`decide` takes one seat's view and a seed, never a
round, and gives the same action as ``web/bots/index.js``. Each module has a twin of its name in
``web/bots/``:

* :mod:`.rng` -- the seeded generator.
* :mod:`.weights` -- the numbers, from ``weights.json``.
* :mod:`.masks` -- tiles and moves as integers.
* :mod:`.scores` -- how a seat scores a play.
* :mod:`.playouts` -- a round simulated to its end.
* :mod:`.knowledge` -- what a seat can infer about the hidden tiles.
* :mod:`.sampling` -- deals of the hidden tiles, weighed by the plays.
* :mod:`.solve` -- the exact endgame solver.
* :mod:`.levels` -- each level's decision.
"""

from __future__ import annotations

from .levels import LEVELS, analyse, decide, decide_seeing

__all__ = ["LEVELS", "analyse", "decide", "decide_seeing"]
