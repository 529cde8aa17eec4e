"""The computers' numbers (heuristic weights, model scales, playout counts, budgets), read from
``weights.json`` next to this module, so that each number is written once for both languages.

``web/bots/weights.js`` is written from the same file by ``scripts/write-weights-js``
(:func:`browser_module`); ``tests/bots/test_weights.py`` fails when the two differ. The keys
(``docs/bots.md`` says what each number does):

* ``mittel``: mittel's score, also the playout policy of stark-v1: ``pips``, ``follow`` (tiles
  left that fit the new ends), ``double``, ``block`` / ``lack`` (the next seat is known to lack
  both / one of the new ends).
* ``searching``: the searching score (stark's playouts and its fourth model): ``follow``,
  ``double``, ``block``, ``lack``, ``open`` (unseen tiles fitting the new ends), ``same`` (both
  new ends alike), ``kinds`` (numbers the remaining tiles show).
* ``heaviest``: the playout policy of a seat read as heaviest: ``pips * pips + follow * follow``.
* ``like``: a play ``d`` points below the best weighs ``65536 * (mult / 65536)**d`` (rounded
  down step by step), never less than ``floor``, for ``d`` up to ``max_d``.
* ``models``: the models of another seat's play as scales ``(x, y, z)`` of ``x * mittel's score
  + y * pips + z * the searching score``; ``pips_model``: the model whose seats play out as
  heaviest.
* ``search``: playouts per decision (``playouts`` for stark-v1, ``stark_playouts``, at two seats
  ``stark_playouts_2``), ``min_samples`` per candidate, ``raw_factor`` (deals drawn per deal
  played out), ``weight_bits`` / ``seat_bits`` (resampling weights and a seat's products are cut
  to below 2**bits), ``sample_tries`` (attempts at a consistent deal before the constraints are
  dropped), ``node_limit`` (the endgame solver's nodes), ``exact_bone`` and ``exact_nodes``
  (late two-seat deals solved exactly: the largest boneyard, the nodes per decision).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

#: The file as read: a dict of the sections above.
WEIGHTS: Final[dict[str, Any]] = json.loads((Path(__file__).with_name("weights.json")).read_text(encoding="utf-8"))

MITTEL: Final[dict[str, int]] = WEIGHTS["mittel"]
SEARCHING: Final[dict[str, int]] = WEIGHTS["searching"]
HEAVIEST: Final[dict[str, int]] = WEIGHTS["heaviest"]
LIKE_PARAMS: Final[dict[str, int]] = WEIGHTS["like"]
SEARCH: Final[dict[str, int]] = WEIGHTS["search"]
MODELS: Final[tuple[tuple[int, int, int], ...]] = tuple((x, y, z) for x, y, z in WEIGHTS["models"])
PIPS_MODEL: Final[int] = WEIGHTS["pips_model"]


def browser_module() -> str:
    """The text of ``web/bots/weights.js``: ``weights.json`` as a deeply frozen ES module."""
    data = {key: value for key, value in WEIGHTS.items() if key != "about"}
    body = json.dumps(data, indent=2)
    return (
        "/**\n"
        " * @file The computers' numbers (docs/bots.md): heuristic weights, model scales, playout\n"
        " * counts and budgets.\n"
        " *\n"
        " * Written from src/ziehdomino/bots/weights.json by scripts/write-weights-js; a test fails\n"
        " * when the two differ. Do not edit by hand.\n"
        " */\n"
        "// @ts-check\n\n"
        "/** Freezes an object and everything in it. */\n"
        "function deepFreeze(value) {\n"
        "  if (value && typeof value === 'object') {\n"
        "    for (const inner of Object.values(value)) deepFreeze(inner);\n"
        "    Object.freeze(value);\n"
        "  }\n"
        "  return value;\n"
        "}\n\n"
        "/** Every section of weights.json but its note. */\n"
        f"export const WEIGHTS = deepFreeze({body});\n"
    )
