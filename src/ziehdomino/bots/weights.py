"""The computers' numbers, written once in ``weights.json`` for both languages (``docs/bots.md``
says what each does): the scores ``mittel``, ``searching`` and ``heaviest``; ``like``, ``models``
and ``pips_model`` for reading the plays; ``search``'s playout counts and budgets.
``web/bots/weights.js`` is written from it (:func:`browser_module`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

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
