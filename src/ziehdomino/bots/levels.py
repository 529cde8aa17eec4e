"""The levels (``docs/bots.md``, "The levels"): leicht, mittel, stark, and the arena's
yardsticks heaviest and stark-v1; ``decide``. Twin: ``web/bots/levels.js``, step for step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Final, Literal, NotRequired, TypedDict

from .knowledge import Knowledge, knowledge_of
from .masks import FULL, OPEN, PIPS, TA, TB, move_of, tile_index
from .playouts import SimRound, outcome_value, playout
from .rng import Mulberry32
from .sampling import Deals, seeing_deals, slot_order, uniform_deals, weighed_deals
from .scores import play_score
from .solve import deal_values, solve
from .weights import SEARCH

if TYPE_CHECKING:  # the shapes only: a computer never imports the round, the match or the view builder
    from ..engine.actions import ActionJSON
    from ..engine.view import SeatView

#: Playouts per decision, shared among the candidates: stark-v1, stark, stark at two seats.
PLAYOUTS: Final = SEARCH["playouts"]
STARK_PLAYOUTS: Final = SEARCH["stark_playouts"]
STARK_PLAYOUTS_2: Final = SEARCH["stark_playouts_2"]
MIN_SAMPLES: Final = SEARCH["min_samples"]
#: Stark at two seats with at most EXACT_BONE tiles in the boneyard solves each distinct deal
#: within EXACT_NODES positions per decision, and plays out the rest.
EXACT_BONE: Final = SEARCH["exact_bone"]
EXACT_NODES: Final = SEARCH["exact_nodes"]
#: The largest seed both languages hold exactly (JavaScript's Number.MAX_SAFE_INTEGER).
SAFE_SEED: Final = 2**53 - 1


class Candidate(TypedDict):
    """A candidate of a search: its index in the view's ``legal``, and what was found."""

    index: int
    value: NotRequired[int]
    won: NotRequired[int]
    shared: NotRequired[int]


class Found(TypedDict):
    """What :func:`search` finds."""

    choice: int
    method: Literal["only", "same", "solve", "sample"]
    candidates: list[Candidate]
    samples: int
    exact: NotRequired[int]


def pick_max(scores: list[int], rng: Mulberry32) -> int:
    """The index of a highest score; ties by one ``rng.below``."""
    top = max(scores)
    best = [i for i, s in enumerate(scores) if s == top]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def leicht(view: SeatView, k: Knowledge, rng: Mulberry32) -> int:
    """A uniformly random legal action."""
    return rng.below(len(view["legal"]))


