"""Finding puzzles in simulated two-seat rounds and writing the puzzle file (docs/puzzles.md,
"How they are found"); ``scripts/make-puzzles`` runs :func:`main`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from ..bots import decide
from ..bots.masks import INDEX, PIPS, TA, TB
from ..constants import LEVELS as PRODUCT_LEVELS
from ..engine import Match, parse_action, seat_view
from ..engine.round import Round
from .search import PASS_MOVE, WIN, Move, Position, Search, after, moves, plays_to_win, value_of

#: The file the page reads.
OUT = Path(__file__).resolve().parents[1] / "web" / "learn" / "puzzles.json"
_LEICHT, _MITTEL = PRODUCT_LEVELS[0], PRODUCT_LEVELS[1]
#: The levels the simulated seats play: fast, and varied.
LEVELS = (_MITTEL, "heaviest", _LEICHT, _MITTEL)
#: The most tiles both hands may hold together in a puzzle.
MOST_TILES = 11
#: The series by own plays to the win: (name, fewest plays, most plays).
SERIES = (("einstieg", 1, 2), ("mitte", 3, 3), ("meister", 4, 99))


def position_of_round(r: Round) -> Position:
    """The search's position of a two-seat round with an empty boneyard."""
    h = [sum(1 << INDEX[t] for t in hand) for hand in r.hands]
    return (h[0], h[1], r.left, r.right, r.turn, r.passes)


def tile_json(i: int) -> list[int]:
    return [TA[i], TB[i]]


def move_json(move: Move, seat: int) -> dict[str, Any]:
    """A move of the winning line: ``{"seat", "tile": [a, b], "end"}`` or ``{"seat", "pass": true}``."""
    if move == PASS_MOVE:
        return {"seat": seat, "pass": True}
    return {"seat": seat, "tile": tile_json(move[0]), "end": "right" if move[1] else "left"}


def main_line(pos: Position) -> list[dict[str, Any]]:
    """The winning line from ``pos``: the attacker's quickest win against the longest
    resistance, ties to the earlier move, as ``web/learn/puzzle-search.js`` plays it."""
    me = pos[4]
    search = Search(me)
    line = []
    while True:
        options = moves(pos)
        scored = [search.move_score(pos, m) for m in options]
        pick = scored.index(max(scored)) if pos[4] == me else scored.index(min(scored))
        line.append(move_json(options[pick], pos[4]))
        pos, ended = after(pos, options[pick])
        if ended is not None:
            return line


def puzzle_of(pos: Position, line: list[list[int]]) -> dict[str, Any] | None:
    """The puzzle at ``pos`` (the seat to act must find the one winning move), or None."""
    me = pos[4]
    hand = pos[1] if me else pos[0]
    options = moves(pos)
    if hand.bit_count() < 2 or len(options) < 2 or options[0] == PASS_MOVE \
            or (pos[0] | pos[1]).bit_count() > MOST_TILES:
        return None
    search = Search(me)
    scores = [search.move_score(pos, m) for m in options]
    winning = [c for c, s in enumerate(scores) if value_of(s) == 2]
    if len(winning) != 1:
        return None
    best = options[winning[0]]
    decoys = 0
    for m, s in zip(options, scores):
        if m != best:
            nxt, ended = after(pos, m)
            decoys += ended is None and any(value_of(search.move_score(nxt, r)) == 2 for r in moves(nxt))
    hands = [[tile_json(i) for i in range(28) if (h >> i) & 1] for h in pos[:2]]
    key = json.dumps([hands, pos[2], pos[3], me])
    return {"id": hashlib.sha256(key.encode()).hexdigest()[:8], "hands": hands, "left": pos[2], "right": pos[3],
            "to_move": me, "solution": {"tile": tile_json(best[0]), "end": "right" if best[1] else "left"},
            "line": line, "plays": plays_to_win(scores[winning[0]]), "decoys": decoys, "choices": len(options),
            "pips": [sum(PIPS[i] for i in range(28) if (h >> i) & 1) for h in pos[:2]],
            "answer": main_line(pos)}


def round_puzzles(rng: random.Random) -> list[dict[str, Any]]:
    """The puzzles met in one two-seat round."""
    match = Match(2, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(2))
    levels = [rng.choice(LEVELS) for _ in range(2)]
    found = []
    r = match.round
    while r.result is None:
        if not r.boneyard and r.line:
            p = puzzle_of(position_of_round(r), [list(t) for t in r.line])
            if p is not None:
                found.append(p)
        seat = r.turn
        view = seat_view(match, seat)
        match.apply(seat, parse_action(decide(view, levels[seat], rng.randrange(1 << 32))))
    return found


def series_of(plays: int) -> str:
    """The series a puzzle belongs to by its own plays to the win (:data:`SERIES`)."""
    return next(name for name, low, high in SERIES if low <= plays <= high)


def generate(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` distinct puzzles, at most one per round, ordered by difficulty (docs/puzzles.md),
    each with its ``series`` and ``rank`` (1 = easiest)."""
    rng = random.Random(seed)
    seen: dict[str, dict[str, Any]] = {}
    while len(seen) < count:
        found = [p for p in round_puzzles(rng) if p["id"] not in seen]
        if found:
            p = found[rng.randrange(len(found))]
            seen[p["id"]] = p
    out = sorted(seen.values(), key=lambda p: (p["plays"], p["decoys"], p["choices"], p["id"]))
    for rank, p in enumerate(out, 1):
        p["series"] = series_of(p["plays"])
        p["rank"] = rank
    return out


def main(argv: list[str] | None = None) -> int:
    """Writes :data:`OUT` (``scripts/make-puzzles [COUNT [SEED]]``, default 360 puzzles, seed 29)."""
    args = sys.argv[1:] if argv is None else argv
    count = int(args[0]) if args else 360
    seed = int(args[1]) if len(args) > 1 else 29
    puzzles = generate(count, seed)
    data = {"about": "Puzzles: two seats, the boneyard empty, exactly one move wins alone by force "
                     "(docs/puzzles.md). Written by scripts/make-puzzles.", "seed": seed, "puzzles": puzzles}
    OUT.write_text(json.dumps(data, separators=(",", ":")).replace('{"id"', '\n{"id"') + "\n", encoding="utf-8")
    counts = {name: sum(p["series"] == name for p in puzzles) for name, _, _ in SERIES}
    print(f"wrote {len(puzzles)} puzzles to {OUT.name}: {counts}")
    return 0


__all__ = ["WIN", "generate", "main", "puzzle_of"]
