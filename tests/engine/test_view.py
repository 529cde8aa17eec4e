import json
import random

from ziehdomino.engine import Match, format_tile, seat_view


def test_view_is_json_and_shows_only_the_own_hand():
    m = Match(3, rng=random.Random(2), first_starter=0)
    v = seat_view(m, 1)
    json.dumps(v)
    assert v["hand"] == [format_tile(t) for t in m.round.hands[1]]
    assert v["hands"] is None and v["pips"] is None and v["result"] is None
    assert v["hand_counts"] == [5, 5, 5] and v["boneyard_count"] == 13
    assert v["legal"] == []  # seat 0 opens
    assert seat_view(m, 0)["legal"] == [{"type": "play", "tile": format_tile(t), "end": None}
                                         for t in m.round.hands[0]]
    spectator = seat_view(m, None)
    assert spectator["hand"] is None and spectator["legal"] == []


def test_view_after_the_round_reveals_every_hand_with_pips():
    rng = random.Random(4)
    m = Match(2, rng=rng)
    r = m.round
    while r.result is None:
        m.apply(r.turn, rng.choice(r.legal_actions(r.turn)))
    v = seat_view(m, None)
    assert v["turn"] is None and v["result"] is not None
    assert v["hands"] == [[format_tile(t) for t in h] for h in r.hands]
    assert v["pips"] == [sum(a + b for a, b in h) for h in r.hands]
