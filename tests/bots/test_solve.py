"""The two-player endgame search (bots/solve.py) against a plain minimax on the engine's Round."""

from __future__ import annotations

import random

from ziehdomino.bots.knowledge import knowledge_of
from ziehdomino.bots.players import candidates
from ziehdomino.bots.solve import solve
from ziehdomino.engine import Match, Round, seat_view
from ziehdomino.engine.actions import action_to_json, parse_action


def exact(r: Round, me: int) -> int:
    """0 lost, 1 shared, 2 won alone: plain minimax through the rules engine."""
    if r.result is not None:
        w = r.result.winners
        return 0 if me not in w else (2 if len(w) == 1 else 1)
    values = []
    for a in r.legal_actions(r.turn):
        child = r.copy()
        child.apply(child.turn, a)
        values.append(exact(child, me))
    return max(values) if r.turn == me else min(values)


def test_solver_choice_is_optimal_on_small_endgames() -> None:
    rng = random.Random(12)
    checked = 0
    while checked < 150:
        match = Match(2, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(2))
        r = match.round
        while r.result is None:
            legal = r.legal_actions(r.turn)
            if not r.boneyard and len(legal) > 1 and sum(len(h) for h in r.hands) <= 9:
                view = seat_view(match, r.turn)
                k = knowledge_of(view)
                cands = candidates(k, view["legal"])
                root = k.root()
                root.hands[1 - k.me] = k.hidden
                values = solve(root, [m for _, m in cands], k.me)
                assert values is not None
                truth = []
                for idx, _ in cands:
                    child = r.copy()
                    child.apply(child.turn, parse_action(view["legal"][idx]))
                    truth.append(exact(child, k.me))
                assert truth[values.index(max(values))] == max(truth)
                assert max(values) == max(truth)
                checked += 1
                break
            r.apply(r.turn, legal[rng.randrange(len(legal))])
    assert checked == 150


def test_solver_gives_up_past_its_node_limit() -> None:
    match = Match(2, rng=random.Random(3), first_starter=0)
    r = match.round
    r.hands[1].extend(r.boneyard)  # everything dealt: a big perfect-information game
    r.boneyard.clear()
    k = knowledge_of(seat_view(match, 0))
    root = k.root()
    root.hands[1] = k.hidden
    moves = [m for _, m in candidates(k, [action_to_json(a) for a in r.legal_actions(0)])]
    assert solve(root, moves, 0, limit=50) is None
