"""The two-player endgame searches (bots/solve.py) against a plain minimax on the engine's Round."""

from __future__ import annotations

import random

from ziehdomino.bots.knowledge import knowledge_of
from ziehdomino.bots.levels import candidates
from ziehdomino.bots.masks import INDEX
from ziehdomino.bots.solve import exact_value, solve
from ziehdomino.engine import Match, Round, seat_view
from ziehdomino.engine.actions import Draw, action_to_json, parse_action


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


def _masks(r: Round) -> tuple[int, int, list[int]]:
    """The round's two hands as tile masks and its boneyard as the sim's list (next draw last)."""
    h0, h1 = (sum(1 << INDEX[t] for t in hand) for hand in r.hands)
    return h0, h1, [INDEX[t] for t in reversed(r.boneyard)]


def test_exact_value_with_a_boneyard_equals_minimax_through_the_engine() -> None:
    """Late two-seat positions with a few tiles in the boneyard (their order as dealt): the
    exact value for either seat, at the seat to act's turn, draws included."""
    rng = random.Random(26)
    checked = drew = 0
    while checked < 120:
        match = Match(2, rng=random.Random(rng.randrange(1 << 30)), first_starter=rng.randrange(2))
        r = match.round
        while r.result is None:
            if r.line and 1 <= len(r.boneyard) <= 3 and sum(len(h) for h in r.hands) <= 8:
                h0, h1, bone = _masks(r)
                for me in (0, 1):
                    budget = [10 ** 7]
                    got = exact_value(h0, h1, bone, len(bone), r.left, r.right, r.turn, r.passes, me, -1, 3, budget)
                    assert budget[0] >= 0
                    assert got == exact(r.copy(), me)
                drew += isinstance(r.legal_actions(r.turn)[0], Draw)
                checked += 1
                break
            legal = r.legal_actions(r.turn)
            r.apply(r.turn, legal[rng.randrange(len(legal))])
    assert checked == 120 and drew > 0


def test_exact_value_stops_when_its_budget_runs_out() -> None:
    match = Match(2, rng=random.Random(5), first_starter=0)
    r = match.round
    r.apply(0, r.legal_actions(0)[0])
    h0, h1, bone = _masks(r)
    budget = [30]
    exact_value(h0, h1, bone, len(bone), r.left, r.right, r.turn, r.passes, 0, -1, 3, budget)
    assert budget[0] < 0