def heaviest(view: SeatView, k: Knowledge, rng: Mulberry32) -> int:
    """The heaviest fitting tile, ties at random; draw or pass only when it must."""
    legal = view["legal"]
    if len(legal) == 1:
        return 0
    return pick_max([PIPS[move_of(a) // 3] for a in legal], rng)


def _after(k: Knowledge, move: int) -> tuple[int, int]:
    i, end = divmod(move, 3)
    a, b = TA[i], TB[i]
    if end == OPEN:
        return a, b
    if end == 0:
        return (b if a == k.left else a), k.right
    return k.left, (b if a == k.right else a)


def mittel_score(k: Knowledge, move: int, next_lacks: int) -> int:
    nl, nr = _after(k, move)
    return play_score(k.hand, move // 3, nl, nr, next_lacks)


def mittel(view: SeatView, k: Knowledge, rng: Mulberry32) -> int:
    """The best play by :func:`mittel_score`, ties at random."""
    legal = view["legal"]
    if len(legal) == 1:
        return 0
    next_lacks = k.lacks((k.me + 1) % k.players)
    return pick_max([mittel_score(k, move_of(a), next_lacks) for a in legal], rng)


def candidates(k: Knowledge, legal: list[ActionJSON]) -> list[tuple[int, int]]:
    """(index in legal, move) of the plays, less those of a tile leading to the same ends."""
    seen = set()
    out = []
    for idx, a in enumerate(legal):
        m = move_of(a)
        nl, nr = _after(k, m)
        key = (m // 3, min(nl, nr), max(nl, nr))
        if key not in seen:
            seen.add(key)
            out.append((idx, m))
    return out


def _without_playouts(k: Knowledge, cands: list[tuple[int, int]]) -> Found | None:
    """Steps 1 and 2 of the search; None if it must play out."""
    if len(cands) == 1:
        return {"choice": cands[0][0], "method": "same", "candidates": [{"index": cands[0][0]}], "samples": 0}
    if k.players == 2 and k.bone_count == 0:
        root = k.root()
        root.hands[1 - k.me] = k.hidden
        values = solve(root, [m for _, m in cands], k.me)
        if values is not None:
            best = values.index(max(values))
            return {"choice": cands[best][0], "method": "solve", "samples": 0,
                    "candidates": [{"index": idx, "value": values[c]} for c, (idx, _) in enumerate(cands)]}
    return None


def _plays_after(k: Knowledge, moves: list[int]) -> list[tuple[int, int, int, int] | None]:
    """Per candidate: its tile's bit, the ends and the seat to act after it; None for a draw or
    a pass (only in a hand-made view)."""
    out: list[tuple[int, int, int, int] | None] = []
    for m in moves:
        if m < 0:
            out.append(None)
            continue
        r = SimRound(k.players, [FULL] * k.players, [], k.left, k.right, k.me, k.passes)
        r.apply(m)
        out.append((1 << (m // 3), r.left, r.right, r.turn))
    return out


def search(view: SeatView, k: Knowledge, rng: Mulberry32, deals: Deals, searching: bool = False) -> Found:
    """The search of stark and its kin (docs/bots.md, "stark"), on the deals ``deals`` yields;
    ``searching``: stark's playouts and exact late deals, else stark-v1's.

    ``method`` of the result: ``"only"`` (one legal action), ``"same"`` (all plays lead to the
    same ends), ``"solve"`` (each candidate has ``value``, 0 lost, 1 shared, 2 won alone) or
    ``"sample"`` (each has ``won`` and ``shared`` out of ``samples``; ``exact`` of them solved).
    """
    legal = view["legal"]
    if len(legal) == 1:
        return {"choice": 0, "method": "only", "candidates": [{"index": 0}], "samples": 0}
    cands = candidates(k, legal)
    settled = _without_playouts(k, cands)
    if settled is not None:
        return settled
    moves = [m for _, m in cands]
    me, players = k.me, k.players
    playouts = (STARK_PLAYOUTS_2 if players == 2 else STARK_PLAYOUTS) if searching else PLAYOUTS
    samples = max(MIN_SAMPLES, playouts // len(cands))
    won = [0] * len(cands)
    shared = [0] * len(cands)
    lacks0 = [k.public_lacks(s) for s in range(players)]
    srch = (1 << players) - 1 if searching else 0
    after = _plays_after(k, moves)
    # Sampled deals repeat: each distinct one is solved once and counts as often as drawn.
    solved: dict[tuple[int, tuple[int, ...]], list[int] | None] | None = None
    plays = [p for p in after if p is not None]
    if searching and players == 2 and 0 < k.bone_count <= EXACT_BONE and len(plays) == len(moves):
        solved = {}
    budget = [EXACT_NODES]
    solved_samples = 0
    for hands, bone, heavy in deals(k, slot_order(k), rng, samples):
        if solved is not None:
            key = (hands[1 - me], tuple(bone))
            if key in solved:
                values = solved[key]
            else:
                values = solved[key] = deal_values(hands, bone, me, plays, budget)
            if values is not None:
                solved_samples += 1
                for c, v in enumerate(values):
                    if v == 2:
                        won[c] += 1
                    elif v == 1:
                        shared[c] += 1
                continue
        for c, m in enumerate(moves):
            play = after[c]
            if play is not None:
                bit, nl, nr, nxt = play
                h = list(hands)
                h[me] &= ~bit
                winners = playout(h, list(bone), nl, nr, nxt, 0, players, list(lacks0), heavy, srch) if h[me] else (me,)
            else:
                r = SimRound(players, list(hands), list(bone), k.left, k.right, me, k.passes)
                r.apply(m)
                ended = r.winners
                winners = ended if ended is not None else playout(r.hands, r.bone, r.left, r.right, r.turn, r.passes,
                                                                   players, list(lacks0), heavy, srch)
            v = outcome_value(winners, me)
            if v == 2:
                won[c] += 1
            elif v == 1:
                shared[c] += 1
    return _sampled(cands, won, shared, samples, solved_samples)


def _sampled(cands: list[tuple[int, int]], won: list[int], shared: list[int], samples: int,
             exact: int) -> Found:
    """The candidate with the highest ``2 * won + shared``, ties to the earlier."""
    best = 0
    for c in range(1, len(cands)):
        if 2 * won[c] + shared[c] > 2 * won[best] + shared[best]:
            best = c
    return {"choice": cands[best][0], "method": "sample", "samples": samples, "exact": exact,
            "candidates": [{"index": idx, "won": won[c], "shared": shared[c]} for c, (idx, _) in enumerate(cands)]}


def stark(view: SeatView, k: Knowledge, rng: Mulberry32) -> int:
    """Deals weighed by the other seats' plays, played out by the searching score."""
    choice: int = search(view, k, rng, weighed_deals, True)["choice"]
    return choice


def stark_v1(view: SeatView, k: Knowledge, rng: Mulberry32) -> int:
    """The arena's yardstick: stark before it read the plays."""
    choice: int = search(view, k, rng, uniform_deals)["choice"]
    return choice


#: The levels by name; each ``(view, knowledge, rng)`` to an index into ``view["legal"]``.
LEVELS: Final[dict[str, Callable[[SeatView, Knowledge, Mulberry32], int]]] = {
    "leicht": leicht, "mittel": mittel, "stark": stark, "heaviest": heaviest, "stark-v1": stark_v1}


def _check(view: SeatView, level: str, seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > SAFE_SEED:
        raise ValueError(f"the seed must be an integer within +-(2**53 - 1), not {seed!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (leicht, mittel, stark or heaviest)")
    if not view.get("legal"):
        raise ValueError("no legal action in this view: it is not this seat's turn or the round is over")


def analyse(view: SeatView, seed: int) -> Found:
    """What stark's :func:`search` finds; its ``choice`` is ``decide(view, "stark", seed)``'s.
    Raises as :func:`decide`."""
    _check(view, "stark", seed)
    return search(view, knowledge_of(view), Mulberry32(seed), weighed_deals, True)


def decide_seeing(view: SeatView, hands: list[list[str]], seed: int) -> ActionJSON:
    """Arena only: stark-v1's search given every seat's real hand, to measure what knowing the
    hands is worth. Raises as :func:`decide`."""
    _check(view, "stark", seed)
    k = knowledge_of(view)
    masks = [k.hand if s == k.me else sum(1 << tile_index(t) for t in h) for s, h in enumerate(hands)]
    return view["legal"][search(view, k, Mulberry32(seed), seeing_deals(masks))["choice"]].copy()


def decide(view: SeatView, level: str, seed: int) -> ActionJSON:
    """A copy of one entry of ``view["legal"]``, chosen by ``level`` (a key of :data:`LEVELS`)
    from the view of the seat to act and ``seed``, an int within +-(2**53 - 1) (exact in
    JavaScript), and from nothing else. ``ValueError`` for a bad level or seed, a spectator's
    view, counts that do not add up, or no legal action."""
    try:
        hash(level)
    except TypeError:
        raise ValueError(f"unknown level {level!r} (leicht, mittel, stark or heaviest)") from None
    _check(view, level, seed)
    choice = LEVELS[level](view, knowledge_of(view), Mulberry32(seed))
    return view["legal"][choice].copy()
