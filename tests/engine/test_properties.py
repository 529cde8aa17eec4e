"""Property tests over random rounds with random legal and illegal actions (hypothesis)."""

import copy
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ziehdomino.engine import ALL_TILES, DRAW, PASS, Match, Play, Refusal, seat_view
from ziehdomino.engine.tiles import parse_tile


def where_tiles_are(m: Match) -> Counter:
    r = m.round
    places = Counter()
    for h in r.hands:
        places.update(h)
    places.update(r.boneyard)
    places.update((min(t), max(t)) for t in r.line)
    return places


def known_to(view: dict, m: Match, seat: int | None) -> set:
    """Tiles the viewer may know: own hand, the line, and (after the round) all hands."""
    r = m.round
    known = {(min(t), max(t)) for t in r.line}
    if seat is not None:
        known |= set(r.hands[seat])
    if r.result is not None:
        for h in r.hands:
            known |= set(h)
    return known


def tiles_in(obj) -> set:
    found = set()
    if isinstance(obj, str):
        try:
            found.add(parse_tile(obj))
        except ValueError:
            pass
    elif isinstance(obj, dict):
        for v in obj.values():
            found |= tiles_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= tiles_in(v)
    return found


def random_action(rng: random.Random, m: Match):
    """Mostly legal actions; sometimes any action by any seat (often illegal)."""
    r = m.round
    if rng.random() < 0.7:
        return r.turn, rng.choice(r.legal_actions(r.turn))
    seat = rng.randrange(r.players)
    kind = rng.randrange(3)
    if kind == 0:
        return seat, DRAW
    if kind == 1:
        return seat, PASS
    return seat, Play(rng.choice(ALL_TILES), rng.choice(["left", "right"]))


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_random_rounds_keep_every_invariant(players, seed):
    rng = random.Random(seed)
    m = Match(players, rng=rng)
    r = m.round
    assert where_tiles_are(m) == Counter(ALL_TILES)
    assert sum(a + b for t in where_tiles_are(m) for a, b in [t]) == 168
    steps = 0
    while r.result is None:
        steps += 1
        assert steps < 400, "a round must end"
        seat, action = random_action(rng, m)
        before = copy.deepcopy((r.hands, r.boneyard, r.line, r.turn, r.passes, m.version, r.log))
        could_play = r.has_fit(seat) if seat == r.turn else None
        passes_before = r.passes
        try:
            m.apply(seat, action)
        except Refusal:
            assert copy.deepcopy((r.hands, r.boneyard, r.line, r.turn, r.passes, m.version, r.log)) == before
            continue
        # accepted
        if action is DRAW:
            assert could_play is False, "drawing happens only when nothing fits"
        if action is PASS:
            assert could_play is False and not r.boneyard
        if r.result is not None and r.result.kind == "blocked":
            assert action is PASS and passes_before + 1 == players
        assert where_tiles_are(m) == Counter(ALL_TILES), "28 tiles, never in two places"
        for viewer in [None, *range(players)]:
            v = seat_view(m, viewer)
            assert tiles_in(v) <= known_to(v, m, viewer), "a view holds a tile its viewer may not know"
    if r.result.kind == "domino":
        assert r.hands[r.result.winners[0]] == []
    accepted = m.version - 1
    assert len(r.log) == accepted, "the log holds every accepted action and nothing else"
