"""Computer players: given what one seat may know, return a legal action.

The one entry point is :func:`decide`. A computer gets only its own seat's view (docs/view.md:
its hand, the line, the counts and the public log) and a seed; it never receives a round, so it
cannot read another hand or the boneyard. The same view, level and seed give the same action
here and in ``web/bots/index.js`` (docs/bots.md). Each module has a twin of its name in ``web/bots/``:

* :mod:`.rng` -- the seeded generator.
* :mod:`.weights` -- the numbers, from ``weights.json``.
* :mod:`.masks` -- tiles and moves as integers.
* :mod:`.scores` -- how a seat scores a play.
* :mod:`.playouts` -- a round simulated to its end.
* :mod:`.knowledge` -- what a seat can infer about the hidden tiles.
* :mod:`.sampling` -- deals of the hidden tiles consistent with it, weighed by the plays.
* :mod:`.solve` -- the exact endgame solver.
* :mod:`.levels` -- each level's decision.
"""

from __future__ import annotations

from .levels import LEVELS, analyse, decide, decide_seeing

__all__ = ["LEVELS", "analyse", "decide", "decide_seeing"]
