"""The computers' numbers are written once (bots/weights.json); the browser's copy is written from them."""

from __future__ import annotations

from pathlib import Path

from ziehdomino.bots.weights import WEIGHTS, browser_module

WEB_BOTS = Path(__file__).resolve().parents[2] / "src" / "ziehdomino" / "web" / "bots"


def test_web_weights_js_is_written_from_weights_json() -> None:
    committed = (WEB_BOTS / "weights.js").read_text(encoding="utf-8")
    assert committed == browser_module(), "web/bots/weights.js differs from bots/weights.json: run scripts/write-weights-js"


def test_every_weight_is_an_integer() -> None:
    """No floating point enters a decision (docs/bots.md)."""
    def numbers(value: object) -> list[object]:
        if isinstance(value, dict):
            return [n for key, inner in value.items() if key != "about" for n in numbers(inner)]
        if isinstance(value, list):
            return [n for inner in value for n in numbers(inner)]
        return [value]
    found = numbers(WEIGHTS)
    assert found and all(type(n) is int for n in found), found
