"""A finished round's record replays every state of the round exactly (Python and JavaScript)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from ziehdomino.engine import (
    Match, PositionError, RECORD_FORMAT, format_oriented, format_tile, parse_tile, replay_frames, replay_rounds,
    round_record,
)

ROOT = Path(__file__).resolve().parents[2]
RANDOM = json.loads((ROOT / "tests" / "vectors" / "random-sample.json").read_text())["cases"]


def record_of_case(case: dict) -> dict:
    """The record a vector's random round leaves: its deal, its accepted actions, its result."""
    accepted = [s for s in case["steps"] if "expect" in s]
    draws = sum(1 for s in accepted if s["action"]["type"] == "draw")
    deal = copy.deepcopy(case["position"])
    undrawn = len(deal["boneyard"]) - draws
    deal["boneyard"] = deal["boneyard"][:draws]
    return {"format": RECORD_FORMAT, "round": 1, "players": deal["players"], "starter": deal["turn"], "deal": deal,
            "undrawn": undrawn, "actions": [s["action"] for s in accepted], "result": accepted[-1]["expect"]["result"]}


@pytest.mark.parametrize("case", RANDOM, ids=[c["id"] for c in RANDOM])
def test_replay_reproduces_every_state_of_a_vector_round(case):
    record = record_of_case(case)
    states, undrawn = replay_rounds(record)
    accepted = [s for s in case["steps"] if "expect" in s]
    assert len(states) == len(accepted) + 1
    frames = replay_frames(record)
    for step, (rnd, frame) in enumerate(zip(states[1:], frames[1:]), start=1):
        want = accepted[step - 1]["expect"]
        assert [format_oriented(t) for t in rnd.line] == want["line"] == frame["line"]
        for seat, hand in enumerate(want["hands"]):
            assert Counter(rnd.hands[seat]) == Counter(parse_tile(t) for t in hand)
            assert sorted(frame["hands"][seat]) == sorted(format_tile(parse_tile(t)) for t in hand)
        # the record keeps the drawn tiles only: what is left of them leads the real boneyard
        real = [parse_tile(t) for t in want["boneyard"]]
        assert rnd.boneyard == real[:len(rnd.boneyard)] and len(rnd.boneyard) + undrawn == len(real)
        assert frame["boneyard_count"] == len(real)
        assert (rnd.result.to_json() if rnd.result else None) == want["result"] == frame["result"]
        if want["result"] is None:
            assert rnd.turn == want["turn"] == frame["turn"] and rnd.passes == want["passes"] == frame["passes"]
        else:
            assert frame["turn"] is None
        assert frame["action"]["seat"] == accepted[step - 1]["seat"]
        assert frame["action"]["type"] == accepted[step - 1]["action"]["type"]
        if frame["action"]["type"] == "draw":
            before = Counter(states[step - 1].hands[frame["action"]["seat"]])
            gained = Counter(rnd.hands[frame["action"]["seat"]]) - before
            assert list(gained) == [parse_tile(frame["action"]["drawn"])]
        assert frame["pips"] == [sum(a + b for a, b in h) for h in rnd.hands]


def _played_match(players: int, seed: int, rounds: int) -> list[tuple[dict, list]]:
    """Play ``rounds`` random rounds through Match; returns each round's record and its live states."""
    rng = random.Random(seed)
    m = Match(players, rng=rng)
    out = []
    for _ in range(rounds):
        live = [m.round.copy(keep_log=True)]
        while m.round.result is None:
            m.apply(m.round.turn, rng.choice(m.round.legal_actions(m.round.turn)))
            live.append(m.round.copy(keep_log=True))
        out.append((round_record(m), live))
        m.next_round()
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_record_of_a_match_replays_to_the_live_states(players):
    for record, live in _played_match(players, players * 11, 6):
        json.loads(json.dumps(record))  # plain JSON
        states, undrawn = replay_rounds(record)
        assert len(states) == len(live)
        for got, want in zip(states, live):
            assert got.hands == want.hands and got.line == want.line and got.turn == want.turn
            assert got.passes == want.passes and got.result == want.result and got.log == want.log
            assert got.boneyard == want.boneyard[:len(got.boneyard)]
            assert len(got.boneyard) + undrawn == len(want.boneyard)
            assert got.starter == want.starter


def test_a_record_keeps_no_tile_never_drawn():
    for record, live in _played_match(2, 5, 8):
        never = set(live[-1].boneyard)
        named = {parse_tile(t) for t in json.dumps(record).replace('"', " ").split() if "|" in t and len(t) == 3}
        assert not (never & named)
        assert record["undrawn"] == len(never)


def test_only_a_finished_round_has_a_record():
    m = Match(2, rng=random.Random(1))
    with pytest.raises(ValueError, match="still being played"):
        round_record(m)


def _record() -> dict:
    return _played_match(3, 9, 1)[0][0]


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(format=2), "format 1"),
    (lambda r: r.update(round=0), "round must be"),
    (lambda r: r.update(players=5), "players must be"),
    (lambda r: r.update(starter=(r["starter"] + 1) % 3), "opened by the starter"),
    (lambda r: r.update(undrawn=r["undrawn"] + 1), "28 tiles"),
    (lambda r: r["actions"].pop(), "does not end"),
    (lambda r: r["actions"].append({"type": "pass"}), "refused on replay"),
    (lambda r: r["actions"].insert(0, {"type": "draw"}), "refused on replay"),
    (lambda r: r.update(result={"kind": "domino", "winners": [(r["result"]["winners"][0] + 1) % 3]}), "result"),
    (lambda r: r["deal"]["hands"][0].pop(), "holds 5 tiles"),
    (lambda r: r.update(actions="none"), "actions must be"),
    (lambda r: r.update(deal=None), "position must be"),
])
def test_a_bad_record_is_refused_with_a_message(change, message):
    record = _record()
    change(record)
    with pytest.raises(PositionError, match=message):
        replay_frames(record)


def test_a_pass_with_undrawn_tiles_left_is_refused():
    # A blocked round drew every tile. Say its last drawn tile was never drawn and the seat
    # passed instead: the replay must refuse that pass, as the boneyard still held a tile.
    record = next(r for p in (2, 3, 4) for s in range(40) for r, _ in _played_match(p, s, 1)
                  if r["result"]["kind"] == "blocked" and r["deal"]["boneyard"])
    last_draw = max(i for i, a in enumerate(record["actions"]) if a["type"] == "draw")
    record["deal"]["boneyard"].pop()
    record["undrawn"] += 1
    record["actions"][last_draw] = {"type": "pass"}
    with pytest.raises(PositionError, match=rf"actions\[{last_draw}\] is refused on replay: .*undrawn"):
        replay_frames(record)


def test_javascript_replay_gives_the_same_frames():
    records = [record_of_case(c) for c in RANDOM] + [r for p in (2, 3, 4) for r, _ in _played_match(p, p, 3)]
    script = ("import { replayFrames } from './src/ziehdomino/web/engine/replay.js';"
              "let t='';process.stdin.on('data',d=>t+=d).on('end',()=>{"
              "console.log(JSON.stringify(JSON.parse(t).map(replayFrames)));});")
    out = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(records),
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [replay_frames(r) for r in records]
